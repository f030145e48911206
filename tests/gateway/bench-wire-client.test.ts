// The bench's paced client speaks HTTP/1.1 itself (bench/wire-client.ts): against a real node:http server it must
// read every answer whole, however it is framed and however it arrives, and reuse its sockets in turn.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWireClient } from '../../bench/wire-client.ts';

let server: Server | null = null;

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
}

/** Reads the request's body, then answers with what `answer` does with it. */
const echo =
  (answer: (body: string, request: IncomingMessage, response: ServerResponse) => void) =>
  (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => answer(body, request, response));
  };

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server?.closeAllConnections();
  server = null;
});

describe("the bench's wire client", () => {
  it('posts the body and headers and reads an answer framed by Content-Length, in UTF-8', async () => {
    const url = await serve(
      echo((body, request, response) => {
        const answer = JSON.stringify({
          got: JSON.parse(body),
          auth: request.headers.authorization ?? null,
          url: request.url,
          text: 'বই',
        });
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
        response.end(answer);
      }),
    );
    const client = createWireClient(url, 2);
    const answer = await client.post(JSON.stringify({ query: '{ __typename }', n: 'বাংলা' }), 'Bearer abc', true);
    client.close();
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer!.body)).toEqual({
      got: { query: '{ __typename }', n: 'বাংলা' },
      auth: 'Bearer abc',
      url: '/graphql',
      text: 'বই',
    });
  });

  it('reads a chunked answer written in pieces, and keeps no body unless asked', async () => {
    const url = await serve(
      echo((_body, _request, response) => {
        response.writeHead(201, { 'content-type': 'application/json' });
        response.write('{"parts":[');
        setImmediate(() => {
          response.write('"a","বি"');
          setImmediate(() => response.end(']}'));
        });
      }),
    );
    const client = createWireClient(url, 1);
    const kept = await client.post('{}', undefined, true);
    const dropped = await client.post('{}');
    client.close();
    expect(kept).toEqual({ status: 201, body: '{"parts":["a","বি"]}' });
    expect(dropped).toEqual({ status: 201, body: '' });
  });

  it('takes its sockets in turn, at most as many as asked, and queues the rest', async () => {
    const ports: number[] = [];
    let open = 0;
    let most = 0;
    const url = await serve(
      echo((_body, request, response) => {
        ports.push(request.socket.remotePort!);
        open++;
        most = Math.max(most, open);
        setTimeout(() => {
          open--;
          response.end('ok');
        }, 5);
      }),
    );
    const client = createWireClient(url, 3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => client.post('{}', undefined, true)));
    client.close();
    expect(answers.every((a) => a?.status === 200 && a.body === 'ok')).toBe(true);
    expect(most).toBe(3);
    expect(new Set(ports).size).toBe(3);
  });

  it('answers null for a socket closed mid-answer, and opens a new one for the next request', async () => {
    let calls = 0;
    const url = await serve(
      echo((_body, request, response) => {
        calls++;
        if (calls === 1) {
          response.writeHead(200, { 'content-length': '100' });
          response.write('short');
          setImmediate(() => request.socket.destroy());
          return;
        }
        response.end('whole');
      }),
    );
    const client = createWireClient(url, 1);
    expect(await client.post('{}', undefined, true)).toBeNull();
    expect(await client.post('{}', undefined, true)).toEqual({ status: 200, body: 'whole' });
    client.close();
  });

  it('follows a server that closes after its answer (Connection: close)', async () => {
    const ports = new Set<number>();
    const url = await serve(
      echo((_body, request, response) => {
        ports.add(request.socket.remotePort!);
        response.writeHead(200, { connection: 'close', 'content-length': '2' });
        response.end('ok');
      }),
    );
    const client = createWireClient(url, 1);
    for (let i = 0; i < 3; i++) expect(await client.post('{}', undefined, true)).toEqual({ status: 200, body: 'ok' });
    client.close();
    expect(ports.size).toBe(3);
  });
});
