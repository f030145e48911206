// The circulation desk in a real browser against the real gateway, with the library's clock moved instead of
// waiting days: a late return's fee blocks a member until staff record the payment at the desk, then the
// member borrows again; staff mark a loan lost and the ledger shows the replacement cost and the processing
// fee; a member who opens /desk is told it is for staff. The staff account is staff() (ADMIN_EMAILS).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { memberBrowser, useBrowser } from './support/browser.ts';
import { expectAccessible } from './support/axe.ts';
import { createAccount, signIn } from './support/accounts.ts';
import { resetLibraryClock, setLibraryOffsetDays } from './support/clock.ts';
import { addBook, apiToken, graphql, libraryDay, sharedSession, uniqueTag, type ApiBook } from './support/library.ts';
import { staff } from './support/staff.ts';

const STAFF = staff();
const staffSignedIn = sharedSession(STAFF);

type Policy = { lateFeePerDay: number; lostProcessingFee: number };
let policy: Policy;

beforeAll(async () => {
  policy = (await graphql<{ policy: Policy }>(null, '{ policy { lateFeePerDay lostProcessingFee } }')).policy;
});

// Every journey runs in one gateway: whatever happens here, the library's clock goes back to real time.
afterEach(async () => {
  await resetLibraryClock();
});

async function borrow(token: string, book: ApiBook, returnDate: string): Promise<void> {
  await graphql(token, 'mutation($input: BorrowInput!) { borrow(input: $input) { currentQuantity } }', {
    input: { bookId: book.id, returnDate },
  });
}

const copiesOf = async (id: string) =>
  (await graphql<{ book: { copies: number } }>(null, 'query($id: ID!) { book(id: $id) { copies } }', { id })).book
    .copies;

