// A session token that went bad: the next API call is refused, the SPA drops the token and goes to /login.
// (Google and GitHub pop-ups cannot run here: Firebase's popup flow loads https://apis.google.com even
// against the Auth emulator, and this machine has no network beyond loopback.)
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { createAccount, signIn } from './support/accounts.ts';

describe('bad sessions', () => {
  const browser = useBrowser('desktop');

  it('drops a tampered session token and sends the browser to /login', async () => {
    const page = browser.page();
    await signIn(page, await createAccount());
    await page.goto('/all-books');
    await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
    const tampered = await page.evaluate(() => {
      const value = `${localStorage.getItem('bookHavenToken')}tampered`;
      localStorage.setItem('bookHavenToken', value);
      return value;
    });
    // A client-side navigation: the next API call carries the bad token (a reload would fetch a fresh one).
    const answered = page.waitForResponse((response) => response.url().endsWith('/graphql') && response.request().headers().authorization === `Bearer ${tampered}`);
    await page.getByRole('link', { name: 'Borrowed Books' }).first().click();
    await answered;
    await page.waitForURL('**/login', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('bookHavenToken'))).not.toBe(tampered);
  });
});
