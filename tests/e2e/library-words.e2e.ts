// The library's own words in Bangla (issue 41), in a real browser against the real gateway: a member reading in
// Bangla sees the genres by their Bangla names on Home, on a category's page and in All Books' filter with
// Bengali counts (the links and the filter keep the genre's key), and the Contact page gives the phone number in
// Bengali digits and a closure staff entered in both languages by its Bangla reason.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { addBook, graphql, keeperToken, libraryDay, uniqueTag } from './support/library.ts';

const BENGALI = '০১২৩৪৫৬৭৮৯';
const bengaliDigits = (text: string) => text.replace(/[0-9]/g, (d) => BENGALI[Number(d)]!);

/** Closes the library on the first free day from `ahead` days on, with a reason in each language; answers it. */
async function closeWithBothReasons(ahead: number, reason: string, reasonBn: string): Promise<string> {
  const token = await keeperToken();
  const close =
    'mutation($date: String!, $reason: String, $reasonBn: String) { addClosure(date: $date, reason: $reason, reasonBn: $reasonBn) { date } }';
  for (let day = ahead; day < ahead + 20; day += 1) {
    const answer = await graphql<{ addClosure: { date: string } }>(token, close, {
      date: libraryDay(day),
      reason,
      reasonBn,
    }).catch(() => null);
    if (answer) return answer.addClosure.date;
  }
  throw new Error('no free day to close');
}

describe("the library's words in Bangla", () => {
  const browser = useBrowser('desktop');

  it('names the genres in Bangla on Home, a category page and All Books, and writes Contact in Bangla', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const title = `Jibon ${tag}`;
    await addBook({ title, genre: 'Biography', quantity: 2 });
    const number = String(Date.now()).slice(-6);
    const closed = await closeWithBothReasons(30, `Flood ${number}`, `বন্যা ${bengaliDigits(number)}`);
    await signIn(page, await createAccount({ name: `Rina ${tag}` }));
    await page.goto('/');
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { name: 'বইয়ের বিভাগ' }).waitFor();

    // Home: each category by its Bangla name and description, linking by the genre's key.
    const biography = page.getByRole('link', { name: /^জীবনী/ });
    await biography.getByRole('heading', { name: 'জীবনী' }).waitFor();
    expect(await biography.getAttribute('href')).toBe('/category/Biography');
    await biography.getByText('সত্যিকারের জীবনকথা', { exact: false }).waitFor();
    expect(await page.getByRole('heading', { name: 'Biography' }).count()).toBe(0);

    // The category's page: its title and each card's genre in Bangla.
    await biography.click();
    await page.getByRole('heading', { level: 1, name: 'জীবনী বই' }).waitFor();
    const card = page.getByRole('article', { name: title });
    await card.getByText('জীবনী', { exact: true }).waitFor();

    // All Books: the genre filter by Bangla names with Bengali counts, its value the key.
    await page.goto('/all-books');
    const genre = page.getByRole('combobox', { name: 'ধরন', exact: true });
    await genre.waitFor();
    const option = genre.locator('option[value="Biography"]');
    await expect.poll(() => option.textContent()).toMatch(/^জীবনী \([০-৯,]+\)$/);

    // Contact: the phone number in Bengali digits, the closure by its Bangla reason.
    await page.goto('/contact');
    await page.getByRole('main').getByText('+৮৮০ ১৭১২-৩৪৫৬৭৮').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: '+৮৮০ ১৭১২-৩৪৫৬৭৮' }).waitFor();
    const hours = page.locator('section', { has: page.getByRole('heading', { name: 'খোলার সময়' }) });
    await hours.getByText(`বন্যা ${bengaliDigits(number)}`, { exact: false }).waitFor();
    expect(await hours.getByText(`Flood ${number}`, { exact: false }).count()).toBe(0);
    expect(closed >= libraryDay(30)).toBe(true);
  });
});
