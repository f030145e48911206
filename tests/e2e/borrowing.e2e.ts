// Borrowing in a real browser: details -> borrow modal -> Already Borrowed -> Borrowed Books -> return,
// with the stock checked through the API at each step.
import { describe, expect, it } from 'vitest';
import { useBrowser, baseUrl } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';

interface ApiBook {
  _id: string;
  title: string;
  quantity: number;
}

const bookById = async (id: string) => (await (await fetch(`${baseUrl()}/api/books/${id}`)).json()) as ApiBook;

function localDay(offsetDays: number) {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('borrowing and returning', () => {
  const browser = useBrowser('desktop');

  it('borrows a book, shows it as already borrowed and pending, then returns it', async () => {
    const books = (await (await fetch(`${baseUrl()}/api/books`)).json()) as ApiBook[];
    const book = books.find((b) => b.quantity >= 3)!;
    const account = await createAccount({ name: 'Borrowing Reader' });
    const page = browser.page();
    await signIn(page, account);

    await page.goto(`/book-details/${book._id}`);
    await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Borrow Book' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('Borrowing Reader');
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
    expect(await dialog.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
    const date = dialog.getByLabel('Return Date');
    expect(await date.inputValue()).toBe(localDay(14));
    expect(await date.getAttribute('min')).toBe(localDay(0));
    await dialog.getByText('By borrowing this book, you agree to return it by the specified date. Late returns may incur fees.').waitFor();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Confirm Borrow' }).click();
    await page.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
    await page.getByText(`You have successfully borrowed "${book.title}".`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Already Borrowed').first().waitFor();
    expect((await bookById(book._id)).quantity).toBe(book.quantity - 1);

    await page.goto('/borrowed-books');
    await page.getByRole('tab', { name: 'Pending (1)' }).waitFor();
    await page.getByRole('button', { name: `Return Book: ${book.title}` }).click();
    await page.getByRole('heading', { name: 'Return Book?' }).waitFor();
    await page.getByText('Are you sure you want to return this book?').waitFor();
    await page.getByRole('button', { name: 'Yes, return it!' }).click();
    await page.getByRole('heading', { name: 'Book Returned!' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('tab', { name: 'Returned (1)' }).waitFor();
    expect((await bookById(book._id)).quantity).toBe(book.quantity);
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    await expectAccessible(page);
  });
});
