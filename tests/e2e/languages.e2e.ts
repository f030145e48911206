// The app in Bangla (issue 29), in a real browser whose language is Bangla: the first visit starts in Bangla
// (<html lang="bn">, the header, home), sign-in is in Bangla and keeps the language on the member's account,
// a notice reads in Bangla with a Bangla date, and the header's switch turns everything, notices included,
// to English and back, remembered in the browser and on the account.
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, VIEWPORTS, baseUrl } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { addBook, apiToken, borrowBook, graphql, uniqueTag } from './support/library.ts';

const BENGALI_DATE =
  /[০-৯]{1,2} (জানুয়ারী|জানুয়ারি|ফেব্রুয়ারী|ফেব্রুয়ারি|মার্চ|এপ্রিল|মে|জুন|জুলাই|আগস্ট|সেপ্টেম্বর|অক্টোবর|নভেম্বর|ডিসেম্বর) [০-৯]{4}/;

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Home in Bangla, photographed like look.e2e.ts's English one; README_SCREENSHOTS=1 refreshes the README's. */
async function photograph(page: Page) {
  const dir = path.join(ROOT, 'test-results', 'e2e');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'languages-desktop-home-bn.png');
  await page.screenshot({ path: file });
  if (process.env.README_SCREENSHOTS === '1')
    copyFileSync(file, path.join(ROOT, '.github', 'screenshots', 'home-bn.png'));
}

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const localeOf = async (token: string) =>
  (await graphql<{ me: { locale: string | null } }>(token, '{ me { locale } }')).me.locale;

/** `member` has a copy set aside: another reader returned the book they were waiting for (a hold-ready notice). */
async function holdReadyNotice(memberToken: string, title: string) {
  const other = await createAccount({ name: `Other reader ${title}` });
  const otherToken = await apiToken(other);
  const book = await addBook({ title, quantity: 1 });
  await borrowBook(otherToken, book.id);
  await graphql(memberToken, 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: book.id });
  const { borrowedBooks } = await graphql<{ borrowedBooks: { id: string; bookId: string; status: string }[] }>(
    otherToken,
    '{ borrowedBooks { id bookId status } }',
  );
  const loan = borrowedBooks.find((l) => l.bookId === book.id && l.status === 'BORROWED');
  await graphql(otherToken, 'mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loan?.id });
}

describe('the app in Bangla', () => {
  const browser = useBrowser('desktop');

  it('starts in Bangla for a Bangla browser, signs in, reads a notice and switches to English and back', async () => {
    // A browser set to Bangla (navigator.languages = bn-BD), watched for page errors like the journey's own.
    const context = await browser
      .context()
      .browser()!
      .newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl(), serviceWorkers: 'block', locale: 'bn-BD' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
    });
    try {
      // Home, on a first visit: Bangla throughout, and the switch offers English.
      await page.goto('/');
      await page.getByRole('heading', { name: 'BookHaven-এ স্বাগতম' }).waitFor();
      expect(await lang(page)).toBe('bn');
      const main = page.getByRole('navigation', { name: 'প্রধান' });
      await main.getByRole('link', { name: 'হোম' }).waitFor();
      await page.getByRole('heading', { name: 'বইয়ের বিভাগ' }).waitFor();
      await page.getByRole('button', { name: 'English' }).waitFor();
      await page.getByRole('heading', { name: 'বাছাই করা বই' }).waitFor();
      await expectAccessible(page);
      await photograph(page);

      // Sign-in, in Bangla.
      const tag = uniqueTag('');
      const account = await createAccount({ name: `Rina ${tag}` });
      await page.getByRole('link', { name: 'লগইন' }).first().click();
      await page.getByRole('heading', { name: 'লগইন' }).waitFor();
      await page.getByLabel('ই-মেইল', { exact: true }).fill(account.email);
      await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'লগইন', exact: true }).click();
      const welcome = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'লগইন সফল' }) });
      await welcome.getByText('BookHaven-এ আবার স্বাগতম!').waitFor();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => url.pathname !== '/login');
      // The member chose nothing on their account yet: the language they read in is kept there.
      const token = await apiToken(account);
      await expect.poll(() => localeOf(token)).toBe('bn');

      // A notice, in Bangla, with its day in Bengali digits and a Bangla month.
      const title = `পথের পাঁচালী ${tag}`;
      await holdReadyNotice(token, title);
      await page.reload();
      await page.getByRole('button', { name: 'নোটিশ, ১টি অপঠিত' }).click();
      const panel = page.getByRole('region', { name: 'নোটিশ' });
      const notice = panel.getByRole('article', { name: new RegExp(title) });
      const text = (await notice.locator('p').first().textContent()) ?? '';
      expect(text).toContain(`“${title}”`);
      expect(text).toMatch(BENGALI_DATE);
      expect(text).toMatch(/পর্যন্ত আপনার জন্য রাখা আছে। বইয়ের পাতা থেকে ধার নিন।$/);
      // Its time is Bangla too: Bengali digits, no Latin ones outside the book's title.
      expect(await notice.locator('time').textContent()).toMatch(/^[০-৯]{1,2} \S+ [০-৯]{4}, [০-৯]{2}:[০-৯]{2}$/);
      await panel.getByText('১টি অপঠিত নোটিশ').waitFor();

      // The switch: English everywhere, the notice too, remembered here and on the account.
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('button', { name: 'বাংলা' }).waitFor();
      expect(await lang(page)).toBe('en');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('bookHavenLocale'))).toBe('en');
      await expect.poll(() => localeOf(token)).toBe('en');
      // The panel stayed open across the switch; its notice is asked again, in English.
      await page.getByRole('button', { name: 'Notices, 1 unread' }).waitFor();
      await page
        .getByRole('region', { name: 'Notices' })
        .getByRole('article', { name: new RegExp(`“${title}” is ready for you until \\d{4}-\\d{2}-\\d{2}`) })
        .waitFor();

      // And back: the choice outlives a reload.
      await page.getByRole('button', { name: 'বাংলা' }).click();
      await page.getByRole('button', { name: 'English' }).waitFor();
      await page.reload();
      await page.getByRole('navigation', { name: 'প্রধান' }).getByRole('link', { name: 'ধার নেওয়া বই' }).waitFor();
      expect(await lang(page)).toBe('bn');
      await expect.poll(() => localeOf(token)).toBe('bn');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the language switch on a phone', () => {
  const browser = useBrowser('phone');

  it('sits in the phone menu, and switches an English browser to Bangla', async () => {
    const page = browser.page();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to BookHaven' }).waitFor();
    expect(await lang(page)).toBe('en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { name: 'BookHaven-এ স্বাগতম' }).waitFor();
    expect(await lang(page)).toBe('bn');
    await page.getByRole('navigation', { name: 'মোবাইল' }).getByRole('link', { name: 'যোগাযোগ' }).click();
    await page.getByRole('heading', { name: 'যোগাযোগ করুন', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bookHavenLocale'))).toBe('bn');
  });
});
