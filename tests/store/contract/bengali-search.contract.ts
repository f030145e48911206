// Contract: a search forgives Bengali spelling (library/rules/search-fold.ts) and ranks a whole word at a title's
// start above the same letters inside a word (search-words.ts, matchTier), on every adapter (docs/search.md).
import { describe, expect, it } from 'vitest';
import type { BookRecord, Store } from '../../../server/store/port.ts';
import { insertBooks, newLoan, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';

const titles = (books: BookRecord[]): string[] => books.map((b) => b.title);

/** A search's titles (every page, two at a time), its count on each page, and its facets. */
async function searched(store: Store, text: string) {
  const seen: string[] = [];
  const counts = new Set<number>();
  let after: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const page = await store.books.list({ search: text }, { first: 2, after });
    counts.add(page.totalCount);
    seen.push(...titles(page.nodes));
    if (!page.hasNextPage) break;
    after = page.endCursor;
  }
  const whole = titles((await store.books.list({ search: text }, { first: 100 })).nodes);
  expect(seen, text).toEqual(whole);
  return { seen, counts: [...counts], facets: await store.books.facets({ search: text }) };
}

export function bengaliSearchContract(factory: StoreFactory): void {
  describe('search forgiving Bengali spelling', () => {
    const store = useStore(factory);

    it('finds, ranks and counts the same books for each spelling of a word', async () => {
      await insertBooks(store(), [
        { title: 'গীতাঞ্জলি', author: 'রবীন্দ্রনাথ ঠাকুর', genre: 'Poetry' },
        { title: 'গীতাঞ্জলি ও অন্যান্য', author: 'রবীন্দ্রনাথ ঠাকুর', genre: 'Drama' },
        { title: 'নতুন গীতিকা', author: 'জসীমউদ্দীন', genre: 'Poetry' },
        { title: 'রূপসী বাংলা', author: 'জীবনানন্দ দাশ', genre: 'Poetry' },
        { title: 'সম\u09DF', author: 'হুমায়ূন আহমেদ', genre: 'Drama' },
        { title: 'প\u09A1\u09BCার বই', author: 'আষা\u09DD', genre: 'Drama' },
        { title: 'একাত্তর ১৯৭১', author: 'জাহানারা ইমাম', genre: 'History' },
        { title: 'কি\u200Cছু কথা', author: 'ঈশ্বরচন্দ্র বিদ্যাসাগর', genre: 'Drama' },
      ]);
      const variants: string[][] = [
        ['গীতাঞ্জলি', 'গীতাঞ্জলী', 'গিতাঞ্জলি', 'গিতাঞ্জলী'],
        ['গীত', 'গিত'],
        ['রূপসী', 'রুপসি', 'রূপসি'],
        ['সম\u09DF', 'সম\u09AF\u09BC'],
        ['হুমায়ূন', 'হুমাযুন'.replace('য', '\u09AF\u09BC'), 'হুমায়ুন'],
        ['প\u09DCার', 'প\u09A1\u09BCার', 'আষা\u09DD', 'আষা\u09A2\u09BC'],
        ['১৯৭১', '1971', '১971'],
        ['কিছু', 'কি\u200Cছু', 'কি\u200Dছু'],
        ['ঈশ্বর', 'ইশ্বর', 'ঈশ্বরচন্দ্র'],
      ];
      const found: Record<string, string[]> = {
        গীতাঞ্জলি: ['গীতাঞ্জলি', 'গীতাঞ্জলি ও অন্যান্য'],
        গীত: ['গীতাঞ্জলি', 'গীতাঞ্জলি ও অন্যান্য', 'নতুন গীতিকা'],
        রূপসী: ['রূপসী বাংলা'],
        ['সম\u09DF']: ['সম\u09DF'],
        হুমায়ূন: ['সম\u09DF'],
        ['প\u09DCার']: ['প\u09A1\u09BCার বই'],
        '১৯৭১': ['একাত্তর ১৯৭১'],
        কিছু: ['কি\u200Cছু কথা'],
        ঈশ্বর: ['কি\u200Cছু কথা'],
      };
      for (const spellings of variants) {
        const [first = ''] = spellings;
        const expected = await searched(store(), first);
        expect(expected.seen, first).toEqual(found[first]);
        expect(expected.counts, first).toEqual([expected.seen.length]);
        for (const spelling of spellings.slice(1))
          expect(await searched(store(), spelling), spelling).toEqual(expected);
      }
      // Two fields, each spelled another way.
      expect((await searched(store(), 'রবিন্দ্রনাথ গিতাঞ্জলী')).seen).toEqual(['গীতাঞ্জলি', 'গীতাঞ্জলি ও অন্যান্য']);
      // Still not any letter for any other: a vowel sign is part of its letter.
      expect((await searched(store(), 'গত')).seen).toEqual([]);
    });

    it('follows an edited title into its folded key', async () => {
      const [id = ''] = await insertBooks(store(), [{ title: 'Draft', author: 'কাজী নজরুল ইসলাম' }]);
      await store().books.update(id, { title: 'অগ্নিবীণা' });
      expect((await searched(store(), 'অগ্নিবিণা')).seen).toEqual(['অগ্নিবীণা']);
      expect((await searched(store(), 'কাজি')).seen).toEqual(['অগ্নিবীণা']);
    });
  });

  describe('ranking a whole word at the start of a title', () => {
    const store = useStore(factory);

    it('ranks "Ami Topu" before "Amicitia", whatever their recent borrows', async () => {
      const ids = await insertBooks(store(), [
        { title: 'Amicitia', author: 'Cicero', quantity: 5 },
        { title: 'Amicitia Vera', author: 'Laelius', quantity: 5 },
        { title: 'Kami', author: 'Ann Oak', quantity: 5 },
        { title: 'Tomar Ami', author: 'Rafiq Azad', quantity: 5 },
        { title: 'Ami Topu', author: 'Muhammed Zafar Iqbal', quantity: 5 },
        { title: 'Ami', author: 'Ann Oak', quantity: 5 },
      ]);
      for (const [user, book] of [
        ['u1', 0],
        ['u2', 0],
        ['u3', 1],
      ] as const) {
        const loan = newLoan(ids[book] ?? '', { userId: user, borrowDate: new Date() });
        expect((await store().loans.checkout(loan)).ok).toBe(true);
      }
      const ranked = ['Ami', 'Ami Topu', 'Amicitia', 'Amicitia Vera', 'Tomar Ami', 'Kami'];
      expect((await searched(store(), 'ami')).seen).toEqual(ranked);
      expect((await searched(store(), 'AMI')).seen).toEqual(ranked);
      expect((await searched(store(), 'ami topu')).seen).toEqual(['Ami Topu']);
      // Two letters start all four titles (tier 2): recent borrows order them, then the word starts, then inside.
      expect((await searched(store(), 'am')).seen).toEqual([
        'Amicitia',
        'Amicitia Vera',
        'Ami',
        'Ami Topu',
        'Tomar Ami',
        'Kami',
      ]);
    });
  });

  describe('Banglish: a search in Latin letters also finds Bengali titles and authors', () => {
    const store = useStore(factory);

    it('finds them after every match as typed, in the pages, the count and the facets', async () => {
      const ids = await insertBooks(store(), [
        { title: 'গীতাঞ্জলি', author: 'রবীন্দ্রনাথ ঠাকুর', genre: 'Poetry', quantity: 0 },
        { title: 'Gitanjali', author: 'Rabindranath Tagore', genre: 'Poetry' },
        { title: 'শেষের কবিতা', author: 'রবীন্দ্রনাথ ঠাকুর', genre: 'Romance' },
        { title: 'গীতবিতান', author: 'Rabindranath Tagore', genre: 'Poetry' },
        { title: 'আমি টপু', author: 'মুহম্মদ জাফর ইকবাল', genre: 'Children' },
        { title: 'Ami Topu', author: 'Muhammed Zafar Iqbal', genre: 'Children' },
        { title: 'Amicitia', author: 'Cicero', genre: 'Drama' },
        { title: 'হিমু', author: 'হুমায়ূন আহমেদ', genre: 'Drama' },
        { title: 'অগ্নিবীণা', author: 'কাজী নজরুল ইসলাম', genre: 'Poetry' },
      ]);
      // A Bengali book borrowed recently still ranks after the matches as typed.
      const loan = newLoan(ids[2] ?? '', { userId: 'u1', borrowDate: new Date() });
      expect((await store().loans.checkout(loan)).ok).toBe(true);
      const gitanjali = await searched(store(), 'gitanjali');
      expect(gitanjali.seen).toEqual(['Gitanjali', 'গীতাঞ্জলি']);
      expect(gitanjali.counts).toEqual([2]);
      expect(gitanjali.facets).toEqual({ genreCounts: [{ genre: 'Poetry', count: 2 }], availableCount: 1 });
      // As typed first (two books by that name in Latin letters), then the Bengali ones, best first.
      expect((await searched(store(), 'rabindranath')).seen).toEqual([
        'Gitanjali',
        'গীতবিতান',
        'শেষের কবিতা',
        'গীতাঞ্জলি',
      ]);
      expect((await searched(store(), 'Robindronath Thakur')).seen).toEqual(['শেষের কবিতা', 'গীতাঞ্জলি']);
      expect((await searched(store(), 'ami')).seen).toEqual(['Ami Topu', 'Amicitia', 'আমি টপু']);
      expect((await searched(store(), 'ami topu')).seen).toEqual(['Ami Topu', 'আমি টপু']);
      // A Bengali title by an author in Latin letters: each word in either.
      expect((await searched(store(), 'gitobitan tagore')).seen).toEqual(['গীতবিতান']);
      expect((await searched(store(), 'humayun ahmed')).seen).toEqual(['হিমু']);
      expect((await searched(store(), 'kazi nazrul agnibina')).seen).toEqual(['অগ্নিবীণা']);
      expect((await searched(store(), 'humayun nazrul')).seen).toEqual([]);
      // The genre and stock filters hold for them too.
      const list = async (search: string, filter: { genre?: string; availableOnly?: boolean }) =>
        titles((await store().books.list({ search, ...filter }, { first: 10 })).nodes);
      expect(await list('rabindranath', { genre: 'Romance' })).toEqual(['শেষের কবিতা']);
      expect(await list('gitanjali', { availableOnly: true })).toEqual(['Gitanjali']);
      const facets = await store().books.facets({ search: 'rabindranath', availableOnly: true });
      expect(facets).toEqual({
        genreCounts: [
          { genre: 'Poetry', count: 2 },
          { genre: 'Romance', count: 1 },
        ],
        availableCount: 3,
      });
      // A search in Bengali letters is matched as typed only.
      expect((await searched(store(), 'গীতাঞ্জলি')).seen).toEqual(['গীতাঞ্জলি']);
    });

    it('pages one book at a time across the two halves, and refuses a cursor of another kind', async () => {
      await insertBooks(store(), [
        { title: 'Bangla Reader', author: 'Ann Oak' },
        { title: 'বাংলা ব্যাকরণ', author: 'মুহম্মদ শহীদুল্লাহ' },
        { title: 'রূপসী বাংলা', author: 'জীবনানন্দ দাশ' },
        { title: 'Bangladesh', author: 'Ben Shore' },
      ]);
      const all = ['Bangla Reader', 'Bangladesh', 'বাংলা ব্যাকরণ', 'রূপসী বাংলা'];
      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 6; pages++) {
        const page = await store().books.list({ search: 'bangla' }, { first: 1, after });
        expect(page.totalCount).toBe(4);
        seen.push(...titles(page.nodes));
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      expect(seen).toEqual(all);
      // A Banglish cursor on a search in Bengali letters, or on no search, is not a valid cursor.
      const second = await store().books.list({ search: 'bangla' }, { first: 3 });
      expect(titles(second.nodes)).toEqual(all.slice(0, 3));
      const cursor = second.endCursor;
      await expect(store().books.list({ search: 'বাংলা' }, { first: 1, after: cursor })).rejects.toThrow();
      await expect(store().books.list({}, { first: 1, after: cursor })).rejects.toThrow();
    });
  });
}
