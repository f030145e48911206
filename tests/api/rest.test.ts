// The REST compatibility layer, catalogue and account paths: the success shape of each route and each of
// its failures, plus hostile bodies (circulation paths are in rest-circulation.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { FORBIDDEN, ISO, MISSING_ID, UNAUTHORIZED, bookBody, bookFields } from './factory.ts';

describeEachStore((store) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store });
  });
  afterAll(() => gw.close());

  const OBJECT_ID = /^[0-9a-f]{24}$/;

  describe('POST /api/jwt', () => {
    it('exchanges a verified ID token for a session token that opens protected routes', async () => {
      const user = await gw.firebaseUser({ name: 'Ada Reader' });
      const answer = await gw.request('POST', '/api/jwt', {
        body: {
          uid: user.uid,
          email: user.email,
          displayName: 'Ada R.',
          photoURL: 'https://example.com/ada.png',
          idToken: user.idToken,
        },
      });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['token']);
      expect(answer.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect((await gw.request('GET', '/api/users', { token: answer.body.token })).status).toBe(200);
      expect(await gw.store.users.getByUid(user.uid)).toMatchObject({
        name: 'Ada R.',
        photoURL: 'https://example.com/ada.png',
        email: user.email,
      });
    });

    it("accepts the empty profile strings the SPA sends and keeps the account's own name", async () => {
      const user = await gw.firebaseUser({ name: 'Profile Less' });
      const answer = await gw.request('POST', '/api/jwt', {
        body: { uid: user.uid, email: user.email, displayName: '', photoURL: '', idToken: user.idToken },
      });
      expect(answer.status).toBe(200);
      expect(await gw.store.users.getByUid(user.uid)).toMatchObject({ name: 'Profile Less', photoURL: null });
    });

    it('signs the same new account in from several requests at once (the SPA sends one per auth event)', async () => {
      const user = await gw.firebaseUser();
      const body = { uid: user.uid, email: user.email, displayName: user.name, photoURL: '', idToken: user.idToken };
      const answers = await Promise.all(Array.from({ length: 6 }, () => gw.request('POST', '/api/jwt', { body })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect((await gw.store.users.list()).filter((u) => u.uid === user.uid)).toHaveLength(1);
    });

    it.each([
      ['a number as uid', { uid: 42 }],
      ['an unknown field', { role: 'admin' }],
      ['an object as idToken', { idToken: { $ne: null } }],
    ])('refuses a malformed body (%s) with 400', async (_label, extra) => {
      const user = await gw.firebaseUser();
      const answer = await gw.request('POST', '/api/jwt', { body: { idToken: user.idToken, ...extra } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
      expect(answer.body).not.toHaveProperty('token');
    });

    it('answers 401 without an idToken or with one that is not a Firebase ID token', async () => {
      const user = await gw.firebaseUser();
      for (const body of [
        { uid: user.uid, email: user.email },
        { uid: user.uid, idToken: 'not.a.token' },
        { idToken: '' },
      ]) {
        const answer = await gw.request('POST', '/api/jwt', { body });
        expect(answer.status, JSON.stringify(body)).toBe(401);
        expect(answer.body).not.toHaveProperty('token');
      }
    });

    it("answers 403 when the uid is not the verified token's", async () => {
      const [ada, bob] = [await gw.firebaseUser(), await gw.firebaseUser()];
      const answer = await gw.request('POST', '/api/jwt', { body: { uid: bob.uid, idToken: ada.idToken } });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toHaveProperty('token');
      expect(await gw.store.users.getByUid(ada.uid)).toBeNull();
    });
  });

  describe('books', () => {
    it('GET /api/books lists every book with _id and no id', async () => {
      const ids = [await gw.addBook({ title: 'Listed One' }), await gw.addBook({ title: 'Listed Two' })];
      const answer = await gw.request('GET', '/api/books');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.body).toHaveLength(await gw.store.books.count());
      for (const book of answer.body) {
        expect(Object.keys(book).sort()).toEqual([
          '__v',
          '_id',
          'author',
          'copies',
          'description',
          'genre',
          'image',
          'quantity',
          'rating',
          'replacementCost',
          'title',
        ]);
      }
      expect(
        answer.body.filter((b: { _id: string }) => ids.includes(b._id)).map((b: { title: string }) => b.title),
      ).toEqual(['Listed One', 'Listed Two']);
    });

    it('POST /api/books adds a book for a member and answers 201 { acknowledged, insertedId }', async () => {
      const m = await gw.member();
      const body = bookBody({ title: 'Added Over REST', rating: 4.3, quantity: 2 });
      const answer = await gw.request('POST', '/api/books', { token: m.token, body });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(OBJECT_ID) });
      expect(await gw.store.books.get(answer.body.insertedId)).toMatchObject(body);
    });

    it('POST /api/books: 401 without a token, 403 with a bad one, nothing stored', async () => {
      const before = await gw.store.books.count();
      expect(await gw.request('POST', '/api/books', { body: bookBody() })).toMatchObject({
        status: 401,
        body: UNAUTHORIZED,
      });
      expect(await gw.request('POST', '/api/books', { body: bookBody(), token: 'forged.token.value' })).toMatchObject({
        status: 403,
        body: FORBIDDEN,
      });
      expect(await gw.store.books.count()).toBe(before);
    });

    it.each([
      ['title', { title: '' }],
      ['title', { title: undefined }],
      ['author', { author: 42 }],
      ['rating', { rating: 0.5 }],
      ['rating', { rating: 6 }],
      ['rating', { rating: '4' }],
      ['quantity', { quantity: 0 }],
      ['quantity', { quantity: 1.5 }],
      ['image', { image: 'javascript:alert(1)' }],
      ['description', { description: undefined }],
      ['isbn', { isbn: '123' }],
    ])('POST /api/books refuses a bad %s with 400 naming it', async (field, override) => {
      const m = await gw.member();
      const before = await gw.store.books.count();
      const answer = await gw.request('POST', '/api/books', { token: m.token, body: bookBody(override) });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(field);
      expect(await gw.store.books.count()).toBe(before);
    });

    it('GET /api/books/:id answers the book, 400 for a malformed id, 404 for a missing one', async () => {
      const fields = bookFields({ title: 'Found', rating: 3.5, quantity: 7 });
      const id = await gw.addBook(fields);
      const found = await gw.request('GET', `/api/books/${id}`);
      expect(found.status).toBe(200);
      expect(found.body).toEqual({ _id: id, ...fields, copies: 7, replacementCost: null, __v: 0 });
      const malformed = await gw.request('GET', '/api/books/not-an-id');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toEqual(expect.any(String));
      expect(await gw.request('GET', `/api/books/${MISSING_ID}`)).toMatchObject({
        status: 404,
        body: { message: 'Book not found' },
      });
    });

    it('GET /api/books/category/:category answers only that genre', async () => {
      const genre = `Genre ${Date.now()}`;
      const ids = [await gw.addBook({ genre }), await gw.addBook({ genre }), await gw.addBook({ genre: 'Other' })];
      const answer = await gw.request('GET', `/api/books/category/${encodeURIComponent(genre)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.map((b: { _id: string }) => b._id)).toEqual(ids.slice(0, 2));
      expect(answer.body.every((b: { genre: string }) => b.genre === genre)).toBe(true);
      expect((await gw.request('GET', '/api/books/category/Nothing%20Here')).body).toEqual([]);
    });

    it('GET /api/books/category/:category streams the whole genre, past any page size, in the same shape', async () => {
      const genre = `Streamed ${randomUUID()}`;
      // More than the store reads per chunk (500), with books of another genre in between.
      await gw.store.books.insertMany(
        Array.from({ length: 1_100 }, (_, i) => bookFields({ title: `Streamed ${i}`, genre: i % 2 ? 'Other' : genre })),
      );
      const answer = await gw.request('GET', `/api/books/category/${encodeURIComponent(genre)}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      // Sent as it is read: no length known up front, unlike an answer serialised whole.
      expect(answer.headers.get('content-length')).toBeNull();
      expect(answer.headers.get('transfer-encoding')).toBe('chunked');
      expect(answer.body.map((b: { title: string }) => b.title)).toEqual(
        Array.from({ length: 550 }, (_, i) => `Streamed ${2 * i}`),
      );
      const [first] = await gw.store.books.list({ genre }, { first: 1 }).then((page) => page.nodes);
      expect(answer.body[0]).toEqual((await gw.request('GET', `/api/books/${first?.id}`)).body);
    });

    it('GET /api/categories lists the categories with _id and absolute image URLs', async () => {
      await gw.store.categories.seed([
        { name: 'Drama', image: '/assets/library/categories/drama.svg', description: 'Plays.' },
      ]);
      const answer = await gw.request('GET', '/api/categories');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        {
          _id: expect.stringMatching(OBJECT_ID),
          name: 'Drama',
          image: `${gw.url}/assets/library/categories/drama.svg`,
          description: 'Plays.',
        },
      ]);
    });
  });

  describe('PUT /api/books/:id', () => {
    it("writes the listed fields, ignores an _id in the body and answers MongoDB's UpdateResult", async () => {
      const m = await gw.member();
      const [id, other] = [
        await gw.addBook({ title: 'Before', description: 'Kept' }),
        await gw.addBook({ title: 'Other' }),
      ];
      const update = {
        _id: other,
        title: 'After',
        author: 'New Author',
        genre: 'Fantasy',
        image: 'https://example.com/new.jpg',
        rating: 3,
        quantity: 0,
      };
      const answer = await gw.request('PUT', `/api/books/${id}`, { token: m.token, body: update });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: 1,
        upsertedId: null,
        upsertedCount: 0,
      });
      const { _id, ...fields } = update;
      expect(await gw.store.books.get(id)).toMatchObject({ id, ...fields, description: 'Kept' });
      expect((await gw.store.books.get(other))?.title).toBe('Other');
      const same = await gw.request('PUT', `/api/books/${id}`, {
        token: m.token,
        body: { ...fields, description: 'Kept' },
      });
      expect(same.body).toEqual({
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: 0,
        upsertedId: null,
        upsertedCount: 0,
      });
    });

    it('refuses 401/403 without a valid session, 400 for bad input, 404 for a missing book', async () => {
      const m = await gw.member();
      const id = await gw.addBook({ title: 'Untouched' });
      const body = {
        title: 'Changed',
        author: 'A',
        genre: 'Drama',
        image: 'https://example.com/x.jpg',
        rating: 4,
        quantity: 1,
      };
      expect(await gw.request('PUT', `/api/books/${id}`, { body })).toMatchObject({ status: 401, body: UNAUTHORIZED });
      expect(await gw.request('PUT', `/api/books/${id}`, { body, token: `${m.token}x` })).toMatchObject({
        status: 403,
        body: FORBIDDEN,
      });
      for (const bad of [{ quantity: -1 }, { rating: 0 }, { title: ' ' }, { createdAt: 'x' }, { quantity: '3' }]) {
        const answer = await gw.request('PUT', `/api/books/${id}`, { token: m.token, body: { ...body, ...bad } });
        expect(answer.status, JSON.stringify(bad)).toBe(400);
        expect(answer.body.message).toEqual(expect.any(String));
      }
      expect((await gw.request('PUT', '/api/books/xyz', { token: m.token, body })).status).toBe(400);
      expect(await gw.request('PUT', `/api/books/${MISSING_ID}`, { token: m.token, body })).toMatchObject({
        status: 404,
        body: { message: 'Book not found' },
      });
      expect((await gw.store.books.get(id))?.title).toBe('Untouched');
    });
  });

  describe('GET /api/users', () => {
    it('lists members to a signed-in caller; 401 without and 403 with a bad token', async () => {
      const m = await gw.member({ name: 'Listed Member' });
      const answer = await gw.request('GET', '/api/users', { token: m.token });
      expect(answer.status).toBe(200);
      expect(answer.body.find((u: { uid: string }) => u.uid === m.uid)).toEqual({
        _id: expect.stringMatching(OBJECT_ID),
        uid: m.uid,
        name: 'Listed Member',
        email: m.email,
        role: 'member',
        status: 'active',
        createdAt: expect.stringMatching(ISO),
        phone: null,
        photoURL: null,
      });
      expect(await gw.request('GET', '/api/users')).toMatchObject({ status: 401, body: UNAUTHORIZED });
      expect(await gw.request('GET', '/api/users', { token: 'garbage' })).toMatchObject({
        status: 403,
        body: FORBIDDEN,
      });
    });
  });

  describe('protected paths', () => {
    // The session is checked before the body: a visitor learns nothing about the schema and the SPA sees 401.
    it.each([
      ['POST', '/api/books'],
      ['PUT', '/api/books/aaaaaaaaaaaaaaaaaaaaaaaa'],
      ['POST', '/api/borrow'],
      ['POST', '/api/return-book'],
    ])('%s %s answers 401/403 before looking at a bad body', async (method, path) => {
      expect(await gw.request(method, path, { body: { nonsense: true } })).toMatchObject({
        status: 401,
        body: UNAUTHORIZED,
      });
      expect(await gw.request(method, path, { body: { nonsense: true }, token: 'bad' })).toMatchObject({
        status: 403,
        body: FORBIDDEN,
      });
    });
  });

  describe('hostile bodies', () => {
    it('answers 400 with a message for malformed JSON, never 500', async () => {
      const m = await gw.member();
      for (const raw of ['{"title": ', '[1,2', 'null', '[]', '"text"']) {
        const answer = await gw.request('POST', '/api/books', { token: m.token, raw });
        expect(answer.status, raw).toBe(400);
        expect(answer.body.message, raw).toEqual(expect.any(String));
      }
    });

    it('refuses a form-encoded body (415) and a __proto__ key (400) with a message', async () => {
      const m = await gw.member();
      const before = await gw.store.books.count();
      const form = await gw.request('POST', '/api/books', {
        token: m.token,
        raw: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
      expect(form.body.message).toEqual(expect.any(String));
      const proto = await gw.request('POST', '/api/books', {
        token: m.token,
        raw: JSON.stringify(bookBody()).replace('{', '{"__proto__": {"admin": true},'),
      });
      expect(proto.status).toBe(400);
      expect(proto.body.message).toEqual(expect.any(String));
      expect(await gw.store.books.count()).toBe(before);
    });

    it('answers 413 for a body over 100 KB', async () => {
      const m = await gw.member();
      const answer = await gw.request('POST', '/api/books', {
        token: m.token,
        body: bookBody({ description: 'x'.repeat(101 * 1024) }),
      });
      expect(answer.status).toBe(413);
      expect(answer.body.message).toEqual(expect.any(String));
    });

    it('answers 404 JSON for an unknown /api path', async () => {
      expect(await gw.request('GET', '/api/nothing')).toMatchObject({ status: 404, body: { message: 'Not found' } });
    });
  });
});
