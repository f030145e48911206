// What a member sees and may do, in a real browser against the real gateway with staff configured: on All
// Users another member's e-mail is masked and their own is whole, with no View or Edit; staff's View opens the
// member's record at the desk; on Update Book copies owned and the replacement cost are read-only to a member,
// with the reason, while the title stays editable and saves.
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, type Account } from './support/accounts.ts';
import { addBook, apiToken, bookById, sharedSession, uniqueTag, type ApiBook } from './support/library.ts';
import { keeper } from './support/staff.ts';

const tag = uniqueTag('');
const memberSignedIn = sharedSession({ name: `Viewer ${tag}` });
const staffSignedIn = sharedSession(keeper());
const otherName = `Zed ${tag}`;
let other: Account;
let book: ApiBook;

beforeAll(async () => {
  // Another member, signed in once so the library knows them.
  other = await createAccount({ name: otherName });
  await apiToken(other);
  book = await addBook({ title: `Kept Stock ${tag}`, quantity: 3 });
});

/** "reader-1a2b@example.com" -> "r•••@example.com", as the gateway masks it. */
const masked = (email: string) => `${email[0]}•••${email.slice(email.indexOf('@'))}`;

describe('a member among members', () => {
  const browser = useBrowser('desktop');

  it("sees another member's e-mail masked and their own whole, and no View or Edit", async () => {
    const page = browser.page();
    const me = await memberSignedIn(browser);
    await page.goto(`/all-users?q=${encodeURIComponent(otherName)}`);
    const card = page.getByRole('article', { name: otherName });
    await card.getByText(masked(other.email), { exact: true }).waitFor();
    expect(await page.getByText(other.email).count()).toBe(0);
    expect(await card.getByRole('link').count()).toBe(0);
    expect(await card.getByRole('button').count()).toBe(0);
    await expectAccessible(page);

    await page.getByLabel('Search users').fill(`Viewer ${tag}`);
    await page
      .getByRole('article', { name: `Viewer ${tag}` })
      .getByText(me.email, { exact: true })
      .waitFor();
  });

  it('sees copies owned and the replacement cost read-only on Update Book, and saves the title', async () => {
    const page = browser.page();
    await memberSignedIn(browser);
    await page.goto(`/update-book/${book.id}`);
    const copies = page.getByLabel('Copies owned', { exact: true });
    await copies.waitFor();
    expect(await copies.inputValue()).toBe('3');
    expect(await copies.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Replacement cost (৳)').getAttribute('readonly')).not.toBeNull();
    await page.getByText('Only library staff can change how many copies the library owns.').waitFor();
    await page.getByText("Only library staff can change a book's replacement cost.").waitFor();
    await expectAccessible(page);

    const title = page.getByLabel('Title', { exact: true });
    await title.fill(`${book.title} (member's edit)`);
    await page.getByRole('button', { name: 'Update Book' }).click();
    await page.getByRole('dialog').getByText('Book Updated!').waitFor();
    expect(await bookById(book.id)).toMatchObject({ title: `${book.title} (member's edit)`, quantity: 3 });
  });
});

describe('staff among members', () => {
  const browser = useBrowser('desktop');

  it("see every e-mail whole, and View opens the member's record at the desk", async () => {
    const page = browser.page();
    await staffSignedIn(browser);
    await page.goto(`/all-users?q=${encodeURIComponent(otherName)}`);
    const card = page.getByRole('article', { name: otherName });
    await card.getByText(other.email, { exact: true }).waitFor();
    await card.getByRole('link', { name: `View ${otherName}` }).click();
    await page.waitForURL((url) => url.pathname === '/desk' && url.searchParams.has('member'));
    await page.getByRole('heading', { name: otherName, level: 2 }).waitFor();
  });
});
