// Public catalogue reads are cached by the web's own rules: an anonymous GET carries an ETag derived from the
// store's revision and a short public Cache-Control, a conditional request that still matches is answered 304
// without running the query, and anything personal, failed or sent by POST is `private, no-store`: every REST
// route that answers for one member, as the OpenAPI document lists them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isSharedQuery } from '../../server/cache/shared-query.ts';
import { noneMatch, PRIVATE, PUBLIC } from '../../server/cache/http-cache.ts';
import type { ObservedStore } from '../../server/store/observed.ts';
import { bookFields, describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { libraryDay } from './factory.ts';

const BOOK = 'query Book($id: ID!) { book(id: $id) { id title quantity } }';
const PAGE = '{ books(first: 100) { totalCount nodes { id quantity } } }';
/** What Apollo Client sends with a GET query: its CSRF prevention refuses a GET without such a header. */
const PREFLIGHT = { 'apollo-require-preflight': 'true' };

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

  it('compares If-None-Match weakly, in a list or as *', () => {
    expect(noneMatch('W/"a"', 'W/"a"')).toBe(true);
    expect(noneMatch('"b", "a"', 'W/"a"')).toBe(true);
    expect(noneMatch('*', 'W/"a"')).toBe(true);
    expect(noneMatch('W/"b"', 'W/"a"')).toBe(false);
    expect(noneMatch(undefined, 'W/"a"')).toBe(false);
  });
});

