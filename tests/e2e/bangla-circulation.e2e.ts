// The main flows in Bangla (issue 29), in a real browser: a member who chose Bangla finds a book on All Books,
// borrows it from its page and sees it on Borrowed Books, and staff find that member at the desk; every screen
// speaks Bangla, numbers in Bengali digits (the book's own title stays as entered).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { addBook, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';

/** The reader's choice of Bangla, kept in this browser as the header's switch keeps it. */
async function inBangla(page: Page) {
  await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
}

describe('borrowing in Bangla', () => {
  const browser = useBrowser('desktop');

  it('finds a book on All Books, borrows it, sees it on Borrowed Books, and staff find the member at the desk', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const title = `Gitanjali Bangla ${tag}`;
    const book = await addBook({ title, author: 'Rabindranath Tagore', quantity: 3 });
    const account = await createAccount({ name: `Shirin ${tag}` });
    await signIn(page, account);
    await inBangla(page);

    // All Books: the heading, the search box and the count in Bangla.
    await page.goto('/all-books');
    await page.getByRole('heading', { name: 'বইয়ের সংগ্রহ' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await page.getByLabel('বই খুঁজুন').fill(`gitanjali ${tag}`);
    // "Showing 1 of N books": the one match of the library's N, in Bengali digits.
    await page.getByText(/^[০-৯,]+টি বইয়ের মধ্যে ১টি দেখানো হচ্ছে$/).waitFor();
    await page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await page.waitForURL(`**/book-details/${book.id}`);

    // Its page and the borrow dialog.
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'বই ধার নিন' }).click();
    const dialog = page.getByRole('dialog', { name: 'বই ধার নিন' });
    await dialog.getByLabel('ফেরতের তারিখ').waitFor();
    await dialog.getByRole('button', { name: 'ধার নিশ্চিত করুন' }).click();
    await page.getByRole('heading', { name: 'বই ধার নেওয়া হয়েছে!' }).waitFor();
    const success =
      (await page.getByText(`আপনি সফলভাবে "${title}" ধার নিয়েছেন।`, { exact: false }).textContent()) ?? '';
    // The due date in Bengali digits and a Bangla month.
    expect(success.replace(title, '')).toMatch(/[০-৯]{1,2} \S+ [০-৯]{4}/);
    expect(success.replace(title, '')).not.toMatch(/[0-9]/);
    await page.getByRole('button', { name: 'ঠিক আছে' }).click();

    // Borrowed Books: the heading, the tab with its count in Bengali digits, the loan.
    await page.goto('/borrowed-books');
    await page.getByRole('heading', { name: 'আমার ধার নেওয়া বই' }).waitFor();
    await page.getByRole('tab', { name: 'ফেরত বাকি (১)' }).waitFor();
    await page.getByText(title).first().waitFor();

    // The desk, for staff who read Bangla: the member found by name.
    const desk = await browser
      .context()
      .browser()!
      .newContext({ baseURL: new URL(page.url()).origin });
    try {
      const staffPage = await desk.newPage();
      await signIn(staffPage, await createAccount(staff()));
      await inBangla(staffPage);
      await staffPage.goto('/desk');
      await staffPage.getByRole('heading', { name: 'সার্কুলেশন ডেস্ক' }).waitFor();
      await staffPage.getByLabel('সদস্য খুঁজুন').fill(`Shirin ${tag}`);
      await staffPage.getByText('১ জন সদস্য', { exact: true }).waitFor();
    } finally {
      await desk.close();
    }
  });
});
