// A reading history only the member owns (issue 42) in a real browser, in English and in Bangla: a member who
// returned a book finds it on the Reading history page under My account, keeps their history, then deletes it
// (the returned loan loses their name at once), every sentence in the reader's language. The daily run that
// anonymizes old loans by itself is clock-driven in tests/api/reading-history.test.ts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { addBook, apiToken, borrowBook, graphql, uniqueTag } from './support/library.ts';

/** A member who borrowed and returned a new book, signed in on `page`. */
async function readerWithReturn(page: Page, label: string) {
  const tag = uniqueTag('');
  const account = await createAccount({ name: `${label} ${tag}` });
  const token = await apiToken(account);
  const book = await addBook({ title: `Read Once ${tag}`, quantity: 1 });
  await borrowBook(token, book.id);
  const { borrowedBooks } = await graphql<{ borrowedBooks: { id: string; bookId: string }[] }>(
    token,
    '{ borrowedBooks { id bookId } }',
  );
  const loan = borrowedBooks.find((l) => l.bookId === book.id);
  if (!loan) throw new Error('no loan to return');
  await graphql(token, 'mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loan.id });
  await signIn(page, account);
  return { book, token };
}

const historyOf = async (token: string) =>
  (
    await graphql<{ me: { keepsReadingHistory: boolean; readingHistory: { totalCount: number } } }>(
      token,
      '{ me { keepsReadingHistory readingHistory(first: 5) { totalCount } } }',
    )
  ).me;

describe('a reading history', () => {
  const browser = useBrowser('desktop');

  it('shows the books returned, keeps the history, and deletes it', async () => {
    const page = browser.page();
    const { book, token } = await readerWithReturn(page, 'History Reader');
    await page.goto('/my-account');
    await page.getByRole('link', { name: 'Reading history' }).click();
    await page.getByRole('heading', { name: 'Reading history', level: 1 }).waitFor();
    await page.getByRole('link', { name: book.title }).waitFor();
    await expectAccessible(page);

    const keep = page.getByRole('checkbox', { name: 'Keep my reading history' });
    // The box follows the member's saved choice: it is ticked once the gateway has taken it.
    await keep.click();
    await expect.poll(async () => (await historyOf(token)).keepsReadingHistory).toBe(true);
    await expect.poll(() => keep.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Delete my reading history' }).click();
    await page.getByRole('button', { name: 'Yes, delete my history' }).click();
    await page.getByRole('status').filter({ hasText: '1 loan taken off your history.' }).waitFor();
    await page.getByText('No returned books are linked to you.').waitFor();
    expect((await historyOf(token)).readingHistory.totalCount).toBe(0);
  });

  it('does the same in Bangla, and the Privacy page says how long a returned loan keeps its member', async () => {
    const page = browser.page();
    const { book } = await readerWithReturn(page, 'Itihas Reader');
    await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
    await page.goto('/my-account/reading-history');
    await page.getByRole('heading', { name: 'পড়ার ইতিহাস', level: 1 }).waitFor();
    await page.getByRole('link', { name: book.title }).waitFor();
    await page.getByRole('checkbox', { name: 'আমার পড়ার ইতিহাস রাখুন' }).waitFor();
    await page.getByRole('button', { name: 'আমার পড়ার ইতিহাস মুছুন' }).click();
    await page.getByRole('button', { name: 'হ্যাঁ, ইতিহাস মুছুন' }).click();
    await page.getByRole('status').filter({ hasText: '১টি ধার আপনার ইতিহাস থেকে সরানো হয়েছে।' }).waitFor();
    await page.getByText('আপনার নামে ফেরত দেওয়া কোনো বই নেই।').waitFor();
    await expectAccessible(page);

    await page.goto('/legal/privacy-policy');
    const said = page.getByText(/^ফেরত দেওয়া প্রতিটি বই ফেরতের পর ৩০ দিন আপনার নামে রাখার জন্য/);
    await said.waitFor();
    expect((await said.textContent()) ?? '').not.toMatch(/[0-9]/);
  });
});
