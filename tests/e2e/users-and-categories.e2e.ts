// All Users with the signed-in member's card; a category page as a visitor, whose Details link goes through
// sign-in and back; the details page for a book that does not exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { addBook, apiToken, graphql, sessionToken, sharedSession, uniqueTag, type ApiBook } from './support/library.ts';

const signedIn = sharedSession({ name: 'Listed Member' });
let romance: ApiBook;

beforeAll(async () => {
  const token = await apiToken(await createAccount());
  romance = await addBook(token, {
    title: `Letters in Spring ${uniqueTag('')}`,
    author: 'Rosa Quill',
    genre: 'Romance',
    quantity: 3,
    rating: 4,
  });
});

describe('users, categories and a missing book', () => {
  const browser = useBrowser('desktop');

  it('lists the signed-in member on All Users with initials, role and status', async () => {
    const page = browser.page();
    const account = await signedIn(browser);
    await page.goto('/all-users');
    const { users } = await graphql<{ users: { id: string }[] }>(await sessionToken(page), '{ users { id } }');
    await page.getByRole('heading', { name: `All Users (${users.length})` }).waitFor();
    const card = page.getByRole('article', { name: 'Listed Member' });
    await card.getByText(account.email).waitFor();
    expect((await card.locator('[aria-hidden="true"]').first().textContent())?.trim()).toBe('LM');
    const badges = card.locator('.rounded-full.text-xs');
    expect(await badges.allTextContents()).toEqual(['member', 'active']);
    // Green for a non-admin role and for an active status.
    for (const badge of await badges.all()) expect(await badge.getAttribute('class')).toContain('bg-green-100');
    await card.getByText(`Joined: ${await page.evaluate(() => new Date().toLocaleDateString())}`).waitFor();
    await card.getByRole('button', { name: 'View' }).waitFor();
    await card.getByRole('button', { name: 'Edit' }).waitFor();
    await expectAccessible(page);
  });

  it('shows a category to a visitor and brings them back to the book after sign-in', async () => {
    const page = browser.page();
    await page.goto('/category/No Such Genre');
    await page.getByText('No books found in this category.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to Categories' }).getAttribute('href')).toBe('/');

    await page.goto('/category/Romance');
    await page.getByRole('heading', { name: 'Romance Books', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: romance.title });
    await card.getByText('by Rosa Quill').waitFor();
    await card.getByText('Quantity: 3').waitFor();
    await card.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    await expectAccessible(page);

    await card.getByRole('link', { name: `Details for ${romance.title}` }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const account = await createAccount();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/book-details/${romance.id}`, { timeout: 10_000 });
    await page.getByRole('heading', { name: romance.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Borrow Book' }).waitFor();
  });

  it('says Book Not Found for an unknown or malformed id, with a way back to the library', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.goto('/book-details/not-an-id');
    await page.getByRole('heading', { name: 'Book Not Found' }).waitFor();
    await page.goto('/book-details/0123456789abcdef01234567');
    await page.getByRole('heading', { name: 'Book Not Found' }).waitFor();
    await page.getByText("The book you're looking for doesn't exist or has been removed.").waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to Library' }).click();
    await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
  });
});
