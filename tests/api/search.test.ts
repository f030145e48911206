// Search through the API: words in any order, ranked best first, paged by cursor with an exact count, the
// facets a list shows beside it (genre counts, available count) and what they cost; the desk's member search.
import { randomBytes, randomUUID } from 'node:crypto';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllBooksDocument } from '../../client/gql/graphql.ts';
import { describeEachStore, startTestGateway, type Answer, type TestGateway } from '../support/gateway.ts';

const SESSION_SECRET = randomBytes(32).toString('hex');

describeEachStore((store) => {
  const ADMIN_EMAIL = `desk-${randomUUID().slice(0, 8)}@example.com`;
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store, env: { ADMIN_EMAILS: ADMIN_EMAIL, SESSION_SECRET } });
  });
  afterAll(() => gw.close());

  const data = <T>(answer: Answer<{ data?: T; errors?: unknown }>): T => {
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    return answer.body.data as T;
  };
  type Page = {
    totalCount: number;
    nodes: { title: string }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    genreCounts?: { genre: string; count: number }[];
    availableCount?: number;
  };
  const books = async (filter: Record<string, unknown>, first = 20, after: string | null = null, facets = false) =>
    data<{ books: Page }>(
      await gw.gql(
        `query($f: BookFilter, $n: Int, $a: String) { books(filter: $f, first: $n, after: $a) {
          totalCount nodes { title } pageInfo { hasNextPage endCursor }
          ${facets ? 'genreCounts { genre count } availableCount' : ''} } }`,
        { f: filter, n: first, a: after },
      ),
    ).books;

  describe('books search', () => {
    it('finds every word in any order, best match first, paged with an exact count', async () => {
      const tag = randomUUID().slice(0, 6);
      for (const [title, author] of [
        [`Thelma And The Nougat ${tag}`, 'Rosa Vale'],
        [`Nougat Nights ${tag}`, 'Thelma Brontë'],
        [`The Nougat Anthelma ${tag}`, 'Ann Oak'],
        [`Thelma Alone ${tag}`, 'Rosa Vale'],
      ])
        await gw.addBook({ title, author });
      const titles = (page: Page) => page.nodes.map((book) => book.title.replace(` ${tag}`, ''));
      const all = await books({ search: `  nougat ${tag}   THELMA ` });
      expect(all.totalCount).toBe(3);
      // Every word at a word's start first (by title), then a word inside another.
      expect(titles(all)).toEqual(['Nougat Nights', 'Thelma And The Nougat', 'The Nougat Anthelma']);
      expect(titles(await books({ search: `thelma and the nougat ${tag}` }))).toEqual(['Thelma And The Nougat']);
      expect(titles(await books({ search: `bronte ${tag}` }))).toEqual(['Nougat Nights']);
      // Page by page through the cursor: the same order, the count on every page.
      const first = await books({ search: `thelma nougat ${tag}` }, 2);
      expect([first.totalCount, first.pageInfo.hasNextPage, titles(first)]).toEqual([
        3,
        true,
        ['Nougat Nights', 'Thelma And The Nougat'],
      ]);
      const second = await books({ search: `thelma nougat ${tag}` }, 2, first.pageInfo.endCursor);
      expect([second.totalCount, second.pageInfo.hasNextPage, titles(second)]).toEqual([
        3,
        false,
        ['The Nougat Anthelma'],
      ]);
      // A cursor of a page in insertion order is not one of a ranked search.
      const plain = (await books({}, 1)).pageInfo.endCursor;
      const refused = await gw.gql(
        'query($a: String) { books(filter: { search: "nougat" }, after: $a) { totalCount } }',
        {
          a: plain,
        },
      );
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('answers genre counts and the available count for the search', async () => {
      const tag = randomUUID().slice(0, 6);
      await gw.addBook({ title: `Harbour ${tag} One`, genre: 'Romance', quantity: 2 });
      await gw.addBook({ title: `Harbour ${tag} Two`, genre: 'Romance', quantity: 0 });
      await gw.addBook({ title: `Harbour ${tag} Three`, genre: 'Thriller', quantity: 1 });
      const page = await books({ search: `harbour ${tag}` }, 1, null, true);
      expect(page.totalCount).toBe(3);
      expect(page.genreCounts).toEqual([
        { genre: 'Romance', count: 2 },
        { genre: 'Thriller', count: 1 },
      ]);
      expect(page.availableCount).toBe(2);
      const romance = await books({ search: `harbour ${tag}`, genre: 'Romance', availableOnly: true }, 5, null, true);
      expect([romance.totalCount, romance.genreCounts, romance.availableCount]).toEqual([
        1,
        [
          { genre: 'Romance', count: 1 },
          { genre: 'Thriller', count: 1 },
        ],
        1,
      ]);
    });

    it('prices facets as another read of the matches', async () => {
      // 13 words of 3 characters: 1690 a search (library/catalog.ts, SEARCH_COST); facets 500 and the search again.
      const words = (seed: string) => Array.from({ length: 13 }, (_, i) => `${seed}q${i.toString(36)}`).join(' ');
      const count = (alias: string, search: string, facets = false) =>
        `${alias}: books(first: 1, filter: { search: "${search}" }) { totalCount ${facets ? 'genreCounts { count } availableCount' : ''} }`;
      expect((await gw.gql(`{ ${count('a', words('e'))} ${count('b', words('f'))} }`)).body.errors).toBeUndefined();
      // The All Books page asks its page and facets in one query, within the limit even for one letter.
      for (const search of ['e', 'zq', 'a b c', 'nougat'])
        expect((await gw.gql(print(AllBooksDocument), { filter: { search }, first: 20 })).body.errors).toBeUndefined();
      const over = await gw.gql(`{ ${count('a', words('e'), true)} ${count('b', words('f'))} }`);
      expect(over.status).toBe(400);
      expect(over.body.errors?.[0]?.message).toMatch(/^Query Cost limit of 5000 exceeded/);
    });
  });

  describe('desk member search', () => {
    it('"rahim" lists Rahim Uddin before the Ibrahims', async () => {
      const tag = randomUUID().slice(0, 6);
      for (const name of [`Ibrahim Khan ${tag}`, `Karim Ibrahim ${tag}`, `Rahim Uddin ${tag}`, `Ibrahim Rahmân ${tag}`])
        await gw.member({ name });
      const staff = await gw.member({ email: ADMIN_EMAIL });
      const names = async (search: string) =>
        data<{ users: { name: string }[] }>(
          await gw.gql('query($s: String) { users(search: $s, first: 10) { name } }', { s: search }, staff.token),
        ).users.map((user) => user.name.replace(` ${tag}`, ''));
      expect(await names(`rahim ${tag}`)).toEqual(['Rahim Uddin', 'Ibrahim Khan', 'Ibrahim Rahmân', 'Karim Ibrahim']);
      expect(await names(`${tag}   rahman`)).toEqual(['Ibrahim Rahmân']);
    });
  });
});
