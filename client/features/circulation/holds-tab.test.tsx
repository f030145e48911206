import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { MockedProvider } from '@apollo/client/testing/react';
import { policyMock } from '../../lib/policy-test-utils.ts';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { axeViolations } from '../../test/axe.ts';
import BorrowedBooksPage, { MY_BORROWED_BOOKS_QUERY } from './borrowed-books-page.tsx';
import { CANCEL_HOLD_MUTATION } from '../../lib/holds.ts';
import { MY_HOLDS_QUERY } from './use-my-holds.ts';
import { PauseHoldDocument, ResumeHoldDocument } from '../../gql/graphql.ts';
import { NetworkFailure } from '../../lib/network-errors.ts';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';

setUpDialogsForTests();

const hold = (
  id: string,
  bookTitle: string,
  status: string,
  position: number | null,
  readyUntil: string | null,
  wait: { pausedUntil?: string | null; copies?: number; expectedBy?: string | null } = {},
) => ({
  __typename: 'Hold',
  id,
  bookId: `book-${id}`,
  bookTitle,
  status,
  position,
  readyUntil,
  pausedUntil: null,
  copies: 2,
  expectedBy: null,
  pickup: false,
  shelvedAt: null,
  readyUntilHours: null,
  ...wait,
});
const me = { __typename: 'User', id: 'u1' };
const loansMock = (loans: unknown[]): MockLink.MockedResponse => ({
  request: { query: MY_BORROWED_BOOKS_QUERY },
  result: { data: { me: { ...me, balance: 0 }, borrowedBooks: loans } },
});
// One past loan, as the loan tabs' BorrowedLoan fragment selects it.
const returned = {
  __typename: 'BorrowRecord',
  id: 'l1',
  bookId: 'book-l1',
  borrowDate: '2026-02-20T00:00:00.000Z',
  returnDate: '2026-03-06T00:00:00.000Z',
  dueDate: '2026-03-06',
  returnedAt: '2026-03-01T00:00:00.000Z',
  claimedAt: null,
  returnedVia: 'APP',
  status: 'RETURNED',
  renewals: 0,
  overdueDays: 0,
  fee: 0,
  feeCapped: false,
  canRenew: false,
  renewBlockedReason: null,
  autoRenewsOn: null,
  bookTitle: 'Hamlet',
  bookAuthor: 'William Shakespeare',
  bookImage: '/assets/library/hamlet.jpg',
  bookCategory: 'Drama',
};
const ALLOWED = { __typename: 'BorrowingStatus', allowed: true, message: null };
const holdsMock = (holds: unknown[], borrowing: unknown = ALLOWED): MockLink.MockedResponse => ({
  request: { query: MY_HOLDS_QUERY },
  result: { data: { me: { ...me, borrowing, holds } } },
});
const dune = hold('h1', 'Dune', 'READY', 1, '2026-11-27');
const emma = hold('h2', 'Emma', 'WAITING', 3, null);
const ended = hold('h3', 'Ulysses', 'EXPIRED', null, null);

