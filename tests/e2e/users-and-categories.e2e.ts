// All Users with the real total and a search that finds the signed-in member's card; a category page as a
// visitor, whose Details link goes through sign-in and back, and a large category paged with Load more; the
// details page for a book that does not exist.
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import { addBook, graphql, sessionToken, sharedSession, uniqueTag, type ApiBook } from './support/library.ts';

const signedIn = sharedSession({ name: 'Listed Member' });
let romance: ApiBook;
// A category of its own with more books than one page holds (24).
const saga = `Saga ${uniqueTag('')}`;
const sagaTitles = Array.from({ length: 26 }, (_, i) => `${saga} volume ${i + 1}`);

beforeAll(async () => {
  romance = await addBook({
    title: `Letters in Spring ${uniqueTag('')}`,
    author: 'Rosa Quill',
    genre: 'Romance',
    quantity: 3,
    rating: 4,
  });
  for (const title of sagaTitles) await addBook({ title, genre: saga });
});

const count = (n: number) => n.toLocaleString('en-US');

describe('users, categories and a missing book', () => {
  const browser = useBrowser('desktop');

  it('heads All Users with every member and finds the signed-in member by name, any case', async () => {
    const page = browser.page();
    const account = await signedIn(browser);
    await page.goto('/all-users');
    const { users } = await graphql<{ users: { id: string }[] }>(await sessionToken(page), '{ users { id } }');
    const heading = page.getByRole('heading', { name: `All Users (${count(users.length)})` });
    await heading.waitFor();
    expect(await page.getByRole('article').count()).toBe(Math.min(users.length, 24));

    // A member searches names (others' e-mails are masked, and not theirs to probe).
    await page.getByLabel('Search users').fill('LISTED member');
    await page.getByText(`Showing 1 of ${count(users.length)} users`).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('LISTED member');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    // The heading keeps the whole membership while the list narrows.
    await heading.waitFor();
    const card = page.getByRole('article', { name: 'Listed Member' });
    await card.getByText(account.email).waitFor();
    expect((await card.locator('[aria-hidden="true"]').first().textContent())?.trim()).toBe('LM');
    const badges = card.locator('.rounded-full.text-xs');
    expect(await badges.allTextContents()).toEqual(['member', 'active']);
    // Green for a non-admin role and for an active status.
    for (const badge of await badges.all()) expect(await badge.getAttribute('class')).toContain('bg-green-100');
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(),
    );
    await card.getByText(`Joined: ${today}`).waitFor();
    // View and Edit open the desk's member record: staff only (tests/e2e/member-privacy.e2e.ts).
    expect(await card.getByRole('link', { name: /^(View|Edit)/ }).count()).toBe(0);
    await expectAccessible(page);

    await page.getByLabel('Search users').fill(`nobody ${uniqueTag('')}`);
    await page.getByText('No users found').waitFor();
    await page.getByText(`Showing 0 of ${count(users.length)} users`).waitFor();
    // A reload keeps the search (it is in the URL).
    await page.getByLabel('Search users').fill('listed MEMBER');
    await card.waitFor();
    await page.reload();
    await card.waitFor();
    expect(await page.getByLabel('Search users').inputValue()).toBe('listed MEMBER');
  });

  it('pages a large category with Load more, saying how many books it has', async () => {
    const page = browser.page();
    await page.goto(`/category/${encodeURIComponent(saga)}`);
    await page.getByRole('heading', { name: `${saga} Books`, level: 1 }).waitFor();
    await page.getByText('26 books in this category').waitFor();
    await page.getByText('24 of 26 shown').waitFor();
    const titles = () =>
      page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
    expect(await titles()).toEqual(sagaTitles.slice(0, 24));
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(titles).toEqual(sagaTitles);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await page.getByText(/of 26 shown/).count()).toBe(0);
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
