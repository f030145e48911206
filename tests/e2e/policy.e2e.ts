// A library with its own rules: a gateway started with LOAN_LIMIT=3 LOAN_DAYS=21 LATE_FEE_PER_DAY=20 shows 3,
// 21 and 20 wherever the SPA states the policy (About, Terms, Privacy, the Contact FAQ, the Home hero and the
// borrow modal's default return date), and none of the defaults 5, 14 and 50.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { startOwnGateway, type OwnGateway } from './support/own-gateway.ts';
import { libraryDay } from './support/library.ts';

const POLICY = { LOAN_LIMIT: '3', LOAN_DAYS: '21', LATE_FEE_PER_DAY: '20' };
// The hold limit (5 by default here) is not the loan limit: only the loan rules' defaults are looked for.
const DEFAULTS = /up to (5|five) books at a time|\b14 days|\b50 taka/i;

let gateway: OwnGateway;

beforeAll(async () => {
  gateway = await startOwnGateway('policy', POLICY);
});

afterAll(() => gateway?.stop());

describe("the gateway's policy, everywhere the SPA states it", () => {
  const browser = useBrowser('desktop');
  let page: Page;
  const problems: string[] = [];

  /** A page of this gateway's SPA, watched for errors like the shared journeys' pages. */
  async function open() {
    page = await gateway.openPage(browser.context().browser()!);
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
    });
    return page.context();
  }

  const mainText = () => page.getByRole('main').innerText();

  it('prints 3 books, 21 days and 20 taka on About, Terms, Privacy, the Contact FAQ and the Home hero', async () => {
    const context = await open();
    try {
      await page.goto('/about');
      await page.getByText('Borrow up to 3 books at a time.').waitFor();
      await page.getByText('Each loan lasts 21 days.').waitFor();
      await page.getByText(/A late fee of 20 taka per day is charged for each overdue book/).waitFor();
      expect(await mainText()).not.toMatch(DEFAULTS);

      await page.goto('/legal/terms-conditions');
      await page.getByText('You may borrow up to 3 books at a time.').waitFor();
      await page.getByText('The loan period is 21 days.').waitFor();
      await page.getByText(/A late fee of 20 taka per day is charged for each overdue book\./).waitFor();
      expect(await mainText()).not.toMatch(DEFAULTS);

      await page.goto('/legal/privacy-policy');
      await page.getByText(/To track loans: up to 3 books at a time, each for 21 days/).waitFor();
      await page.getByText(/To calculate late fees of 20 taka per day for each overdue book/).waitFor();
      expect(await mainText()).not.toMatch(DEFAULTS);

      await page.goto('/contact');
      for (const question of ['How do I borrow a book?', 'How long is the loan period?', 'Are there late fees?'])
        await page.getByText(question, { exact: true }).click();
      await page.getByText(/You can borrow up to 3 books at a time\./).waitFor();
      await page.getByText(/^Books are lent for 21 days\./).waitFor();
      await page.getByText(/^Yes: 20 taka per day for each overdue book\./).waitFor();
      expect(await mainText()).not.toMatch(DEFAULTS);

      await page.goto('/');
      // The second slide is hidden until the carousel reaches it: its text is on the page all the same.
      await page
        .getByText('Borrow up to 3 books at a time for 21 days and keep track of every loan in one place.')
        .waitFor({ state: 'attached' });
      expect(await page.getByRole('main').textContent()).not.toMatch(DEFAULTS);
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });

  it("proposes the policy's 21 days as the borrow modal's return date", async () => {
    const context = await open();
    try {
      await signIn(page, await createAccount({ name: 'Policy Reader' }));
      const { books } = await gateway.graphql<{ books: { nodes: { id: string }[] } }>(
        null,
        '{ books(filter: { availableOnly: true }, first: 1) { nodes { id } } }',
      );
      await page.goto(`/book-details/${books.nodes[0]!.id}`);
      await page.getByRole('button', { name: 'Borrow Book' }).click();
      const date = page.getByRole('dialog', { name: 'Borrow Book' }).getByLabel('Return Date');
      await expect.poll(() => date.inputValue()).toBe(libraryDay(21));
      // The latest date comes with the borrow window, which may answer after the policy the value comes from.
      await expect.poll(() => date.getAttribute('max')).toBe(libraryDay(21));
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
