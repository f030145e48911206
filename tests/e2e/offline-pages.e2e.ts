// A signed-in member's last pages offline: after one online visit of All Books, a book's details and My Borrowed
// Books, each opens again without a network, with the offline banner and what was loaded before; a borrow is
// refused with the reason. Signing out forgets them, so the next account on the device never sees them.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { addBook, apiToken, borrowBook, libraryDay, uniqueTag } from './support/library.ts';

const OFFLINE = 'You are offline: showing what was loaded before';

/** The worker has taken this page over and keeps the runtime config (an offline start needs it). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.waitForFunction(
    async () => (await caches.open('runtime-config').then((cache) => cache.keys())).length > 0,
    undefined,
    { timeout: 30_000, polling: 200 },
  );
}

/**
 * The token exchange of a page load. With a stored session the page shows at once and Firebase loads after the
 * first screen, then exchanges its ID token: going offline before that answer would cut the exchange off, and
 * the page logs that (spec 8).
 */
const tokenExchanged = (page: Page) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('IssueToken'),
  );

const keptPages = (page: Page) => page.evaluate(() => localStorage.getItem('bookHavenOfflinePages'));

describe('offline pages of a signed-in member', () => {
  const browser = useBrowser('desktop', { serviceWorkers: 'allow' });

  it('opens the last All Books, book details and Borrowed Books offline, and forgets them at sign-out', async () => {
    const tag = uniqueTag('ov');
    const onShelf = await addBook({ title: `Offline Shelf ${tag}`, genre: 'Drama' });
    const onLoan = await addBook({ title: `Offline Loan ${tag}`, genre: 'Drama' });
    const reader = await createAccount({ name: 'Offline Reader' });
    await borrowBook(await apiToken(reader), onLoan.id);
    const page = browser.page();
    await signIn(page, reader);
    await workerInControl(page);

    const visits = [
      { path: `/all-books?q=${tag}`, shows: page.getByRole('heading', { name: onShelf.title, level: 2 }) },
      { path: `/book-details/${onShelf.id}`, shows: page.getByRole('heading', { name: onShelf.title, level: 1 }) },
      { path: '/borrowed-books', shows: page.getByRole('heading', { name: onLoan.title }) },
    ];
    for (const visit of visits) {
      const exchanged = tokenExchanged(page);
      await page.goto(visit.path);
      await visit.shows.waitFor();
      await exchanged;
    }
    expect(await page.getByText(OFFLINE).count()).toBe(0);

    await browser.context().setOffline(true);
    for (const visit of visits) {
      await page.goto(visit.path);
      await page.getByText(OFFLINE).waitFor();
      await visit.shows.waitFor();
    }

    // A change is refused before it is sent, with the reason.
    await page.goto(`/book-details/${onShelf.id}`);
    await page.getByRole('button', { name: 'Borrow Book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Borrow Book' });
    await dialog.getByLabel('Return Date').fill(libraryDay(7));
    await dialog.getByRole('button', { name: 'Confirm Borrow' }).click();
    await page.getByRole('heading', { name: 'Failed to Borrow' }).waitFor();
    await page
      .getByText('Borrowing, returns and other changes need a connection; they work again once you are back online.')
      .last()
      .waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await browser.context().setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: 'detached' });
    expect(await keptPages(page)).not.toBeNull();
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    await page.getByRole('heading', { name: 'Logged Out' }).waitFor();
    expect(await keptPages(page)).toBeNull();

    // Another member on the same device, offline: none of the first member's pages.
    const other = await createAccount({ name: 'Next Reader' });
    await signIn(page, other);
    // Sign-in asks for a session token on each auth state change: let those finish online (a token request cut
    // off by going offline is logged, as the specification says a failed token store is).
    await page.waitForLoadState('networkidle');
    await browser.context().setOffline(true);
    await page.goto('/borrowed-books');
    await page.getByText(OFFLINE).waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    expect(await page.getByText(onLoan.title).count()).toBe(0);
    // The first member's search is not there either. (A book's own page may open: Home, which the second member
    // saw before going offline, may list it, and a book's public fields in their own cache are theirs to read.)
    await page.goto(`/all-books?q=${tag}`);
    await page.getByText(OFFLINE).waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    expect(await page.getByRole('heading', { name: onShelf.title, level: 2 }).count()).toBe(0);
  });
});
