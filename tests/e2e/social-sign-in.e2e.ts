// Google and GitHub sign-in in a real browser through the real Auth emulator's popup: the person adds a new
// account in the emulator's provider page and the app ends signed in, holding a session token.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { serveOfflineIdentityProviders, signInThroughEmulatorPopup } from './support/offline-idp.ts';

describe('social sign-in', () => {
  const browser = useBrowser('desktop');

  it.each([
    ['Google', 'Google.com'],
    ['GitHub', 'GitHub.com'],
  ] as const)('signs in with %s through the emulator popup', async (button, provider) => {
    const page = browser.page();
    await serveOfflineIdentityProviders(browser.context());
    const account = { email: `${button.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`, name: `${button} Reader` };
    await page.goto('/login');
    const popupOpened = browser.context().waitForEvent('page');
    await page.getByRole('button', { name: button, exact: true }).click();
    const popup = await popupOpened;
    await signInThroughEmulatorPopup(popup, account, provider);
    await page.getByRole('heading', { name: 'Login Successful' }).waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('bookHavenToken'))).toBeTruthy();
    expect(await page.getByRole('img', { name: account.name }).count()).toBe(1);
  });
});
