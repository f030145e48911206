// A member's account in a real browser against the real Auth emulator: "Forgot password?" e-mails a reset link
// (read back from the emulator's record of the e-mails it would have sent) with the same words for an unknown
// address; My account downloads the member's data as a JSON file, refuses deletion while a book is on loan, and
// deletes the account (and its Firebase user) once it is returned.
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn, uniqueEmail } from './support/accounts.ts';
import { addBook, borrowBook, graphql, sessionToken, uniqueTag } from './support/library.ts';

const PROJECT = 'demo-bookhaven';
const RESET_SENT = 'If an account exists for this e-mail, a reset link is on its way.';

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The e-mails with codes the emulator would have sent (it sends none): its documented oobCodes endpoint. */
async function oobCodes(): Promise<OobCode[]> {
  const response = await fetch(`${inject('authEmulatorUrl')}/emulator/v1/projects/${PROJECT}/oobCodes`);
  return ((await response.json()) as { oobCodes?: OobCode[] }).oobCodes ?? [];
}

/** Whether the emulator still has an account for this e-mail (its admin lookup, as firebase-admin asks). */
async function firebaseAccountExists(email: string): Promise<boolean> {
  const response = await fetch(
    `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  return (((await response.json()) as { users?: unknown[] }).users ?? []).length > 0;
}

describe('my account (desktop)', () => {
  const browser = useBrowser('desktop');

  it('sends a password-reset link for a member, says the same for an unknown address, and the link works', async () => {
    const account = await createAccount();
    const stranger = uniqueEmail('nobody');
    const page = browser.page();
    await page.goto('/login');
    const email = page.getByLabel('Email', { exact: true });
    const forgot = page.getByRole('button', { name: 'Forgot password?' });

    await email.fill(stranger);
    await forgot.click();
    await page.getByRole('status').filter({ hasText: RESET_SENT }).waitFor();
    await expectAccessible(page);

    await email.fill(account.email);
    await forgot.click();
    await expect
      .poll(async () => (await oobCodes()).filter((c) => c.email === account.email).map((c) => c.requestType))
      .toEqual(['PASSWORD_RESET']);
    expect(await page.getByRole('status').textContent()).toBe(RESET_SENT);
    expect((await oobCodes()).some((c) => c.email === stranger)).toBe(false);

    // The e-mailed code resets the password: the member signs in with the new one.
    const code = (await oobCodes()).find((c) => c.email === account.email)!;
    expect(new URL(code.oobLink).searchParams.get('mode')).toBe('resetPassword');
    const reset = await fetch(
      `${inject('authEmulatorUrl')}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ oobCode: code.oobCode, newPassword: 'Renewed123' }),
      },
    );
    expect(reset.status).toBe(200);
    await signIn(page, { ...account, password: 'Renewed123' });
  });

  it('tells visitors in the privacy policy how to download their data and delete their account', async () => {
    const page = browser.page();
    await page.goto('/legal/privacy-policy');
    const rights = page.getByRole('heading', { name: '6. Your Rights' }).locator('xpath=..');
    expect(await rights.textContent()).toMatch(
      /My account page you can download everything the library holds about you.*and delete your account/s,
    );
  });

  it('downloads the member’s data, refuses deletion while a book is on loan, then deletes the account', async () => {
    const account = await createAccount({ name: 'Leaving Reader' });
    const page = browser.page();
    await signIn(page, account);
    const token = await sessionToken(page);
    const title = uniqueTag('Export Journey ');
    const book = await addBook({ title, quantity: 2 });
    await borrowBook(token, book.id);

    await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
    await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bookhaven-my-data.json');
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string; name: string };
      loans: { bookTitle: string; status: string }[];
    };
    expect(data.profile).toMatchObject({ email: account.email, name: 'Leaving Reader' });
    expect(data.loans).toEqual([expect.objectContaining({ bookTitle: title, status: 'borrowed' })]);

    // What stands in the way is named first, before any "delete forever" confirmation.
    const remove = page.getByRole('button', { name: 'Delete my account' });
    await remove.click();
    const blocked = page.getByRole('alert').filter({ hasText: "You can't delete your account yet. First:" });
    await blocked
      .getByRole('listitem')
      .filter({ hasText: `Return “${title}”` })
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Delete your account?' }).count()).toBe(0);
    expect(await firebaseAccountExists(account.email)).toBe(true);

    const { me } = await graphql<{ me: { loans: { id: string }[] } }>(token, '{ me { loans { id } } }');
    await graphql(token, 'mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: me.loans[0]!.id });
    await remove.click();
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.getByRole('heading', { name: 'Account Deleted' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('bookHavenToken'))).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect(await firebaseAccountExists(account.email)).toBe(false);
  });
});
