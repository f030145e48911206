// The bytes a slow phone downloads: the SPA's files precompressed at build and sent as Accept-Encoding asks,
// hashed files kept for a year, index.html revalidated; JSON compressed from 1 KB, small answers left as they are.
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

const INDEX = `<!doctype html><html><head><title>BookHaven</title>
<link rel="preload" href="/images/hero/slide-1.svg" as="image" type="image/svg+xml" data-route="/" />
<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const books = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Book number ${i}`))};\n`;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as the client reads it after undoing Content-Encoding. */
  text: string;
  /** Bytes on the wire. */
  bytes: number;
}

/** A request with exactly these headers (fetch adds its own Accept-Encoding and decodes silently). */
function raw(url: string, headers: Record<string, string>, method = 'GET', body?: string | Buffer): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const data = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded =
          data.length === 0
            ? data
            : encoding === 'br'
              ? brotliDecompressSync(data)
              : encoding === 'gzip'
                ? gunzipSync(data)
                : data;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: decoded.toString(), bytes: data.length });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('compressed and cached answers', () => {
  let gw: TestGateway;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    // What vite.config.ts writes: each file with its .br and .gz beside it.
    const files: [string, string][] = [
      ['index.html', INDEX],
      ['assets/index-Ab12Cd34.js', SCRIPT],
      ['favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      ['sw.js', 'self.addEventListener("fetch", () => {});'],
    ];
    for (const [name, text] of files) {
      await writeFile(path.join(clientDir, name), text);
      await writeFile(path.join(clientDir, `${name}.br`), brotliCompressSync(text));
      await writeFile(path.join(clientDir, `${name}.gz`), gzipSync(text));
    }
    gw = await startTestGateway({ clientDir });
    for (let i = 0; i < 12; i++)
      await gw.addBook({ description: `A long enough description of book ${i}. `.repeat(4) });
  });
  afterAll(async () => {
    await gw.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('sends the precompressed asset that Accept-Encoding asks for, cached for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await raw(`${gw.url}/assets/index-Ab12Cd34.js`, { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.text).toBe(SCRIPT);
      if (encoding) expect(answer.bytes).toBeLessThan(SCRIPT.length / 2);
    }
  });

  // A cold Home showed the icon in three places and asked for it three times.
  it('keeps the icon a day, revalidates the service worker, and sends no Last-Modified or Accept-Ranges', async () => {
    for (const [file, cacheControl] of [
      ['/favicon.svg', 'public, max-age=86400'],
      ['/sw.js', 'no-cache'],
      ['/assets/index-Ab12Cd34.js', 'public, max-age=31536000, immutable'],
    ] as const) {
      const answer = await raw(gw.url + file, { 'accept-encoding': 'br' });
      expect(answer.status, file).toBe(200);
      expect(answer.headers['cache-control'], file).toBe(cacheControl);
      expect(answer.headers.etag, file).toBeTruthy();
      expect(answer.headers['last-modified'], file).toBeUndefined();
      expect(answer.headers['accept-ranges'], file).toBeUndefined();
    }
  });

  it('revalidates index.html (no-cache with an ETag, 304 while unchanged) on "/" and on client routes', async () => {
    for (const route of ['/', '/all-books']) {
      const headers = { accept: 'text/html', 'accept-encoding': 'br' };
      const first = await raw(gw.url + route, headers);
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.text).toContain('<div id="root"></div>');
      const etag = String(first.headers.etag ?? '');
      expect(etag, route).not.toBe('');
      const again = await raw(gw.url + route, { ...headers, 'if-none-match': etag });
      expect(again.status, route).toBe(304);
      expect(again.bytes).toBe(0);
    }
    for (const route of ['/', '/all-books'])
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=0.5', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await raw(gw.url + route, { accept: 'text/html', 'accept-encoding': accept });
        expect(answer.headers['content-encoding'], `${route} ${accept}`).toBe(encoding);
        expect(answer.headers.vary, route).toMatch(/accept-encoding/i);
        expect(answer.text).toContain('<div id="root"></div>');
      }
  });

  it('compresses big JSON answers (GraphQL and the streamed REST list) by Accept-Encoding, keeping the ETag', async () => {
    const query = encodeURIComponent('{ books(first: 12) { nodes { id title description } } }');
    const graphql = `${gw.url}/graphql?query=${query}`;
    const preflight = { 'apollo-require-preflight': 'true', accept: 'application/json' };
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const answer = await raw(graphql, { ...preflight, 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(answer.text).data.books.nodes).toHaveLength(12);
      // The ETag names the data, and a conditional request is still answered 304 before the query runs.
      const etag = String(answer.headers.etag);
      expect(etag).toMatch(/^W\//);
      const again = await raw(graphql, { ...preflight, 'accept-encoding': accept, 'if-none-match': etag });
      expect(again.status).toBe(304);
    }
    const rest = await raw(`${gw.url}/api/books`, { 'accept-encoding': 'gzip' });
    expect(rest.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(rest.text)).toHaveLength(12);
    const post = await raw(
      `${gw.url}/graphql`,
      { 'content-type': 'application/json', 'accept-encoding': 'br' },
      'POST',
      JSON.stringify({ query: decodeURIComponent(query) }),
    );
    expect(post.headers['content-encoding']).toBe('br');
    expect(JSON.parse(post.text).data.books.nodes).toHaveLength(12);
  });

  it('chooses the encoding by its weights, and compresses an answer too big for the event loop on the threadpool', async () => {
    // Five aliases of the twelve books with their descriptions: about 12 KB, past the 8 KB compressed inline.
    const lists = Array.from({ length: 5 }, (_, i) => `l${i}: books(first: 12) { nodes { id title description } }`);
    const post = (acceptEncoding: string) =>
      raw(
        `${gw.url}/graphql`,
        { 'content-type': 'application/json', 'accept-encoding': acceptEncoding },
        'POST',
        JSON.stringify({ query: `{ ${lists.join(' ')} }` }),
      );
    for (const [accept, encoding] of [
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['br;q=0.4, gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['deflate', undefined],
    ] as const) {
      const answer = await post(accept);
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      const books = JSON.parse(answer.text) as { data: Record<string, { nodes: unknown[] }> };
      expect(Object.values(books.data).map((list) => list.nodes.length)).toEqual([12, 12, 12, 12, 12]);
      if (encoding) expect(answer.bytes, accept).toBeLessThan(answer.text.length / 3);
      else expect(answer.bytes, accept).toBeGreaterThan(8192);
    }
  });

  it('reads a request body sent compressed, and refuses an encoding it cannot read with a 415', async () => {
    const body = JSON.stringify({ query: '{ books(first: 3) { nodes { title } } }' });
    const headers = { 'content-type': 'application/json' };
    const sent = (encoding: string, bytes: Buffer) =>
      raw(`${gw.url}/graphql`, { ...headers, 'content-encoding': encoding }, 'POST', bytes);
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(body)],
      ['br', brotliCompressSync(body)],
      ['identity', Buffer.from(body)],
    ] as const) {
      const answer = await sent(encoding, bytes);
      expect(answer.status, encoding).toBe(200);
      expect((JSON.parse(answer.text) as { data: { books: { nodes: unknown[] } } }).data.books.nodes).toHaveLength(3);
    }
    const unknown = await sent('compress', Buffer.from(body));
    expect(unknown.status).toBe(415);
    expect(unknown.text).toContain('Unsupported Content-Encoding: compress');
    const broken = await sent('gzip', Buffer.from(body));
    expect(broken.status).toBe(400);
    // A few KB that inflate past the body limit (100 KB) are refused as too large, not read.
    const bomb = gzipSync(JSON.stringify({ query: `{ books(first: 3) { nodes { title } } }${' '.repeat(1_000_000)}` }));
    expect(bomb.length).toBeLessThan(5_000);
    expect((await sent('gzip', bomb)).status).toBe(413);
  });

  it("refuses a REST body it cannot read with a sentence in the caller's language", async () => {
    const url = `${gw.url}/api/jwt`;
    const json = { 'content-type': 'application/json' };
    const idToken = JSON.stringify({ idToken: 'x' });
    const bomb = gzipSync(JSON.stringify({ idToken: ' '.repeat(1_000_000) }));
    const cases = [
      ['not JSON', json, '{"idToken": ', 400, 'The request body is not valid JSON.'],
      ['empty', json, '', 400, 'The request body is empty, but its Content-Type says JSON.'],
      [
        'CSV',
        { 'content-type': 'text/csv' },
        'a,b',
        415,
        'This Content-Type is not accepted here: send the body as JSON.',
      ],
      [
        'compress',
        { ...json, 'content-encoding': 'compress' },
        idToken,
        415,
        'This Content-Encoding is not accepted: send the body as gzip, deflate or br, or uncompressed.',
      ],
      [
        'gzip that is not',
        { ...json, 'content-encoding': 'gzip' },
        idToken,
        400,
        'The compressed request body could not be read.',
      ],
      ['a gzip bomb', { ...json, 'content-encoding': 'gzip' }, bomb, 413, 'The request body is too large.'],
    ] as const;
    for (const [name, headers, body, status, english] of cases) {
      for (const language of ['en', 'bn'] as const) {
        const answer = await raw(url, { ...headers, 'accept-language': language }, 'POST', body);
        expect([name, language, answer.status], answer.text).toEqual([name, language, status]);
        const { message } = JSON.parse(answer.text) as { message: string };
        if (language === 'en') expect(message, name).toBe(english);
        else expect(/[\u0980-\u09FF]/.test(message) && !message.includes(english), `${name}: ${message}`).toBe(true);
      }
    }
  });

  it('leaves small answers and health checks uncompressed', async () => {
    const genres = await raw(`${gw.url}/graphql?query=${encodeURIComponent('{ genres }')}`, {
      'apollo-require-preflight': 'true',
      'accept-encoding': 'br, gzip',
    });
    expect(genres.status).toBe(200);
    expect(genres.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(genres.text).data.genres).toContain('Drama');
    for (const route of ['/livez', '/readyz', '/healthz']) {
      const health = await raw(gw.url + route, { 'accept-encoding': 'br, gzip' });
      expect(health.status, route).toBe(200);
      expect(health.headers['content-encoding']).toBeUndefined();
    }
  });
});
