// Search as a member types it, in a real browser: words in any order with stray spaces and no accents find the
// book, the best match comes first, Bengali is found as typed, and the genre filter and the available toggle
// show how many books of the search each leaves. Books are this file's own, tagged so no other file's match.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { addBook, setQuantity, sharedSession, uniqueTag } from './support/library.ts';

const signedIn = sharedSession({ name: 'Search Reader' });
const tag = uniqueTag('qv');

beforeAll(async () => {
  await addBook({ title: `Thelma And The Nougat ${tag}`, author: 'Rosa Brontë', genre: 'Romance', quantity: 2 });
  await addBook({ title: `Nougat Harbour ${tag}`, author: 'Thelma Vale', genre: 'Romance', quantity: 1 });
  const gone = await addBook({ title: `The Tinougat Thelmas ${tag}`, author: 'Ann Oak', genre: 'Drama', quantity: 1 });
  await setQuantity(gone, 0);
  await addBook({ title: `গীতাঞ্জলি ${tag}`, author: 'রবীন্দ্রনাথ ঠাকুর', genre: 'Poetry', quantity: 3 });
});

const titlesInOrder = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
const untagged = (titles: (string | null)[]) => titles.map((title) => title?.replace(` ${tag}`, ''));

describe('Search', () => {
  const browser = useBrowser('desktop');

  it('finds "thelma nougat" in any order, best match first, with the counts of each genre and of available books', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.goto('/all-books');
    await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
    const total = /Showing \d+ of ([\d,]+) books/.exec((await page.getByText(/^Showing /).textContent()) ?? '')?.[1];

    const search = page.getByLabel('Search books');
    await search.fill(`  nougat   THELMA ${tag} `);
    await page.getByText(`Showing 3 of ${total} books`).waitFor();
    // Every word at a word's start (by title), then a word inside another ("Tinougat").
    expect(untagged(await titlesInOrder(page))).toEqual([
      'Nougat Harbour',
      'Thelma And The Nougat',
      'The Tinougat Thelmas',
    ]);
    await search.fill(`thelma and the nougat ${tag}`);
    await page.getByText(`Showing 1 of ${total} books`).waitFor();
    await search.fill(`nougat ${tag} bronte`);
    await page.getByText(`Showing 1 of ${total} books`).waitFor();
    expect(untagged(await titlesInOrder(page))).toEqual(['Thelma And The Nougat']);

    // The genre filter and the toggle show what each would leave of this search.
    await search.fill(`${tag} nougat`);
    await page.getByText(`Showing 3 of ${total} books`).waitFor();
    const genre = page.getByLabel('Genre');
    await expect.poll(() => genre.locator('option', { hasText: /^Romance / }).textContent()).toBe('Romance (2)');
    expect(await genre.locator('option', { hasText: /^Drama / }).textContent()).toBe('Drama (1)');
    expect(await genre.locator('option', { hasText: /^Poetry / }).textContent()).toBe('Poetry (0)');
    await page.getByRole('button', { name: 'Show Available Books (2)' }).click();
    await page.getByText(`Showing 2 of ${total} books`).waitFor();
    await expect.poll(() => genre.locator('option', { hasText: /^Drama / }).textContent()).toBe('Drama (0)');
    await genre.selectOption('Romance');
    await page.getByText(`Showing 2 of ${total} books`).waitFor();
    await page.getByRole('button', { name: 'Available Books (2)', pressed: true }).waitFor();

    // Bengali, as typed.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await search.fill(`গীতা ${tag}`);
    await page.getByText(`Showing 1 of ${total} books`).waitFor();
    expect(untagged(await titlesInOrder(page))).toEqual(['গীতাঞ্জলি']);
  });

  it('answers a one-letter search in English and in Bangla with the list and its counts', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.goto('/all-books');
    await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
    const search = page.getByLabel('Search books');
    for (const letter of ['a', 'গ']) {
      await search.fill(letter);
      await page.waitForURL(`**/all-books?q=${encodeURIComponent(letter)}`);
      // This search's answer, not the last list shown dimmed while it is on its way; a refusal replaced the
      // page, search box included, whatever the catalogue.
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      await page.getByText(/^Showing [\d,]+ of [\d,]+ books$/).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await search.inputValue()).toBe(letter);
    }
    await page.getByRole('article', { name: `গীতাঞ্জলি ${tag}` }).waitFor();
  });
});
