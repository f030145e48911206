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
  // A hit from the response cache is written past Fastify's reply pipeline, so it is checked on its own.
  it.each([['computed', false], ['from the response cache', true]])('answers a request in flight (%s) with Connection: close, and does not wait on the kept-alive connection', async (_, cached) => {
    const gw = await startTestGateway();
    const { port } = new URL(gw.url);
    const body = JSON.stringify({ query: '{ books(first: 1) { totalCount } }' });
    // The same request first (Accept included, which is part of the cache key), so the one in flight is a hit.
    if (cached) await gw.gql('{ books(first: 1) { totalCount } }');
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = readUntilEnd(socket);
    // The headers and half the body arrive before the close starts, so the request is in flight, not idle.
    socket.write(`POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: */*\r\nconnection: keep-alive\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const closed = gw.close().then(() => Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write(body.slice(10));

    // Without Connection: close the server never ends the kept-alive connection, so the answer never ends.
    const response = await Promise.race([answer, new Promise<string>((resolve) => setTimeout(() => resolve('(the connection stayed open)'), 5_000))]);
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(response.toLowerCase()).toContain(`\r\nx-cache: ${cached ? 'hit' : 'miss'}\r\n`);
    expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual({ data: { books: { totalCount: expect.any(Number) } } });
    // Without Connection: close the idle connection kept app.close() open for Fastify's 72 s keep-alive timeout.
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 3_000));
    expect(await Promise.race([closed, timeout])).toBeLessThan(3_000);
  });
});
