// The reports page in a real browser against the real gateway's seeded store (issue 43): staff open it on this
// month, read the loans table beside its chart (a loan made just now is in today's row), and read it again in
// Bangla, figures in Bengali digits.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { addBook, apiToken, borrowBook, sharedSession, uniqueTag } from './support/library.ts';
import { staff } from './support/staff.ts';

const staffSignedIn = sharedSession(staff());

describe('the reports page', () => {
  const browser = useBrowser('desktop');

  it("shows this month's loans as a chart and a table, in English and in Bangla", async () => {
    const page = browser.page();
    const book = await addBook({ title: `Reported ${uniqueTag('')}`, quantity: 1 });
    await borrowBook(await apiToken(await createAccount()), book.id);

    await staffSignedIn(browser);
    await page.goto('/desk/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    const loans = page.getByRole('region', { name: 'Loans and returns' });
    await loans.getByRole('table').waitFor();
    const headers = await loans.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['From', 'Loans', 'Returns', 'New members', 'Members who borrowed']);
    // Today's row (the last of this month so far) counts the loan just made.
    const today = loans.getByRole('row').last();
    expect(Number(await today.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(1);
    await loans.getByRole('button', { name: 'Download “Loans and returns” as CSV' }).waitFor();
    await expectAccessible(page);

    await page.evaluate(() => localStorage.setItem('bookHavenLocale', 'bn'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'প্রতিবেদন' }).waitFor();
    const bnLoans = page.getByRole('region', { name: 'ধার ও ফেরত' });
    await bnLoans.getByRole('table').waitFor();
    expect(await bnLoans.getByRole('columnheader').nth(1).textContent()).toBe('ধার');
    expect(await bnLoans.getByRole('row').last().getByRole('cell').nth(1).textContent()).toMatch(/^[০-৯,]+$/);
  });
});
