// What one gateway keeps in memory about the data (the store's revision behind the ETags of public lists; a
// book's own ETag is its version, read from the store each time) follows the other gateway's writes within a bound: on SQLite within ELSEWHERE_POLL_MS (the file's data_version), on MongoDB
// within UNSEEN_WRITES_MS (other gateways' writes cannot be seen without change streams, so the revision
// moves on anyway). Two gateways on one store, the store clock moved by the test.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { ELSEWHERE_POLL_MS, UNSEEN_WRITES_MS } from '../../server/store/observed.ts';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { bookBody } from '../api/factory.ts';

let opened: TestGateway[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((gw) => gw.close()));
});

describeEachStore((kind) => {
  const bound = kind === 'sqlite' ? ELSEWHERE_POLL_MS : UNSEEN_WRITES_MS;

  it(`answers another gateway's write on a revalidated public read within ${bound} ms`, async () => {
    // A multiple of the bound, so the revision's step is not crossed before the test moves the clock.
    let ms = 1_000 * UNSEEN_WRITES_MS;
    const env = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MONGODB_DB: `bh_cache_${randomBytes(4).toString('hex')}`,
    };
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-cache-'));
    const start = () => startTestGateway({ store: kind, env, dataDir, storeNow: () => ms, schedule: false });
    opened = [await start()];
    opened.push(await start());
    const [a, b] = opened as [TestGateway, TestGateway];

    const member = await a.member();
    const bookId = await a.addBook({ title: 'Before', genre: 'Drama' });
    const read = (etag?: string) =>
      b.request('GET', '/api/books/category/Drama', { headers: etag ? { 'if-none-match': etag } : {} });
    const first = await read();
    expect(first.body.map((book: { title: string }) => book.title)).toEqual(['Before']);
    const etag = first.headers.get('etag') ?? '';
    expect((await read(etag)).status).toBe(304);

    const edited = await a.request('PUT', `/api/books/${bookId}`, {
      token: member.token,
      body: bookBody({ title: 'After', genre: 'Drama' }),
    });
    expect(edited.status).toBe(200);
    // Within the bound gateway B may still confirm its old answer (a shared cache may serve it that long too).
    ms += bound - 1;
    expect((await read(etag)).status).toBe(304);
    // Past it, B's revision has moved: the revalidation gets the edited book.
    ms += 1;
    const after = await read(etag);
    expect(after.status).toBe(200);
    expect(after.body.map((book: { title: string }) => book.title)).toEqual(['After']);
    expect(after.headers.get('etag')).not.toBe(etag);
  });
});
