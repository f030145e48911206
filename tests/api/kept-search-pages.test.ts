// A page of a search is kept until the next write (decision 091, SQLite), so the same search asked again is
// answered from memory. Where the parts meet: the SPA's All Books search on one gateway, a borrow and an edit
// through another gateway on the same store; the first gateway's next answer shows them. MongoDB keeps no page,
// and must answer the same.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';

// The SPA's All Books query (client/features/catalog), its book fields as CatalogBook selects them.
const ALL_BOOKS = `query AllBooks($filter: BookFilter, $first: Int!, $after: String) {
  books(filter: $filter, first: $first, after: $after) {
    nodes { id title author genre image rating quantity }
    totalCount
    pageInfo { hasNextPage endCursor }
    genreCounts { genre count }
    availableCount
  }
  bookCount
  genres
}`;
const BORROW = `mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity } }`;
const UPDATE = `mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { id title } }`;

let opened: TestGateway[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((gw) => gw.close()));
});

describeEachStore((kind) => {
  it("answers a search again with another gateway's borrow and edit in it at once", async () => {
    const env = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MONGODB_DB: `bh_kept_${randomBytes(4).toString('hex')}`,
    };
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-kept-'));
    const start = () => startTestGateway({ store: kind, env, dataDir, schedule: false });
    opened = [await start()];
    opened.push(await start());
    const [a, b] = opened as [TestGateway, TestGateway];

    const kestrel = await a.addBook({ title: 'Kestrel Kept', author: 'Ines Vale', genre: 'Drama', quantity: 1 });
    await a.addBook({ title: 'Kestrel Flight', author: 'Ines Vale', genre: 'Poetry', quantity: 2 });
    const search = async () => {
      const answer = await a.gql(ALL_BOOKS, { filter: { search: 'kestrel' }, first: 12 });
      expect(answer.body.errors).toBeUndefined();
      const books = answer.body.data.books;
      return {
        books: books.nodes.map((book: { title: string; quantity: number }) => [book.title, book.quantity]).sort(),
        totalCount: books.totalCount,
        availableCount: books.availableCount,
      };
    };
    const before = {
      books: [
        ['Kestrel Flight', 2],
        ['Kestrel Kept', 1],
      ],
      totalCount: 2,
      availableCount: 2,
    };
    expect(await search()).toEqual(before);
    expect(await search()).toEqual(before);

    const member = await b.member();
    const returnDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const borrowed = await b.gql(BORROW, { input: { bookId: kestrel, returnDate } }, member.token);
    expect(borrowed.body.data?.borrow.currentQuantity).toBe(0);
    expect(await search()).toEqual({
      books: [
        ['Kestrel Flight', 2],
        ['Kestrel Kept', 0],
      ],
      totalCount: 2,
      availableCount: 1,
    });

    const renamed = await b.gql(
      UPDATE,
      {
        id: kestrel,
        input: {
          title: 'Harrier Kept',
          author: 'Ines Vale',
          genre: 'Drama',
          description: 'A book for tests.',
          image: 'https://example.com/cover.jpg',
          rating: 4.5,
          copies: 1,
        },
      },
      member.token,
    );
    expect(renamed.body.errors).toBeUndefined();
    expect(await search()).toEqual({ books: [['Kestrel Flight', 2]], totalCount: 1, availableCount: 1 });
  });
});
