// The GraphQL endpoint's defences: session tokens that must not work, query limits, batching,
// introspection switched off, CSRF prevention, and error answers without internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { bookBody, quantityOf } from './factory.ts';
import { expectError, expectNoInternals } from './gql-assert.ts';

const SECRET = randomBytes(32).toString('hex');
describeEachStore((store) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store, env: { SESSION_SECRET: SECRET } });
  });
  afterAll(() => gw.close());

  const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = () => Math.floor(Date.now() / 1000);

  /** A session token as the gateway would issue it, with the given key and lifetime. */
  function sessionToken(opts: { secret?: string; exp?: number; aud?: string } = {}): Promise<string> {
    return new SignJWT({ email: 'mallory@example.com', name: 'Mallory', role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('mallory')
      .setIssuer('bookhaven')
      .setAudience(opts.aud ?? 'bookhaven-api')
      .setIssuedAt(now() - 7200)
      .setExpirationTime(opts.exp ?? now() + 3600)
      .sign(new TextEncoder().encode(opts.secret ?? SECRET));
  }

  describe('session tokens', () => {
    it('accepts a well-made token (the control for the refusals below)', async () => {
      const answer = await gw.gql('{ users { id } }', {}, await sessionToken());
      expect(answer.body.errors).toBeUndefined();
    });

    it('refuses expired, forged, wrong-audience and alg-none tokens with UNAUTHENTICATED', async () => {
      const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'mallory', email: 'm@example.com', name: 'M', role: 'admin', iss: 'bookhaven', aud: 'bookhaven-api', exp: now() + 3600 })}.`;
      const tokens = {
        expired: await sessionToken({ exp: now() - 60 }),
        forged: await sessionToken({ secret: randomBytes(32).toString('hex') }),
        audience: await sessionToken({ aud: 'someone-else' }),
        unsigned,
      };
      for (const [label, token] of Object.entries(tokens)) {
        const answer = await gw.gql('{ users { id } }', {}, token);
        expect(answer.status, label).toBe(200);
        expectError(answer, 'UNAUTHENTICATED');
        expect((await gw.gql('{ me { uid } }', {}, token)).body.data, label).toEqual({ me: null });
      }
    });
  });

  describe('query limits', () => {
    it('refuses a query deeper than 8', async () => {
      const deep =
        '{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }';
      const answer = await gw.gql(deep);
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors?.[0]?.message).toMatch(/depth/i);
      expectNoInternals(answer);
      const shallow = await gw.gql('{ __type(name: "Query") { fields { type { ofType { name } } } } }');
      expect(shallow.body.errors).toBeUndefined();
    });

    it("let the SPA's largest operations through (with the __typename Apollo Client adds)", async () => {
      const m = await gw.member();
      const allBooks = `query AllBooks($filter: BookFilter, $first: Int!, $after: String) {
        books(filter: $filter, first: $first, after: $after) {
          nodes { id title author genre description image rating quantity __typename }
          totalCount pageInfo { hasNextPage endCursor __typename } __typename
        }
        bookCount genres me { id uid name email role status createdAt phone photoURL __typename }
      }`;
      expect(
        (await gw.gql(allBooks, { first: 100, filter: { search: 'a', genre: 'Drama', availableOnly: true } }, m.token))
          .body.errors,
      ).toBeUndefined();
      const loans =
        '{ borrowedBooks { id bookId userId userName userEmail borrowDate returnDate returnedAt status bookTitle bookAuthor bookImage bookCategory __typename } }';
      expect((await gw.gql(loans, {}, m.token)).body.errors).toBeUndefined();
    });

    it('refuses more than 15 aliases', async () => {
      const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: bookCount`).join(' ')} }`;
      expect((await gw.gql(aliases(15))).body.errors).toBeUndefined();
      const answer = await gw.gql(aliases(16));
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
      expect(answer.body.errors?.[0]?.message).toMatch(/alias/i);
    });

    it('count what searches make the store read: three searches of 13 words each are over the cost limit, however sent', async () => {
      const count = (alias: string, filter: string) => `${alias}: books(first: 1, filter: ${filter}) { totalCount }`;
      // 13 words of 3 characters: 13 trigram lookups (130 each, library/catalog.ts); short words are priced by the
      // books that hold them (tests/api/search-pricing.test.ts).
      const words = (seed: string) => Array.from({ length: 13 }, (_, i) => `${seed}q${i.toString(36)}`).join(' ');
      const over = [
        `{ ${count('a', `{ search: "${words('a')}" }`)} ${count('b', `{ search: "${words('b')}" }`)} ${count('c', `{ search: " ${words('c').toUpperCase()} " }`)} }`,
        `query($x: BookFilter, $y: String) { ${count('a', '$x')} ${count('b', '{ search: $y }')} ...Third }
          fragment Third on Query { ... on Query { ${count('c', `{ search: "${words('c')}", genre: "Drama" }`)} } }`,
      ];
      for (const query of over) {
        const answer = await gw.gql(query, { x: { search: words('x') }, y: words('y') });
        expect(answer.status, query).toBe(400);
        expect(answer.body.data).toBeUndefined();
        expect(answer.body.errors).toEqual([
          {
            message: expect.stringMatching(/^Query Cost limit of 5000 exceeded, found [\d.]+\.$/),
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ]);
      }
      const bookId = await gw.addBook({ title: 'Zyx Harbour', author: 'Qa Writer' });
      const within = [
        `{ ${count('a', '{ search: "zy" }')} ${count('b', '{ search: "qa" }')} }`,
        `{ ${Array.from({ length: 15 }, (_, i) => count(`a${i}`, '{ search: "harbour" }')).join(' ')} }`,
      ];
      for (const query of within) {
        const answer = await gw.gql(query);
        expect(answer.body.errors, query).toBeUndefined();
        expect(Object.values(answer.body.data ?? {}).every((page: any) => page.totalCount >= 1)).toBe(true);
      }
      // Blank and invalid terms cost nothing here and are refused (or ignored) by the catalogue as before.
      expect(
        (
          await gw.gql(
            `{ ${count('a', '{ search: "   " }')} ${count('b', '{ search: "ab" }')} ${count('c', '{ search: "cd" }')} }`,
          )
        ).body.errors,
      ).toBeUndefined();
      expectError(
        await gw.gql(
          `{ ${count('a', `{ search: "${'x'.repeat(201)}" }`)} ${count('b', '{ search: "ab" }')} ${count('c', '{ search: "cd" }')} }`,
        ),
        'BAD_USER_INPUT',
        'search',
      );
      expect(await gw.store.books.get(bookId)).toMatchObject({ title: 'Zyx Harbour' });
    });

    it('refuses a syntax error and a query of more than 2000 tokens with 400 GRAPHQL_PARSE_FAILED', async () => {
      const long = `{ ${Array.from({ length: 2001 }, () => 'bookCount').join(' ')} }`;
      for (const query of ['{ books { ', long]) {
        const answer = await gw.gql(query);
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.map((e) => e.extensions?.code)).toEqual(['GRAPHQL_PARSE_FAILED']);
        expectNoInternals(answer);
      }
    });

    it('refuses a batched array body', async () => {
      const answer = await gw.request('POST', '/graphql', {
        body: [{ query: '{ bookCount }' }, { query: '{ bookCount }' }],
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toMatch(/"bookCount":\d/);
    });

    it('answers introspection by default and refuses it when GRAPHQL_INTROSPECTION=false', async () => {
      expect((await gw.gql('{ __schema { queryType { name } } }')).body.data).toEqual({
        __schema: { queryType: { name: 'Query' } },
      });
      const closed = await startTestGateway({ store, env: { GRAPHQL_INTROSPECTION: 'false' } });
      try {
        for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Book") { name } }']) {
          const answer = await closed.gql(query);
          expect(answer.status, query).toBe(400);
          expect(answer.body.data).toBeUndefined();
          expect(answer.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
        }
        expect((await closed.gql('{ bookCount }')).body.data).toEqual({ bookCount: 0 });
      } finally {
        await closed.close();
      }
    });
  });

  describe('lists', () => {
    const costRefusal = [
      {
        message: expect.stringMatching(/^Query Cost limit of 5000 exceeded, found [\d.]+\.$/),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ];
    const aliased = (n: number, field: string) => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ');
    /** A genre of its own with `n` books (none on the shelf, so members can queue for them). */
    async function genreOf(n: number): Promise<{ genre: string; ids: string[] }> {
      const genre = `Genre ${randomBytes(4).toString('hex')}`;
      for (let i = 0; i < n; i++) await gw.addBook({ genre, quantity: 0 });
      const ids: string[] = [];
      for await (const book of gw.store.books.byGenre(genre)) ids.push(book.id);
      return { genre, ids };
    }
    let big: { genre: string; ids: string[] };
    beforeAll(async () => {
      big = await genreOf(40);
    });

    it('price a whole genre at its size, with what each book asks: aliases of it with the hold fields are refused before they run', async () => {
      const m = await gw.member();
      const book = 'id title holdQueueLength myHold { id position }';
      const heavy = `query($g: String!) { ${aliased(8, `booksByCategory(category: $g) { ${book} }`)} }`;
      for (const token of [null, m.token]) {
        const answer = await gw.gql(heavy, { g: big.genre }, token);
        expect(answer.status).toBe(400);
        expect(answer.body.data).toBeUndefined();
        expect(answer.body.errors).toEqual(costRefusal);
      }
      // The genre written in the query, and the same books without their hold fields but many times over.
      const literal = `{ ${aliased(15, `booksByCategory(category: "${big.genre}") { ${book} }`)} }`;
      expect((await gw.gql(literal)).body.errors).toEqual(costRefusal);
      const plain = `{ ${aliased(15, `booksByCategory(category: "${big.genre}") { id title author genre description image rating quantity copies }`)} }`;
      expect((await gw.gql(plain)).body.errors).toEqual(costRefusal);
      // One list of the genre, or a small genre many times, is answered whole as before.
      const one = await gw.gql(`query($g: String!) { booksByCategory(category: $g) { ${book} } }`, { g: big.genre });
      expect(one.body.errors).toBeUndefined();
      expect(one.body.data.booksByCategory.map((b: { id: string }) => b.id)).toEqual(big.ids);
      const small = await genreOf(2);
      const many = await gw.gql(`{ ${aliased(15, `booksByCategory(category: "${small.genre}") { ${book} }`)} }`);
      expect(many.body.errors).toBeUndefined();
      expect(many.body.data.a14).toHaveLength(2);
    });

    it('price pages at their first when it comes in a variable', async () => {
      const heavy = `query($n: Int!) { ${aliased(15, 'books(first: $n) { nodes { id title holdQueueLength myHold { id } } }')} }`;
      expect((await gw.gql(heavy, { n: 100 })).body.errors).toEqual(costRefusal);
      expect((await gw.gql(heavy, { n: 1 })).body.errors).toBeUndefined();
    });

    it('price users without arguments at the member count: fifteen of them are refused, the All Users page is not', async () => {
      const m = await gw.member();
      for (let i = 0; i < 40; i++) {
        const uid = `listed-${randomBytes(6).toString('hex')}`;
        await gw.store.users.upsert({ uid, email: `${uid}@example.com`, name: uid, photoURL: null, role: 'member' });
      }
      const everyone = `{ ${aliased(15, 'users { id uid name email role status createdAt phone photoURL }')} }`;
      const refused = await gw.gql(everyone, {}, m.token);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(costRefusal);
      const members = await gw.store.users.page(null, { first: 1 });
      const one = await gw.gql('{ users { id name } }', {}, m.token);
      expect(one.body.data.users).toHaveLength(members.totalCount);
      // The SPA's All Users page, as it sends it, with the largest page the service allows.
      const allUsers = `query AllUsers($search: String, $first: Int!, $after: ID) {
        users(search: $search, first: $first, after: $after) { ...ListedUser __typename }
        matching: userCount(search: $search) userCount
      }
      fragment ListedUser on User { id name email role status createdAt phone __typename }`;
      for (const first of [24, 100]) {
        const page = await gw.gql(allUsers, { search: null, first }, m.token);
        expect(page.body.errors).toBeUndefined();
        expect(page.body.data.users).toHaveLength(Math.min(first, members.totalCount));
      }
    });

    it("let the SPA's category page through, a page of the genre at a time", async () => {
      const category = `query CategoryBooks($genre: String!, $first: Int!, $after: String) {
        books(filter: { genre: $genre }, first: $first, after: $after) {
          nodes { ...CatalogBook __typename } totalCount pageInfo { hasNextPage endCursor __typename } __typename
        }
      }
      fragment CatalogBook on Book { id title author genre image rating quantity __typename }`;
      const page = await gw.gql(category, { genre: big.genre, first: 24 });
      expect(page.body.errors).toBeUndefined();
      expect(page.body.data.books).toMatchObject({ totalCount: 40, pageInfo: { hasNextPage: true } });
      expect(page.body.data.books.nodes.map((b: { id: string }) => b.id)).toEqual(big.ids.slice(0, 24));
    });

    it("read a list's queue lengths and the caller's holds once for the whole list, not once per book", async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const { genre, ids } = await genreOf(20);
      const hold = (bookId: string, who: { uid: string }, at: number) =>
        gw.store.holds.place(
          {
            bookId,
            userId: who.uid,
            userName: 'N',
            userEmail: `${who.uid}@example.com`,
            bookTitle: 'T',
            createdAt: new Date(at),
          },
          { holdLimit: 5 },
        );
      await hold(ids[3]!, other, 1000);
      await hold(ids[3]!, m, 2000);
      await hold(ids[7]!, m, 3000);
      const holds = gw.store.holds;
      const [queue, queues] = [holds.queue, holds.queues];
      const calls: string[] = [];
      holds.queue = (...args) => (calls.push('queue'), queue.apply(holds, args));
      holds.queues = (...args) => (calls.push('queues'), queues.apply(holds, args));
      try {
        const list = (fields: string) =>
          gw.gql(`query($g: String!) { booksByCategory(category: $g) { id ${fields} } }`, { g: genre }, m.token);
        const lengths = await list('holdQueueLength');
        expect(lengths.body.errors).toBeUndefined();
        expect(lengths.body.data.booksByCategory.map((b: { holdQueueLength: number }) => b.holdQueueLength)).toEqual(
          ids.map((_, i) => (i === 3 ? 2 : i === 7 ? 1 : 0)),
        );
        expect(calls).toHaveLength(1);
        calls.length = 0;
        const both = await list('holdQueueLength myHold { bookId position }');
        expect(both.body.data.booksByCategory.map((b: { myHold: unknown }) => b.myHold)).toEqual(
          ids.map((id, i) => (i === 3 ? { bookId: id, position: 2 } : i === 7 ? { bookId: id, position: 1 } : null)),
        );
        // One read for each of the two fields, whatever the list's length.
        expect(calls).toHaveLength(2);
        calls.length = 0;
        const paged = await gw.gql(
          `query($g: String!) { books(first: 20, filter: { genre: $g }) { nodes { holdQueueLength myHold { id } } } }`,
          { g: genre },
          m.token,
        );
        expect(paged.body.data.books.nodes).toHaveLength(20);
        expect(calls).toHaveLength(2);
      } finally {
        holds.queue = queue;
        holds.queues = queues;
      }
    });
  });

  describe('rate limits', () => {
    it('cap writes per minute with one budget per member across REST and GraphQL, while reads and other members go on', async () => {
      const limited = await startTestGateway({ store, env: { RATE_LIMIT_PER_MINUTE: '4' } });
      try {
        const [m, other] = [await limited.member(), await limited.member()];
        const add = (token: string) => limited.request('POST', '/api/books', { token, body: bookBody() });
        const mutation = (token: string) =>
          limited.gql('mutation($i: BookInput!) { addBook(input: $i) { id } }', { i: bookBody() }, token);
        expect([(await add(m.token)).status, (await add(m.token)).status]).toEqual([201, 201]);
        for (let i = 0; i < 2; i++) expect((await mutation(m.token)).body.errors).toBeUndefined();
        // Four writes used the budget, whichever API carried them.
        expect(await add(m.token)).toMatchObject({
          status: 429,
          body: { message: 'Too many requests, please try again later.' },
        });
        const refused = await mutation(m.token);
        expect(refused.status).toBe(429);
        expectError(refused, 'RATE_LIMITED');
        expect((await add(other.token)).status).toBe(201);
        expect(await limited.store.books.count()).toBe(5);
        expect((await limited.gql('{ bookCount }')).body.data).toEqual({ bookCount: 5 });
        expect((await limited.request('GET', '/api/books')).status).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('CSRF prevention', () => {
    const mutation = (bookId: string) =>
      `mutation { updateBook(id: "${bookId}", input: { title: "Hacked", author: "X", genre: "Drama", image: "https://example.com/x.jpg", rating: 1, quantity: 0 }) { id } }`;

    it('refuses a GET or a text/plain POST without apollo-require-preflight, and changes nothing', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 4, title: 'Safe' });
      const viaGet = await gw.request('GET', `/graphql?query=${encodeURIComponent(mutation(bookId))}`, {
        token: m.token,
      });
      const viaText = await gw.request('POST', '/graphql', {
        token: m.token,
        raw: JSON.stringify({ query: mutation(bookId) }),
        headers: { 'content-type': 'text/plain' },
      });
      for (const answer of [viaGet, viaText]) {
        expect(answer.status).toBe(400);
        expect(JSON.stringify(answer.body)).toMatch(/preflight/i);
      }
      expect(await gw.store.books.get(bookId)).toMatchObject({ title: 'Safe', quantity: 4 });
      expect(await quantityOf(gw, bookId)).toBe(4);
    });

    it('still serves a GET query that carries apollo-require-preflight, but never a mutation over GET', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ title: 'Still Safe' });
      const headers = { 'apollo-require-preflight': 'true' };
      const query = await gw.request('GET', `/graphql?query=${encodeURIComponent('{ bookCount }')}`, { headers });
      expect(query.body.data.bookCount).toBe(await gw.store.books.count());
      const get = await gw.request('GET', `/graphql?query=${encodeURIComponent(mutation(bookId))}`, {
        headers,
        token: m.token,
      });
      expect(get.status).toBe(405);
      expect((await gw.store.books.get(bookId))?.title).toBe('Still Safe');
    });
  });

  describe('error answers', () => {
    it('answer a store outage with 503 / UNAVAILABLE on both APIs, and health reports it', async () => {
      const broken = await startTestGateway({ store });
      const bookId = await broken.addBook();
      await broken.store.close();
      try {
        const gql = await broken.gql('query($id: ID!) { book(id: $id) { id } }', { id: bookId });
        expect(gql.body.errors).toMatchObject([
          {
            message: 'The library is temporarily unavailable. Please try again in a moment.',
            path: ['book'],
            extensions: { code: 'UNAVAILABLE' },
          },
        ]);
        expectNoInternals(gql);
        // A search's price reads the store (the books of its short words) before anything runs.
        const search = await broken.gql('{ books(filter: { search: "ab" }) { totalCount } }');
        expect(search.status).toBe(503);
        expect(search.body.errors).toEqual([
          {
            message: 'The library is temporarily unavailable. Please try again in a moment.',
            extensions: { code: 'UNAVAILABLE', messageKey: 'unavailable', messageValues: {} },
          },
        ]);
        const rest = await broken.request('GET', `/api/books/${bookId}`);
        expect(rest).toMatchObject({
          status: 503,
          body: { message: 'The library is temporarily unavailable. Please try again in a moment.' },
        });
        expect(rest.headers.get('retry-after')).toBe('5');
        expect(await broken.request('GET', '/healthz')).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      } finally {
        await broken.close().catch(() => {});
      }
    });

    it('mask an unexpected failure on both APIs', async () => {
      const broken = await startTestGateway({ store });
      const bookId = await broken.addBook();
      broken.store.books.get = async () => {
        throw new Error('secret driver detail at /srv/db');
      };
      try {
        const gql = await broken.gql('query($id: ID!) { book(id: $id) { id } }', { id: bookId });
        expect(gql.body.errors).toEqual([
          { message: 'Internal server error', path: ['book'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        ]);
        expectNoInternals(gql);
        const rest = await broken.request('GET', `/api/books/${bookId}`);
        expect(rest).toMatchObject({ status: 500, body: { message: 'Internal server error' } });
        expect(JSON.stringify(rest.body)).not.toContain('secret');
      } finally {
        await broken.close();
      }
    });

    it('carry no stack trace for parse, validation, variable and domain errors', async () => {
      const answers = [
        await gw.gql('{ books { '),
        await gw.gql('{ nope }'),
        await gw.gql('query($n: Int) { books(first: $n) { totalCount } }', { n: 'many' }),
        await gw.gql('{ book(id: "x") { id } }'),
        await gw.request('POST', '/graphql', { raw: '{"query": ' }),
      ];
      for (const answer of answers) {
        expectNoInternals(answer);
        expect(answer.status).toBeLessThan(500);
      }
    });
  });
});
