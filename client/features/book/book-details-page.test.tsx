import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../lib/auth-test-utils.tsx';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import { AuthContext } from '../../lib/auth.tsx';
import BookDetailsPage, { BOOK_DETAILS_QUERY, MY_LOANS_QUERY } from './book-details-page.tsx';
import { graphql } from '../../gql/index.ts';
import { BORROW_BOOK_MUTATION } from './use-borrow-book.ts';
import { CHECK_MY_LOANS_QUERY } from '../../lib/uncertain-write.ts';
import { NetworkFailure } from '../../lib/network-errors.ts';
import { BORROW_WINDOW_QUERY } from './borrow-modal.tsx';
import { MY_BORROWING_QUERY } from './use-borrowing.ts';
import { BOOK_HOLD_QUERY } from './use-book-hold.ts';
import { catalogueEditorsMocks } from '../../lib/catalogue-editing-test-utils.ts';
import { policyMock } from '../../lib/policy-test-utils.ts';
import { applyCatalogue } from '../../lib/i18n.ts';
import bangla from '../../messages/bn.json' with { type: 'json' };

// My Borrowed Books' list, which selects a loan through its BorrowedLoan fragment and nothing else.
const LOAN_LIST_QUERY = graphql(`
  query LoanListAfterBorrow {
    borrowedBooks {
      ...BorrowedLoan
    }
  }
`);

const auth = fakeAuth({
  user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: null },
  signedIn: true,
});

const dune = {
  __typename: 'Book',
  id: 'b1',
  title: 'Dune',
  author: 'Frank Herbert',
  genre: 'Sci-Fi',
  description: '',
  image: '/assets/library/dune.jpg',
  rating: 4.5,
  quantity: 2,
  copies: 2,
};

const bookMock = (book: unknown): MockLink.MockedResponse => ({
  request: { query: BOOK_DETAILS_QUERY, variables: { id: 'b1' } },
  result: { data: { book } },
});
const windowMock = (today = '2026-03-10', latestReturnDate = '2027-03-10'): MockLink.MockedResponse => ({
  request: { query: BORROW_WINDOW_QUERY },
  result: { data: { borrowWindow: { __typename: 'BorrowWindow', today, latestReturnDate, closures: [] } } },
});

const loansMock = (loans: unknown[] = []): MockLink.MockedResponse => ({
  request: { query: MY_LOANS_QUERY },
  result: { data: { borrowedBooks: loans } },
});
const borrowMock = (result: MockLink.MockedResponse['result'], returnDate = '2026-03-31'): MockLink.MockedResponse => ({
  // Each press of Confirm sends a fresh idempotency key.
  request: {
    query: BORROW_BOOK_MUTATION,
    variables: (v) =>
      v.input.bookId === 'b1' && v.input.returnDate === returnDate && /^[0-9a-f-]{36}$/.test(v.idempotencyKey ?? ''),
  },
  result,
});

const loan = {
  __typename: 'BorrowRecord',
  id: 'l1',
  bookId: 'b1',
  userId: 'u1',
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  borrowDate: '2026-03-10T09:00:00.000Z',
  returnDate: '2026-03-24T00:00:00.000Z',
  dueDate: '2026-03-24',
  returnedAt: null,
  claimedAt: null,
  returnedVia: null,
  status: 'BORROWED',
  renewals: 0,
  overdueDays: 0,
  fee: 0,
  feeCapped: false,
  canRenew: true,
  renewBlockedReason: null,
  autoRenewsOn: null,
  bookTitle: 'Dune',
  bookAuthor: 'Frank Herbert',
  bookImage: '/assets/library/dune.jpg',
  bookCategory: 'Sci-Fi',
};

