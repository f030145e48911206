import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { InMemoryCache, gql } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { formatInstantDay } from '../../lib/dates.ts';
import { policyMock } from '../../lib/policy-test-utils.ts';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import { axeViolations } from '../../test/axe.ts';
import BorrowedBooksPage, { MY_BORROWED_BOOKS_QUERY } from './borrowed-books-page.tsx';
import { MY_BALANCE_QUERY, RETURN_BOOK_MUTATION } from './use-return-book.ts';
import { CHECK_MY_RENEWALS_QUERY, RENEW_LOAN_MUTATION } from './use-renew-loan.ts';
import { CHECK_MY_LOANS_QUERY } from '../../lib/uncertain-write.ts';
import { NetworkFailure } from '../../lib/network-errors.ts';
import { MY_HOLDS_QUERY } from './use-my-holds.ts';
import { MY_FEES_QUERY } from './fees-list.tsx';

const ALLOWED = { __typename: 'BorrowingStatus', allowed: true, message: null };

setUpDialogsForTests();

// "now" is 10 March 2026, 09:00 local time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 10, 9, 0) });
});

const dueDay = (month: number, day: number) => new Date(Date.UTC(2026, month, day));

type Status = 'BORROWED' | 'RETURNING' | 'RETURNED' | 'LOST' | 'DAMAGED';
type LoanExtras = Partial<{
  overdueDays: number;
  fee: number;
  feeCapped: boolean;
  canRenew: boolean;
  renewBlockedReason: string | null;
  autoRenewsOn: string | null;
}>;

const ymd = (date: Date) => date.toISOString().slice(0, 10);

const loan = (id: string, title: string, returnDate: Date, status: Status = 'BORROWED', extras: LoanExtras = {}) => ({
  __typename: 'BorrowRecord' as const,
  id,
  bookId: `book-${id}`,
  borrowDate: dueDay(1, 20).toISOString(),
  returnDate: returnDate.toISOString(),
  dueDate: ymd(returnDate),
  returnedAt: status === 'BORROWED' || status === 'RETURNING' ? null : new Date(2026, 2, 1).toISOString(),
  claimedAt: status === 'RETURNING' ? new Date(2026, 2, 9, 15, 0).toISOString() : null,
  returnedVia: status === 'BORROWED' || status === 'RETURNING' ? null : 'APP',
  status,
  renewals: 0,
  overdueDays: 0,
  fee: 0,
  feeCapped: false,
  canRenew: status === 'BORROWED',
  renewBlockedReason: null as string | null,
  autoRenewsOn: null as string | null,
  bookTitle: title,
  bookAuthor: `Author of ${title}`,
  bookImage: `/assets/library/${id}.jpg`,
  bookCategory: 'Drama',
  ...extras,
});

const me = (balance = 0) => ({ __typename: 'User' as const, id: 'u1', balance });

const listMock = (loans: unknown[], balance = 0): MockLink.MockedResponse => ({
  request: { query: MY_BORROWED_BOOKS_QUERY },
  result: { data: { me: me(balance), borrowedBooks: loans } },
});

/** A day of 2026 as the card writes it: "24 Mar 2026". */
const friendly = (month: number, day: number) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(2026, month, day),
  );

