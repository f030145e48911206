// A signed-in page on a slow phone: its first query leaves with the page, before the app's code has even
// downloaded, and the app takes that answer instead of asking again (decision 050).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { addBook, sharedSession, uniqueTag } from './support/library.ts';

const signedIn = sharedSession({ name: 'First Screen Reader' });

/** Every GraphQL request of `operationName` the page sends from now on. */
function watch(page: Page, operationName: string) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/graphql' || request.method() !== 'POST') return;
    if ((request.postDataJSON() as { operationName?: string } | null)?.operationName === operationName)
      sent.push(request.url());
  });
  return sent;
}

describe('the first screen of a signed-in page', () => {
  const browser = useBrowser('phone');

  it('asks for All Books and a book before the app has run, and the app takes those answers', async () => {
    const book = await addBook({ title: `Early Answer ${uniqueTag('fs')}`, genre: 'Drama' });
    const page = browser.page();
    await signedIn(browser);

    // Without the app's code at all, the page still asks for its list.
    const entry = /\/assets\/index-[\w-]+\.js$/;
    await page.route(entry, (route) => route.abort());
    const asked = page.waitForRequest((request) => request.postDataJSON()?.operationName === 'AllBooks');
    await page.goto('/all-books');
    await asked;
    await page.unroute(entry);

    for (const [path, operationName, shown] of [
      ['/all-books', 'AllBooks', page.getByRole('heading', { name: 'Book Collection' })],
      [`/book-details/${book.id}`, 'BookDetails', page.getByRole('heading', { name: book.title, level: 1 })],
    ] as const) {
      const sent = watch(page, operationName);
      await page.goto(path);
      await shown.waitFor();
      await page.waitForLoadState('networkidle');
      // One request: the early one, whose answer the page showed.
      expect(sent, path).toHaveLength(1);
    }
  });
});
