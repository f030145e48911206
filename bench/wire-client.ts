// The paced client's HTTP/1.1: POSTs over a pool of keep-alive sockets, with just enough of the protocol to read
// an answer (its status, and its body by Content-Length or chunked). Node's http client spent 220-260 µs of CPU
// a request in S5, a quarter of a core at 1,000 req/s on a 2-core machine, taken from the servers it measures,
// and its event loop stalled up to 24 ms; the stalls count in the latencies (they are measured from when each
// request was due), the same for every server, and squeezed the servers' differences toward 1.
import net from 'node:net';

export interface Answer {
  status: number;
  /** Only when asked for (`keepBody`), else empty. */
  body: string;
}

interface Pending {
  message: string;
  keepBody: boolean;
  done: (answer: Answer | null) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** One keep-alive socket: the request it is answering, what has come of the answer so far. */
interface Connection {
  socket: net.Socket;
  current: Pending | null;
  buffer: Buffer;
  reading: Reading | null;
}

/** What is known of the answer being read on one socket. */
interface Reading {
  status: number;
  /** Where the body starts in `buffer`. */
  bodyAt: number;
  length: number | null;
  chunked: boolean;
  close: boolean;
}

/** Parses a head that ends at `end` (the blank line's offset); null when it is not HTTP. */
function parseHead(buffer: Buffer, end: number): Reading | null {
  const head = buffer.toString('latin1', 0, end);
  const lines = head.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  if (!status) return null;
  const reading: Reading = { status: Number(status[1]), bodyAt: end + 4, length: null, chunked: false, close: false };
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'content-length') reading.length = Number(value);
    else if (name === 'transfer-encoding') reading.chunked = value.includes('chunked');
    else if (name === 'connection') reading.close = value.includes('close');
  }
  // 204 and 304 carry no body whatever their headers say.
  if (reading.status === 204 || reading.status === 304) reading.length = 0;
  return reading;
}

/**
 * The body's end in `buffer` and the body itself, once all of it is there; null while more is to come. A chunked
 * body is joined from its chunks (trailers are not expected and not read).
 */
function bodyOf(buffer: Buffer, reading: Reading, keep: boolean): { end: number; body: string } | null {
  if (!reading.chunked) {
    const length = reading.length ?? 0;
    const end = reading.bodyAt + length;
    if (buffer.length < end) return null;
    return { end, body: keep ? buffer.toString('utf8', reading.bodyAt, end) : '' };
  }
  const parts: Buffer[] = [];
  let at = reading.bodyAt;
  for (;;) {
    const lineEnd = buffer.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('a chunk without a size');
    if (size === 0) {
      const end = buffer.indexOf(CRLF, lineEnd + 2);
      if (end < 0) return null;
      return { end: end + 2, body: keep ? Buffer.concat(parts).toString('utf8') : '' };
    }
    const dataEnd = lineEnd + 2 + size;
    if (buffer.length < dataEnd + 2) return null;
    if (keep) parts.push(buffer.subarray(lineEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}

/** A pool of at most `connections` sockets to one server; requests wait their turn for an idle one (first in, first out). */
export function createWireClient(url: string, connections: number) {
  const target = new URL(url);
  const host = target.hostname;
  const port = Number(target.port || 80);
  const prefix = `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\n`;
  const idle: Connection[] = [];
  const waiting: Pending[] = [];
  let open = 0;
  let closed = false;

  const finish = (conn: Connection, answer: Answer | null) => {
    const pending = conn.current;
    conn.current = null;
    conn.reading = null;
    pending?.done(answer);
  };

  const release = (conn: Connection) => {
    if (closed) {
      conn.socket.destroy();
      return;
    }
    const next = waiting.shift();
    if (next) start(conn, next);
    else idle.push(conn);
  };

  const connect = (): Connection => {
    open++;
    const socket = net.connect({ host, port, noDelay: true });
    const conn: Connection = { socket, current: null, buffer: Buffer.alloc(0), reading: null };
    socket.on('data', (chunk: Buffer) => {
      conn.buffer = conn.buffer.length ? Buffer.concat([conn.buffer, chunk]) : chunk;
      if (!conn.current) return;
      if (!conn.reading) {
        const end = conn.buffer.indexOf(HEAD_END);
        if (end < 0) return;
        conn.reading = parseHead(conn.buffer, end);
        if (!conn.reading) {
          socket.destroy();
          return;
        }
      }
      let read: { end: number; body: string } | null;
      try {
        read = bodyOf(conn.buffer, conn.reading, conn.current.keepBody);
      } catch {
        socket.destroy();
        return;
      }
      if (!read) return;
      const { status, close } = conn.reading;
      conn.buffer = conn.buffer.subarray(read.end);
      finish(conn, { status, body: read.body });
      if (close) socket.destroy();
      else release(conn);
    });
    const gone = () => {
      open--;
      const at = idle.indexOf(conn);
      if (at >= 0) idle.splice(at, 1);
      finish(conn, null);
      // A request waiting for a socket gets a new one.
      if (waiting.length > 0 && !closed) start(connect(), waiting.shift()!);
    };
    socket.on('error', () => socket.destroy());
    socket.once('close', gone);
    return conn;
  };

  const start = (conn: Connection, pending: Pending) => {
    conn.current = pending;
    conn.socket.write(pending.message);
  };

  return {
    /** POSTs `body` (JSON); null when the socket failed or closed before the answer was whole. */
    post(body: string, authorization?: string, keepBody = false): Promise<Answer | null> {
      const message = `${prefix}${authorization ? `Authorization: ${authorization}\r\n` : ''}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      return new Promise((done) => {
        const pending: Pending = { message, keepBody, done };
        const conn = idle.shift();
        if (conn) start(conn, pending);
        else if (open < connections) start(connect(), pending);
        else waiting.push(pending);
      });
    },
    close() {
      closed = true;
      for (const conn of idle.splice(0)) conn.socket.destroy();
      for (const pending of waiting.splice(0)) pending.done(null);
    },
  };
}
