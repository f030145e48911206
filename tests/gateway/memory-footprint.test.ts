// What a gateway process holds in memory: serving the SPA's operations, the REST list and compressed answers must
// not load Node's fetch implementation (undici), which nothing of the gateway's own uses and which costs about
// 3 MB of heap and 5-17 MB of RSS (docs/performance.md; decision 092). Asked of a process of its own, since
// a test runner's process may have loaded it for itself.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

// Starts the gateway on its own store, asks what the SPA and a REST client ask (compressed both ways), and says
// which answers came and whether undici was loaded meanwhile.
const PROBE = `
// Not an import: node:http's ESM face reads every export, its lazy WebSocket too, which loads undici.
const http = process.getBuiltinModule('node:http');
import { gzipSync } from 'node:zlib';
const { loadConfig } = await import(${JSON.stringify(path.join(ROOT, 'server/config.ts'))});
const { createGateway } = await import(${JSON.stringify(path.join(ROOT, 'server/gateway.ts'))});
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const gateway = await createGateway(config, { logger: false });
for (let i = 0; i < 20; i++)
  await gateway.store.books.insert({ title: 'Book ' + i, author: 'An Author', genre: 'Drama', description: 'A book. '.repeat(20), image: 'https://example.com/cover.jpg', rating: 4, quantity: 2 });
await gateway.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = gateway.app.server.address();
const ask = (method, url, headers, body) => new Promise((resolve, reject) => {
  const req = http.request({ host: '127.0.0.1', port, method, path: url, headers }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode + ' ' + (res.headers['content-encoding'] ?? 'identity')));
  });
  req.on('error', reject);
  req.end(body);
});
const json = { 'content-type': 'application/json' };
const query = JSON.stringify({ query: '{ books(first: 20) { totalCount nodes { id title description } } }' });
const statuses = [
  await ask('POST', '/graphql', { ...json, 'accept-encoding': 'br' }, query),
  await ask('POST', '/graphql', { ...json, 'content-encoding': 'gzip', 'accept-encoding': 'gzip' }, gzipSync(query)),
  await ask('GET', '/api/books', { 'accept-encoding': 'gzip' }),
  await ask('GET', '/healthz', {}),
];
await gateway.close();
console.log(JSON.stringify({ statuses, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));
`;

describe('the gateway process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-footprint-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("serves GraphQL, REST and compressed answers without loading Node's fetch implementation", async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'x'.repeat(40),
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
        NODE_ENV: 'production',
      },
      timeout: 60_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { statuses: string[]; undici: boolean };
    expect(result.statuses).toEqual(['200 br', '200 gzip', '200 gzip', '200 identity']);
    expect(result.undici).toBe(false);
  });
});
