// The gateway over the MongoDB adapter: a representative subset of the API suites, so a difference between
// the adapters shows up as an HTTP-level failure. Runs when global setup found a MongoDB-protocol server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';
import { bookBody, borrowed, codes, gqlBorrow, members, quantityOf, restBorrow, restReturn } from './factory.ts';

const mongodbUri = inject('mongodbUri');
const skipReason = inject('mongoSkipReason') ?? 'no MongoDB-protocol server';

describe.skipIf(!mongodbUri)(mongodbUri ? 'the gateway over MongoDB' : `the gateway over MongoDB (skipped: ${skipReason})`, () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store: 'mongodb' });
    expect(gw.store.kind).toBe('mongodb');
  });
  afterAll(() => gw?.close());

  it('signs in through POST /api/jwt and lists the member in /api/users', async () => {
    const m = await gw.member({ name: 'Mongo Reader' });
    const users = await gw.request('GET', '/api/users', { token: m.token });
    expect(users.status).toBe(200);
    expect(users.body.find((u: { uid: string }) => u.uid === m.uid)).toMatchObject({ name: 'Mongo Reader', email: m.email, role: 'member', status: 'active' });
    expect(codes(await gw.gql('{ users { id } }'))).toEqual(['UNAUTHENTICATED']);
  });

  it('signs the same new account in from several requests at once', async () => {
    const user = await gw.firebaseUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => gw.request('POST', '/api/jwt', { body: { idToken: user.idToken } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await gw.store.users.list()).filter((u) => u.uid === user.uid)).toHaveLength(1);
  });

  it('adds over REST and reads back over REST and GraphQL', async () => {
    const m = await gw.member();
    const body = bookBody({ title: 'Mongo Added', rating: 4.1 });
    const added = await gw.request('POST', '/api/books', { token: m.token, body });
    expect(added.status).toBe(201);
    const id = added.body.insertedId as string;
    expect(await gw.request('GET', `/api/books/${id}`)).toMatchObject({ status: 200, body: { _id: id, ...body } });
    expect((await gw.gql('query($id: ID!) { book(id: $id) { id title rating } }', { id })).body.data.book).toEqual({ id, title: 'Mongo Added', rating: 4.1 });
  });

  it('searches, filters and pages with a keyset cursor', async () => {
    const tag = randomUUID().slice(0, 8);
    const genre = `Mongo ${tag}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await gw.addBook({ genre, title: `Tome ${tag} ${i}`, quantity: i === 2 ? 0 : 1 }));
    const query = 'query($f: BookFilter, $a: String) { books(filter: $f, first: 2, after: $a) { totalCount nodes { id } pageInfo { hasNextPage endCursor } } }';
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const books: any = (await gw.gql(query, { f: { genre }, a: after })).body.data.books;
      expect(books.totalCount).toBe(5);
      seen.push(...books.nodes.map((n: { id: string }) => n.id));
      after = books.pageInfo.endCursor;
      expect(books.pageInfo.hasNextPage).toBe(page < 2);
    }
    expect(seen).toEqual(ids);
    const available: any = (await gw.gql(query, { f: { search: `TOME ${tag.toUpperCase()}`, availableOnly: true } })).body.data.books;
    expect(available.totalCount).toBe(4);
    expect((await gw.request('GET', `/api/books/category/${encodeURIComponent(genre)}`)).body).toHaveLength(5);
  });

  it('borrows and returns, with already-borrowed, out-of-stock and cross-book refusals', async () => {
    const [m, other] = [await gw.member(), await gw.member()];
    const [bookId, otherBook] = [await gw.addBook({ quantity: 1 }), await gw.addBook({ quantity: 3 })];
    const loanId = await borrowed(gw, m, bookId);
    expect(await restBorrow(gw, m, bookId)).toMatchObject({ status: 400, body: { alreadyBorrowed: true } });
    expect(codes(await gqlBorrow(gw, other.token, bookId))).toEqual(['OUT_OF_STOCK']);
    expect((await restReturn(gw, m, loanId, otherBook)).status).toBe(400);
    expect((await restReturn(gw, other, loanId, bookId)).status).toBe(403);
    expect([await quantityOf(gw, bookId), await quantityOf(gw, otherBook)]).toEqual([0, 3]);
    expect(await restReturn(gw, m, loanId, bookId)).toMatchObject({ status: 200, body: { success: true } });
    expect(await quantityOf(gw, bookId)).toBe(1);
    const list = await gw.request('GET', `/api/borrowed-books/${m.uid}`, { token: m.token });
    expect(list.body.map((l: { _id: string; status: string }) => [l._id, l.status])).toEqual([[loanId, 'returned']]);
  });

  it('20 members racing for the last copy: exactly one loan, quantity 0', async () => {
    const racers = await members(gw, 20);
    const bookId = await gw.addBook({ quantity: 1 });
    const answers = await Promise.all(racers.map((m) => restBorrow(gw, m, bookId)));
    expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 400)).toBe(true);
    expect(await quantityOf(gw, bookId)).toBe(0);
    const loans = await Promise.all(racers.map((m) => gw.store.loans.findActive(m.uid, bookId)));
    expect(loans.filter(Boolean)).toHaveLength(1);
  });
});