function renderPage(mocks: MockLink.MockedResponse[], loans: unknown[] = [], policy = policyMock()) {
  render(
    <MockedProvider mocks={[loansMock(loans), policy, ...mocks]} cache={new InMemoryCache()}>
      <MemoryRouter>
        <BorrowedBooksPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('Borrowed Books: the Holds tab', () => {
  it('lists waiting and ready holds, not ended ones, beside the two loan tabs', async () => {
    renderPage([holdsMock([dune, emma, ended])]);
    const holdsTab = await screen.findByRole('tab', { name: 'Holds (2)' });
    expect(screen.getByRole('tab', { name: 'Pending (0)', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Returned (0)' })).toBeInTheDocument();
    await userEvent.click(holdsTab);
    const ready = screen.getByRole('article', { name: 'Dune' });
    expect(within(ready).getByText('Ready for you until 27 Nov 2026')).toBeInTheDocument();
    expect(within(ready).getByRole('link', { name: 'Dune' }).getAttribute('href')).toBe('/book-details/book-h1');
    expect(
      within(screen.getByRole('article', { name: 'Emma' })).getByText('Waiting: number 3 in the queue'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ulysses' })).toBeNull();
    expect(await axeViolations(screen.getByRole('tabpanel'))).toEqual([]);
  });

  it('shows pickup requests with click and collect: being fetched, then ready at the desk with the hours', async () => {
    const hours = { __typename: 'OpeningHours', opens: '10:00', closes: '20:00' };
    const fetching = { ...hold('h4', 'Persuasion', 'READY', 1, '2026-11-27'), pickup: true };
    const shelved = {
      ...hold('h5', 'Middlemarch', 'READY', 1, '2026-11-28'),
      pickup: true,
      shelvedAt: '2026-11-25T09:00:00.000Z',
      readyUntilHours: hours,
    };
    renderPage([holdsMock([fetching, shelved, emma])], [], policyMock({ borrowing: 'COLLECT' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (3)' }));
    const first = screen.getByRole('article', { name: 'Persuasion' });
    expect(within(first).getByText('Pickup request')).toBeInTheDocument();
    // The words follow the library's policy (click and collect), which may answer after the holds.
    expect(
      await within(first).findByText('Being fetched: staff are setting it aside for you at the desk'),
    ).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Cancel Request for Persuasion' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Middlemarch' })).getByText(
        'Ready at the desk until 28 Nov 2026, 10am to 8pm',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Emma' })).queryByText('Pickup request')).toBeNull();
  });

  it('says on a ready hold that the member cannot borrow it yet, and why', async () => {
    const overdue = {
      __typename: 'BorrowingStatus',
      allowed: false,
      message: '“Dracula” is overdue. Please return it before borrowing another book.',
    };
    renderPage([holdsMock([dune, emma], overdue)]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (2)' }));
    expect(
      within(screen.getByRole('article', { name: 'Dune' })).getByText(
        'You cannot borrow it yet: “Dracula” is overdue. Please return it before borrowing another book.',
      ),
    ).toBeInTheDocument();
    // A waiting hold has no copy to borrow: nothing to say there.
    expect(within(screen.getByRole('article', { name: 'Emma' })).queryByText(/cannot borrow/)).toBeNull();
  });

  it('cancels a hold, and the list is the gateway’s again', async () => {
    renderPage([
      holdsMock([dune, emma]),
      {
        request: { query: CANCEL_HOLD_MUTATION, variables: { holdId: 'h2' } },
        result: { data: { cancelHold: { ...emma, status: 'CANCELLED', position: null } } },
      },
      holdsMock([dune, { ...emma, status: 'CANCELLED', position: null }]),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Hold on Emma' }));
    expect(await screen.findByRole('tab', { name: 'Holds (1)', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Emma' })).toBeNull();
  });

  it("shows the gateway's sentence when a cancel is refused", async () => {
    renderPage([
      holdsMock([emma]),
      {
        request: { query: CANCEL_HOLD_MUTATION, variables: { holdId: 'h2' } },
        result: { errors: [new GraphQLError('This hold has already ended.', { extensions: { code: 'CONFLICT' } })] },
      },
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Hold on Emma' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This hold has already ended.');
  });

  it('when a cancel gets no answer, says plainly it may have happened, and Check shows the list as it is', async () => {
    renderPage([
      holdsMock([dune, emma]),
      { request: { query: CANCEL_HOLD_MUTATION, variables: { holdId: 'h2' } }, error: new NetworkFailure() },
      holdsMock([dune, { ...emma, status: 'CANCELLED', position: null }]),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Hold on Emma' }));
    expect(
      await screen.findByText(
        "We could not reach the library, so we don't know whether your cancellation went through.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('tab', { name: 'Holds (1)', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Emma', hidden: true })).toBeNull();
  });

  it('shows an empty Holds tab beside loans', async () => {
    renderPage([holdsMock([ended])], [returned]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (0)' }));
    expect(screen.getByRole('heading', { name: 'No Holds' })).toBeInTheDocument();
  });

  it('keeps the tabs for a member with no loans when holds fail to load, and Try Again asks again', async () => {
    renderPage([{ request: { query: MY_HOLDS_QUERY }, error: new Error('down') }, holdsMock([emma])]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch your holds. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Emma' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Holds (1)', selected: true })).toBeInTheDocument();
  });

  it('shows the empty state only when there are neither loans nor holds', async () => {
    renderPage([holdsMock([ended])]);
    expect(await screen.findByRole('heading', { name: 'No Books Borrowed' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows a waiting hold the copies owned and the day expected, saying it is an estimate', async () => {
    renderPage([holdsMock([hold('h2', 'Emma', 'WAITING', 3, null, { copies: 1, expectedBy: '2026-12-20' })])]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (1)' }));
    const emmaHold = screen.getByRole('article', { name: 'Emma' });
    expect(within(emmaHold).getByText('The library owns 1 copy of this book.')).toBeInTheDocument();
    expect(within(emmaHold).getByText(/Expected by 20 Dec 2026\./)).toBeInTheDocument();
    expect(within(emmaHold).getByText(/An estimate, from the due dates/)).toBeInTheDocument();
  });

  it('pauses a waiting hold until a day, then shows it paused with Resume', async () => {
    const paused = hold('h2', 'Emma', 'WAITING', 3, null, { pausedUntil: '2026-12-24' });
    renderPage([
      holdsMock([emma]),
      {
        request: { query: PauseHoldDocument, variables: { holdId: 'h2', until: '2026-12-24' } },
        result: { data: { pauseHold: paused } },
      },
      // The holds asked for again after the pause: slow, so Resume is seen waiting for them.
      { ...holdsMock([paused]), delay: 300 },
      {
        request: { query: ResumeHoldDocument, variables: { holdId: 'h2' } },
        result: { data: { resumeHold: emma } },
      },
      holdsMock([emma]),
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause hold on Emma' }));
    const day = screen.getByLabelText('Resume on');
    // The longest pause is the library's policy, which may answer after the holds.
    expect(await screen.findByText('At most 60 days from today.')).toBeInTheDocument();
    await userEvent.type(day, '2026-12-24');
    await userEvent.click(screen.getByRole('button', { name: 'Pause hold' }));
    expect(
      await screen.findByText(
        'Paused until 24 Dec 2026: you keep your place, and copies that come back meanwhile go to the next member.',
      ),
    ).toBeInTheDocument();
    // Resume stays off until the holds asked for again after the pause are in.
    const resume = screen.getByRole('button', { name: 'Resume hold on Emma' });
    expect(resume).toBeDisabled();
    await waitFor(() => expect(resume).toBeEnabled());
    await userEvent.click(resume);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pause hold on Emma' })).toBeEnabled());
    expect(screen.queryByText(/Paused until/)).toBeNull();
  });

  it("shows the gateway's sentence when a pause is refused", async () => {
    renderPage([
      holdsMock([emma]),
      {
        request: { query: PauseHoldDocument, variables: { holdId: 'h2', until: '2026-12-24' } },
        result: {
          errors: [
            new GraphQLError('A hold can be paused for at most 60 days: choose 24 Jan 2027 or an earlier day.', {
              extensions: { code: 'BAD_USER_INPUT', field: 'until' },
            }),
          ],
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'Holds (1)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause hold on Emma' }));
    await userEvent.type(screen.getByLabelText('Resume on'), '2026-12-24');
    await userEvent.click(screen.getByRole('button', { name: 'Pause hold' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A hold can be paused for at most 60 days: choose 24 Jan 2027 or an earlier day.',
    );
  });
});
