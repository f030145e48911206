// The response cache for public catalogue reads: shared answers are served from memory, and never outlive a
// write (through this gateway, another connection to the same SQLite file within a few milliseconds, or,
// within the TTL, another gateway on the same MongoDB). Caller-specific answers and errors are never shared.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStore } from '../../server/store/open-store.ts';
import { ResponseCache } from '../../server/cache/response-cache.ts';
import { isSharedQuery } from '../../server/cache/shared-query.ts';
import { ELSEWHERE_POLL_MS, type ObservedStore } from '../../server/store/observed.ts';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';

const BOOK = 'query($id: ID!) { book(id: $id) { id title quantity } }';
const PAGE = '{ books(first: 100) { totalCount nodes { id quantity } } }';
const mongodbUri = inject('mongodbUri');

describe('which GraphQL requests are shared', () => {
  it.each([
    ['{ books(first: 2) { nodes { id } } }', null, true],
    ['query A { book(id: "x") { id } } query B { me { id } }', 'A', true],
    ['query A { book(id: "x") { id } } query B { me { id } }', 'B', false],
    ['query A { bookCount } query B { genres }', null, false],
    ['{ categories { id } genres bookCount __typename }', null, true],
    ['{ ...F } fragment F on Query { books { totalCount } }', null, true],
    ['{ ...F } fragment F on Query { me { id } }', null, false],
    ['{ ... on Query { users { id } } }', null, false],
    ['{ books { totalCount } me { id } }', null, false],
    ['{ borrowedBooks { id } }', null, false],
    ['{ __schema { types { name } } }', null, false],
    ['mutation { returnBook(borrowId: "x") { id } }', null, false],
    ['{ books {', null, false],
  ])('%s (%s) -> %s', (query, operationName, shared) => {
    expect(isSharedQuery(query, operationName)).toBe(shared);
  });
});

