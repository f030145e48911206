// Accounts in a real browser against the real Auth emulator: register -> signed in -> logout with the
// confirmation; a wrong password and then the right one, landing back on the guarded page that asked.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';

const token = (page: Page) => page.evaluate(() => localStorage.getItem('bookHavenToken'));

describe('accounts', () => {
  const browser = useBrowser('desktop');

  it('registers, is signed in, and logs out after confirming', async () => {
    const page = browser.page();
    await page.goto('/register');
    await page.getByLabel('Name', { exact: true }).fill('Grace Reader');
    await page.getByLabel('Email', { exact: true }).fill(`grace-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByText('Password must be at least 6 characters long').waitFor();
    expect(await page.getByRole('button', { name: 'Register' }).isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByText('Password must contain at least one uppercase letter').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Secret123');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'Registration Successful' }).waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await token(page)).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Are you sure?' }).waitFor();
    await page.getByText('You will be logged out of your account').waitFor();
    await page.getByRole('button', { name: 'Yes, log out' }).click();
    await page.getByRole('heading', { name: 'Logged Out' }).waitFor();
    await page.getByText('You have been successfully logged out').waitFor();
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await token(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('refuses a wrong password, then signs in and returns to the page that asked', async () => {
    const account = await createAccount();
    const page = browser.page();
    await page.goto('/borrowed-books');
    await page.waitForURL('**/login');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-Password1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Login Failed' }).waitFor();
    const message = /Wrong password\. Please try again\.|Invalid email or password\. Please try again\./;
    expect(await page.getByText(message).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    await expectAccessible(page);

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Login Successful' }).waitFor();
    await page.waitForURL('**/borrowed-books', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'My Borrowed Books' }).waitFor();
    expect(await token(page)).toBeTruthy();
  });
});