const ALLOWED = { __typename: 'BorrowingStatus', allowed: true, code: null, message: null };
/** The member's standing for a borrow (me.borrowing), asked again after each borrow. */
const borrowingMock = (borrowing: unknown = ALLOWED): MockLink.MockedResponse => ({
  request: { query: MY_BORROWING_QUERY },
  result: { data: { me: { __typename: 'User', id: 'u1', borrowing } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

function renderPage(
  mocks: MockLink.MockedResponse[],
  cache = new InMemoryCache(),
  editing = catalogueEditorsMocks(),
  borrowing: unknown = ALLOWED,
) {
  return render(
    <MockedProvider mocks={[...mocks, borrowingMock(borrowing), ...editing]} cache={cache}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={['/book-details/b1']}>
          <Routes>
            <Route path="/book-details/:id" element={<BookDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </MockedProvider>,
  );
}

const swalDialog = () => screen.findByRole('dialog', { name: (name) => name !== 'Borrow Book' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 10, 9, 0) });
});
setUpDialogsForTests();

describe('Book details', () => {
  it('shows the book with its stock badge, description fallback and actions', async () => {
    renderPage([bookMock(dune), loansMock()]);
    expect(screen.getByRole('status').textContent).toContain('Loading book details...');
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByText('Limited Stock: 2')).toBeInTheDocument();
    expect(screen.getByText('No description available for this book.')).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: 'Update Book' })).getAttribute('href')).toBe('/update-book/b1');
    expect(screen.getByRole('link', { name: 'Back to Library' }).getAttribute('href')).toBe('/all-books');
    expect(screen.getByRole('link', { name: 'My Borrowed Books' }).getAttribute('href')).toBe('/borrowed-books');
    expect((screen.getByRole('button', { name: 'Borrow Book' }) as HTMLButtonElement).disabled).toBe(false);
    // The title is set in an effect, which can run after the content it belongs to is on screen.
    await waitFor(() => expect(document.title).toBe('Dune | BookHaven'));
  });

  it('hides Update Book from members when only staff edit the catalogue, and shows it to staff', async () => {
    const cache = new InMemoryCache();
    const { unmount } = renderPage([bookMock(dune), loansMock()], cache, catalogueEditorsMocks('STAFF', 'user'));
    await screen.findByRole('heading', { name: 'Dune' });
    // The link stays hidden until the answer is known, so wait for the member's role to arrive first.
    await waitFor(() => expect(cache.extract()['User:u1']).toMatchObject({ role: 'user' }));
    expect(screen.queryByRole('link', { name: 'Update Book' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Borrow Book' })).toBeInTheDocument();
    unmount();
    renderPage([bookMock(dune), loansMock()], new InMemoryCache(), catalogueEditorsMocks('STAFF', 'admin'));
    expect(await screen.findByRole('link', { name: 'Update Book' })).toBeInTheDocument();
  });

  it('disables borrowing when no copies are left', async () => {
    renderPage([
      bookMock({ ...dune, quantity: 0 }),
      loansMock(),
      {
        request: { query: BOOK_HOLD_QUERY, variables: { id: 'b1' } },
        result: { data: { book: { __typename: 'Book', id: 'b1', holdQueueLength: 0, myHold: null } } },
      },
    ]);
    expect(((await screen.findByRole('button', { name: 'Borrow Book' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  });

  it('says the library has no copy of a title with none, offering no hold; with staff, not "Out of Stock"', async () => {
    const none = { ...dune, quantity: 0, copies: 0 };
    const holdMockOf = (myHold: unknown) => ({
      request: { query: BOOK_HOLD_QUERY, variables: { id: 'b1' } },
      result: { data: { book: { __typename: 'Book', id: 'b1', holdQueueLength: myHold ? 1 : 0, myHold } } },
    });
    /** Until the queue's answer is in the cache, a hold button could still be on its way. */
    const queueKnown = (cache: InMemoryCache) =>
      waitFor(() => expect(cache.extract()['Book:b1']).toHaveProperty('holdQueueLength'));
    let cache = new InMemoryCache();
    const { unmount } = renderPage(
      [bookMock(none), loansMock(), holdMockOf(null)],
      cache,
      catalogueEditorsMocks('STAFF', 'user', 'STAFF'),
    );
    expect(await screen.findByText('No Copies')).toBeInTheDocument();
    const note = 'The library has no copy of this book, so it cannot be borrowed or put on hold.';
    expect(screen.getByText(note)).toBeInTheDocument();
    // Where a title with no copy leads: a suggestion that the library buy it, prefilled.
    expect(screen.getByRole('link', { name: 'Suggest the library buys it' })).toHaveAttribute(
      'href',
      '/suggest?title=Dune&author=Frank+Herbert',
    );
    expect(screen.queryByText('Out of Stock')).toBeNull();
    await queueKnown(cache);
    expect(screen.queryByRole('button', { name: 'Place Hold' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Hold' })).toBeNull();
    expect(((await screen.findByRole('button', { name: 'Borrow Book' })) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    // Without staff the spec's badge for quantity 0 stays, and the note says why there is no hold to place.
    cache = new InMemoryCache();
    const second = renderPage([bookMock(none), loansMock(), holdMockOf(null)], cache);
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.queryByText('No Copies')).toBeNull();
    await queueKnown(cache);
    expect(screen.queryByRole('button', { name: 'Place Hold' })).toBeNull();
    second.unmount();
    // A member who joined the queue before the last copy went can still leave it.
    const mine = {
      __typename: 'Hold',
      id: 'h1',
      status: 'WAITING',
      position: 1,
      readyUntil: null,
      pickup: false,
      shelvedAt: null,
      readyUntilHours: null,
    };
    renderPage([bookMock(none), loansMock(), holdMockOf(mine)]);
    expect(await screen.findByRole('button', { name: 'Cancel Hold' })).toBeInTheDocument();
    expect(screen.getByText(note)).toBeInTheDocument();
  });

  it('shows Already Borrowed instead of the button when the caller holds an active loan', async () => {
    renderPage([
      bookMock(dune),
      loansMock([{ __typename: 'BorrowRecord', id: 'l1', bookId: 'b1', status: 'BORROWED' }]),
    ]);
    expect(await screen.findByText('Already Borrowed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Borrow Book' })).toBeNull();
  });

  it('says why the member cannot borrow, and the way forward, in place of the Borrow button', async () => {
    const overdue = {
      __typename: 'BorrowingStatus',
      allowed: false,
      code: 'LOAN_OVERDUE',
      message: '“Emma” is overdue. Please return it before borrowing another book.',
    };
    renderPage([bookMock(dune), loansMock()], new InMemoryCache(), catalogueEditorsMocks(), overdue);
    const note = await screen.findByRole('note', { name: 'You cannot borrow now' });
    expect(within(note).getByText(overdue.message)).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'Return it from My Borrowed Books' }).getAttribute('href')).toBe(
      '/borrowed-books',
    );
    expect(screen.queryByRole('button', { name: 'Borrow Book' })).toBeNull();
  });

  it('sends a member who owes fees to the desk during opening hours', async () => {
    const fees = {
      __typename: 'BorrowingStatus',
      allowed: false,
      code: 'FEES_UNPAID',
      message: 'You owe ৳150 in fees. Please pay at the desk before borrowing more.',
    };
    renderPage([bookMock(dune), loansMock()], new InMemoryCache(), catalogueEditorsMocks(), fees);
    const note = await screen.findByRole('note', { name: 'You cannot borrow now' });
    expect(within(note).getByText(fees.message)).toBeInTheDocument();
    expect(within(note).getByRole('link', { name: 'opening hours' }).getAttribute('href')).toBe('/contact');
  });

  it('shows Book Not Found for an unknown id', async () => {
    renderPage([bookMock(null), loansMock()]);
    expect(await screen.findByRole('heading', { name: 'Book Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The book you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
  });

  it('shows the load error with Try Again', async () => {
    renderPage([
      { request: { query: BOOK_DETAILS_QUERY, variables: { id: 'b1' } }, error: new Error('down') },
      loansMock(),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch book details. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('Borrow modal', () => {
  async function openModal(mocks: MockLink.MockedResponse[], cache?: InMemoryCache, window = windowMock()) {
    renderPage([bookMock(dune), loansMock(), window, ...mocks], cache);
    await userEvent.click(await screen.findByRole('button', { name: 'Borrow Book' }));
    const modal = screen.getByRole('dialog', { name: 'Borrow Book' });
    // The library's calendar has arrived once the latest date is set.
    await waitFor(() => expect((within(modal).getByLabelText('Return Date') as HTMLInputElement).max).not.toBe(''));
    return modal;
  }

  it("is prefilled from the user with a return date the policy's loan period (21 days here) out, and restores focus on Cancel", async () => {
    const modal = await openModal([]);
    expect((within(modal).getByLabelText('Name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((within(modal).getByLabelText('Email') as HTMLInputElement).readOnly).toBe(true);
    const date = within(modal).getByLabelText('Return Date') as HTMLInputElement;
    expect(date.value).toBe('2026-03-31');
    expect(date.min).toBe('2026-03-10');
    expect(date.max).toBe('2027-03-10');
    // The field a person has to fill in has the focus, not the read-only name.
    expect(document.activeElement).toBe(date);
    await userEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Borrow Book' }));
  });

  it("offers the library's calendar, not the browser's: after 18:00 UTC Dhaka is already on the next day", async () => {
    const modal = await openModal([], undefined, windowMock('2026-03-11', '2027-03-11'));
    const date = within(modal).getByLabelText('Return Date') as HTMLInputElement;
    expect(date.min).toBe('2026-03-11');
    expect(date.value).toBe('2026-04-01');
  });

  it('alerts when the return date is missing and sends nothing', async () => {
    const modal = await openModal([]);
    await userEvent.clear(within(modal).getByLabelText('Return Date'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
    const alert = await swalDialog();
    expect(within(alert).getByText('Return Date Required')).toBeInTheDocument();
    expect(within(alert).getByText('Please select a return date')).toBeInTheDocument();
    // SweetAlert2 hides the rest of the page from assistive tech while it is open; the modal stays put.
    expect(screen.getByRole('dialog', { name: 'Borrow Book', hidden: true })).toBeInTheDocument();
  });

  it('keeps Confirm Borrow waiting while the default return date is on its way, then borrows with it', async () => {
    const borrowed = {
      __typename: 'BorrowResult',
      status: 'BORROWED',
      pickup: null,
      currentQuantity: 1,
      record: { ...loan, returnDate: '2026-03-31T00:00:00.000Z', dueDate: '2026-03-31' },
    };
    // The policy (the loan period) and the library's window answer late, as on a slow network: late enough that
    // the page is drawn and the modal opened first however long the first render takes on a busy machine.
    const late = 1500;
    renderPage(
      [bookMock(dune), loansMock(), { ...windowMock(), delay: late }, borrowMock({ data: { borrow: borrowed } })],
      undefined,
      [policyMock({}, late)],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Borrow Book' }));
    const modal = screen.getByRole('dialog', { name: 'Borrow Book' });
    const confirm = within(modal).getByRole('button', { name: 'Confirm Borrow' }) as HTMLButtonElement;
    expect((within(modal).getByLabelText('Return Date') as HTMLInputElement).value).toBe('');
    expect(confirm.disabled).toBe(true);
    await waitFor(() => expect(confirm.disabled).toBe(false), { timeout: 4 * late });
    expect((within(modal).getByLabelText('Return Date') as HTMLInputElement).value).toBe('2026-03-31');
    await userEvent.click(confirm);
    expect(within(await swalDialog()).getByText('Book Borrowed!')).toBeInTheDocument();
  });

  it('says when the chosen return date is a closed day, and confirms the due date the library set', async () => {
    const closed = {
      request: { query: BORROW_WINDOW_QUERY },
      result: {
        data: {
          borrowWindow: {
            __typename: 'BorrowWindow',
            today: '2026-03-10',
            latestReturnDate: '2026-03-31',
            closures: [{ __typename: 'Closure', date: '2026-03-26', reason: 'Independence Day' }],
          },
        },
      },
    };
    const moved = { ...loan, returnDate: '2026-03-27T00:00:00.000Z', dueDate: '2026-03-27' };
    const modal = await openModal(
      [
        borrowMock(
          {
            data: {
              borrow: {
                __typename: 'BorrowResult',
                status: 'BORROWED',
                pickup: null,
                currentQuantity: 1,
                record: moved,
              },
            },
          },
          '2026-03-26',
        ),
      ],
      undefined,
      closed,
    );
    fireEvent.change(within(modal).getByLabelText('Return Date'), { target: { value: '2026-03-26' } });
    expect(
      within(modal).getByText(
        'The library is closed on 26 Mar 2026 (Independence Day), so the book will be due on the next day it opens.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
    const alert = await swalDialog();
    expect(
      within(alert).getByText('You have successfully borrowed "Dune". Please return by 27 Mar 2026.'),
    ).toBeInTheDocument();
  });

  it('with click and collect (a staffed library), requests a copy for pickup and says it waits at the desk', async () => {
    const noHold = {
      request: { query: BOOK_HOLD_QUERY, variables: { id: 'b1' } },
      result: { data: { book: { __typename: 'Book', id: 'b1', holdQueueLength: 0, myHold: null } } },
      maxUsageCount: Number.POSITIVE_INFINITY,
    };
    const pickup = {
      __typename: 'Hold',
      id: 'h1',
      bookId: 'b1',
      status: 'READY',
      position: 1,
      readyUntil: '2026-03-13',
      pickup: true,
      shelvedAt: null,
      readyUntilHours: { __typename: 'OpeningHours', opens: '10:00', closes: '20:00' },
    };
    const requested = { __typename: 'BorrowResult', status: 'REQUESTED', currentQuantity: 1, record: null, pickup };
    renderPage(
      [bookMock(dune), loansMock(), windowMock(), noHold, borrowMock({ data: { borrow: requested } })],
      undefined,
      [policyMock({ borrowing: 'COLLECT' })],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Borrow Book' }));
    const modal = screen.getByRole('dialog', { name: 'Borrow Book' });
    await within(modal).findByText(/The library sets a copy aside for you at the desk\./);
    const request = within(modal).getByRole('button', { name: 'Request for Pickup' }) as HTMLButtonElement;
    await waitFor(() => expect(request.disabled).toBe(false));
    await userEvent.click(request);
    const alert = await swalDialog();
    expect(within(alert).getByText('Requested for Pickup')).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Staff will fetch "Dune" and put it on the hold shelf at the desk. You will get a notice when it is ready; pick it up by 13 Mar 2026.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Book Borrowed!')).toBeNull();
    expect(screen.getByText('Requested: pick it up at the desk')).toBeInTheDocument();
    expect(screen.queryByText('Already Borrowed')).toBeNull();
  });

  it('on success shows the new quantity, marks the book borrowed and confirms', async () => {
    const cache = new InMemoryCache();
    const modal = await openModal(
      [
        borrowMock({
          data: {
            borrow: {
              __typename: 'BorrowResult',
              status: 'BORROWED',
              pickup: null,
              currentQuantity: 1,
              record: { ...loan, returnDate: '2026-03-31T00:00:00.000Z', dueDate: '2026-03-31' },
            },
          },
        }),
      ],
      cache,
    );
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
    const alert = await swalDialog();
    expect(within(alert).getByText('Book Borrowed!')).toBeInTheDocument();
    const returnBy = '31 Mar 2026';
    expect(
      within(alert).getByText(`You have successfully borrowed "Dune". Please return by ${returnBy}.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Borrow Book' })).toBeNull();
    expect(screen.getByText('Already Borrowed')).toBeInTheDocument();
    expect(screen.getByText('Limited Stock: 1')).toBeInTheDocument();
    // The loan heads the caller's cached loan list with every field My Borrowed Books shows (else: null).
    const { userId: _u, userName: _n, userEmail: _e, ...listed } = loan;
    expect(cache.readQuery({ query: LOAN_LIST_QUERY })).toEqual({
      borrowedBooks: [{ ...listed, returnDate: '2026-03-31T00:00:00.000Z', dueDate: '2026-03-31' }],
    });
  });

  it('warns and marks the book borrowed when the server says it already is', async () => {
    const modal = await openModal([
      borrowMock({
        errors: [{ message: 'You have already borrowed this book', extensions: { code: 'ALREADY_BORROWED' } }],
      }),
    ]);
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
    const alert = await swalDialog();
    expect(within(alert).getByText('Already Borrowed')).toBeInTheDocument();
    expect(
      within(alert).getByText('You have already borrowed this book. You can borrow it again after returning it.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Borrow Book' })).toBeNull());
  });

  it('offers exactly the days the library accepts: today to the latest return date, defaulting to the latest', async () => {
    const modal = await openModal([], undefined, windowMock('2026-03-10', '2026-03-20'));
    const date = within(modal).getByLabelText('Return Date') as HTMLInputElement;
    expect([date.min, date.max, date.value]).toEqual(['2026-03-10', '2026-03-20', '2026-03-20']);
  });

  it.each([
    ['LOAN_LIMIT', 'You already have 5 books on loan, the most a member may borrow at once.'],
    ['FEES_UNPAID', 'You owe ৳150 in late fees. Please pay at the desk before borrowing more.'],
    ['OUT_OF_STOCK', 'No copies of this book are available right now.'],
  ])("shows the gateway's sentence when it refuses with %s, and stays open", async (code, message) => {
    const modal = await openModal([borrowMock({ errors: [{ message, extensions: { code } }] })]);
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
    const alert = await swalDialog();
    expect(within(alert).getByText('Failed to Borrow')).toBeInTheDocument();
    expect(within(alert).getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Borrow Book', hidden: true })).toBeInTheDocument();
    expect(screen.queryByText('Already Borrowed')).toBeNull();
  });

  it('shows the server message when borrowing fails otherwise', async () => {
    const modal = await openModal([
      borrowMock({ errors: [{ message: 'No copies left', extensions: { code: 'OUT_OF_STOCK' } }] }),
    ]);
    await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
    const alert = await swalDialog();
    expect(within(alert).getByText('Failed to Borrow')).toBeInTheDocument();
    expect(within(alert).getByText('No copies left')).toBeInTheDocument();
  });
  describe('when the borrow got no answer, even on its retry', () => {
    const lost = (): MockLink.MockedResponse => ({ ...borrowMock(undefined), error: new NetworkFailure() });
    const checkMock = (loans: unknown[]): MockLink.MockedResponse => ({
      request: { query: CHECK_MY_LOANS_QUERY },
      result: { data: { borrowedBooks: loans } },
    });

    it('says plainly that it may have happened, and Check shows the loan as borrowed', async () => {
      const modal = await openModal([
        lost(),
        checkMock([{ __typename: 'BorrowRecord', id: 'l1', bookId: 'b1', status: 'BORROWED' }]),
      ]);
      await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
      const alert = await swalDialog();
      expect(
        within(alert).getByText("We could not reach the library, so we don't know whether your borrow went through."),
      ).toBeInTheDocument();
      expect(screen.queryByText('Failed to Borrow')).toBeNull();
      await userEvent.click(within(alert).getByRole('button', { name: 'Check' }));
      expect(await screen.findByText('Book Borrowed!')).toBeInTheDocument();
      expect(screen.getByText('Already Borrowed')).toBeInTheDocument();
    });

    it('Check says so when the library has no such loan, and Borrow Book stays', async () => {
      const modal = await openModal([lost(), checkMock([])]);
      await userEvent.click(within(modal).getByRole('button', { name: 'Confirm Borrow' }));
      await userEvent.click(within(await swalDialog()).getByRole('button', { name: 'Check' }));
      expect(await screen.findByText('Not Borrowed')).toBeInTheDocument();
      expect(
        screen.getByText('The library has no record of this borrow, so it did not happen. You can borrow it again.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Borrow Book', hidden: true })).toBeInTheDocument();
    });
  });
});

describe('in Bangla', () => {
  it('says in Bangla that the library has no copy of the book', async () => {
    applyCatalogue('bn', bangla);
    const none = { ...dune, quantity: 0, copies: 0 };
    renderPage([bookMock(none), loansMock()], new InMemoryCache(), catalogueEditorsMocks('STAFF', 'user', 'STAFF'));
    expect(
      await screen.findByText('লাইব্রেরিতে এই বইয়ের কোনো কপি নেই, তাই এটি ধার বা রিজার্ভ করা যাবে না।'),
    ).toBeInTheDocument();
    // The badge follows the library's staff, which its own query answers, maybe after the book.
    expect(await screen.findByText('কোনো কপি নেই')).toBeInTheDocument();
  });

  it('shows the book, the borrow modal and its confirmation in Bangla, with Bengali digits and month names', async () => {
    applyCatalogue('bn', bangla);
    renderPage([
      bookMock({ ...dune, description: '' }),
      loansMock(),
      windowMock(),
      borrowMock({
        data: {
          borrow: {
            __typename: 'BorrowResult',
            status: 'BORROWED',
            pickup: null,
            currentQuantity: 1,
            record: { ...loan, returnDate: '2026-03-31T00:00:00.000Z', dueDate: '2026-03-31' },
          },
        },
      }),
    ]);
    expect(screen.getByRole('status').textContent).toContain('বইয়ের বিস্তারিত লোড হচ্ছে...');
    expect(await screen.findByRole('heading', { name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByText('লেখক: Frank Herbert')).toBeInTheDocument();
    expect(screen.getByText('৫-এর মধ্যে ৪.৫')).toBeInTheDocument();
    expect(screen.getByText('এই বইয়ের কোনো বিবরণ নেই।')).toBeInTheDocument();
    expect(screen.getByText('পাওয়া যায় এমন কপি')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'লাইব্রেরিতে ফিরে যান' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'বই ধার নিন' }));
    const modal = screen.getByRole('dialog', { name: 'বই ধার নিন' });
    expect((within(modal).getByLabelText('নাম') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(within(modal).getByLabelText('ই-মেইল')).toBeInTheDocument();
    const date = within(modal).getByLabelText('ফেরতের তারিখ') as HTMLInputElement;
    await waitFor(() => expect(date.max).not.toBe(''));
    expect(within(modal).getByText('২টি কপি পাওয়া যাচ্ছে')).toBeInTheDocument();
    expect(
      within(modal).getByText(
        'এই বই ধার নিয়ে আপনি নির্দিষ্ট তারিখের মধ্যে ফেরত দিতে সম্মত হচ্ছেন। দেরিতে ফেরত দিলে জরিমানা লাগতে পারে।',
      ),
    ).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'ধার নিশ্চিত করুন' }));

    const alert = await screen.findByRole('dialog', { name: 'বই ধার নেওয়া হয়েছে!' });
    expect(
      within(alert).getByText('আপনি সফলভাবে "Dune" ধার নিয়েছেন। অনুগ্রহ করে ৩১ মার্চ ২০২৬-এর মধ্যে ফেরত দিন।'),
    ).toBeInTheDocument();
    expect(screen.getByText('আগেই ধার নেওয়া হয়েছে')).toBeInTheDocument();
  });
});
