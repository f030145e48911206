// A real SMPP server for tests (the `smpp` package's server side, in the test process on a free loopback port),
// standing in for an aggregator's SMS centre as smtp-server.ts stands in for a mail server. It checks the bind's
// account, keeps every submit_sm it accepts (decoded as the package decodes it: the UDH apart, the text by its
// data coding), joins concatenated parts into messages, and can refuse submissions or go down.
import type { AddressInfo } from 'node:net';
import smpp, { type PDU, type Session } from 'smpp';

export const SMPP_SYSTEM_ID = 'bookhaven';
export const SMPP_PASSWORD = 'smpp-pw';

/** One submit_sm as it arrived. */
export interface SmppPart {
  to: string;
  from: string;
  dataCoding: number;
  esmClass: number;
  /** The concatenation header's reference, part count and number (1-based); null for a single SMS. */
  concat: { reference: number; total: number; number: number } | null;
  text: string;
}

/** A whole SMS: its parts in order and their text joined. */
export interface SmppMessage {
  to: string;
  from: string;
  dataCoding: number;
  parts: SmppPart[];
  text: string;
}

export interface TestSmpp {
  host: string;
  port: number;
  /** The gateway's SMPP variables for this server. */
  env: Record<string, string>;
  parts: SmppPart[];
  /** Whole messages to one number (digits, no +), parts joined in order. */
  to(number: string): SmppMessage[];
  /** From now on, answer every submit_sm with this status (e.g. 0x58, throttled); null: accept again. */
  refuse(status: number | null): void;
  close(): Promise<void>;
}

function partOf(pdu: PDU): SmppPart {
  const short = pdu.short_message as { udh?: Buffer[]; message: string | Buffer };
  const header = short.udh?.find((ie) => ie[0] === 0x00 && ie[1] === 0x03);
  return {
    to: String(pdu.destination_addr),
    from: String(pdu.source_addr),
    dataCoding: Number(pdu.data_coding),
    esmClass: Number(pdu.esm_class),
    concat: header ? { reference: header[2]!, total: header[3]!, number: header[4]! } : null,
    text: String(short.message),
  };
}

export async function startTestSmpp(): Promise<TestSmpp> {
  const parts: SmppPart[] = [];
  const sessions = new Set<Session>();
  let refusal: number | null = null;
  let nextId = 1;
  const server = smpp.createServer({}, (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    session.on('error', () => sessions.delete(session));
    session.on('bind_transceiver', (pdu) => {
      const ok = pdu.system_id === SMPP_SYSTEM_ID && pdu.password === SMPP_PASSWORD;
      session.send(pdu.response({ command_status: ok ? smpp.ESME_ROK : smpp.ESME_RBINDFAIL }));
    });
    session.on('submit_sm', (pdu) => {
      if (refusal !== null) return void session.send(pdu.response({ command_status: refusal }));
      parts.push(partOf(pdu));
      session.send(pdu.response({ message_id: String(nextId++) }));
    });
    session.on('enquire_link', (pdu) => void session.send(pdu.response()));
    session.on('unbind', (pdu) => void session.send(pdu.response()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function to(number: string): SmppMessage[] {
    const messages: SmppMessage[] = [];
    const open = new Map<string, SmppMessage>();
    for (const part of parts.filter((p) => p.to === number)) {
      const key = part.concat ? `${part.concat.reference}/${part.concat.total}` : null;
      const joined = key ? open.get(key) : undefined;
      if (joined) {
        joined.parts.push(part);
        joined.text += part.text;
      } else {
        const message = { to: part.to, from: part.from, dataCoding: part.dataCoding, parts: [part], text: part.text };
        messages.push(message);
        if (key) open.set(key, message);
      }
      if (key && part.concat?.number === part.concat?.total) open.delete(key);
    }
    return messages;
  }

  return {
    host: '127.0.0.1',
    port,
    env: {
      SMPP_HOST: '127.0.0.1',
      SMPP_PORT: String(port),
      SMPP_SYSTEM_ID,
      SMPP_PASSWORD,
      SMPP_SOURCE: 'BookHaven',
    },
    parts,
    to,
    refuse(status) {
      refusal = status;
    },
    async close() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
