// A search is priced by the books its short words hold, as the store counts them (library/catalog.ts,
// SEARCH_COST; decision 070): on a catalogue where common short words are in thousands of books, a member's
// All Books (the SPA's own operation, with a one-letter search in either language, every facet and the longest
// page) passes, and fifteen aliased two-letter searches asking only totalCount are refused before they run.
import { print } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AllBooksDocument } from '../../client/gql/graphql.ts';
import { SEARCH_COST } from '../../server/library/catalog.ts';
import { MAX_PAGE_SIZE } from '../../server/library/paging.ts';
import { bookFields, describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';

// What the Apollo Client sends: the document with the __typename it adds.
const ALL_BOOKS = print(addTypenameToDocument(AllBooksDocument));
const GENRES = ['Drama', 'Poetry', 'Fantasy'];
/** Every book's title and author hold "ra", "a" and "মা". */
const book = (i: number) =>
  bookFields({ title: `The Rain Maker of Sundarbans ${i}`, author: 'মাহমুদ হক', genre: GENRES[i % 3] });
const fifteen = (search: string) =>
  `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: books(filter: { search: "${search}" }) { totalCount }`).join(' ')} }`;
const found = (message = '') => Number(/found ([\d.]+)\.$/.exec(message)?.[1]);

describeEachStore((store) => {
  // Enough books for a short word's price to reach the most a read of matches costs (SEARCH_COST.scan), so a
  // larger catalogue prices the same.
  const books = SEARCH_COST.scan * SEARCH_COST.matchesPerUnit;
  const priced = Math.min(SEARCH_COST.scan, Math.ceil(books / SEARCH_COST.matchesPerUnit));
  let gw: TestGateway;
  let member: Member;
  beforeAll(async () => {
    // The catalogue fills for seconds between two requests: the connection is kept alive for longer, so the
    // client's pooled socket is not closed under its next request. A one-letter search of 2,000 books with every
    // facet takes FerretDB over 30 s on a loaded machine: the request deadline is the test's, not the gateway's.
    gw = await startTestGateway({ store, env: { KEEP_ALIVE_TIMEOUT_MS: '120000', REQUEST_TIMEOUT_MS: '120000' } });
    member = await gw.member();
    await gw.store.books.insertMany(Array.from({ length: 100 }, (_, i) => book(i)));
  });
  afterAll(() => gw?.close());

  it(
    'prices short words by the books that hold them: fifteen are cheap in a small catalogue, refused in a large one',
    { timeout: 120_000 },
    async () => {
      const small = await gw.gql(fifteen('ra'));
      expect(small.body.errors).toBeUndefined();
      expect(Object.values(small.body.data ?? {})).toEqual(Array.from({ length: 15 }, () => ({ totalCount: 100 })));

      for (let i = 100; i < books; i += 1_000)
        await gw.store.books.insertMany(Array.from({ length: Math.min(1_000, books - i) }, (_, j) => book(i + j)));
      // The same fifteen, the word now in every book; and with a word of 3+ characters beside it, which the count
      // of the short word still reads (it was priced as the long word alone).
      for (const search of ['ra', 'ra the']) {
        const answer = await gw.gql(fifteen(search));
        expect(answer.status).toBe(400);
        expect(answer.body.data).toBeUndefined();
        expect(answer.body.errors).toEqual([
          {
            message: expect.stringMatching(/^Query Cost limit of 5000 exceeded, found [\d.]+\.$/),
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ]);
        expect(found(answer.body.errors?.[0]?.message)).toBeGreaterThanOrEqual(15 * (SEARCH_COST.short + priced));
      }
    },
  );

  it(
    "lets the member's All Books through with a one-letter search in either language, a genre, every facet and the longest page",
    { timeout: 120_000 },
    async () => {
      for (const search of ['a', 'মা']) {
        const filter = { search, genre: 'Drama', availableOnly: true };
        const answer = await gw.gql(ALL_BOOKS, { filter, first: MAX_PAGE_SIZE }, member.token);
        expect(answer.body.errors, search).toBeUndefined();
        expect(answer.body.data.books).toMatchObject({
          totalCount: Math.ceil(books / 3),
          availableCount: Math.ceil(books / 3),
          genreCounts: GENRES.map((genre, i) => ({ genre, count: Math.floor((books - i - 1) / 3) + 1 })).sort((a, b) =>
            a.genre.localeCompare(b.genre),
          ),
        });
        expect(answer.body.data.books.nodes).toHaveLength(MAX_PAGE_SIZE);
      }
    },
  );
});
