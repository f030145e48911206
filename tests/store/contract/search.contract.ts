// Contract: what a search finds and in what order (search-words.ts, docs/search.md), for books and members.
import { describe, expect, it } from 'vitest';
import type { BookFilter, BookRecord, Store } from '../../../server/store/port.ts';
import { recentSince } from '../../../server/store/search-words.ts';
import { bengaliSearchContract } from './bengali-search.contract.ts';
import { bookFields, insertBooks, newLoan, profile, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';

const titles = (books: BookRecord[]): string[] => books.map((b) => b.title);

async function search(store: Store, text: string, filter: BookFilter = {}): Promise<string[]> {
  return titles((await store.books.list({ ...filter, search: text }, { first: 100 })).nodes);
}

/** Every page of a search, cursor by cursor, checking the count on each. */
async function allPages(store: Store, text: string, first: number, between?: () => Promise<void>) {
  const seen: string[] = [];
  const counts: number[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const page = await store.books.list({ search: text }, { first, after });
    counts.push(page.totalCount);
    seen.push(...titles(page.nodes));
    if (!page.hasNextPage) break;
    after = page.endCursor;
    await between?.();
  }
  return { seen, counts };
}

export function searchContract(factory: StoreFactory): void {
  describe('search by words', () => {
    const store = useStore(factory);

    it('matches every word in title or author, in any order, whatever the spaces between them', async () => {
      await insertBooks(store(), [
        { title: 'Thelma And The Nougat', author: 'Rosa Vale' },
        { title: 'Nougat Nights', author: 'Thelma Stone' },
        { title: 'Thelma Alone', author: 'Rosa Vale' },
        { title: 'Thelmanougat', author: 'Ann Oak' },
      ]);
      const both = ['Nougat Nights', 'Thelma And The Nougat', 'Thelmanougat'];
      for (const text of ['thelma nougat', 'nougat thelma', '  Thelma   NOUGAT ', 'thelma\tnougat', 'nou thel']) {
        expect((await search(store(), text)).sort()).toEqual(both);
      }
      // A word may match inside a word; every word must match somewhere.
      expect((await search(store(), 'elm oug')).sort()).toEqual(both);
      expect(await search(store(), 'thelma nougat zebra')).toEqual([]);
      expect((await search(store(), 'rosa thelma')).sort()).toEqual(['Thelma Alone', 'Thelma And The Nougat']);
      // The same word twice is one word.
      expect((await search(store(), 'vale vale')).sort()).toEqual(['Thelma Alone', 'Thelma And The Nougat']);
      const page = await store().books.list({ search: 'thelma nougat' }, { first: 2 });
      expect(page.totalCount).toBe(3);
      expect(page.hasNextPage).toBe(true);
    });

    it('folds accents both ways: "bronte" finds Brontë, "brontë" finds Bronte', async () => {
      await insertBooks(store(), [
        { title: 'Jane Eyre', author: 'Charlotte Brontë' },
        { title: 'Wuthering Heights', author: 'Emily Bronte' },
        { title: 'Les Misérables', author: 'Victor Hugo' },
      ]);
      expect((await search(store(), 'bronte')).sort()).toEqual(['Jane Eyre', 'Wuthering Heights']);
      expect((await search(store(), 'BRONTË')).sort()).toEqual(['Jane Eyre', 'Wuthering Heights']);
      expect(await search(store(), 'emily brontë')).toEqual(['Wuthering Heights']);
      expect(await search(store(), 'miserables')).toEqual(['Les Misérables']);
      expect(await search(store(), 'mise')).toEqual(['Les Misérables']);
      expect(await search(store(), 'HUGÓ')).toEqual(['Les Misérables']);
    });

    it('matches Bengali as typed, in either Unicode form, keeping its vowel signs', async () => {
      await insertBooks(store(), [
        { title: 'গীতাঞ্জলি', author: 'রবীন্দ্রনাথ ঠাকুর', genre: 'Poetry' },
        { title: 'অগ্নিবীণা', author: 'Kazi Nazrul Islam', genre: 'Poetry' },
        { title: 'রূপসী বাংলা', author: 'জীবনানন্দ দাশ', genre: 'Poetry' },
        { title: 'Gitanjali', author: 'Rabindranath Tagore', genre: 'Poetry' },
      ]);
      expect(await search(store(), 'গীতাঞ্জলি')).toEqual(['গীতাঞ্জলি']);
      expect(await search(store(), 'গীতা')).toEqual(['গীতাঞ্জলি']);
      expect(await search(store(), 'ঠাকুর')).toEqual(['গীতাঞ্জলি']);
      expect(await search(store(), 'বাংলা রূপসী')).toEqual(['রূপসী বাংলা']);
      expect(await search(store(), 'অগ্নি nazrul')).toEqual(['অগ্নিবীণা']);
      // Decomposed input (NFD) is the same text as the stored, composed one.
      expect(await search(store(), 'রূপসী'.normalize('NFD'))).toEqual(['রূপসী বাংলা']);
      // A vowel sign is part of the letter: without it, it is another word.
      expect(await search(store(), 'গত')).toEqual([]);
      expect(await search(store(), 'tagore')).toEqual(['Gitanjali']);
      // Short Bengali words (1-2 code points) use the short index.
      expect(await search(store(), 'ণা')).toEqual(['অগ্নিবীণা']);
    });

    it('ranks the title equal to the search, then titles starting with it, then word starts, then inside', async () => {
      await insertBooks(store(), [
        { title: 'A Storm of Swords', author: 'George Martin' },
        { title: 'Brainstorm', author: 'Tess Gerritsen' },
        { title: 'Storm Front', author: 'Jim Butcher' },
        { title: 'Storm', author: 'Tim Minchin' },
        { title: 'Rain', author: 'Stormy Weathers' },
        { title: 'Stormbreaker', author: 'Anthony Horowitz' },
      ]);
      expect(await search(store(), 'storm')).toEqual([
        'Storm', // the title itself
        'Storm Front', // titles starting with it, by title
        'Stormbreaker',
        'A Storm of Swords', // the word at a word's start (title or author), by title
        'Rain',
        'Brainstorm', // inside a word
      ]);
      expect(await search(store(), 'storm front')).toEqual(['Storm Front']);
      // Word starts count every word, in title or author; the title must start with the words in order.
      expect(await search(store(), 'front storm')).toEqual(['Storm Front']);
      expect(await search(store(), 'sto mar')).toEqual(['A Storm of Swords']);
    });

    it('breaks ties by recent borrows, then by title', async () => {
      const [quiet, busy, busier] = await insertBooks(store(), [
        { title: 'Garden Quiet', quantity: 5 },
        { title: 'Garden Busy', quantity: 5 },
        { title: 'Garden Busier', quantity: 5 },
        { title: 'Garden Plain', quantity: 5 },
      ]);
      const now = new Date();
      const borrow = async (bookId: string, user: string, borrowDate = now) =>
        expect((await store().loans.checkout(newLoan(bookId, { userId: user, borrowDate }))).ok).toBe(true);
      await borrow(busy ?? '', 'u1');
      await borrow(busier ?? '', 'u1');
      await borrow(busier ?? '', 'u2');
      // Loans of long ago do not count as recent.
      const longAgo = new Date(now.getTime() - 200 * 86_400_000);
      for (const user of ['u3', 'u4', 'u5']) await borrow(quiet ?? '', user, longAgo);
      expect(await search(store(), 'garden')).toEqual(['Garden Busier', 'Garden Busy', 'Garden Plain', 'Garden Quiet']);
      // A better tier still wins over borrows.
      expect(await search(store(), 'garden quiet')).toEqual(['Garden Quiet']);
      expect(await search(store(), 'arden')).toEqual(['Garden Busier', 'Garden Busy', 'Garden Plain', 'Garden Quiet']);
    });

    it('counts as recent the loans begun on the last 90 library days (UTC), today included', async () => {
      const [edge, before, none] = await insertBooks(store(), [
        { title: 'Window Edge', quantity: 5 },
        { title: 'Window Before', quantity: 5 },
        { title: 'Window None', quantity: 5 },
      ]);
      const start = recentSince(Date.now()).getTime();
      expect(start % 86_400_000).toBe(0);
      expect(Date.now() - start).toBeGreaterThanOrEqual(89 * 86_400_000);
      expect(Date.now() - start).toBeLessThan(90 * 86_400_000);
      const borrow = async (bookId: string, user: string, at: number) =>
        expect((await store().loans.checkout(newLoan(bookId, { userId: user, borrowDate: new Date(at) }))).ok).toBe(
          true,
        );
      // The first instant of the window's first day counts; the last of the day before does not.
      await borrow(edge ?? '', 'u1', start);
      for (const user of ['u2', 'u3']) await borrow(before ?? '', user, start - 1);
      expect(await search(store(), 'window')).toEqual(['Window Edge', 'Window Before', 'Window None']);
      expect(none).toBeTruthy();
    });

    it('pages a ranked search with a cursor: every match once, in rank order, with an exact count', async () => {
      const books = Array.from({ length: 26 }, (_, i) => ({
        title: i % 5 === 0 ? `River ${String(i).padStart(2, '0')}` : `The River Song ${String(i).padStart(2, '0')}`,
        author: i % 3 === 0 ? 'Anna Riverton' : 'Ben Shore',
      }));
      books.push({ title: 'River', author: 'Ben Shore' }, { title: 'Deriver', author: 'Ben Shore' });
      await insertBooks(store(), books);
      for (const [text, first] of [
        ['river', 4],
        ['river', 1],
        ['riv song', 3],
        ['r', 7],
      ] as const) {
        const whole = await search(store(), text);
        const { seen, counts } = await allPages(store(), text, first);
        expect(seen).toEqual(whole);
        expect(new Set(counts)).toEqual(new Set([whole.length]));
      }
      const whole = await search(store(), 'river');
      expect(whole.slice(0, 2)).toEqual(['River', 'River 00']);
      expect(whole.at(-1)).toBe('Deriver');
      // A book added between pages, ranking before the cursor, does not push one already seen onto a later page.
      let added = false;
      const { seen } = await allPages(store(), 'river', 5, async () => {
        if (added) return;
        added = true;
        await store().books.insert({
          ...books[0]!,
          title: 'River 0',
          description: 'x',
          image: '/x.svg',
          genre: 'Drama',
          rating: 3,
          quantity: 1,
        });
      });
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(whole);
    });

    it('counts and ranks a short word beside a common long word, and a long word in many books, page by page', async () => {
      const pad = (i: number) => String(i).padStart(2, '0');
      const authors = ['Ann Lee II', 'Ravii Stone', 'Bo Ek'];
      await insertBooks(store(), [
        ...Array.from({ length: 30 }, (_, i) => ({ title: `The Hill ${pad(i)}`, author: authors[i % 3]! })),
        ...Array.from({ length: 40 }, (_, i) => ({ title: `The Sea ${pad(i)}`, author: 'Bo Ek' })),
        { title: 'Ii The', author: 'Zed' },
        { title: 'Ii', author: 'The Band' },
        { title: 'Other', author: 'Ii Thelma' },
        { title: 'Kiwii', author: 'Bo Ek' },
      ]);
      const hills = (from: number) => Array.from({ length: 10 }, (_, k) => `The Hill ${pad(from + 3 * k)}`);
      // The title equal to the search, then every word at a word's start (by title), then "ii" inside "Ravii".
      const iiThe = ['Ii The', 'Ii', 'Other', ...hills(0), ...hills(1)];
      expect(await search(store(), 'ii the')).toEqual(iiThe);
      expect(await search(store(), ' II   the ')).toEqual(iiThe);
      const expected: [string, number][] = [
        ['ii the', 23],
        ['hill', 30],
        ['ill', 30],
        ['the', 73],
        ['sea the', 40],
        ['the ii hill', 20],
      ];
      for (const [text, count] of expected) {
        const whole = await search(store(), text);
        expect(whole, text).toHaveLength(count);
        for (const first of [4, 2]) {
          const { seen, counts } = await allPages(store(), text, first);
          expect(seen, `${text}, ${first} a page`).toEqual(whole);
          expect(new Set(counts), `${text}, ${first} a page`).toEqual(new Set([count]));
        }
      }
      expect((await search(store(), 'hill')).slice(0, 3)).toEqual(['The Hill 00', 'The Hill 01', 'The Hill 02']);
      // About 175 pages of searches: 11 s on FerretDB alone, past 30 s beside the whole suite.
    }, 90_000);

    it('counts facets for the search: per genre (without the genre filter) and available (without the stock filter)', async () => {
      await insertBooks(store(), [
        { title: 'Sea Wolf', genre: 'Thriller', quantity: 0 },
        { title: 'Sea Glass', genre: 'Romance', quantity: 2 },
        { title: 'Sea Change', genre: 'Romance', quantity: 1 },
        { title: 'Seaside Letters', genre: 'Romance', quantity: 0 },
        { title: 'Harbour', genre: 'Drama', quantity: 3 },
      ]);
      expect(await store().books.facets({ search: 'sea' })).toEqual({
        genreCounts: [
          { genre: 'Romance', count: 3 },
          { genre: 'Thriller', count: 1 },
        ],
        availableCount: 2,
      });
      expect(await store().books.facets({ search: 'sea', genre: 'Romance', availableOnly: true })).toEqual({
        genreCounts: [{ genre: 'Romance', count: 2 }],
        availableCount: 2,
      });
      expect(await store().books.facets({ search: 'sea', genre: 'Thriller' })).toEqual({
        genreCounts: [
          { genre: 'Romance', count: 3 },
          { genre: 'Thriller', count: 1 },
        ],
        availableCount: 0,
      });
      expect(await store().books.facets({})).toEqual({
        genreCounts: [
          { genre: 'Drama', count: 1 },
          { genre: 'Romance', count: 3 },
          { genre: 'Thriller', count: 1 },
        ],
        availableCount: 3,
      });
      expect(await store().books.facets({ search: 'zebra' })).toEqual({ genreCounts: [], availableCount: 0 });
      // A borrow changes what is available, and the facets say so.
      const [glass] = (await store().books.list({ search: 'sea glass' }, { first: 1 })).nodes;
      expect((await store().loans.checkout(newLoan(glass?.id ?? '', { borrowDate: new Date() }))).ok).toBe(true);
      expect((await store().books.facets({ search: 'sea' })).availableCount).toBe(2);
      expect(
        (await store().loans.checkout(newLoan(glass?.id ?? '', { userId: 'u9', borrowDate: new Date() }))).ok,
      ).toBe(true);
      expect((await store().books.facets({ search: 'sea' })).availableCount).toBe(1);
    });
    it('counts the books holding the rarest of several short words, up to a bound, following renames', async () => {
      const [rain] = await insertBooks(store(), [
        { title: 'The Rain', author: 'মাহমুদ হক' },
        { title: 'Rama', author: 'Ann Oak' },
        { title: 'Drama Queen', author: 'Ira Lee' },
        { title: 'Sea', author: 'Bo Li' },
      ]);
      const docs = (words: string[], upTo = 100) => store().books.shortWordDocs(words, upTo);
      expect(await docs(['ra'])).toBe(3);
      expect(await docs(['a'])).toBe(4);
      expect(await docs(['a', 'ra', 'qu'])).toBe(1); // the rarest word's books, not those holding all three
      expect(await docs(['মা'])).toBe(1);
      expect(await docs(['zq'])).toBe(0);
      expect(await docs(['a'], 2)).toBe(2);
      await store().books.update(rain ?? '', { title: 'The Sun' });
      expect(await docs(['ra'])).toBe(2);
      expect(await docs(['su'])).toBe(1);
    });

    it("keeps the whole catalogue's counts through every write: adding, borrowing the last copy, returning, regenring, stocking down", async () => {
      // What the books themselves say, against the counts, the genre list and the facets of no search.
      const agree = async () => {
        const books: BookRecord[] = [];
        for await (const book of store().books.all()) books.push(book);
        const genres = [...new Set(books.map((b) => b.genre))].sort();
        const inStock = (list: BookRecord[]) => list.filter((b) => b.quantity > 0).length;
        expect(await store().books.count()).toBe(books.length);
        expect((await store().books.genres()).slice().sort()).toEqual(genres);
        for (const genre of [...genres, 'Nope'])
          expect(await store().books.countByGenre(genre)).toBe(books.filter((b) => b.genre === genre).length);
        expect(await store().books.facets({})).toEqual({
          genreCounts: genres.map((genre) => ({ genre, count: books.filter((b) => b.genre === genre).length })),
          availableCount: inStock(books),
        });
        expect((await store().books.facets({ availableOnly: true, genre: 'Poetry' })).availableCount).toBe(
          inStock(books.filter((b) => b.genre === 'Poetry')),
        );
        for (const filter of [
          {},
          { genre: 'Poetry' },
          { availableOnly: true },
          { genre: 'Poetry', availableOnly: true },
        ])
          expect((await store().books.list(filter, { first: 1 })).totalCount, JSON.stringify(filter)).toBe(
            books.filter(
              (b) =>
                (!('genre' in filter) || b.genre === filter.genre) && (!('availableOnly' in filter) || b.quantity > 0),
            ).length,
          );
      };
      await insertBooks(store(), [
        { title: 'Ode One', genre: 'Poetry', quantity: 1 },
        { title: 'Ode Two', genre: 'Poetry', quantity: 0 },
        { title: 'Play', genre: 'Drama', quantity: 2 },
      ]);
      await agree();
      const [ode] = (await store().books.list({ search: 'ode one' }, { first: 1 })).nodes;
      const lent = await store().loans.checkout(newLoan(ode?.id ?? '', { borrowDate: new Date() }));
      if (!lent.ok) throw new Error('the last copy was not lent');
      await agree(); // Poetry has no copy on the shelf now
      await store().loans.checkin(lent.loan.id, new Date());
      await agree();
      const [play] = (await store().books.list({ search: 'play' }, { first: 1 })).nodes;
      await store().books.update(play?.id ?? '', { genre: 'Poetry' });
      await agree(); // Drama has no book any more: not listed
      expect(await store().books.genres()).toEqual(['Poetry']);
      await store().books.changeStock(ode?.id ?? '', -1);
      await agree();
      await store().books.insert(bookFields({ genre: 'Drama', quantity: 1 }));
      await agree();
    });
  });

  describe('member search by words', () => {
    const store = useStore(factory);

    it('ranks members like books: "rahim" lists Rahim Uddin before the Ibrahims', async () => {
      const people = [
        ['Ibrahim Khan', 'ik@example.com'],
        ['Karim Ibrahim', 'karim@example.com'],
        ['Ibrahim Rahman', 'ibra@example.com'],
        ['Rahim Uddin', 'ru@example.com'],
        ['Nasrin Akter', 'rahim.fan@example.com'],
        ['Rahim', 'r@example.com'],
        ['Zoë Brontë', 'zoe@example.com'],
      ];
      for (const [i, [name, email]] of people.entries())
        await store().users.upsert(profile({ uid: `uid-${i}`, name, email }));
      const names = async (text: string, within?: 'name' | 'nameOrEmail', first = 50) =>
        (await store().users.page(text, { first }, within)).nodes.map((user) => user.name);
      expect(await names('rahim')).toEqual([
        'Rahim',
        'Rahim Uddin',
        'Nasrin Akter', // at the start of the e-mail
        'Ibrahim Khan',
        'Ibrahim Rahman',
        'Karim Ibrahim',
      ]);
      expect(await names('rahim', 'name')).toEqual([
        'Rahim',
        'Rahim Uddin',
        'Ibrahim Khan',
        'Ibrahim Rahman',
        'Karim Ibrahim',
      ]);
      expect(await names('  uddin   RAHIM ')).toEqual(['Rahim Uddin']);
      expect(await names('bronte zoe')).toEqual(['Zoë Brontë']);
      expect(await names('example.com ibra')).toEqual(['Ibrahim Khan', 'Ibrahim Rahman', 'Karim Ibrahim']);
      expect(await names('example.com', 'name')).toEqual([]);
      // Paged: the same order, each member once, the count exact on every page.
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const page = await store().users.page('rahim', { first: 2, after });
        expect(page.totalCount).toBe(6);
        seen.push(...page.nodes.map((user) => user.name));
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      expect(seen).toEqual(await names('rahim'));
      // Without a search: sign-up order, as before.
      expect(await names('')).toEqual(people.map(([name]) => name));
    });
  });
  bengaliSearchContract(factory);
}
