// Suggesting a purchase (issue 42) in a real browser, in English and in Bangla: a member suggests a title the library
// has no copy of from its page, and another from the suggestions page; staff answer one at the desk with a reason
// (accept in English, decline in Bangla); the member reads the answer in their notices and on their suggestions,
// every sentence in the reader's language.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { memberBrowser, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { addBook, setQuantity, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';

/** The reader's choice of Bangla, kept in this browser as the header's switch keeps it. */
async function inBangla(page: Page) {
  await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
}

/** A title in the catalogue with no copy left, and a member signed in on `page` (reading Bangla when asked). */
async function memberAndUncopiedTitle(page: Page, label: string, bangla = false) {
  const tag = uniqueTag('');
  const book = await addBook({ title: `Wanted ${label} ${tag}`, author: `Author ${tag}`, quantity: 1 });
  await setQuantity(book, 0);
  await signIn(page, await createAccount({ name: `${label} Reader ${tag}` }));
  if (bangla) {
    // The header's switch, as a member chooses: it keeps Bangla on the account too, which is the language the
    // gateway writes the member's notices in (an account signed in on an English page took English).
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('button', { name: 'English' }).waitFor();
  }
  return { book, tag };
}

/** Staff answer a member's suggestion at the desk: the reason typed in its row, then Accept or Decline. */
async function answerAtDesk(page: Page, title: string, answer: RegExp, reason: string, bangla = false) {
  const desk = await memberBrowser(page.context(), await createAccount(staff()));
  try {
    if (bangla) await inBangla(desk.page);
    await desk.page.goto('/desk');
    await desk.page.getByRole('link', { name: bangla ? /^প্রস্তাব:/ : /^Suggestions:/ }).click();
    const row = desk.page.getByRole('row').filter({ hasText: title });
    await row.getByRole('textbox').fill(reason);
    await expectAccessible(desk.page);
    await row.getByRole('button', { name: answer }).click();
    await row.waitFor({ state: 'detached' });
    expect(desk.problems).toEqual([]);
  } finally {
    await desk.close();
  }
}

describe('suggesting a purchase', () => {
  const browser = useBrowser('desktop');

  it('suggests a title with no copies and another from the page; staff accept one; the member is told', async () => {
    const page = browser.page();
    const { book, tag } = await memberAndUncopiedTitle(page, 'Suggest');
    await page.goto(`/book-details/${book.id}`);
    await page.getByText('The library has no copy of this book, so it cannot be borrowed or put on hold.').waitFor();
    await page.getByRole('link', { name: 'Suggest the library buys it' }).click();
    await page.getByRole('heading', { name: 'Suggest a book', level: 1 }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(book.title);
    expect(await page.getByLabel('Author (optional)').inputValue()).toBe(book.author);
    await page.getByLabel('A note to staff (optional)').fill('Our reading circle would read it.');
    await page.getByRole('button', { name: 'Send suggestion' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Thank you: “${book.title}” is with the library's staff.` })
      .waitFor();

    const other = `Not In The Catalogue ${tag}`;
    await page.getByLabel('Title').fill(other);
    await page.getByRole('button', { name: 'Send suggestion' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Thank you: “${other}”` })
      .waitFor();
    const mine = page.getByRole('listitem');
    await mine
      .filter({ hasText: `${book.title} by ${book.author}` })
      .getByText(/waiting for the library's answer/)
      .waitFor();
    await mine
      .filter({ hasText: other })
      .getByText(/^Suggested .+: waiting for the library's answer\.$/)
      .waitFor();
    await expectAccessible(page);

    await answerAtDesk(page, book.title, /^Accept$/, 'On order from the book fair.');

    await page.reload();
    await page.getByRole('button', { name: 'Notices, 1 unread' }).click();
    await page
      .getByRole('region', { name: 'Notices' })
      .getByText(`The library will buy “${book.title}”, which you suggested: On order from the book fair.`)
      .first()
      .waitFor();
    await page.reload();
    const answered = mine.filter({ hasText: book.title });
    await answered.getByText(/: the library will buy it\./).waitFor();
    await answered.getByText('Staff said: On order from the book fair.').waitFor();
  });

  it('suggests, is declined with a reason and reads it, in Bangla', async () => {
    const page = browser.page();
    const { book } = await memberAndUncopiedTitle(page, 'Prostab', true);
    await page.goto(`/book-details/${book.id}`);
    await page.getByText('লাইব্রেরিতে এই বইয়ের কোনো কপি নেই, তাই এটি ধার বা রিজার্ভ করা যাবে না।').waitFor();
    await page.getByRole('link', { name: 'লাইব্রেরিকে বইটি কেনার প্রস্তাব দিন' }).click();
    await page.getByRole('heading', { name: 'বই কেনার প্রস্তাব', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'প্রস্তাব পাঠান' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `ধন্যবাদ: “${book.title}” লাইব্রেরির কর্মীদের কাছে পৌঁছেছে।` })
      .waitFor();
    const suggested = page.getByRole('listitem').filter({ hasText: book.title });
    const waiting = suggested.getByText(/^প্রস্তাব .+: লাইব্রেরির উত্তরের অপেক্ষায়।$/);
    expect((await waiting.textContent()) ?? '').not.toMatch(/[0-9]/);
    await expectAccessible(page);

    await answerAtDesk(page, book.title, /^নাকচ করুন$/, 'বাজেট শেষ', true);

    await page.reload();
    await page.getByRole('button', { name: 'নোটিশ, ১টি অপঠিত' }).click();
    await page
      .getByRole('region', { name: 'নোটিশ' })
      .getByText(`আপনার প্রস্তাবিত “${book.title}” বইটি লাইব্রেরি কিনবে না: বাজেট শেষ`)
      .first()
      .waitFor();
    await page.reload();
    await suggested.getByText(/: লাইব্রেরি বইটি কিনবে না।/).waitFor();
    await suggested.getByText('কর্মীরা বলেছেন: বাজেট শেষ').waitFor();
    await expectAccessible(page);
  });
});