function renderPage(mocks: MockLink.MockedResponse[], cache = new InMemoryCache()) {
  render(
    <MockedProvider
      mocks={[
        ...mocks,
        // Due-soon window and time zone (the policy's; 4 days here, not the default 3).
        policyMock(),
        // The Holds tab's list, asked beside the loans; these tests are about loans, so the member has none.
        {
          request: { query: MY_HOLDS_QUERY },
          result: { data: { me: { __typename: 'User', id: 'u1', borrowing: ALLOWED, holds: [] } } },
        },
      ]}
      cache={cache}
    >
      <MemoryRouter>
        {/* The layout's main landmark, which the page sits in. */}
        <main>
          <BorrowedBooksPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
  return cache;
}

describe('Borrowed Books page', () => {
  it('shows the loading text, then pending loans with due badges', async () => {
    renderPage([
      listMock([
        loan('l1', 'Hamlet', dueDay(2, 8), 'BORROWED', { overdueDays: 2, fee: 100 }),
        loan('l2', 'Macbeth', dueDay(2, 10)),
        loan('l3', 'Othello', dueDay(2, 11)),
        loan('l4', 'Lear', dueDay(2, 20)),
        loan('l5', 'Tempest', dueDay(1, 28), 'RETURNED'),
      ]),
    ]);
    expect(screen.getByRole('status').textContent).toContain('Loading borrowed books...');
    expect(await screen.findByRole('tab', { name: 'Pending (4)', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Returned (1)', selected: false })).toBeInTheDocument();
    const hamlet = screen.getByRole('article', { name: 'Hamlet' });
    expect(within(hamlet).getByText('Overdue')).toBeInTheDocument();
    expect(within(hamlet).getByText(/^Return by:/).className).toContain('text-red-600');
    expect(within(hamlet).getByText(`Return by: ${friendly(2, 8)}`)).toBeInTheDocument();
    expect(within(hamlet).getByText('Overdue 2 days · late fee ৳100')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Macbeth' })).queryByText(/late fee/)).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Macbeth' })).getByText('Due Today')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Othello' })).getByText('1 day left')).toBeInTheDocument();
    const lear = screen.getByRole('article', { name: 'Lear' });
    expect(within(lear).getByText('10 days left').className).toContain('bg-blue-100');
    expect(within(lear).getByText(/^Return by:/).className).not.toContain('text-red-600');
    expect(within(lear).getByRole('link', { name: 'View Details of Lear' }).getAttribute('href')).toBe(
      '/book-details/book-l4',
    );
    expect(screen.queryByRole('article', { name: 'Tempest' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Library' }).getAttribute('href')).toBe('/all-books');
  });

  it('says on a loan the day auto-renewal will renew it, and nothing on a loan it will not renew', async () => {
    const why = 'Another member has requested this book, so it cannot be renewed.';
    renderPage([
      listMock([
        loan('l1', 'Hamlet', dueDay(2, 20), 'BORROWED', { autoRenewsOn: ymd(dueDay(2, 19)) }),
        loan('l2', 'Lear', dueDay(2, 20), 'BORROWED', { canRenew: false, renewBlockedReason: why }),
      ]),
    ]);
    const hamlet = await screen.findByRole('article', { name: 'Hamlet' });
    expect(within(hamlet).getByText(`Renews by itself on ${friendly(2, 19)}`)).toBeInTheDocument();
    const lear = screen.getByRole('article', { name: 'Lear' });
    expect(within(lear).queryByText(/Renews by itself/)).toBeNull();
    expect(within(lear).getByText(why)).toBeInTheDocument();
  });

  it('says on an overdue loan that its late fee reached the book’s replacement cost, and only on that one', async () => {
    const capped = "The late fee has reached the book's replacement cost: it grows no more.";
    renderPage([
      listMock([
        loan('l1', 'Hamlet', dueDay(1, 20), 'BORROWED', { overdueDays: 16, fee: 500, feeCapped: true }),
        loan('l2', 'Macbeth', dueDay(2, 8), 'BORROWED', { overdueDays: 2, fee: 100 }),
      ]),
    ]);
    const hamlet = await screen.findByRole('article', { name: 'Hamlet' });
    expect(within(hamlet).getByText('Overdue 16 days · late fee ৳500')).toBeInTheDocument();
    expect(within(hamlet).getByText(capped)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Macbeth' })).queryByText(capped)).toBeNull();
  });

  it('switches tabs; returned loans have no Return button; an empty tab offers the other', async () => {
    renderPage([listMock([loan('l5', 'Tempest', dueDay(1, 28), 'RETURNED')])]);
    expect(await screen.findByRole('heading', { name: 'No Pending Books' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Returned Books' }));
    expect(screen.getByRole('tab', { name: 'Returned (1)', selected: true })).toBeInTheDocument();
    const tempest = screen.getByRole('article', { name: 'Tempest' });
    expect(within(tempest).queryByRole('button')).toBeNull();
    expect(within(tempest).queryByText('Overdue')).toBeNull();
  });

  it('shows the empty state with one way on', async () => {
    renderPage([listMock([])]);
    expect(await screen.findByRole('heading', { name: 'No Books Borrowed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Books' }).getAttribute('href')).toBe('/all-books');
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Browse Books']);
  });

  it('lists overdue loans first, then by due date, and returned loans newest first with their return day', async () => {
    const returnedOn = (loanData: ReturnType<typeof loan>, day: number) => ({
      ...loanData,
      returnedAt: new Date(2026, 2, day, 12).toISOString(),
    });
    renderPage([
      listMock([
        loan('l1', 'Lear', dueDay(2, 20)),
        loan('l2', 'Hamlet', dueDay(2, 8), 'BORROWED', { overdueDays: 2, fee: 100 }),
        loan('l3', 'Othello', dueDay(2, 11)),
        loan('l4', 'Macbeth', dueDay(2, 5), 'BORROWED', { overdueDays: 5, fee: 250 }),
        returnedOn(loan('l5', 'Tempest', dueDay(1, 28), 'RETURNED'), 2),
        returnedOn(loan('l6', 'Twelfth Night', dueDay(1, 28), 'RETURNED'), 6),
      ]),
    ]);
    await screen.findByRole('tab', { name: 'Pending (4)', selected: true });
    const titles = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    expect(titles()).toEqual(['Macbeth', 'Hamlet', 'Othello', 'Lear']);
    // Under the page's h1, a card's title is an h2 (axe heading-order: no jump from h1 to h3).
    expect(
      within(screen.getByRole('article', { name: 'Lear' })).getByRole('heading', { level: 2, name: 'Lear' }),
    ).toBeInTheDocument();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('tab', { name: 'Returned (2)' }));
    expect(titles()).toEqual(['Twelfth Night', 'Tempest']);
    const tempest = screen.getByRole('article', { name: 'Tempest' });
    expect(
      within(tempest).getByText(`Returned on ${formatInstantDay(new Date(2026, 2, 2, 12), 'Asia/Dhaka')}`),
    ).toBeInTheDocument();
  });

  it('shows the error state with Try Again', async () => {
    renderPage([{ request: { query: MY_BORROWED_BOOKS_QUERY }, error: new Error('down') }]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to fetch borrowed books. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('lists the charges, payments and waivers on the Fees tab, with the balance and the fees accruing', async () => {
    const accruing = (id: string, bookTitle: string, amount: number, capped: boolean) => ({
      __typename: 'AccruingFee',
      loan: { __typename: 'BorrowRecord', id, bookTitle },
      amount,
      capped,
    });
    const entry = (id: string, kind: string, amount: number, bookTitle: string | null, note: string) => ({
      __typename: 'LedgerEntry',
      id,
      kind,
      amount,
      bookTitle,
      note,
      createdAt: '2026-03-10T06:00:00.000Z',
    });
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(2, 12))]),
      {
        request: { query: MY_FEES_QUERY },
        result: {
          data: {
            me: {
              __typename: 'User',
              id: 'u1',
              standing: {
                __typename: 'Standing',
                owed: 100,
                accruing: [accruing('l7', 'Dune', 500, true), accruing('l8', 'Emma', 250, false)],
              },
              ledger: [
                entry('e2', 'PAYMENT', 50, null, 'Cash at the desk'),
                entry('e1', 'LATE_FEE', 150, 'Dracula', 'Returned late'),
              ],
            },
          },
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Fees' }));
    const fees = await screen.findByRole('region', { name: 'Fees' });
    expect(within(fees).getByText('৳100')).toBeInTheDocument();
    // The fees accruing on books still out, apart from what is owed: each with its amount, a capped one saying so.
    const accrued = within(fees).getByRole('region', { name: 'Late fees accruing' });
    expect(accrued).toHaveTextContent('৳750 so far on books still out, charged when each comes back');
    expect(
      within(accrued).getByText("Dune: ৳500, capped at the book's replacement cost (it grows no more)"),
    ).toBeInTheDocument();
    expect(within(accrued).getByText('Emma: ৳250 so far')).toBeInTheDocument();
    const rows = within(fees)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows.slice(1)).toEqual([
      '10 Mar 2026PaymentCash at the desk−৳50',
      '10 Mar 2026Late feeDraculaReturned late+৳150',
    ]);
  });

  it('says what a late return charged', async () => {
    const returned = { ...loan('l1', 'Hamlet', dueDay(-3, 12), 'RETURNED'), fee: 150, overdueDays: 3 };
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(-3, 12))]),
      {
        request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
        result: { data: { returnBook: { ...returned, canRenew: false } } },
      },
      {
        request: { query: MY_BALANCE_QUERY },
        result: { data: { me: { __typename: 'User', id: 'u1', balance: 150 } } },
      },
    ]);
    const card = await screen.findByRole('article', { name: 'Hamlet' });
    await userEvent.click(within(card).getByRole('button', { name: 'Return Book: Hamlet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, return it!' }));
    expect(await screen.findByText('Book Returned!')).toBeInTheDocument();
    expect(screen.getByText('A late fee of ৳150 was added to your account.')).toBeInTheDocument();
  });

  it('returns a book after confirmation, moving it to Returned and giving the copy back', async () => {
    const cache = new InMemoryCache();
    cache.writeFragment({
      id: 'Book:book-l1',
      fragment: gql`
        fragment Q on Book {
          id
          quantity
        }
      `,
      data: { __typename: 'Book', id: 'book-l1', quantity: 2 },
    });
    const returned = loan('l1', 'Hamlet', dueDay(2, 12), 'RETURNED');
    renderPage(
      [
        listMock([loan('l1', 'Hamlet', dueDay(2, 12))]),
        {
          request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
          result: { data: { returnBook: { ...returned, canRenew: false } } },
        },
      ],
      cache,
    );
    const card = await screen.findByRole('article', { name: 'Hamlet' });
    await userEvent.click(within(card).getByRole('button', { name: 'Return Book: Hamlet' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Return Book?')).toBeInTheDocument();
    expect(within(confirm).getByText('Are you sure you want to return this book?')).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, return it!' }));
    expect(await screen.findByText('Book Returned!')).toBeInTheDocument();
    expect(screen.getByText('Thank you for returning the book.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Returned (1)', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending (0)', hidden: true })).toBeInTheDocument();
    const book = cache.readFragment<{ quantity: number }>({
      id: 'Book:book-l1',
      fragment: gql`
        fragment R on Book {
          quantity
        }
      `,
    });
    expect(book?.quantity).toBe(3);
  });

  it('RETURNS=desk: a return claim stays on Pending with its badge and the sentence, the copy still out', async () => {
    const cache = new InMemoryCache();
    cache.writeFragment({
      id: 'Book:book-l1',
      fragment: gql`
        fragment Q2 on Book {
          id
          quantity
        }
      `,
      data: { __typename: 'Book', id: 'book-l1', quantity: 0 },
    });
    const claimed = loan('l1', 'Hamlet', dueDay(2, 12), 'RETURNING', { canRenew: false });
    renderPage(
      [
        listMock([loan('l1', 'Hamlet', dueDay(2, 12))]),
        {
          request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
          result: { data: { returnBook: claimed } },
        },
      ],
      cache,
    );
    const card = await screen.findByRole('article', { name: 'Hamlet' });
    await userEvent.click(within(card).getByRole('button', { name: 'Return Book: Hamlet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, return it!' }));
    expect(await screen.findByText('Return Recorded')).toBeInTheDocument();
    expect(screen.queryByText('Book Returned!')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Pending (1)', hidden: true })).toBeInTheDocument();
    const pendingCard = screen.getByRole('article', { name: 'Hamlet', hidden: true });
    expect(within(pendingCard).getByText('Return claimed')).toBeInTheDocument();
    expect(
      within(pendingCard).getByText(/We'll close this loan when the book reaches the desk or the book drop\./),
    ).toBeInTheDocument();
    expect(within(pendingCard).queryByRole('button', { name: /Return Book/, hidden: true })).toBeNull();
    const book = cache.readFragment<{ quantity: number }>({
      id: 'Book:book-l1',
      fragment: gql`
        fragment R2 on Book {
          quantity
        }
      `,
    });
    expect(book?.quantity).toBe(0);
  });

  it('does nothing when the return is not confirmed, and reports a failed return', async () => {
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(2, 12))]),
      {
        request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
        result: { errors: [{ message: 'This loan was already returned', extensions: { code: 'BAD_USER_INPUT' } }] },
      },
      // The refused return makes the page fetch the list again.
      listMock([loan('l1', 'Hamlet', dueDay(2, 12), 'RETURNED')]),
    ]);
    const returnButton = await screen.findByRole('button', { name: 'Return Book: Hamlet' });
    await userEvent.click(returnButton);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Return Book: Hamlet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, return it!' }));
    expect(await screen.findByText('Failed to Return')).toBeInTheDocument();
    expect(screen.getByText('This loan was already returned')).toBeInTheDocument();
  });

  it('tells a member who owes fees how much and how to pay; says nothing when they owe nothing', async () => {
    const owes = (text: string) => (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === text;
    renderPage([listMock([loan('l1', 'Hamlet', dueDay(2, 20))], 150)]);
    expect(
      await screen.findByText(owes('You owe ৳150. Please pay at the desk before borrowing more.')),
    ).toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
    cleanup();
    renderPage([listMock([loan('l1', 'Hamlet', dueDay(2, 20))], 0)]);
    await screen.findByRole('article', { name: 'Hamlet' });
    expect(screen.queryByText(/You owe/)).toBeNull();
  });

  it('renews a loan: the card moves to the new due date, then Renew is disabled with its reason', async () => {
    const reason = 'This loan has already been renewed once.';
    const renewed = loan('l1', 'Hamlet', dueDay(2, 27), 'BORROWED', { canRenew: false, renewBlockedReason: reason });
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(2, 20))]),
      {
        request: { query: RENEW_LOAN_MUTATION, variables: { loanId: 'l1' } },
        delay: 300,
        result: { data: { renewLoan: { ...renewed, renewals: 1 } } },
      },
    ]);
    const card = await screen.findByRole('article', { name: 'Hamlet' });
    expect(within(card).getByText(`Return by: ${friendly(2, 20)}`)).toBeInTheDocument();
    expect(within(card).queryByText(reason)).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Renew: Hamlet' }));
    expect((within(card).getByRole('button', { name: 'Renewing...: Hamlet' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(await within(card).findByText(`Return by: ${friendly(2, 27)}`)).toBeInTheDocument();
    expect(within(card).getByText('17 days left')).toBeInTheDocument();
    expect(within(card).getByRole('status').textContent).toBe(`Renewed: now due ${friendly(2, 27)}.`);
    expect(document.activeElement).toBe(within(card).getByRole('status'));
    const button = within(card).getByRole('button', { name: 'Renew: Hamlet' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(reason);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it("shows the gateway's sentence when a renewal is refused, then the loan as the gateway now has it", async () => {
    const reason = 'Another member has requested this book, so this loan cannot be renewed.';
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(2, 20))]),
      {
        request: { query: RENEW_LOAN_MUTATION, variables: { loanId: 'l1' } },
        result: { errors: [{ message: reason, extensions: { code: 'BOOK_REQUESTED' } }] },
      },
      listMock([loan('l1', 'Hamlet', dueDay(2, 20), 'BORROWED', { canRenew: false, renewBlockedReason: reason })]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Renew: Hamlet' }));
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('Failed to Renew')).toBeInTheDocument();
    expect(within(alert).getByText(reason)).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Hamlet', hidden: true });
    await waitFor(() => expect(within(card).getByText(reason)).toBeInTheDocument());
    expect(within(card).getByText(`Return by: ${friendly(2, 20)}`)).toBeInTheDocument();
  });

  it('when a return gets no answer, says plainly it may have happened, and Check shows it returned', async () => {
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(2, 12))]),
      { request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } }, error: new NetworkFailure() },
      {
        request: { query: CHECK_MY_LOANS_QUERY },
        result: {
          data: { borrowedBooks: [{ __typename: 'BorrowRecord', id: 'l1', bookId: 'book-l1', status: 'RETURNED' }] },
        },
      },
      listMock([loan('l1', 'Hamlet', dueDay(2, 12), 'RETURNED')]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Return Book: Hamlet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, return it!' }));
    expect(
      await screen.findByText("We could not reach the library, so we don't know whether your return went through."),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to Return')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Book Returned!')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Returned (1)', hidden: true })).toBeInTheDocument();
  });

  it('when a renewal gets no answer, Check says the due date is unchanged if it did not happen', async () => {
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(2, 20))]),
      { request: { query: RENEW_LOAN_MUTATION, variables: { loanId: 'l1' } }, error: new NetworkFailure() },
      {
        request: { query: CHECK_MY_RENEWALS_QUERY },
        result: {
          data: {
            borrowedBooks: [
              {
                __typename: 'BorrowRecord',
                id: 'l1',
                renewals: 0,
                dueDate: ymd(dueDay(2, 20)),
                canRenew: true,
                renewBlockedReason: null,
                autoRenewsOn: null,
              },
            ],
          },
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Renew: Hamlet' }));
    expect(
      await screen.findByText("We could not reach the library, so we don't know whether your renewal went through."),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to Renew')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not Renewed')).toBeInTheDocument();
    expect(
      screen.getByText('The library has no record of this renewal, so the due date is unchanged.'),
    ).toBeInTheDocument();
  });

  it('lists loans closed as lost or damaged among the past ones, labelled, with nothing to do', async () => {
    renderPage([
      listMock([
        loan('l1', 'Hamlet', dueDay(2, 20)),
        loan('l2', 'Macbeth', dueDay(1, 28), 'LOST'),
        loan('l3', 'Othello', dueDay(1, 28), 'DAMAGED'),
        loan('l4', 'Lear', dueDay(1, 28), 'RETURNED', { overdueDays: 3, fee: 150 }),
      ]),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Returned (3)' }));
    const day = formatInstantDay(new Date(2026, 2, 1), 'Asia/Dhaka');
    const macbeth = screen.getByRole('article', { name: 'Macbeth' });
    expect(within(macbeth).getByText('Lost')).toBeInTheDocument();
    expect(within(macbeth).getByText(`Marked lost on ${day}`)).toBeInTheDocument();
    expect(within(macbeth).getByText('Replacement cost and processing fee charged.')).toBeInTheDocument();
    expect(within(macbeth).queryByRole('button')).toBeNull();
    const othello = screen.getByRole('article', { name: 'Othello' });
    expect(within(othello).getByText('Damaged')).toBeInTheDocument();
    expect(within(othello).getByText(`Marked damaged on ${day}`)).toBeInTheDocument();
    const lear = screen.getByRole('article', { name: 'Lear' });
    expect(within(lear).getByText(`Returned on ${day}`)).toBeInTheDocument();
    expect(within(lear).getByText('Returned 3 days late · late fee ৳150')).toBeInTheDocument();
    expect(within(lear).queryByText('Lost')).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('fetches the balance again after a late return charged its fee', async () => {
    const late = loan('l1', 'Hamlet', dueDay(2, 8), 'BORROWED', { overdueDays: 2, fee: 100 });
    renderPage([
      listMock([late], 0),
      {
        request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
        result: {
          data: { returnBook: { ...late, status: 'RETURNED', canRenew: false, returnedAt: new Date().toISOString() } },
        },
      },
      { request: { query: MY_BALANCE_QUERY }, result: { data: { me: me(100) } } },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Return Book: Hamlet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, return it!' }));
    expect(await screen.findByText('Book Returned!')).toBeInTheDocument();
    expect(await screen.findByText('৳100', { selector: 'strong' })).toBeInTheDocument();
  });
});