describe('the cache itself', () => {
  let revision = 0;
  const store = { revision: () => String(revision) } as ObservedStore;
  let clock = 0;

  it('keeps an answer only when the data did not move while it was computed, and drops all on a move', () => {
    const cache = new ResponseCache({ store, ttlMs: 1000, now: () => clock });
    const started = cache.revision();
    cache.set('a', started, '{"data":1}', { 'content-type': 'application/json' });
    expect(cache.get('a')?.body).toBe('{"data":1}');
    const before = cache.revision();
    revision++;
    cache.set('b', before, '{"data":2}', { 'content-type': 'application/json' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires entries after the TTL and evicts the least recently used beyond its bounds', () => {
    const cache = new ResponseCache({ store, ttlMs: 1000, maxEntries: 2, now: () => clock });
    const r = cache.revision();
    cache.set('a', r, 'A', { 'content-type': 'text/plain' });
    cache.set('b', r, 'B', { 'content-type': 'text/plain' });
    expect(cache.get('a')?.body).toBe('A');
    cache.set('c', r, 'C', { 'content-type': 'text/plain' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(2);
    clock += 1000;
    expect(cache.get('a')).toBeUndefined();
    const small = new ResponseCache({ store, ttlMs: 1000, maxBytes: 1600, now: () => clock });
    small.set('big', small.revision(), 'x'.repeat(100), { 'content-type': 'text/plain' });
    expect(small.get('big')).toBeUndefined();
  });
});

describe('a store counts writes made elsewhere (SQLite)', () => {
  it('moves its revision when another connection to the same file commits', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-revision-'));
    const [a, b] = [await openStore({ dataDir: dir }), await openStore({ dataDir: dir })];
    try {
      const book = await a.books.insert({ title: 'T', author: 'A', genre: 'Drama', description: '', image: '/x.jpg', rating: 4, quantity: 2 });
      const before = a.revision();
      expect(a.revision()).toBe(before);
      await b.books.changeStock(book.id, -1);
      // Another process's commit is looked for at most every ELSEWHERE_POLL_MS; this process's at once.
      await new Promise((resolve) => setTimeout(resolve, ELSEWHERE_POLL_MS + 1));
      const afterElsewhere = a.revision();
      expect(afterElsewhere).not.toBe(before);
      await a.books.changeStock(book.id, 1);
      expect(a.revision()).not.toBe(afterElsewhere);
    } finally {
      await a.close();
      await b.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describeEachStore((kind) => {
  describe("the gateway's response cache", () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway({ store: kind });
    });
    afterAll(() => gw?.close());

    it('serves a repeated public read from memory with the same bytes', async () => {
      const id = await gw.addBook({ title: 'Cached Once' });
      const first = await gw.gql(BOOK, { id });
      const second = await gw.gql(BOOK, { id });
      expect(first.headers.get('x-cache')).toBe('miss');
      expect(second.headers.get('x-cache')).toBe('hit');
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
      // Without credentials a REST hit is answered before Fastify sees it; with them, from inside Fastify.
      const member = await gw.member();
      const rest = [await gw.request('GET', `/api/books/${id}`), await gw.request('GET', `/api/books/${id}`), await gw.request('GET', `/api/books/${id}`, { token: member.token })];
      expect(rest.map((r) => r.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit']);
      expect(rest[1]!.body).toEqual(rest[0]!.body);
      expect(rest[2]!.body).toEqual(rest[0]!.body);
      // A hit is written past Fastify's reply pipeline: it must still carry every header the first answer had
      // (security headers, content type, a content length that fits the body), and only `x-cache` differs.
      for (const [miss, hit] of [[first, second], [rest[0]!, rest[1]!], [rest[0]!, rest[2]!]] as const) {
        const headers = (answer: typeof miss) => Object.fromEntries([...answer.headers].filter(([name]) => !['date', 'x-cache', 'keep-alive', 'connection'].includes(name)));
        expect(headers(hit)).toEqual(headers(miss));
        expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });

    it('finds an answer by the exact bytes of a request read ahead, and by its meaning inside Fastify', async () => {
      const id = await gw.addBook({ title: 'Cached By Bytes' });
      const send = (raw: string) => gw.request('POST', '/graphql', { raw });
      const compact = JSON.stringify({ query: BOOK, variables: { id } });
      const spaced = JSON.stringify({ query: BOOK, variables: { id } }, null, 2);
      const answers = [await send(compact), await send(compact), await send(spaced), await send(spaced)];
      // The spaced body differs in its bytes: its first answer comes from the entry kept under the parsed request.
      expect(answers.map((a) => a.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit', 'hit']);
      for (const answer of answers) expect(answer.body).toEqual({ data: { book: { id, title: 'Cached By Bytes', quantity: 3 } } });
      // Not JSON though labelled so: read ahead, missed, and refused by Fastify's parser as before.
      const broken = await send('{"query": ');
      expect(broken.status).toBe(400);
    });

    it('answers a hit with the CORS headers of its own request, not of the first', async () => {
      const cors = await startTestGateway({ store: kind, env: { CORS_ORIGINS: 'https://one.example,https://two.example' } });
      try {
        const id = await cors.addBook({ title: 'Cached Across Origins' });
        const from = (origin?: string) => cors.request('GET', `/api/books/${id}`, { headers: origin ? { origin } : {} });
        const answers = [await from('https://one.example'), await from('https://two.example'), await from(), await from('https://elsewhere.example')];
        expect(answers.map((a) => a.headers.get('x-cache'))).toEqual(['miss', 'hit', 'hit', 'hit']);
        expect(answers.map((a) => a.headers.get('access-control-allow-origin'))).toEqual(['https://one.example', 'https://two.example', null, null]);
        expect(answers[1]!.headers.get('vary')).toMatch(/origin/i);
      } finally {
        await cors.close();
      }
    });

    it('shows every write through the gateway at once, over GraphQL and REST', async () => {
      const member = await gw.member();
      const id = await gw.addBook({ title: 'Borrowed While Cached', quantity: 2 });
      await gw.gql(BOOK, { id });
      await gw.request('GET', `/api/books/${id}`);
      await gw.gql(PAGE);
      const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      const borrowed = await gw.gql('mutation($b: BorrowInput!) { borrow(input: $b) { currentQuantity } }', { b: { bookId: id, returnDate: due } }, member.token);
      expect(borrowed.body.data?.borrow).toEqual({ currentQuantity: 1 });
      expect((await gw.gql(BOOK, { id })).body.data.book.quantity).toBe(1);
      expect((await gw.request('GET', `/api/books/${id}`)).body.quantity).toBe(1);
      expect((await gw.gql(PAGE)).body.data.books.nodes.find((n: { id: string }) => n.id === id).quantity).toBe(1);

      const updated = await gw.request('PUT', `/api/books/${id}`, { token: member.token, body: { title: 'Renamed While Cached', author: 'Test Author', genre: 'Drama', image: 'https://example.com/cover.jpg', rating: 4.5, quantity: 5 } });
      expect(updated.status).toBe(200);
      expect((await gw.gql(BOOK, { id })).body.data.book).toEqual({ id, title: 'Renamed While Cached', quantity: 5 });
    });

    it('never shares caller-specific answers or errors', async () => {
      const [alice, bob] = [await gw.member({ name: 'Alice Cache' }), await gw.member({ name: 'Bob Cache' })];
      const me = [await gw.gql('{ me { name } }', {}, alice.token), await gw.gql('{ me { name } }', {}, bob.token)];
      expect(me.map((a) => a.body.data.me.name)).toEqual(['Alice Cache', 'Bob Cache']);
      expect(me.map((a) => a.headers.get('x-cache'))).toEqual([null, null]);
      const missing = '0'.repeat(24);
      const errors = [await gw.gql('{ book(id: "nope") { id } }'), await gw.gql('{ book(id: "nope") { id } }')];
      expect(errors.map((a) => a.headers.get('x-cache'))).toEqual([null, null]);
      expect(errors[1]!.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      const notFound = [await gw.request('GET', `/api/books/${missing}`), await gw.request('GET', `/api/books/${missing}`)];
      expect(notFound.map((a) => [a.status, a.headers.get('x-cache')])).toEqual([[404, null], [404, null]]);
    });
  });
});

describe.skipIf(!mongodbUri)('two gateways on one MongoDB', () => {
  let a: TestGateway;
  let b: TestGateway;
  beforeAll(async () => {
    const env = { MONGODB_DB: `bookhaven_cache_${randomBytes(4).toString('hex')}`, RESPONSE_CACHE_TTL_MS: '300' };
    a = await startTestGateway({ store: 'mongodb', env });
    b = await startTestGateway({ store: 'mongodb', env });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sees the other gateway\'s write once the TTL has passed', async () => {
    const member = await b.member();
    const id = await a.addBook({ title: 'Shared Shelf', quantity: 3 });
    expect((await a.gql(BOOK, { id })).body.data.book.quantity).toBe(3);
    const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    expect((await b.request('POST', '/api/borrow', { token: member.token, body: { bookId: id, returnDate: due } })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await a.gql(BOOK, { id })).body.data.book.quantity).toBe(2);
  });
});