/** Opens a member at the desk through the search box, as staff would. */
async function openMember(page: Page, search: string, name: string) {
  await page.getByLabel('Search members').fill(search);
  // The search is unique to this member: wait for its answer rather than click in the list it replaces.
  await page.getByRole('region', { name: 'Members' }).getByText('1 member', { exact: true }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${name} `) }).click();
  const panel = page.getByRole('region', { name });
  await panel.getByRole('heading', { level: 2, name }).waitFor();
  return panel;
}

describe('the circulation desk', () => {
  const browser = useBrowser('desktop');

  it('finds a member whose late return blocks borrowing, records the payment, and the member borrows again', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Desk Member ${tag}` });
    const token = await apiToken(account);
    const late = await addBook({ title: `Kept Too Long ${tag}`, quantity: 2 });
    const next = await addBook({ title: `Borrowed After Paying ${tag}`, quantity: 2 });
    await borrow(token, late, libraryDay(1));

    // Eleven days on, the loan due tomorrow is ten days late.
    await setLibraryOffsetDays(11);
    const fee = 10 * policy.lateFeePerDay;
    await staffSignedIn(browser);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Desk' }).click();
    await page.getByRole('heading', { level: 1, name: 'Circulation Desk' }).waitFor();
    const overdue = page.getByRole('region', { name: 'Overdue loans' });
    const row = overdue.getByRole('row', { name: new RegExp(account.name) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      `${account.name} ${account.email}`,
      late.title,
      expect.any(String),
      '10',
      `৳${fee}`,
      'Send a reminder',
    ]);
    await expectAccessible(page);
    // A reminder from the list: the member gets an overdue notice, and the desk says so.
    await row.getByRole('button', { name: `Send a reminder to ${account.name} about “${late.title}”` }).click();
    await overdue
      .getByRole('status')
      .filter({ hasText: `${account.name} was reminded about “${late.title}”.` })
      .waitFor();
    // Then everyone a day or more late at once (decision 086): a preview, a confirmation, one notice a member
    // listing their late loans.
    await overdue.getByRole('button', { name: 'Remind everyone 1+ days overdue' }).click();
    await overdue
      .getByRole('status')
      .filter({ hasText: /^\d+ members?, \d+ loans?; / })
      .waitFor();
    await overdue.getByRole('button', { name: /^Send \d+ reminders?$/ }).click();
    await overdue
      .getByRole('status')
      .filter({ hasText: / reminded \(\d+ loans?\)/ })
      .waitFor();
    const told = await graphql<{ me: { notices: { nodes: { kind: string; message: string }[] } } }>(
      token,
      '{ me { notices { nodes { kind message } } } }',
    );
    expect(told.me.notices.nodes.filter((n) => n.kind === 'OVERDUE_SUMMARY').map((n) => n.message)).toEqual([
      `You have 1 overdue book: “${late.title}”, 10 days late. Please return it.`,
    ]);

    const panel = await openMember(page, tag, account.name);
    const onLoan = panel.getByRole('listitem', { name: late.title });
    await onLoan.getByText(`10 days late, fee ৳${fee} so far`).waitFor();
    await onLoan.getByRole('button', { name: `Check in: ${late.title}` }).click();
    await panel.getByText(`Checked in “${late.title}”. Late fee of ৳${fee} charged.`).waitFor();
    await panel.getByText(`৳${fee}`, { exact: true }).waitFor();
    await panel.getByText('Fees must be paid before borrowing more.').waitFor();
    await panel.getByRole('region', { name: 'On loan (0)' }).waitFor();
    await panel
      .getByRole('row', { name: new RegExp(`Late fee ${late.title}`) })
      .getByText(`+৳${fee}`)
      .waitFor();
    await row.waitFor({ state: 'detached' });
    await expectAccessible(page);
    await resetLibraryClock();

    // The member is told before any form, in the gateway's words, where the Borrow button would be.
    const member = await memberBrowser(browser.context(), account);
    try {
      await member.page.goto(`/book-details/${next.id}`);
      const refusal = member.page.getByRole('note', { name: 'You cannot borrow now' });
      await refusal.getByText(`You owe ৳${fee} in fees. Please pay at the desk before borrowing more.`).waitFor();
      expect(await member.page.getByRole('button', { name: 'Borrow Book' }).count()).toBe(0);

      // Staff take the payment; a wrong amount is caught before it is sent.
      const form = panel.getByRole('form', { name: 'Record payment' });
      await form.getByLabel('Amount (৳)').fill(String(fee + 1));
      await form.getByRole('button', { name: 'Record payment' }).click();
      await form.getByText(`Enter a whole amount from ৳1 to ৳${fee}.`).waitFor();
      await form.getByLabel('Amount (৳)').fill(String(fee));
      await form.getByLabel('Note (optional)').fill('Cash at the desk');
      await form.getByRole('button', { name: 'Record payment' }).click();
      await panel.getByText(`Payment of ৳${fee} recorded.`).waitFor();
      await panel.getByText('Nothing owed: free to borrow.').waitFor();
      const payment = panel.getByRole('row', { name: /Payment/ });
      await payment.waitFor();
      expect(await payment.getByRole('cell').allTextContents()).toEqual([
        expect.any(String),
        'Payment',
        '',
        'Cash at the desk',
        expect.stringMatching(/^R-\d{4}-\d{6}$/),
        `${STAFF.name} (${STAFF.email})`,
        `−৳${fee}`,
      ]);
      await expectAccessible(page);

      await member.page.bringToFront();
      await member.page.reload();
      await member.page.getByRole('button', { name: 'Borrow Book' }).click();
      const modal = member.page.getByRole('dialog', { name: 'Borrow Book' });
      await modal.getByRole('button', { name: 'Confirm Borrow' }).click();
      await member.page.getByRole('heading', { name: 'Book Borrowed!' }).waitFor();
      expect(member.problems).toEqual([]);
    } finally {
      await member.close();
    }
    await page.bringToFront();
    await page.reload();
    await panel.getByRole('listitem', { name: next.title }).waitFor();
    await panel
      .getByRole('region', { name: 'Past loans (1)' })
      .getByText(/^Returned on .*; 10 days late/)
      .waitFor();
  });

  it('marks a loan lost after saying what it costs, and the ledger shows the replacement and the processing fee', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Careless Reader ${tag}` });
    const book = await addBook({
      title: `Left On A Bus ${tag}`,
      quantity: 2,
      replacementCost: 700,
    } as never);
    await borrow(await apiToken(account), book, libraryDay(14));
    expect(await copiesOf(book.id)).toBe(2);

    await staffSignedIn(browser);
    await page.goto('/desk');
    const panel = await openMember(page, account.email, account.name);
    await panel.getByRole('button', { name: `Mark lost: ${book.title}` }).click();
    const total = 700 + policy.lostProcessingFee;
    await page.getByRole('heading', { name: 'Mark as lost?' }).waitFor();
    await page
      .getByText(
        `“${book.title}” will be closed as lost and ${account.name} charged ৳700 replacement cost + ` +
          `৳${policy.lostProcessingFee} processing fee = ৳${total}.`,
      )
      .waitFor();
    // Checked once the alert has faded in: half-way through, its buttons are still half transparent.
    await page.waitForFunction(() =>
      document
        .querySelector('.swal2-container')
        ?.getAnimations({ subtree: true })
        .every((animation) => animation.playState === 'finished'),
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Yes, mark lost' }).click();
    await panel.getByText(`“${book.title}” marked lost.`).waitFor();

    const ledger = panel.getByRole('region', { name: 'Ledger' });
    const charge = (kind: string) =>
      ledger.getByRole('row', { name: new RegExp(`^\\d{1,2} \\w{3} \\d{4} ${kind} ${book.title}`) });
    await charge('Processing fee').waitFor();
    expect(await charge('Replacement').getByRole('cell').last().textContent()).toBe('+৳700');
    expect(await charge('Processing fee').getByRole('cell').last().textContent()).toBe(`+৳${policy.lostProcessingFee}`);
    await panel.getByText(`৳${total}`, { exact: true }).waitFor();
    await panel
      .getByRole('region', { name: 'Past loans (1)' })
      .getByText(/^Lost on /)
      .waitFor();
    // The lost copy has left the collection.
    expect(await copiesOf(book.id)).toBe(1);
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    await expectAccessible(page);

    // The member's history says who closed the loan, and through which API.
    const history = panel.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Show history' }).click();
    const closed = history.getByRole('row', { name: /Closed as lost or damaged/ });
    await closed.waitFor();
    expect((await closed.getByRole('cell').allTextContents()).slice(1)).toEqual([
      'Closed as lost or damaged',
      'status: borrowed → lost',
      STAFF.name,
      'GraphQL',
    ]);
    await expectAccessible(page);
  });

  it('tells a member the desk is for staff, and shows them no Desk link', async () => {
    const page = browser.page();
    await signIn(page, await createAccount({ name: 'Curious Member' }));
    await page.goto('/desk');
    await page.getByRole('heading', { name: 'Staff only' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Books' }).waitFor();
    expect(await page.getByRole('link', { name: 'Desk' }).count()).toBe(0);
    await expectAccessible(page);
  });
});

describe('the circulation desk at phone width', () => {
  const browser = useBrowser('phone');

  it('shows a member’s loans and ledger without the page scrolling sideways', async () => {
    const page = browser.page();
    const tag = uniqueTag('');
    const account = await createAccount({ name: `Phone Desk Member ${tag}` });
    const book = await addBook({ title: `Small Screen ${tag}`, quantity: 1 });
    await borrow(await apiToken(account), book, libraryDay(3));
    await staffSignedIn(browser);
    await page.goto('/desk');
    const panel = await openMember(page, tag, account.name);
    await panel.getByRole('button', { name: `Check in: ${book.title}` }).waitFor();
    await panel.getByText('No charges, payments or waivers yet.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
