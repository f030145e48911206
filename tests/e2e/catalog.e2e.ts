// The catalogue in a real browser: add a book (with the live cover check), find it with the server-side
// search that lives in the URL, switch views, update it; All Users; a category page as a visitor.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';

describe('catalogue', () => {
  const browser = useBrowser('desktop');

  it('adds a book, finds it by search, and updates it', async () => {
    const page = browser.page();
    const account = await createAccount({ name: 'Catalogue Keeper' });
    await signIn(page, account);
    const title = `The Journey Test ${randomUUID().slice(0, 6)}`;

    await page.goto('/add-book');
    await page.getByRole('heading', { name: 'Add New Book' }).waitFor();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Author', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Genre', { exact: true }).selectOption('Sci-Fi');
    await page.getByLabel('Quantity', { exact: true }).fill('4');
    await page.getByLabel('Rating', { exact: true }).fill('4.5');
    await page.getByLabel('Description', { exact: true }).fill('Notes on an engine that weaves algebra.');
    const image = page.getByLabel('Image URL', { exact: true });
    await image.fill('http://127.0.0.1:1/missing.jpg');
    await page.getByText('Invalid Image URL').waitFor();
    await image.fill('not a url');
    expect(await image.evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(false);
    await expectAccessible(page);
    await image.fill(`${baseUrl()}/assets/library/covers/dracula.svg`);
    await page.getByRole('button', { name: 'Add Book' }).click();
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    await page.getByText('Book added successfully').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');

    await page.goto('/all-books');
    await page.getByRole('heading', { name: 'Book Collection' }).waitFor();
    await page.getByLabel('Search books').fill(title.toLowerCase());
    await page.waitForURL((url) => url.searchParams.get('q') === title.toLowerCase());
    await page.getByText('Showing 1 of').waitFor();
    await page.reload();
    await page.getByText('Showing 1 of').waitFor();
    expect(await page.getByLabel('Search books').inputValue()).toBe(title.toLowerCase());
    await page.getByLabel('View mode').selectOption('table');
    await page.getByRole('columnheader', { name: 'Status' }).waitFor();
    await page.getByRole('cell', { name: title, exact: true }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => !url.searchParams.get('q'));

    await page.getByLabel('Search books').fill(title);
    await page.getByText('Showing 1 of').waitFor();
    await page.getByRole('link', { name: /update/i }).first().click();
    await page.getByRole('heading', { name: 'Update Book' }).waitFor();
    await page.getByLabel('Quantity', { exact: true }).fill('7');
    await page.getByLabel('Rating', { exact: true }).fill('3.9');
    await page.getByRole('button', { name: 'Update Book' }).click();
    await page.getByRole('heading', { name: 'Book Updated!' }).waitFor();
    await page.getByText(`"${title}"`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'View All Books' }).click();
    await page.waitForURL('**/all-books');
    await page.getByLabel('Search books').fill(title);
    await page.getByText('7 copies available').waitFor();
  });

  it('lists members on All Users', async () => {
    const page = browser.page();
    const account = await createAccount({ name: 'Listed Member' });
    await signIn(page, account);
    await page.goto('/all-users');
    await page.getByRole('heading', { name: /^All Users \(\d+\)$/ }).waitFor();
    await page.getByText(account.email).waitFor();
    await expectAccessible(page);
  });

  it('shows a category to a visitor and guards its details behind sign-in', async () => {
    const page = browser.page();
    await page.goto('/category/Thriller');
    await page.getByRole('heading', { name: 'Thriller Books' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: /details/i }).first().click();
    await page.waitForURL('**/login');
    const account = await createAccount();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/book-details/**', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Borrow Book' }).waitFor();
  });

  it('says Book Not Found for an unknown id', async () => {
    const page = browser.page();
    await signIn(page, await createAccount());
    await page.goto('/book-details/0123456789abcdef01234567');
    await page.getByRole('heading', { name: 'Book Not Found' }).waitFor();
    await page.getByText("The book you're looking for doesn't exist or has been removed.").waitFor();
  });
});
