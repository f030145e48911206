// Adding and updating a book in a real browser: the add form's checks (the browser's required and URL
// checks, the app's own for blank text, the "Invalid Image URL" preview), success and reset, the book in
// All Books; then the Update form (its genre list, a rating to one decimal and whole copies owned), "Book Updated!" and
// "View All Books"; copies owned never below the copies on loan, and an edit of a book changed meanwhile
// (Reload); the Update form at phone width.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import {
  addBook,
  apiToken,
  bookById,
  borrowBook,
  graphql,
  holdOperation,
  sharedSession,
  uniqueTag,
} from './support/library.ts';
import { keeper } from './support/staff.ts';

// Staff: with staff configured, only they set copies owned and costs (members: tests/e2e/member-privacy.e2e.ts).
const signedIn = sharedSession(keeper());
const ADD_GENRES = [
  'Thriller',
  'Sci-Fi',
  'Poetry',
  'Drama',
  'Children',
  'Self-Help',
  'Biography',
  'Fantasy',
  'Romance',
];
const UPDATE_GENRES = [
  'Fiction',
  'Non-fiction',
  'Mystery',
  'Sci-Fi',
  'Fantasy',
  'Romance',
  'Thriller',
  'Biography',
  'History',
  'Children',
  'Young Adult',
  'Comic',
  'Self-Help',
  'Business',
  'Other',
];
const FIELDS = ['Title', 'Author', 'Genre', 'Quantity', 'Rating', 'Image URL', 'Description'];
let bookId = '';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const optionsOf = (page: Page) => field(page, 'Genre').locator('option').allTextContents();

function countMutations(page: Page, operationName: string) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().endsWith('/graphql') &&
      request.postDataJSON()?.operationName === operationName
    )
      seen.count++;
  });
  return seen;
}

