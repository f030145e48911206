// A borrow whose answer is lost on the way back (the request reached the gateway and the loan was made, then
// the connection dropped): the app sends it once more with the same idempotency key and the gateway answers the
// first borrow, so the member sees the loan as borrowed, never "Failed to Borrow" then "Already Borrowed". When
// even the second answer is lost, the app says plainly that it could not tell, and Check shows the truth.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { addBook, bookById, sharedSession, uniqueTag } from './support/library.ts';

const signedIn = sharedSession({ name: 'Lost Answer Reader' });

/** Lets the next `times` BorrowBook requests reach the gateway, then drops their answers. */
async function dropBorrowAnswers(page: Page, times: number): Promise<() => number> {
  let dropped = 0;
  await page.route('**/graphql', async (route: Route) => {
    if (dropped >= times || route.request().postDataJSON()?.operationName !== 'BorrowBook') return route.fallback();
    dropped++;
    await route.fetch();
    await route.abort('connectionreset');
  });
  return () => dropped;
}

async function openBorrow(page: Page, title: string) {
  const book = await addBook({ title, quantity: 3 });
  await page.goto(`/book-details/${book.id}`);
  await page.getByRole('button', { name: 'Borrow Book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Borrow Book' });
  await dialog.waitFor();
  return { book, confirm: dialog.getByRole('button', { name: 'Confirm Borrow' }) };
}

describe('a borrow whose answer is lost', () => {
  const browser = useBrowser('phone');

  it('ends with the loan shown as borrowed, lent once, not "Failed to Borrow"', async () => {
    const page = browser.page();
    await signedIn(browser);
    const dropped = await dropBorrowAnswers(page, 1);
    const { book, confirm } = await openBorrow(page, `Lost Reply ${uniqueTag('la')}`);
    await confirm.click();
    await page.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
    expect(dropped()).toBe(1);
    expect(await page.getByText(/Failed to Borrow|Failed to fetch/).count()).toBe(0);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('status').filter({ hasText: 'Already Borrowed' }).waitFor();
    expect((await bookById(book.id))?.quantity).toBe(2);
  });

  it('when the retry is lost too, says so plainly, and Check shows the loan as borrowed', async () => {
    const page = browser.page();
    await signedIn(browser);
    const dropped = await dropBorrowAnswers(page, 2);
    const { book, confirm } = await openBorrow(page, `Lost Twice ${uniqueTag('la')}`);
    await confirm.click();
    await page
      .getByText("We could not reach the library, so we don't know whether your borrow went through.")
      .waitFor();
    expect(dropped()).toBe(2);
    expect(await page.getByText(/Failed to Borrow|Failed to fetch/).count()).toBe(0);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('status').filter({ hasText: 'Already Borrowed' }).waitFor();
    expect((await bookById(book.id))?.quantity).toBe(2);
  });
});
