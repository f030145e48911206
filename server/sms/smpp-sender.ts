// The library's SmsSender port over SMPP 3.4 (the `smpp` package), the protocol Bangladesh's SMS aggregators
// speak. One session per SMS, as the mailer opens one connection per e-mail: notices are few, and a fresh bind
// after an outage needs no pool to recover. Each part is one submit_sm: GSM text as the default alphabet (data
// coding 0), anything else as UCS-2 (data coding 8); parts of a longer SMS carry the concatenation header (UDH IE
// 0x00: reference, count, number) so the phone shows one message.
import smpp, { type PDU, type Session } from 'smpp';
import type { SmsMessage, SmsSender } from '../library/sms.ts';

export interface SmppOptions {
  host: string;
  port: number;
  systemId: string;
  password: string;
  /** The sender the member sees (an alphanumeric mask or a number, as the aggregator assigned). */
  source: string;
  /** Bounded, so a hung centre costs an attempt (retried later), not a sender stuck. */
  timeoutMs?: number;
}

const DATA_CODING = { gsm: 0x00, ucs2: 0x08 } as const;

/** The bytes of part `index` (from 0) of `sms`, with the concatenation header when there are several. */
function partBytes(sms: SmsMessage, index: number): { short_message: Buffer; esm_class: number } {
  const text = sms.parts[index] ?? '';
  const body = sms.encoding === 'ucs2' ? smpp.encodings.UCS2.encode(text) : smpp.encodings.ASCII.encode(text);
  if (sms.parts.length === 1) return { short_message: body, esm_class: 0 };
  const udh = Buffer.from([0x05, 0x00, 0x03, sms.reference, sms.parts.length, index + 1]);
  return { short_message: Buffer.concat([udh, body]), esm_class: smpp.ESM_CLASS.UDH_INDICATOR };
}

export function createSmppSender(opts: SmppOptions): SmsSender {
  const sessions = new Set<Session>();

  async function send(sms: SmsMessage): Promise<void> {
    const session = smpp.connect({ host: opts.host, port: opts.port });
    sessions.add(session);
    let fail: (error: Error) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    failed.catch(() => undefined); // each race below reports it; an error after the last one is no one's
    const timer = setTimeout(
      () => fail(new Error(`SMPP: no answer in ${opts.timeoutMs ?? 10_000} ms`)),
      opts.timeoutMs ?? 10_000,
    );
    session.on('error', (error) => fail(error));
    session.on('close', () => fail(new Error('SMPP: the connection closed')));
    const request = (command: 'bind_transceiver' | 'submit_sm', fields: Record<string, unknown>) =>
      Promise.race([
        failed,
        new Promise<PDU>((resolve, reject) => {
          const sent = session[command](fields, (pdu) =>
            pdu.command_status === smpp.ESME_ROK
              ? resolve(pdu)
              : reject(new Error(`SMPP: ${command} refused with status 0x${pdu.command_status.toString(16)}`)),
          );
          if (!sent) reject(new Error(`SMPP: could not send ${command}`));
        }),
      ]);
    try {
      await Promise.race([failed, new Promise<void>((resolve) => session.on('connect', resolve))]);
      await request('bind_transceiver', { system_id: opts.systemId, password: opts.password });
      for (let index = 0; index < sms.parts.length; index += 1) {
        await request('submit_sm', {
          source_addr: opts.source,
          // An alphanumeric sender (TON 5), or an international number (TON 1, NPI 1).
          source_addr_ton: /^\+?\d+$/.test(opts.source) ? 1 : 5,
          source_addr_npi: /^\+?\d+$/.test(opts.source) ? 1 : 0,
          destination_addr: sms.to.replace(/^\+/, ''),
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          data_coding: DATA_CODING[sms.encoding],
          ...partBytes(sms, index),
        });
      }
    } finally {
      clearTimeout(timer);
      session.removeAllListeners('close');
      session.on('error', () => undefined);
      // Unbinding politely would wait on the centre; the SMS is accepted, so the connection simply ends.
      session.close();
      sessions.delete(session);
    }
  }

  return {
    send,
    close() {
      for (const session of sessions) session.destroy();
      sessions.clear();
    },
  };
}

/** The start-up banner's line: where notices go by SMS, without the password, or why they do not. */
export function smsBanner(sms: { host: string; port: number; systemId: string } | null): string {
  return sms ? `on, through SMPP ${sms.systemId}@${sms.host}:${sms.port}` : 'off (SMPP_HOST is not set)';
}