describe('adding and updating a book', () => {
  const browser = useBrowser('desktop');

  it('checks the add form, adds the book, resets the form, and finds the book in All Books', async () => {
    const page = browser.page();
    await signedIn(browser);
    const adds = countMutations(page, 'AddBook');
    const title = `Engine Notes ${uniqueTag('')}`;
    await page.goto('/add-book');
    await page.getByRole('heading', { name: 'Add New Book' }).waitFor();
    await page.getByRole('complementary', { name: 'About Books' }).waitFor();
    expect(await optionsOf(page)).toEqual(['Select a genre', ...ADD_GENRES]);

    // An empty form does not leave the browser: every field is required, and the first one gets focus.
    await page.getByRole('button', { name: 'Add Book' }).click();
    for (const label of FIELDS) {
      expect(await field(page, label).evaluate((el) => (el as HTMLInputElement).validity.valueMissing), label).toBe(
        true,
      );
    }
    expect(await field(page, 'Title').evaluate((el) => el === document.activeElement)).toBe(true);

    const image = field(page, 'Image URL');
    await image.fill('http://127.0.0.1:1/missing.jpg');
    await page.getByText('Invalid Image URL').waitFor();
    await image.fill('not a url');
    expect(await image.evaluate((el) => (el as HTMLInputElement).validity.typeMismatch)).toBe(true);
    await field(page, 'Quantity').fill('0');
    expect(await field(page, 'Quantity').evaluate((el) => (el as HTMLInputElement).validity.rangeUnderflow)).toBe(true);
    await field(page, 'Rating').fill('5.5');
    expect(await field(page, 'Rating').evaluate((el) => (el as HTMLInputElement).validity.rangeOverflow)).toBe(true);

    // Blank text passes the browser's check; the form's own check names the field.
    await field(page, 'Title').fill('   ');
    await field(page, 'Author').fill('Ada Lovelace');
    await field(page, 'Genre').selectOption('Sci-Fi');
    await field(page, 'Quantity').fill('4');
    await field(page, 'Rating').fill('4.5');
    await field(page, 'Description').fill('Notes on an engine that weaves algebra.');
    await image.fill(`${baseUrl()}/placeholder-book.jpg`);
    await page.getByRole('button', { name: 'Add Book' }).click();
    await page.getByText('This field is required').waitFor();
    expect(await field(page, 'Title').getAttribute('aria-invalid')).toBe('true');
    expect(adds.count).toBe(0);
    await expectAccessible(page);

    await field(page, 'Title').fill(title);
    const preview = page.getByRole('img', { name: `Cover preview of ${title}` });
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const held = await holdOperation(page, 'AddBook');
    await page.getByRole('button', { name: 'Add Book' }).click();
    expect(await page.getByRole('button', { name: 'Adding Book...' }).isDisabled()).toBe(true);
    await held.release();
    await page.getByRole('heading', { name: 'Success!' }).waitFor();
    await page.getByText('Book added successfully').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    for (const label of FIELDS) expect(await field(page, label).inputValue(), label).toBe('');
    expect(await page.getByRole('img', { name: /Cover preview/ }).count()).toBe(0);
    expect(await page.getByText('This field is required').count()).toBe(0);
    expect(adds.count).toBe(1);

    await page.goto('/all-books');
    await page.getByLabel('Search books').fill(title);
    const card = page.getByRole('article', { name: title });
    await card.getByText('4 copies available').waitFor();
    await card.getByText('Ada Lovelace').waitFor();
    await card.getByText('Sci-Fi').waitFor();
    bookId = new URL(
      (await card.getByRole('link', { name: `Details for ${title}` }).getAttribute('href'))!,
      baseUrl(),
    ).pathname
      .split('/')
      .pop()!;
  });

  it('updates the book with a rating to one decimal, whole copies owned and the update genre list', async () => {
    const page = browser.page();
    await signedIn(browser);
    const before = (await bookById(bookId))!;
    await page.goto(`/all-books?q=${encodeURIComponent(before.title)}`);
    await page.getByRole('link', { name: `Update ${before.title}` }).click();
    await page.getByRole('heading', { name: 'Update Book' }).waitFor();
    await page.getByRole('complementary', { name: 'Current Details' }).getByText(before.title).waitFor();
    expect(await field(page, 'Title').inputValue()).toBe(before.title);
    expect(await field(page, 'Genre').inputValue()).toBe('Sci-Fi');
    expect(await optionsOf(page)).toEqual(['Select a genre', ...UPDATE_GENRES]);

    // The cover preview follows the Image URL field live, and says so when the URL does not load.
    const image = field(page, 'Image URL');
    const cover = await image.inputValue();
    await image.fill('http://127.0.0.1:1/moved.jpg');
    await page.getByText('Invalid Image URL').waitFor();
    // Update takes site paths as covers, so a malformed one reaches the gateway, which refuses it.
    await image.fill('not a url');
    await page.getByRole('button', { name: 'Update Book' }).click();
    await page.getByRole('heading', { name: 'Update Failed' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to update book. Please try again.' }).waitFor();
    await page.getByText(/must be an http or https URL/).waitFor();
    expect(await image.getAttribute('aria-invalid')).toBe('true');
    expect((await bookById(bookId))?.title).toBe(before.title);
    await image.fill(cover);
    await page.getByRole('img', { name: `Cover preview of ${before.title}` }).waitFor();

    const title = `${before.title} (2nd ed.)`;
    await field(page, 'Title').fill(title);
    await field(page, 'Genre').selectOption('Mystery');
    // No copy is on loan, so all seven copies owned are on the shelf.
    await field(page, 'Copies owned').fill('7');
    await field(page, 'Rating').fill('3.9');
    const held = await holdOperation(page, 'UpdateBook');
    await page.getByRole('button', { name: 'Update Book' }).click();
    expect(await page.getByRole('button', { name: 'Updating...' }).isDisabled()).toBe(true);
    await held.release();
    await page.getByRole('heading', { name: 'Book Updated!' }).waitFor();
    await page.getByText(`"${title}"`, { exact: false }).waitFor();
    // Under the alert (which hides the page from the accessibility tree), the form says so too.
    await page.getByText('Book updated successfully!').waitFor();
    expect(await bookById(bookId)).toMatchObject({ title, genre: 'Mystery', quantity: 7, rating: 3.9 });
    await page.getByRole('button', { name: 'View All Books' }).click();
    await page.waitForURL((url) => url.pathname === '/all-books');

    await page.getByLabel('Search books').fill(title);
    const card = page.getByRole('article', { name: title });
    await card.getByText('7 copies available').waitFor();
    await card.getByText('Mystery').waitFor();
    await card.getByRole('img', { name: 'Rated 3.9 out of 5' }).waitFor();
    await expectAccessible(page);
  });
});

describe('updating a book that is on loan or changed meanwhile', () => {
  const browser = useBrowser('desktop');

  it('keeps copies owned at or above the copies on loan, and reloads a book changed while it was edited', async () => {
    const page = browser.page();
    const token = await apiToken(await signedIn(browser));
    const book = await addBook({ title: `Lent Out ${uniqueTag('')}`, genre: 'Drama', quantity: 4 });
    // Two copies out, with two members (one member holds one copy of a book at a time).
    await borrowBook(token, book.id, 7);
    await borrowBook(await apiToken(await createAccount()), book.id, 7);
    const updates = countMutations(page, 'UpdateBook');

    await page.goto(`/update-book/${book.id}`);
    const copies = field(page, 'Copies owned');
    expect(await copies.inputValue()).toBe('4');
    await page.getByText('2 on loan now, so at least 2.', { exact: false }).waitFor();
    const details = page.getByRole('complementary', { name: 'Current Details' });
    await details.getByText('On loan: 2').waitFor();
    await copies.fill('1');
    await page.getByRole('button', { name: 'Update Book' }).click();
    await page.getByText('2 copies are on loan, so copies owned cannot be fewer than 2').waitFor();
    expect(await copies.getAttribute('aria-invalid')).toBe('true');
    expect(updates.count).toBe(0);
    await expectAccessible(page);

    // Someone else edits the book while this form is open.
    const renamed = `${book.title} (revised)`;
    await graphql(token, 'mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { id } }', {
      id: book.id,
      input: {
        title: renamed,
        author: book.author,
        genre: book.genre,
        rating: 4,
        image: '/placeholder-book.jpg',
        copies: 6,
      },
    });
    await copies.fill('5');
    await page.getByRole('button', { name: 'Update Book' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'This book changed while you were editing it' });
    await conflict.waitFor();
    expect((await bookById(book.id))?.title).toBe(renamed);
    await expectAccessible(page);
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    expect(await field(page, 'Title').inputValue()).toBe(renamed);
    expect(await copies.inputValue()).toBe('6');

    await copies.fill('3');
    await page.getByRole('button', { name: 'Update Book' }).click();
    await page.getByRole('heading', { name: 'Book Updated!' }).waitFor();
    // Three owned, two of them out: one on the shelf.
    expect(await bookById(book.id)).toMatchObject({ title: renamed, quantity: 1 });
  });
});

describe('the Update form at phone width', () => {
  const browser = useBrowser('phone');

  it('fits the screen and stays accessible', async () => {
    const page = browser.page();
    await signedIn(browser);
    await page.goto(`/update-book/${bookId}`);
    await page.getByRole('heading', { name: 'Update Book' }).waitFor();
    await field(page, 'Title').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
