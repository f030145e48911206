// Search in Bangla as people in Bangladesh type it (issue 41), in a real browser: each common spelling of a Bengali
// word (ি/ী, ু/ূ, য় typed two ways, a zero-width non-joiner, Bengali or Latin digits) finds the same book, and a
// search in Latin letters (Banglish) finds the Bengali book after the English edition. Books are this file's own,
// tagged in their author so no other file's match.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { addBook, uniqueTag } from './support/library.ts';

const tag = uniqueTag('');

beforeAll(async () => {
  await addBook({ title: 'গীতাঞ্জলি', author: `রবীন্দ্রনাথ ঠাকুর ${tag}`, genre: 'Poetry', quantity: 2 });
  await addBook({ title: 'Gitanjali', author: `Rabindranath Tagore ${tag}`, genre: 'Poetry', quantity: 1 });
  await addBook({ title: 'সম\u09DF ১৯৭১', author: `হুমায়ূন আহমেদ ${tag}`, genre: 'Drama', quantity: 1 });
});

/** The cards' titles in order, in NFC (as a title typed either way is stored and shown). */
const titlesInOrder = async (page: Page) =>
  (await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))).map(
    (title) => title?.normalize('NFC'),
  );

describe('Search in Bangla', () => {
  const browser = useBrowser('desktop');

  it('finds the same book by each spelling of its words, and the Bengali book by Banglish', async () => {
    const page = browser.page();
    await signIn(page, await createAccount({ name: `Nusrat ${tag}` }));
    await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
    await page.goto('/all-books');
    await page.getByRole('heading', { name: 'বইয়ের সংগ্রহ' }).waitFor();
    const search = page.getByLabel('বই খুঁজুন');
    const finds = async (text: string, titles: string[]) => {
      await search.fill(`${text} ${tag}`);
      // This search's answer, not the last list, which stays shown while the next is on its way.
      await page.waitForURL((url) => url.searchParams.get('q') === `${text} ${tag}`);
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      const expected = titles.map((title) => title.normalize('NFC'));
      await expect.poll(() => titlesInOrder(page), { timeout: 15_000 }).toEqual(expected);
      const shown = titles.length === 1 ? '১' : '২';
      await page.getByText(new RegExp(`^[০-৯,]+টি বইয়ের মধ্যে ${shown}টি দেখানো হচ্ছে$`)).waitFor();
    };
    for (const spelling of ['গীতাঞ্জলি', 'গীতাঞ্জলী', 'গিতাঞ্জলি', 'রবিন্দ্রনাথ']) await finds(spelling, ['গীতাঞ্জলি']);
    for (const spelling of ['সম\u09DF', 'সম\u09AF\u09BC', 'হুমায়ুন', 'হুমা\u200Cয়ূন', '১৯৭১', '1971'])
      await finds(spelling, ['সম\u09DF ১৯৭১']);
    // Banglish: the English edition as typed first, then the Bengali book it spells.
    await finds('gitanjali', ['Gitanjali', 'গীতাঞ্জলি']);
    await finds('robindronath thakur', ['গীতাঞ্জলি']);
    await finds('humayun ahmed', ['সম\u09DF ১৯৭১']);
  });
});
