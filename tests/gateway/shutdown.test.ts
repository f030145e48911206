// Closing the gateway answers what is in flight and then lets the connection go: a keep-alive client must not
// hold the shutdown open until the grace timer (or the keep-alive timeout) runs out.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestGateway } from '../support/gateway.ts';

/** Resolves with everything the server sent once it ends the connection. */
function readUntilEnd(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });
}

describe('closing the gateway', () => {
  const QUERY = '{ books(first: 1) { totalCount } }';
  const body = JSON.stringify({ query: QUERY });
  // Each request is cut in two, and the first part arrives before the close starts. Every request goes
  // through Fastify, once: a request whose headers are in is in flight and is answered, signed in or not; a
  // request whose headers were not complete arrives after the close started and gets a clean 503.
  const cases = [
    { name: 'GraphQL, signed in', signedIn: true, rest: false, status: 200 },
    { name: 'GraphQL, anonymous', signedIn: false, rest: false, status: 200 },
    { name: 'a REST read arriving as the close starts', signedIn: false, rest: true, status: 503 },
  ];
  it.each(cases)(
    'answers a read ($name) with Connection: close, and does not wait on the kept-alive connection',
    async ({ signedIn, rest, status }) => {
      const gw = await startTestGateway();
      const id = await gw.addBook();
      const authorization = signedIn ? `authorization: Bearer ${(await gw.member()).token}\r\n` : '';
      const { port } = new URL(gw.url);
      const [before, after] = rest
        ? [`GET /api/books/${id} HTTP/1.1\r\nhost: 127.0.0.1\r\n`, 'connection: keep-alive\r\n\r\n']
        : [
            `POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: */*\r\n${authorization}connection: keep-alive\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
            body.slice(10),
          ];
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const answer = readUntilEnd(socket);
      socket.write(before);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const closed = gw.close().then(() => Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write(after);

      // Without Connection: close the server never ends the kept-alive connection, so the answer never ends.
      const response = await Promise.race([
        answer,
        new Promise<string>((resolve) => setTimeout(() => resolve('(the connection stayed open)'), 5_000)),
      ]);
      expect(response).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(response.toLowerCase()).toContain('\r\nconnection: close\r\n');
      if (status === 200) {
        expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual({
          data: { books: { totalCount: expect.any(Number) } },
        });
      }
      // Without Connection: close the idle connection kept app.close() open for Fastify's 72 s keep-alive timeout.
      const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 3_000));
      expect(await Promise.race([closed, timeout])).toBeLessThan(3_000);
    },
  );
});
