// All Books' server-side filters in a real browser: genre and the available toggle narrow the count and
// live in the URL; the phone width keeps the toolbar and Borrowed Books usable and accessible.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';

const shown = async (page: Page) => {
  const text = (await page.getByText(/^Showing \d+ of \d+ books$/).textContent()) ?? '';
  const [, x, y] = /Showing (\d+) of (\d+) books/.exec(text) ?? [];
  return { x: Number(x), y: Number(y) };
};

describe('All Books filters', () => {
  const browser = useBrowser('desktop');

  it('filters by genre and availability, keeps both in the URL, and clears them', async () => {
    const books = (await (await fetch(`${baseUrl()}/api/books`)).json()) as { genre: string; quantity: number }[];
    const poetry = books.filter((b) => b.genre === 'Poetry');
    const page = browser.page();
    await signIn(page, await createAccount());
    await page.goto('/all-books');
    await page.getByText(/^Showing \d+ of \d+ books$/).waitFor();
    const all = await shown(page);
    expect(all.x).toBe(all.y);

    await page.getByLabel('Genre').selectOption('Poetry');
    await page.waitForURL((url) => url.searchParams.get('genre') === 'Poetry');
    await expect.poll(async () => (await shown(page)).x).toBe(poetry.length);
    await page.getByRole('button', { name: 'Show Available Books' }).click();
    await page.getByRole('button', { name: 'Available Books' }).waitFor();
    await expect.poll(async () => (await shown(page)).x).toBe(poetry.filter((b) => b.quantity > 0).length);
    await page.reload();
    await expect.poll(async () => (await shown(page)).x).toBe(poetry.filter((b) => b.quantity > 0).length);
    expect((await shown(page)).y).toBe(all.y);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(async () => (await shown(page)).x).toBe(all.x);
  });
});

describe('signed-in screens at phone width', () => {
  const browser = useBrowser('phone');

  it('shows All Books, Borrowed Books and the Update form usably', async () => {
    const page = browser.page();
    await signIn(page, await createAccount());
    await page.goto('/all-books');
    await page.getByLabel('Search books').waitFor();
    await expectAccessible(page);
    await page.goto('/borrowed-books');
    await page.getByRole('heading', { name: 'My Borrowed Books' }).waitFor();
    await page.getByText('No Books Borrowed').waitFor();
    await expectAccessible(page);
    const [book] = (await (await fetch(`${baseUrl()}/api/books`)).json()) as { _id: string }[];
    await page.goto(`/update-book/${book!._id}`);
    await page.getByRole('heading', { name: 'Update Book' }).waitFor();
    await expectAccessible(page);
  });
});
