// Accounts made directly in the Auth emulator, for journeys that start signed out with an existing account.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { signUpInEmulator } from '../../../scripts/auth-emulator.ts';

export interface Account {
  email: string;
  password: string;
  name: string;
}

/** An address no other journey or shard uses (the shards may share one Auth emulator). */
export const uniqueEmail = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;

export async function createAccount(overrides: Partial<Account> = {}): Promise<Account> {
  const account = {
    email: uniqueEmail('reader'),
    password: 'Secret123',
    name: 'Ada Reader',
    ...overrides,
  };
  try {
    await signUpInEmulator(inject('authEmulatorUrl'), {
      email: account.email,
      password: account.password,
      displayName: account.name,
    });
  } catch (error) {
    // A shared account (staff, the catalogue keeper) another journey file made first: sign in to it as it is.
    if (!String(error).includes('EMAIL_EXISTS')) throw error;
  }
  return account;
}

/**
 * Signs in through the login page, as a person would, and waits until the app holds a session. The welcome
 * alert is read and then dismissed with Escape, as a person in a hurry would, instead of sitting out its
 * two-second timer (the auth journeys watch that timer close it by itself).
 */
export async function signIn(page: Page, account: Account, from = '/login') {
  await page.goto(from);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const welcome = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Login Successful' }) });
  await welcome.getByText('Welcome back to BookHaven!').waitFor();
  // The session token is stored once sign-in has finished (the Logout button may sit behind the phone menu).
  await page.waitForFunction(() => localStorage.getItem('bookHavenToken'));
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => url.pathname !== '/login');
}
