// Search through the API as a reader in Bangladesh types it: each spelling of a Bengali word finds the same books
// with the same count and facets, a search in Latin letters also finds the Bengali books it spells (Banglish)
// after the matches as typed, and a title starting with the whole word ranks first ("Ami Topu" before "Amicitia").
import { randomBytes } from 'node:crypto';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllBooksDocument } from '../../client/gql/graphql.ts';
import { describeEachStore, startTestGateway, type Answer, type TestGateway } from '../support/gateway.ts';

describeEachStore((store) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store, env: { SESSION_SECRET: randomBytes(32).toString('hex') } });
    for (const [title, author, genre, quantity] of [
      ['গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর', 'Poetry', 0],
      ['Gitanjali', 'Rabindranath Tagore', 'Poetry', 2],
      ['শেষের কবিতা', 'রবীন্দ্রনাথ ঠাকুর', 'Romance', 1],
      ['সময়ের গল্প ১৯৭১', 'হুমায়ূন আহমেদ', 'Drama', 1],
      ['Amicitia', 'Cicero', 'Drama', 1],
      ['Ami Topu', 'Muhammed Zafar Iqbal', 'Children', 1],
      ['আমি টপু', 'মুহম্মদ জাফর ইকবাল', 'Children', 1],
    ] as const)
      await gw.addBook({ title, author, genre, quantity });
  });
  afterAll(() => gw.close());

  type Page = {
    totalCount: number;
    nodes: { title: string }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    genreCounts: { genre: string; count: number }[];
    availableCount: number;
  };
  const data = <T>(answer: Answer<{ data?: T; errors?: unknown }>): T => {
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    return answer.body.data as T;
  };
  const books = async (search: string, first = 20, after: string | null = null) =>
    data<{ books: Page }>(
      await gw.gql(
        `query($f: BookFilter, $n: Int, $a: String) { books(filter: $f, first: $n, after: $a) {
          totalCount nodes { title } pageInfo { hasNextPage endCursor } genreCounts { genre count } availableCount } }`,
        { f: { search }, n: first, a: after },
      ),
    ).books;
  const titles = (page: Page) => page.nodes.map((book) => book.title);

  describe('books(filter: { search })', () => {
    it('answers each spelling of a Bengali word with the same books, count and facets', async () => {
      for (const spellings of [
        ['গীতাঞ্জলি', 'গীতাঞ্জলী', 'গিতাঞ্জলি'],
        ['রবীন্দ্রনাথ', 'রবিন্দ্রনাথ'],
        ['হুমায়ূন', 'হুমায়ুন', 'হুমা\u09AF\u09BCূন'],
        ['সময়', 'সম\u09DF'],
        ['১৯৭১', '1971'],
        ['কবিতা', 'ক\u200Cবিতা'],
      ]) {
        const [first = ''] = spellings;
        const expected = await books(first);
        expect(expected.totalCount, first).toBeGreaterThan(0);
        for (const spelling of spellings.slice(1)) expect(await books(spelling), spelling).toEqual(expected);
      }
      expect(titles(await books('রবীন্দ্রনাথ'))).toEqual(['গীতাঞ্জলি', 'শেষের কবিতা']);
    });

    it('finds the Bengali books a search in Latin letters spells, after the matches as typed', async () => {
      const gitanjali = await books('gitanjali');
      expect([titles(gitanjali), gitanjali.totalCount]).toEqual([['Gitanjali', 'গীতাঞ্জলি'], 2]);
      expect([gitanjali.genreCounts, gitanjali.availableCount]).toEqual([[{ genre: 'Poetry', count: 2 }], 1]);
      expect(titles(await books('rabindranath'))).toEqual(['Gitanjali', 'গীতাঞ্জলি', 'শেষের কবিতা']);
      expect(titles(await books('humayun ahmed'))).toEqual(['সময়ের গল্প ১৯৭১']);
      // Page by page across the two halves, the count on every page.
      const first = await books('rabindranath', 2);
      expect([titles(first), first.totalCount, first.pageInfo.hasNextPage]).toEqual([
        ['Gitanjali', 'গীতাঞ্জলি'],
        3,
        true,
      ]);
      const second = await books('rabindranath', 2, first.pageInfo.endCursor);
      expect([titles(second), second.totalCount, second.pageInfo.hasNextPage]).toEqual([['শেষের কবিতা'], 3, false]);
      // The SPA's own All Books query stays within the gateway's limits for a Banglish search.
      const spa = await gw.gql(print(AllBooksDocument), { filter: { search: 'gitanjali' }, first: 20 });
      expect(spa.body.errors).toBeUndefined();
    });

    it('ranks "Ami Topu" first for "ami", then "Amicitia", then the Bengali আমি টপু', async () => {
      expect(titles(await books('ami'))).toEqual(['Ami Topu', 'Amicitia', 'আমি টপু']);
      expect(titles(await books('Ami Topu'))).toEqual(['Ami Topu', 'আমি টপু']);
    });
  });
});
