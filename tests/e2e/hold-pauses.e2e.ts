// Pausing a hold (issue 42) in a real browser, in English and in Bangla: the Holds tab shows a waiting hold's
// copies owned and the day it is expected (an estimate); the member pauses it until a day, the returned copy passes
// it over and stays on the shelf, and on that day (the library's clock moved) the copy is set aside for them. In
// Bangla, the member pauses and resumes it, every sentence in Bangla with Bengali digits.
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { resetLibraryClock, setLibraryOffsetDays } from './support/clock.ts';
import {
  addBook,
  apiToken,
  bookById,
  borrowBook,
  friendlyDate,
  graphql,
  libraryDay,
  uniqueTag,
} from './support/library.ts';

// Every journey runs in one gateway: whatever happens here, the library's clock goes back to real time.
afterEach(async () => {
  await resetLibraryClock();
});

/** The reader's choice of Bangla, kept in this browser as the header's switch keeps it. */
async function inBangla(page: Page) {
  await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
}

async function returnByApi(token: string, bookId: string) {
  const { borrowedBooks } = await graphql<{ borrowedBooks: { id: string; bookId: string; status: string }[] }>(
    token,
    '{ borrowedBooks { id bookId status } }',
  );
  const loan = borrowedBooks.find((l) => l.bookId === bookId && l.status === 'BORROWED');
  if (!loan) throw new Error('no active loan to return');
  await graphql(token, 'mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loan.id });
}

/** A book whose one copy member A has on loan, and member B waiting for it; B is signed in on `page`. */
async function waitingForOne(page: Page, label: string) {
  const tag = uniqueTag('');
  const [a, b] = await Promise.all(['A', 'B'].map((who) => createAccount({ name: `${label} ${who} ${tag}` })));
  const [tokenA, tokenB] = await Promise.all([a!, b!].map(apiToken));
  const book = await addBook({ title: `Travel Reading ${tag}`, quantity: 1 });
  await borrowBook(tokenA!, book.id);
  await graphql(tokenB!, 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: book.id });
  await signIn(page, b!);
  return { book, tokenA: tokenA! };
}

describe('pausing a hold', () => {
  const browser = useBrowser('desktop');

  it('shows the wait, pauses the hold past a return, and sets the copy aside on the day it resumes', async () => {
    const page = browser.page();
    const { book, tokenA } = await waitingForOne(page, 'Pause Member');
    await page.goto('/borrowed-books');
    await page.getByRole('tab', { name: 'Holds (1)' }).click();
    const card = page.getByRole('article', { name: book.title });
    await card.getByText('Waiting: number 1 in the queue').waitFor();
    await card.getByText('The library owns 1 copy of this book.').waitFor();
    await card.getByText(/^Expected by \d{1,2} \w{3} \d{4}\.$/).waitFor();
    await card.getByText(/^An estimate, from the due dates of the loans ahead of you/).waitFor();

    await card.getByRole('button', { name: `Pause hold on ${book.title}` }).click();
    await card.getByLabel('Resume on').fill(libraryDay(5));
    await card.getByRole('button', { name: 'Pause hold' }).click();
    const until = await friendlyDate(page, libraryDay(5));
    await card
      .getByText(
        `Paused until ${until}: you keep your place, and copies that come back meanwhile go to the next member.`,
      )
      .waitFor();
    await card.getByRole('button', { name: `Resume hold on ${book.title}` }).waitFor();
    await expectAccessible(page);

    // The copy comes back while the hold is paused: nobody else waits, so it goes back on the shelf.
    await returnByApi(tokenA, book.id);
    expect((await bookById(book.id))?.quantity).toBe(1);

    // On the day it resumes, the copy is set aside for the member.
    await setLibraryOffsetDays(5);
    await page.reload();
    await page.getByRole('tab', { name: 'Holds (1)' }).click();
    await page
      .getByRole('article', { name: book.title })
      .getByText(/^Ready for you until /)
      .waitFor();
    expect((await bookById(book.id))?.quantity).toBe(0);
  });

  it('pauses and resumes a hold in Bangla', async () => {
    const page = browser.page();
    const { book } = await waitingForOne(page, 'Sthogit Member');
    await inBangla(page);
    await page.goto('/borrowed-books');
    await page.getByRole('tab', { name: 'রিজার্ভ (১)' }).click();
    const card = page.getByRole('article', { name: book.title });
    await card.getByText('লাইব্রেরিতে এই বইয়ের ১টি কপি আছে।').waitFor();
    const expected = (await card.getByText(/^সম্ভাব্য তারিখ: /).textContent()) ?? '';
    expect(expected).toMatch(/^সম্ভাব্য তারিখ: [০-৯]{1,2} \S+ [০-৯]{4}।$/);
    await card.getByText(/^এটি একটি অনুমান/).waitFor();

    await card.getByRole('button', { name: `${book.title} বইয়ের রিজার্ভ স্থগিত করুন` }).click();
    await card.getByLabel('আবার চালু হবে').fill(libraryDay(10));
    await card.getByText('আজ থেকে সর্বোচ্চ ৯০ দিন।').waitFor();
    await card.getByRole('button', { name: 'রিজার্ভ স্থগিত করুন', exact: true }).click();
    const paused = card.getByText(/পর্যন্ত স্থগিত: আপনার জায়গা ঠিক থাকবে/);
    await paused.waitFor();
    expect((await paused.textContent()) ?? '').not.toMatch(/[0-9]/);
    await expectAccessible(page);

    await card.getByRole('button', { name: `${book.title} বইয়ের রিজার্ভ আবার চালু করুন` }).click();
    await card.getByRole('button', { name: `${book.title} বইয়ের রিজার্ভ স্থগিত করুন` }).waitFor();
    expect(await card.getByText(/পর্যন্ত স্থগিত/).count()).toBe(0);
  });
});