describeEachStore((kind) => {
  describe('HTTP caching of public reads', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      // The store's clock stands still: on MongoDB the revision also moves every 5 s of it (decision 027), which
      // on a busy machine can fall between two requests of one case and change the ETag without a write.
      gw = await startTestGateway({ store: kind, storeNow: () => 0 });
    });
    afterAll(() => gw?.close());

    const getQuery = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      gw.request('GET', `/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) })}`, {
        headers: { ...PREFLIGHT, ...headers },
      });
    const books = () => (gw.store as ObservedStore).books;

    it('answers a REST read with an ETag, and 304 without reading the store while it still matches', async () => {
      await gw.addBook({ title: 'Conditional Shelf' });
      for (const path of ['/api/categories', '/api/books/category/Drama']) {
        const answer = await gw.request('GET', path);
        expect([answer.status, answer.headers.get('cache-control')]).toEqual([200, PUBLIC]);
        expect(answer.headers.get('vary')).toMatch(/authorization/i);
        const etag = answer.headers.get('etag')!;
        expect(etag).toMatch(/^W\/".+"$/);
        const reads = vi.spyOn(books(), 'byGenre');
        try {
          const again = await gw.request('GET', path, { headers: { 'if-none-match': etag } });
          expect([again.status, again.body, again.headers.get('etag')]).toEqual([304, '', etag]);
          expect(reads).not.toHaveBeenCalled();
        } finally {
          reads.mockRestore();
        }
      }
    });

    it("answers a book with the book's own strong ETag (its version), for If-None-Match and If-Match", async () => {
      const member = await gw.member();
      const id = await gw.addBook({ title: 'Versioned Shelf' });
      const first = await gw.request('GET', `/api/books/${id}`);
      expect([first.status, first.body.__v, first.headers.get('etag')]).toEqual([200, 0, '"v0"']);
      expect(first.headers.get('cache-control')).toBe(PUBLIC);
      const again = await gw.request('GET', `/api/books/${id}`, { headers: { 'if-none-match': '"v0"' } });
      expect([again.status, again.body]).toEqual([304, '']);
      // Signed in: the same validator (so an edit can send it back), kept out of shared caches.
      const mine = await gw.request('GET', `/api/books/${id}`, { token: member.token });
      expect([mine.headers.get('etag'), mine.headers.get('cache-control')]).toEqual(['"v0"', PRIVATE]);
    });

    it('answers a public GraphQL GET with an ETag, and 304 without running the query', async () => {
      const id = await gw.addBook({ title: 'Conditional Query' });
      const first = await getQuery(BOOK, { id });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ data: { book: { id, title: 'Conditional Query', quantity: 3 } } });
      expect(first.headers.get('cache-control')).toBe(PUBLIC);
      expect(first.headers.get('vary')).toMatch(/authorization.*accept/i);
      const etag = first.headers.get('etag')!;
      const reads = vi.spyOn(books(), 'get');
      try {
        const again = await getQuery(BOOK, { id }, { 'if-none-match': etag });
        expect([again.status, again.body]).toEqual([304, '']);
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
      // The ETag names the representation: other variables, another query or another media type differ.
      const other = await gw.addBook();
      expect((await getQuery(BOOK, { id: other })).headers.get('etag')).not.toBe(etag);
      expect((await getQuery(PAGE)).headers.get('etag')).not.toBe(etag);
      expect((await getQuery(BOOK, { id }, { accept: 'application/json' })).headers.get('etag')).not.toBe(etag);
    });

    it('changes the ETag with every write, so a borrow or an edit is seen at once', async () => {
      const member = await gw.member();
      const id = await gw.addBook({ title: 'Borrowed While Cached', quantity: 2 });
      const rest = await gw.request('GET', `/api/books/${id}`);
      const query = await getQuery(BOOK, { id });
      const page = await getQuery(PAGE);
      const due = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
      const borrowed = await gw.gql(
        'mutation($b: BorrowInput!) { borrow(input: $b) { currentQuantity } }',
        { b: { bookId: id, returnDate: due } },
        member.token,
      );
      expect(borrowed.body.data?.borrow).toEqual({ currentQuantity: 1 });
      const restAfter = await gw.request('GET', `/api/books/${id}`, {
        headers: { 'if-none-match': rest.headers.get('etag')! },
      });
      expect([restAfter.status, restAfter.body.quantity]).toEqual([200, 1]);
      const queryAfter = await getQuery(BOOK, { id }, { 'if-none-match': query.headers.get('etag')! });
      expect([queryAfter.status, queryAfter.body.data.book.quantity]).toEqual([200, 1]);
      const pageAfter = await getQuery(PAGE, {}, { 'if-none-match': page.headers.get('etag')! });
      expect(pageAfter.status).toBe(200);
      expect(pageAfter.body.data.books.nodes.find((n: { id: string }) => n.id === id).quantity).toBe(1);

      const updated = await gw.request('PUT', `/api/books/${id}`, {
        token: member.token,
        body: {
          title: 'Renamed While Cached',
          author: 'Test Author',
          genre: 'Drama',
          image: 'https://example.com/cover.jpg',
          rating: 4.5,
          quantity: 5,
        },
      });
      expect(updated.status).toBe(200);
      const renamed = await getQuery(BOOK, { id }, { 'if-none-match': queryAfter.headers.get('etag')! });
      expect([renamed.status, renamed.body.data.book]).toEqual([
        200,
        { id, title: 'Renamed While Cached', quantity: 5 },
      ]);
    });

    it('never lets a shared cache keep what is personal, sent by POST, or failed', async () => {
      const member = await gw.member({ name: 'Alice Cache' });
      const id = await gw.addBook();
      const signedIn = [
        await gw.request('GET', `/api/books/category/Drama`, { token: member.token }),
        await gw.request('GET', `/graphql?${new URLSearchParams({ query: '{ bookCount }' })}`, {
          token: member.token,
          headers: PREFLIGHT,
        }),
        await gw.gql('{ me { name } }', {}, member.token),
      ];
      const anonymous = [
        await getQuery('{ me { name } }'),
        await gw.gql(BOOK, { id }),
        await getQuery('{ book(id: "nope") { id } }'),
        await gw.request('GET', `/api/books/${'0'.repeat(24)}`),
        await gw.request('GET', '/api/books/not-an-id'),
      ];
      expect(signedIn.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(anonymous.map((a) => a.status)).toEqual([200, 200, 200, 404, 400]);
      expect(anonymous[2]!.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      for (const answer of [...signedIn, ...anonymous]) {
        expect(answer.headers.get('cache-control')).toBe(PRIVATE);
        expect(answer.headers.get('etag')).toBeNull();
      }
      // A conditional request that is signed in is never answered from what an anonymous one was given.
      const etag = (await gw.request('GET', '/api/books/category/Drama')).headers.get('etag')!;
      expect(
        (
          await gw.request('GET', '/api/books/category/Drama', {
            token: member.token,
            headers: { 'if-none-match': etag },
          })
        ).status,
      ).toBe(200);
    });

    it('answers a conditional request as the uncached one would be: CSRF refusals, mutations, bad content types', async () => {
      const id = await gw.addBook();
      const url = `/graphql?${new URLSearchParams({ query: BOOK, variables: JSON.stringify({ id }) })}`;
      const etag = (await getQuery(BOOK, { id })).headers.get('etag')!;
      // Without Apollo's CSRF headers the query is refused, with or without a matching If-None-Match.
      for (const headers of [{}, { 'if-none-match': etag }] as Record<string, string>[]) {
        const refused = await gw.request('GET', url, { headers });
        expect(refused.status).toBe(400);
        expect(refused.headers.get('etag')).toBeNull();
      }
      const mutation = await gw.request(
        'GET',
        `/graphql?${new URLSearchParams({ query: 'mutation { returnBook(borrowId: "x") { id } }' })}`,
        { headers: { ...PREFLIGHT, 'if-none-match': '*' } },
      );
      expect(mutation.status).toBe(405);
      // The same body under a content type that is not JSON is refused every time, not only until it is cached.
      for (let i = 0; i < 2; i++) {
        const odd = await gw.request('POST', '/graphql', {
          raw: JSON.stringify({ query: BOOK, variables: { id } }),
          headers: { 'content-type': 'application/jsonfoo' },
        });
        expect(odd.status).toBe(415);
      }
    });

    it('answers every REST request made for one member private, no-store: each personal route, succeeding or refused', async () => {
      const staffEmail = `desk-${Date.now()}@example.com`;
      const desk = await startTestGateway({
        store: kind,
        env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      });
      try {
        const [member, staff] = [await desk.member(), await desk.member({ email: staffEmail })];
        const newcomer = await desk.firebaseUser();
        const bookId = await desk.addBook({ quantity: 2 });
        const due = libraryDay(7);
        /** One real request per route, as a client sends it: the route answers for the member whose token it is. */
        const calls: Record<string, (token: string | null) => ReturnType<TestGateway['request']>> = {
          'POST /api/jwt': () => desk.request('POST', '/api/jwt', { body: { idToken: newcomer.idToken } }),
          'POST /api/books': (token) =>
            desk.request('POST', '/api/books', { token, body: { ...bookFields(), quantity: 1 } }),
          'PUT /api/books/{id}': (token) =>
            desk.request('PUT', `/api/books/${bookId}`, { token, body: { ...bookFields(), quantity: 2 } }),
          'POST /api/borrow': (token) =>
            desk.request('POST', '/api/borrow', { token, body: { bookId, returnDate: due } }),
          'GET /api/borrowed-books/{uid}': (token) =>
            desk.request('GET', `/api/borrowed-books/${member.uid}`, { token }),
          'POST /api/return-book': async (token) => {
            const borrowId = (await desk.request('GET', `/api/borrowed-books/${member.uid}`, { token })).body[0]?._id;
            return desk.request('POST', '/api/return-book', { token, body: { borrowId: borrowId ?? 'none' } });
          },
          'GET /api/users': (token) => desk.request('GET', '/api/users', { token }),
          'GET /api/desk/overdue.csv': (token) =>
            desk.request('GET', '/api/desk/overdue.csv', { token: token === member.token ? staff.token : token }),
          'GET /api/me/export': (token) => desk.request('GET', '/api/me/export', { token }),
          'GET /api/me/standing': (token) => desk.request('GET', '/api/me/standing', { token }),
        };
        // Every route that needs a session, and the sign-in, as the OpenAPI document lists them: a new one fails
        // here until it is called above.
        const document = (await desk.request('GET', '/api/openapi.json')).body as {
          paths: Record<string, Record<string, { security?: unknown[] }>>;
        };
        const personal = Object.entries(document.paths).flatMap(([path, operations]) =>
          Object.entries(operations)
            .filter(([method, op]) => op.security !== undefined || `${method} ${path}` === 'post /api/jwt')
            .map(([method]) => `${method.toUpperCase()} ${path}`),
        );
        expect(personal.sort()).toEqual(Object.keys(calls).sort());

        for (const [route, call] of Object.entries(calls)) {
          const answered = await call(member.token);
          const refused = await call('not-a-token');
          expect([route, answered.status]).toEqual([
            route,
            route === 'POST /api/borrow' || route === 'POST /api/books' ? 201 : 200,
          ]);
          for (const answer of [answered, refused])
            expect([route, answer.status, answer.headers.get('cache-control')]).toEqual([
              route,
              answer.status,
              PRIVATE,
            ]);
        }
      } finally {
        await desk.close();
      }
    });

    it('varies on Origin too when other origins may call', async () => {
      const cors = await startTestGateway({ store: kind, env: { CORS_ORIGINS: 'https://one.example' } });
      try {
        const id = await cors.addBook();
        const answer = await cors.request('GET', `/api/books/${id}`, { headers: { origin: 'https://one.example' } });
        expect(answer.headers.get('access-control-allow-origin')).toBe('https://one.example');
        expect(answer.headers.get('vary')).toMatch(/origin/i);
        expect(answer.headers.get('vary')).toMatch(/authorization/i);
      } finally {
        await cors.close();
      }
    });
  });
});
