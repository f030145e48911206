// Borrowing and returning in a real browser, on a book this file makes: details -> borrow modal (its
// read-only fields, default and minimum date, the missing-date alert) -> Already Borrowed, also from a stale
// second tab -> Borrowed Books (Pending, due badge) -> return -> Returned, copies back; the loan limit (five
// books, then the gateway's refusal in Failed to Borrow); renewing (the new due date, then Renew disabled with
// the gateway's reason; no renewal of a book another member waits for; a renewal refused from a stale page);
// then Borrowed Books at phone width.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount } from './support/accounts.ts';
import {
  addBook,
  apiToken,
  bookById,
  borrowBook,
  friendlyDate,
  graphql,
  graphqlRefusal,
  holdOperation,
  libraryDay,
  sharedSession,
  uniqueTag,
  type ApiBook,
} from './support/library.ts';

const signedIn = sharedSession({ name: 'Circulation Reader' });
let book: ApiBook;

beforeAll(async () => {
  book = await addBook({
    title: `Borrowable ${uniqueTag('')}`,
    author: 'Circe Lender',
    genre: 'Biography',
    quantity: 5,
  });
});

/** A calendar day in the browser's time zone, `offsetDays` from today. */
function localDay(offsetDays: number) {
  const date = new Date();
  date.setDate(date.getDate() + offsetDays);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A YYYY-MM-DD day as the SPA writes it: "24 Mar 2026". */
const pageDate = friendlyDate;

/** The calendar day `days` after a YYYY-MM-DD day. */
const addDays = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

const stockOf = (page: Page) =>
  page.locator('dt', { hasText: 'Available Copies' }).locator('xpath=following-sibling::dd').textContent();

describe('borrowing and returning', () => {
  const browser = useBrowser('desktop');

  it('borrows from the details page, refuses a second borrow from a stale tab, and returns from Borrowed Books', async () => {
    const page = browser.page();
    const account = await signedIn(browser);
    await page.goto(`/book-details/${book.id}`);
    await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();
    await page.getByText('In Stock: 5').waitFor();
    // A second tab of the same session, opened before the borrow, so it still offers "Borrow Book".
    const stale = await browser.context().newPage();
    const staleErrors: string[] = [];
    stale.on('console', (message) => message.type() === 'error' && staleErrors.push(message.text()));
    stale.on('pageerror', (error) => staleErrors.push(error.message));
    await stale.goto(`/book-details/${book.id}`);
    await stale.getByRole('button', { name: 'Borrow Book' }).waitFor();
    // A background tab gets few animation frames, which stalls Playwright's checks: work in the front one.
    await page.bringToFront();

    // Escape closes the modal and puts focus back on the button that opened it.
    const borrowButton = page.getByRole('button', { name: 'Borrow Book' });
    await borrowButton.click();
    const dialog = page.getByRole('dialog', { name: 'Borrow Book' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await borrowButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await borrowButton.click();
    await dialog.waitFor();
    await dialog.getByText('5 copies available').waitFor();
    for (const [label, value] of [
      ['Name', 'Circulation Reader'],
      ['Email', account.email],
    ] as const) {
      const field = dialog.getByLabel(label, { exact: true });
      expect(await field.inputValue()).toBe(value);
      expect(await field.getAttribute('readonly')).not.toBeNull();
    }
    const date = dialog.getByLabel('Return Date');
    // The library's calendar, not the browser's: from 18:00 to midnight UTC they differ by a day, and the browser's
    // stands in until the gateway's borrow window answers (the policy test waits for it the same way).
    await expect.poll(() => date.inputValue()).toBe(libraryDay(14));
    await expect.poll(() => date.getAttribute('min')).toBe(libraryDay(0));
    await dialog
      .getByText('By borrowing this book, you agree to return it by the specified date. Late returns may incur fees.')
      .waitFor();
    await expectAccessible(page);

    await date.fill('');
    await dialog.getByRole('button', { name: 'Confirm Borrow' }).click();
    await page.getByRole('heading', { name: 'Return Date Required' }).waitFor();
    await page.getByText('Please select a return date').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor();
    // A typed date before the picker's minimum goes to the gateway, which refuses it in its own words.
    await date.fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Confirm Borrow' }).click();
    await page.getByRole('heading', { name: 'Failed to Borrow' }).waitFor();
    await page.getByText('The return date cannot be before today').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor();
    expect((await bookById(book.id))?.quantity).toBe(5);

    const due = libraryDay(10);
    await date.fill(due);
    const borrowing = await holdOperation(page, 'BorrowBook');
    await dialog.getByRole('button', { name: 'Confirm Borrow' }).click();
    expect(await dialog.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
    await borrowing.release();
    await page.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
    const dueText = await pageDate(page, due);
    await page.getByText(`You have successfully borrowed "${book.title}". Please return by ${dueText}.`).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Already Borrowed' });
    await notice.waitFor();
    // The Borrow button is gone, so keyboard focus continues from the notice that replaced it.
    await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Borrow Book' }).count()).toBe(0);
    await page.getByText('In Stock: 4').waitFor();
    expect(await stockOf(page)).toBe('4');
    expect((await bookById(book.id))?.quantity).toBe(4);
    await expectAccessible(page);
    await page.reload();
    await page.getByRole('status').filter({ hasText: 'Already Borrowed' }).waitFor();

    await stale.bringToFront();
    await stale.getByRole('button', { name: 'Borrow Book' }).click();
    await stale.getByRole('button', { name: 'Confirm Borrow' }).click();
    await stale.getByRole('heading', { name: 'Already Borrowed' }).waitFor();
    await stale.getByText('You have already borrowed this book. You can borrow it again after returning it.').waitFor();
    await stale.getByRole('button', { name: 'OK' }).click();
    await stale.getByRole('status').filter({ hasText: 'Already Borrowed' }).waitFor();
    await stale.close();
    expect(staleErrors).toEqual([]);
    await page.bringToFront();
    expect((await bookById(book.id))?.quantity).toBe(4);

    await page.getByRole('link', { name: 'My Borrowed Books' }).click();
    await page.getByRole('heading', { name: 'My Borrowed Books' }).waitFor();
    await page.getByRole('tab', { name: 'Pending (1)', selected: true }).waitFor();
    await page.getByRole('tab', { name: 'Returned (0)' }).waitFor();
    const card = page.getByRole('article', { name: book.title });
    // Days left count from the reader's own today (a day more than 10 while the library is already on tomorrow).
    const daysLeft = Math.round((Date.parse(due) - Date.parse(localDay(0))) / 86_400_000);
    await card.getByText(`${daysLeft} days left`).waitFor();
    await card.getByText('by Circe Lender').waitFor();
    await card.getByText('Biography').waitFor();
    await card.getByText(`Borrowed: ${await pageDate(page, libraryDay(0))}`).waitFor();
    await card.getByText(`Return by: ${await friendlyDate(page, due)}`).waitFor();
    await expectAccessible(page);

    // Cancelling the confirmation keeps the loan.
    await card.getByRole('button', { name: `Return Book: ${book.title}` }).click();
    await page.getByRole('heading', { name: 'Return Book?' }).waitFor();
    await page.getByText('Are you sure you want to return this book?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    expect((await bookById(book.id))?.quantity).toBe(4);
    await card.getByRole('button', { name: `Return Book: ${book.title}` }).click();
    const held = await holdOperation(page, 'ReturnBook');
    await page.getByRole('button', { name: 'Yes, return it!' }).click();
    expect(await card.getByRole('button', { name: `Returning...: ${book.title}` }).isDisabled()).toBe(true);
    await held.release();
    await page.getByRole('heading', { name: 'Book Returned!' }).waitFor();
    await page.getByText('Thank you for returning the book.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('tab', { name: 'Returned (1)' }).waitFor();
    await page.getByRole('tab', { name: 'Pending (0)' }).waitFor();
    await page.getByRole('heading', { name: 'No Pending Books' }).waitFor();
    await page.getByRole('button', { name: 'View Returned Books' }).click();
    await page.getByRole('tab', { name: 'Returned (1)', selected: true }).waitFor();
    await card.waitFor();
    expect(await card.getByRole('button', { name: /Return Book/ }).count()).toBe(0);
    expect((await bookById(book.id))?.quantity).toBe(5);
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    await expectAccessible(page);

    await card.getByRole('link', { name: `View Details of ${book.title}` }).click();
    await page.getByText('In Stock: 5').waitFor();
    await page.getByRole('button', { name: 'Borrow Book' }).waitFor();
  });

  it('reports a return already made in another tab and then shows the loan as returned', async () => {
    const page = browser.page();
    const account = await signedIn(browser);
    const token = await apiToken(account);
    const twice = await addBook({ title: `Returned Twice ${uniqueTag('')}`, quantity: 2 });
    await borrowBook(token, twice.id, 7);
    await page.goto('/borrowed-books');
    const returnButton = page.getByRole('button', { name: `Return Book: ${twice.title}` });
    await returnButton.waitFor();
    // Returned elsewhere (another tab or device) while this list still shows the loan as pending.
    const { borrowedBooks } = await graphql<{ borrowedBooks: { id: string; bookId: string; status: string }[] }>(
      token,
      '{ borrowedBooks { id bookId status } }',
    );
    const loan = borrowedBooks.find((l) => l.bookId === twice.id && l.status === 'BORROWED')!;
    await graphql(token, 'mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loan.id });

    await returnButton.click();
    await page.getByRole('button', { name: 'Yes, return it!' }).click();
    await page.getByRole('heading', { name: 'Failed to Return' }).waitFor();
    await page.getByText('This book has already been returned.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await returnButton.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /^Returned/ }).click();
    await page.getByRole('article', { name: twice.title }).waitFor();
    expect((await bookById(twice.id))?.quantity).toBe(2);
  });

  it('does not offer an out-of-stock book', async () => {
    const page = browser.page();
    await signedIn(browser);
    // Its one copy is out with another member: out of stock (a title with no copy at all says so instead).
    const gone = await addBook({ title: `Gone ${uniqueTag('')}`, quantity: 1 });
    await borrowBook(await apiToken(await createAccount()), gone.id);
    await page.goto(`/book-details/${gone.id}`);
    await page.getByText('Out of Stock').waitFor();
    expect(await page.getByRole('button', { name: 'Borrow Book' }).isDisabled()).toBe(true);
  });
});

interface Loan {
  id: string;
  bookId: string;
  status: string;
  dueDate: string;
  renewals: number;
  canRenew: boolean;
  renewBlockedReason: string | null;
}

/** The caller's active loan of a book, as the gateway has it now. */
async function activeLoan(token: string, bookId: string): Promise<Loan> {
  const { borrowedBooks } = await graphql<{ borrowedBooks: Loan[] }>(
    token,
    '{ borrowedBooks { id bookId status dueDate renewals canRenew renewBlockedReason } }',
  );
  const loan = borrowedBooks.find((l) => l.bookId === bookId && l.status === 'BORROWED');
  if (!loan) throw new Error(`no active loan of ${bookId}`);
  return loan;
}

const BORROW = 'mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity } }';
const RENEW = 'mutation($id: ID!) { renewLoan(loanId: $id) { id dueDate } }';

describe('the loan limit and renewals', () => {
  const browser = useBrowser('desktop');
  // Their own members: one ends at the loan limit, which would stop the other journeys borrowing.
  const limitReader = sharedSession({ name: 'Limit Reader' });
  const renewReader = sharedSession({ name: 'Renew Reader' });

  it('borrows up to the loan limit of five, then says before any form why a sixth cannot be borrowed', async () => {
    const page = browser.page();
    const token = await apiToken(await limitReader(browser));
    const { policy } = await graphql<{ policy: { loanLimit: number } }>(null, '{ policy { loanLimit } }');
    expect(policy.loanLimit).toBe(5);
    const books: ApiBook[] = [];
    for (let i = 1; i <= 6; i++) books.push(await addBook({ title: `Limit ${i} ${uniqueTag('')}`, quantity: 2 }));
    const [fifth, sixth] = [books[4]!, books[5]!];
    for (const book of books.slice(0, 4)) await borrowBook(token, book.id, 7);

    // The fifth through the page, as a member would.
    await page.goto(`/book-details/${fifth.id}`);
    await page.getByRole('button', { name: 'Borrow Book' }).click();
    await page.getByRole('dialog', { name: 'Borrow Book' }).getByRole('button', { name: 'Confirm Borrow' }).click();
    await page.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('status').filter({ hasText: 'Already Borrowed' }).waitFor();

    // The sixth is one too many: the page says so before any form, in the gateway's own sentence (the one a
    // borrow gets from any client), where the Borrow button would be.
    const refusal = await graphqlRefusal(token, BORROW, { input: { bookId: sixth.id, returnDate: libraryDay(7) } });
    expect(refusal.code).toBe('LOAN_LIMIT');
    await page.goto(`/book-details/${sixth.id}`);
    const note = page.getByRole('note', { name: 'You cannot borrow now' });
    await note.getByText(refusal.message, { exact: true }).waitFor();
    await note.getByRole('link', { name: 'See My Borrowed Books' }).waitFor();
    expect(await page.getByRole('button', { name: 'Borrow Book' }).count()).toBe(0);
    expect((await bookById(sixth.id))?.quantity).toBe(2);
    await expectAccessible(page);

    await page.goto('/borrowed-books');
    await page.getByRole('tab', { name: 'Pending (5)', selected: true }).waitFor();
    expect(await page.getByRole('article', { name: sixth.title }).count()).toBe(0);
  });

  it('renews a loan to its new due date; once renewed, Renew is disabled with the reason', async () => {
    const page = browser.page();
    const token = await apiToken(await renewReader(browser));
    const { policy } = await graphql<{ policy: { renewalDays: number } }>(null, '{ policy { renewalDays } }');
    const book = await addBook({ title: `Renewable ${uniqueTag('')}`, quantity: 2 });
    await borrowBook(token, book.id, 10);
    const before = await activeLoan(token, book.id);
    expect(before).toMatchObject({ renewals: 0, canRenew: true });
    const renewedDue = addDays(before.dueDate, policy.renewalDays);

    await page.goto('/borrowed-books');
    const card = page.getByRole('article', { name: book.title });
    await card.getByText(`Return by: ${await friendlyDate(page, before.dueDate)}`).waitFor();
    const renew = card.getByRole('button', { name: `Renew: ${book.title}` });
    expect(await renew.isEnabled()).toBe(true);
    await expectAccessible(page);

    const held = await holdOperation(page, 'RenewLoan');
    await renew.click();
    expect(await card.getByRole('button', { name: `Renewing...: ${book.title}` }).isDisabled()).toBe(true);
    await held.release();
    const newDue = await friendlyDate(page, renewedDue);
    await card.getByText(`Return by: ${newDue}`).waitFor();
    await card
      .getByRole('status')
      .filter({ hasText: `Renewed: now due ${newDue}.` })
      .waitFor();
    const after = await activeLoan(token, book.id);
    expect(after).toMatchObject({ dueDate: renewedDue, renewals: 1, canRenew: false });
    expect(after.renewBlockedReason).toBeTruthy();

    // One renewal per loan: the button is disabled, with the gateway's reason beside it (and describing it).
    expect(await renew.isDisabled()).toBe(true);
    await card.getByText(after.renewBlockedReason!, { exact: true }).waitFor();
    const describedBy = await renew.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(after.renewBlockedReason);
    await expectAccessible(page);

    await page.reload();
    await card.getByText(`Return by: ${newDue}`).waitFor();
    await card.getByText(after.renewBlockedReason!, { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: `Renew: ${book.title}` }).isDisabled()).toBe(true);
  });

  it('does not offer a renewal of a book another member is waiting for, and says why', async () => {
    const page = browser.page();
    const token = await apiToken(await renewReader(browser));
    const book = await addBook({ title: `Wanted ${uniqueTag('')}`, quantity: 1 });
    await borrowBook(token, book.id, 10);
    // The only copy is out, so another member joins the queue for it.
    await graphql(await apiToken(await createAccount()), 'mutation($id: ID!) { placeHold(bookId: $id) { id } }', {
      id: book.id,
    });
    const loan = await activeLoan(token, book.id);
    expect(loan.canRenew).toBe(false);
    expect(loan.renewBlockedReason).toBeTruthy();

    await page.goto('/borrowed-books');
    const card = page.getByRole('article', { name: book.title });
    await card.getByText(loan.renewBlockedReason!, { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: `Renew: ${book.title}` }).isDisabled()).toBe(true);
    await card.getByText(`Return by: ${await friendlyDate(page, loan.dueDate)}`).waitFor();
    await expectAccessible(page);
  });

  it("shows the gateway's sentence when a page offers a renewal that was already used elsewhere", async () => {
    const page = browser.page();
    const token = await apiToken(await renewReader(browser));
    const book = await addBook({ title: `Renewed Elsewhere ${uniqueTag('')}`, quantity: 2 });
    await borrowBook(token, book.id, 10);
    await page.goto('/borrowed-books');
    const card = page.getByRole('article', { name: book.title });
    const renew = card.getByRole('button', { name: `Renew: ${book.title}` });
    expect(await renew.isEnabled()).toBe(true);
    // Renewed in another tab or device while this page still offers it.
    const loan = await activeLoan(token, book.id);
    await graphql(token, RENEW, { id: loan.id });
    const refusal = await graphqlRefusal(token, RENEW, { id: loan.id });
    expect(refusal.code).toBe('RENEWAL_LIMIT');

    await renew.click();
    const alert = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Failed to Renew' }) });
    await alert.getByText(refusal.message, { exact: true }).waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    // The page has fetched the loan again: the renewed due date, and Renew disabled with the reason.
    const renewed = await activeLoan(token, book.id);
    await card.getByText(`Return by: ${await friendlyDate(page, renewed.dueDate)}`).waitFor();
    await card.getByText(renewed.renewBlockedReason!, { exact: true }).waitFor();
    expect(await renew.isDisabled()).toBe(true);
  });
});

describe('Borrowed Books at phone width', () => {
  const browser = useBrowser('phone');

  it('shows a pending loan with its due badge and Return button without sideways scrolling', async () => {
    const page = browser.page();
    const account = await signedIn(browser);
    const token = await apiToken(account);
    const soon = await addBook({ title: `Due Soon ${uniqueTag('')}`, quantity: 2 });
    await borrowBook(token, soon.id, 2);
    await page.goto('/borrowed-books');
    const card = page.getByRole('article', { name: soon.title });
    await card.getByText('2 days left').waitFor();
    await card.getByRole('button', { name: `Return Book: ${soon.title}` }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
