// All Books in a real browser, on books this file makes itself: debounced search by title and by author
// kept in the URL across a reload, genre and availability filters, the table view, Clear Filters, Load more,
// and the zero-match state; then the same screen at phone width.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { addBook, setQuantity, sharedSession, uniqueTag, type ApiBook } from './support/library.ts';

const signedIn = sharedSession({ name: 'Catalogue Browser' });
const tag = uniqueTag('zq');
const authorTag = uniqueTag('marlowe');
let lantern: ApiBook;
let harbour: ApiBook;
let ember: ApiBook;

// The file's own books, made through the API; the add form has its own journey.
beforeAll(async () => {
  lantern = await addBook({ title: `Lantern ${tag}`, author: `Ines ${authorTag}`, genre: 'Drama', quantity: 5 });
  harbour = await addBook({
    title: `Harbour ${tag}`,
    author: `Ines ${authorTag}`,
    genre: 'Drama',
    quantity: 2,
    image: 'http://127.0.0.1:1/gone.jpg',
  });
  ember = await addBook({ title: `Ember ${tag}`, author: 'Someone Else', genre: 'Poetry', quantity: 1 });
  await setQuantity(ember, 0);
  ember.quantity = 0;
});

const shown = async (page: Page) => {
  const text = (await page.getByText(/^Showing \d+ of \d+ books$/).textContent()) ?? '';
  const [, x, y] = /Showing (\d+) of (\d+) books/.exec(text) ?? [];
  return { x: Number(x), y: Number(y) };
};
const titlesShown = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')).sort());
const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('All Books', () => {
  const browser = useBrowser('desktop');

  it('searches by title and by author (debounced, kept in the URL over a reload) and filters by genre and availability', async () => {
    const page = browser.page();
    await signedIn(browser);

    const searches: string[] = [];
    page.on('request', (request) => {
      const body = request.method() === 'POST' && request.url().endsWith('/graphql') ? request.postDataJSON() : null;
      if (body?.operationName === 'AllBooks') searches.push(body.variables?.filter?.search ?? '');
    });
    await page.goto('/all-books');
    await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
    const all = await shown(page);
    expect(all.x).toBe(all.y);

    // Typed key by key, faster than the debounce: the whole text is queried, and not once per key (a stall
    // on this shared machine may still let a prefix or two through).
    const typed = `LANTERN ${tag}`;
    const search = page.getByLabel('Search books');
    await search.pressSequentially(typed, { delay: 30 });
    // A prefix let through by a stall can already show the one match, so wait for the whole text's query
    // (not for the count) before counting the queries.
    await expect.poll(() => searches.filter((s) => s !== '').at(-1), { timeout: 15_000 }).toBe(typed);
    await page.getByText(`Showing 1 of ${all.y} books`).waitFor();
    const sent = searches.filter((s) => s !== '');
    expect(sent.at(-1)).toBe(typed);
    expect(sent.every((s) => typed.startsWith(s))).toBe(true);
    expect(sent.length).toBeLessThanOrEqual(3);
    expect(searchParam(page, 'q')).toBe(`LANTERN ${tag}`);
    expect(await titlesShown(page)).toEqual([lantern.title]);
    await page.reload();
    await page.getByText(`Showing 1 of ${all.y} books`).waitFor();
    expect(await search.inputValue()).toBe(`LANTERN ${tag}`);

    await search.fill(authorTag);
    await page.getByText(`Showing 2 of ${all.y} books`).waitFor();
    expect(await titlesShown(page)).toEqual([harbour.title, lantern.title]);
    await page.getByRole('article', { name: harbour.title }).getByText('Limited Stock').waitFor();
    // A cover that fails to load gives way to the placeholder.
    const cover = page.getByRole('img', { name: `Cover of ${harbour.title}` });
    await expect.poll(() => cover.getAttribute('src')).toBe('/placeholder-book.jpg');

    await search.fill(tag);
    await page.getByText(`Showing 3 of ${all.y} books`).waitFor();
    const emberCard = page.getByRole('article', { name: ember.title });
    await emberCard.getByText('Out of Stock').waitFor();
    await emberCard.getByText('0 copies available').waitFor();

    await page.getByLabel('Genre').selectOption('Poetry');
    await page.getByText(`Showing 1 of ${all.y} books`).waitFor();
    expect(searchParam(page, 'genre')).toBe('Poetry');
    expect(await titlesShown(page)).toEqual([ember.title]);
    await page.getByLabel('Genre').selectOption('All');
    await page.getByRole('button', { name: 'Show Available Books' }).click();
    await page.getByRole('button', { name: 'Available Books', pressed: true }).waitFor();
    await page.getByText(`Showing 2 of ${all.y} books`).waitFor();
    expect(searchParam(page, 'available')).toBe('1');
    expect(await titlesShown(page)).toEqual([harbour.title, lantern.title]);
    await page.reload();
    await page.getByText(`Showing 2 of ${all.y} books`).waitFor();
    await page.getByRole('button', { name: 'Available Books', pressed: true }).waitFor();
    await expectAccessible(page);
  });

  it('shows the table view, clears the filters, loads more, and recovers from zero matches', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.goto(`/all-books?q=${encodeURIComponent(tag)}`);
    await page.getByText(/^Showing 3 of \d+ books$/).waitFor();
    await page.getByLabel('View mode').selectOption('table');
    const headers = page.getByRole('columnheader');
    await headers.first().waitFor();
    expect(await headers.allTextContents()).toEqual([
      'Cover',
      'Title',
      'Author',
      'Genre',
      'Rating',
      'Quantity',
      'Status',
      'Actions',
    ]);
    const status = async (book: ApiBook) =>
      (
        await page
          .getByRole('row', { name: new RegExp(book.title) })
          .getByRole('cell')
          .nth(6)
          .textContent()
      )?.trim();
    expect(await status(lantern)).toBe('Available');
    expect(await status(harbour)).toBe('Limited Stock');
    expect(await status(ember)).toBe('Out of Stock');
    const row = page.getByRole('row', { name: new RegExp(lantern.title) });
    expect(await row.getByRole('link', { name: `Details for ${lantern.title}` }).getAttribute('href')).toBe(
      `/book-details/${lantern.id}`,
    );
    expect(await row.getByRole('link', { name: `Update ${lantern.title}` }).getAttribute('href')).toBe(
      `/update-book/${lantern.id}`,
    );
    await expectAccessible(page);

    // Clearing drops the filters but keeps the chosen view, which is not a filter.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    expect(searchParam(page, 'view')).toBe('table');
    // The last list stays up while the cleared one loads.
    await expect
      .poll(async () => {
        const { x, y } = await shown(page);
        return x === y;
      })
      .toBe(true);
    const all = await shown(page);
    expect(await page.getByLabel('Search books').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);

    await page.getByLabel('View mode').selectOption('card');
    await expect.poll(() => page.getByRole('article').count()).toBe(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(Math.min(all.y, 48));

    await page.getByLabel('Search books').fill(`nothing-${tag}`);
    await page.getByText('No books found matching your search criteria.').waitFor();
    await page.getByText(`Showing 0 of ${all.y} books`).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await page.getByText(`Showing ${all.y} of ${all.y} books`).waitFor();
    expect(await page.getByLabel('Search books').inputValue()).toBe('');
    expect(searchParam(page, 'q')).toBeNull();
  });
});

describe('All Books at phone width', () => {
  const browser = useBrowser('phone');

  it('searches and switches views without the page scrolling sideways', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.goto('/all-books');
    await page.getByLabel('Search books').fill(tag);
    await page.getByText(/^Showing 3 of \d+ books$/).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.getByLabel('View mode').selectOption('table');
    await page.getByRole('columnheader', { name: 'Status' }).waitFor();
    // The wide table scrolls inside its own box, not the page.
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
