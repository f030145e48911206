import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { formatDateTime, formatDay, formatInstantDay } from '../../../lib/dates.ts';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { setUpDialogsForTests } from '../../../components/ui/dialogs-test-env.ts';
import { axeViolations } from '../../../test/axe.ts';
import DeskPage from '../desk-page.tsx';
import { DESK_MEMBER_QUERY } from './member-panel.tsx';
import {
  BOOK_COST_QUERY,
  CHECK_IN_MUTATION,
  MARK_LOST_MUTATION,
  CLAIMS_RETURNED_MUTATION,
  RECORD_PAYMENT_MUTATION,
  RENEW_ALL_FOR_MUTATION,
  RENEW_FOR_MUTATION,
  WAIVE_FEE_MUTATION,
} from './use-desk-actions.ts';
import {
  accessMock,
  entry,
  loan,
  memberMock,
  memberRow,
  membersMock,
  noOverdue,
  notesMock,
  paymentAnswer,
} from '../desk-test-data.ts';

setUpDialogsForTests();

const UID = 'uid-1';

/**
 * The desk opened on one member (?member=), with the lists around it answered; the member after `memberDelay` ms
 * (Infinity: never).
 */
function renderMember(
  member: Parameters<typeof memberMock>[1],
  more: MockLink.MockedResponse[] = [],
  memberDelay?: number,
) {
  const view = render(
    <MockedProvider
      mocks={[
        accessMock('admin'),
        membersMock(null, null, { nodes: [memberRow(1)], totalCount: 1, endCursor: null, hasNextPage: false }),
        noOverdue(),
        { ...memberMock(UID, member), delay: memberDelay },
        notesMock(UID),
        ...more,
      ]}
    >
      <MemoryRouter initialEntries={[`/desk?member=${UID}`]}>
        <main>
          <DeskPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
  return view.container;
}

const lateLoan = loan('l1', 'Hamlet', { overdueDays: 3, fee: 150, dueDate: '2026-02-27' });
const owing = { balance: 150, loans: [lateLoan], ledger: [entry('e1', 'LATE_FEE', 150, { bookTitle: 'Macbeth' })] };

/** What the desk asks again after an action: the member as they are now, and the overdue list. */
const after = (member: Parameters<typeof memberMock>[1]) => [memberMock(UID, member), noOverdue()];

const panel = () => screen.getByRole('region', { name: 'Ada Lovelace' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Matches a desk write's variables: exactly `expected` plus an idempotency key, a fresh UUID; every key seen
 * is added to `keys`.
 */
function keyed(expected: Record<string, unknown>, keys = new Set<string>()) {
  return (variables: Record<string, unknown>) => {
    const { idempotencyKey, ...rest } = variables;
    if (typeof idempotencyKey !== 'string' || !UUID.test(idempotencyKey)) return false;
    keys.add(idempotencyKey);
    const sorted = (o: Record<string, unknown>) =>
      JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
    return sorted(rest) === sorted(expected);
  };
}

describe('Circulation Desk: one member', () => {
  // Its own test, with a member query that is never answered: beside a mocked answer (20-50 ms) the loading line
  // shows or not depending on how soon the desk's lazily loaded parts arrive.
  it('says the member is loading until the member arrives', async () => {
    renderMember(owing, [], Infinity);
    expect(await screen.findByText('Loading member...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeNull();
  });

  it('shows the balance that blocks borrowing, active and past loans, and the ledger', async () => {
    const container = renderMember({
      balance: 250,
      loans: [
        lateLoan,
        loan('l2', 'Othello', { dueDate: '2026-03-20' }),
        loan('l3', 'Macbeth', {
          status: 'RETURNED',
          returnedAt: '2026-03-01T12:00:00.000Z',
          overdueDays: 2,
          fee: 100,
        }),
        loan('l4', 'Lear', { status: 'LOST', returnedAt: '2026-03-02T12:00:00.000Z' }),
      ],
      ledger: [
        entry('e4', 'PAYMENT', 50, { note: 'Cash', recordedBy: 'Desk Staff' }),
        entry('e3', 'PROCESSING_FEE', 100, { bookTitle: 'Lear' }),
        entry('e2', 'REPLACEMENT', 500, { bookTitle: 'Lear' }),
        entry('e1', 'LATE_FEE', 100, { bookTitle: 'Macbeth' }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(panel()).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(panel()).getByText('৳250')).toBeInTheDocument();
    expect(within(panel()).getByText('Fees must be paid before borrowing more.')).toBeInTheDocument();

    const onLoan = within(panel()).getByRole('region', { name: 'On loan (2)' });
    const hamlet = within(onLoan).getByRole('listitem', { name: 'Hamlet' });
    expect(within(hamlet).getByText('3 days late, fee ৳150 so far')).toBeInTheDocument();
    expect(within(hamlet).getByText(/^Due 27 Feb 2026/)).toBeInTheDocument();
    for (const name of ['Check in: Hamlet', 'Mark lost: Hamlet', 'Mark damaged: Hamlet'])
      expect(within(hamlet).getByRole('button', { name })).toBeInTheDocument();
    expect(within(within(onLoan).getByRole('listitem', { name: 'Othello' })).queryByText(/late/)).toBeNull();

    const past = within(panel()).getByRole('region', { name: 'Past loans (2)' });
    expect(within(past).getByRole('listitem', { name: 'Macbeth' }).textContent).toContain(
      `Returned on ${formatInstantDay('2026-03-01T12:00:00.000Z')}; 2 days late, fee ৳100`,
    );
    expect(within(past).getByRole('listitem', { name: 'Lear' }).textContent).toContain('Lost on');

    const ledger = within(panel()).getByRole('table');
    const rows = within(ledger)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Payment', '', 'Cash', 'R-2026-000004', 'Desk Staff', '−৳50'],
      ['Processing fee', 'Lear', '', '', 'Library', '+৳100'],
      ['Replacement', 'Lear', '', '', 'Library', '+৳500'],
      ['Late fee', 'Macbeth', '', '', 'Library', '+৳100'],
    ]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows a claimed return among the loans on loan with its claim day, and how each past loan was closed', async () => {
    renderMember({
      balance: 0,
      loans: [
        loan('l1', 'Hamlet', { status: 'RETURNING', claimedAt: '2026-03-03T09:00:00.000Z' }),
        loan('l2', 'Othello', {
          status: 'RETURNED',
          returnedAt: '2026-03-01T12:00:00.000Z',
          returnedVia: 'DESK',
          returnedBy: 'Desk Clerk (clerk@example.com)',
        }),
        loan('l3', 'Macbeth', {
          status: 'RETURNED',
          returnedAt: '2026-02-20T12:00:00.000Z',
          returnedVia: 'APP',
          returnedBy: 'Ada Lovelace',
        }),
      ],
    });
    const onLoan = await screen.findByRole('region', { name: 'On loan (1)' });
    const hamlet = within(onLoan).getByRole('listitem', { name: 'Hamlet' });
    expect(hamlet.textContent).toContain(
      `Return claimed on ${formatInstantDay('2026-03-03T09:00:00.000Z')}: check it in when the book arrives`,
    );
    expect(within(hamlet).getByRole('button', { name: 'Check in: Hamlet' })).toBeInTheDocument();
    const past = within(panel()).getByRole('region', { name: 'Past loans (2)' });
    expect(within(past).getByRole('listitem', { name: 'Othello' }).textContent).toContain(
      'at the desk by Desk Clerk (clerk@example.com)',
    );
    expect(within(past).getByRole('listitem', { name: 'Macbeth' }).textContent).toContain('in the app by Ada Lovelace');
  });

  it('shows the empty states of a member with no loans and no ledger, without the fee forms', async () => {
    const container = renderMember({ balance: 0 });
    expect(await screen.findByText('No books on loan.')).toBeInTheDocument();
    expect(screen.getByText('No past loans.')).toBeInTheDocument();
    expect(screen.getByText('No charges, payments or waivers yet.')).toBeInTheDocument();
    expect(screen.getByText('৳0')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record payment' })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says when no member has the uid in the address', async () => {
    renderMember(null);
    expect(await screen.findByText('No member has that id.')).toBeInTheDocument();
  });

  it('shows a failed member load with Try Again', async () => {
    render(
      <MockedProvider
        mocks={[
          accessMock('admin'),
          membersMock(null, null, { nodes: [], totalCount: 0, endCursor: null, hasNextPage: false }),
          noOverdue(),
          { request: { query: DESK_MEMBER_QUERY, variables: { uid: UID } }, error: new Error('offline') },
          memberMock(UID, { balance: 0 }),
          notesMock(UID),
        ]}
      >
        <MemoryRouter initialEntries={[`/desk?member=${UID}`]}>
          <DeskPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load this member.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('records a payment: checks the amount first, then sends it with the note and shows the new balance', async () => {
    const paid = vi.fn(() => ({
      ...paymentAnswer('e9', 150, 'Cash at desk'),
    }));
    renderMember(owing, [
      {
        request: { query: RECORD_PAYMENT_MUTATION, variables: keyed({ uid: UID, amount: 150, note: 'Cash at desk' }) },
        result: paid,
      },
      ...after({ balance: 0, loans: [lateLoan], ledger: [entry('e9', 'PAYMENT', 150), ...owing.ledger] }),
    ]);
    const form = await screen.findByRole('form', { name: 'Record payment' });
    const amount = within(form).getByLabelText('Amount (৳)');
    const user = userEvent.setup();
    for (const typed of ['0', '151', '2.5']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(within(form).getByRole('button', { name: 'Record payment' }));
      expect(within(form).getByText('Enter a whole amount from ৳1 to ৳150.')).toBeInTheDocument();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(amount);
    }
    expect(paid).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '150');
    await user.type(within(form).getByLabelText('Note (optional)'), 'Cash at desk');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment of ৳150 recorded.')).toBeInTheDocument();
    expect(paid).toHaveBeenCalledOnce();
    // The balance, and what the payment receipt says is still owed.
    expect(within(panel()).getAllByText('৳0')).toHaveLength(2);
    expect(within(panel()).getByText('Nothing owed: free to borrow.')).toBeInTheDocument();
    const receipt = within(panel()).getByRole('region', { name: 'Payment receipt' });
    const lines = within(receipt)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent} ${dd.textContent}`);
    expect(lines).toEqual([
      'Member: Ada Lovelace',
      'Card: BM00000018',
      'Paid: ৳150',
      `When: ${formatDateTime('2026-03-02T09:00:00.000Z')}`,
      'Note: Cash at desk',
      'Taken by: Desk Staff',
      'Still owed: ৳0',
      'Reference: R-2026-000123',
    ]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(receipt).getByRole('button', { name: 'Print Payment receipt' }));
    expect(print).toHaveBeenCalledOnce();
    expect(receipt.classList.contains('print-target')).toBe(true);
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(receipt.classList.contains('print-target')).toBe(false));
    print.mockRestore();
    expect(within(panel()).getByRole('cell', { name: 'Payment' })).toBeInTheDocument();
  });

  it('reprints a past payment’s receipt from the ledger as it was recorded, whatever is owed now', async () => {
    const paidBefore = entry('e4', 'PAYMENT', 50, {
      note: 'Cash',
      recordedBy: 'Desk Staff',
      balanceAfter: 100,
      createdAt: '2026-02-20T09:00:00.000Z',
    });
    renderMember({ balance: 600, loans: [lateLoan], ledger: [entry('e5', 'REPLACEMENT', 500), paidBefore] }, []);
    const ledger = within(await screen.findByRole('region', { name: 'Ledger' })).getByRole('table');
    await userEvent.click(within(ledger).getByRole('button', { name: 'Show receipt R-2026-000004' }));
    const receipt = within(panel()).getByRole('region', { name: 'Payment receipt' });
    const lines = within(receipt)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent} ${dd.textContent}`);
    expect(lines).toContain('Still owed: ৳100');
    expect(lines).toContain('Reference: R-2026-000004');
    expect(lines).toContain(`When: ${formatDateTime('2026-02-20T09:00:00.000Z')}`);
  });

  it('sends one key for a double-clicked payment, and the same key again when its answer was lost', async () => {
    const keys = new Set<string>();
    const paid = vi.fn(() => paymentAnswer('e9', 150));
    const request = { query: RECORD_PAYMENT_MUTATION, variables: keyed({ uid: UID, amount: 150, note: null }, keys) };
    // Each answer takes a while, so the double-click's second click lands while the first is in flight, however
    // busy the machine (with an instant answer it could come after it, as a second submission).
    renderMember(owing, [
      { request, error: new Error('Failed to fetch'), delay: 500 },
      { request, result: paid, delay: 500 },
      ...after({ balance: 0, loans: [lateLoan], ledger: [entry('e9', 'PAYMENT', 150), ...owing.ledger] }),
    ]);
    const form = await screen.findByRole('form', { name: 'Record payment' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Amount (৳)'), '150');
    await user.dblClick(within(form).getByRole('button', { name: 'Record payment' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Something went wrong. Please try again.');
    // The answer was lost: sent again, it is the same submission, under the same key.
    await user.dblClick(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment of ৳150 recorded.')).toBeInTheDocument();
    expect(paid).toHaveBeenCalledOnce();
    expect(keys.size).toBe(1);
  });

  it('shows the gateway’s refusal of an amount at the amount field', async () => {
    renderMember(owing, [
      {
        request: { query: WAIVE_FEE_MUTATION, variables: keyed({ uid: UID, amount: 100, note: 'Goodwill' }) },
        result: {
          errors: [
            {
              message: 'The amount is more than the balance of ৳50.',
              extensions: { code: 'BAD_USER_INPUT', field: 'amount' },
            },
          ],
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Waive fees' });
    const amount = within(form).getByLabelText('Amount (৳)');
    await userEvent.type(amount, '100');
    await userEvent.type(within(form).getByLabelText('Reason'), 'Goodwill');
    await userEvent.click(within(form).getByRole('button', { name: 'Waive' }));
    expect(await within(form).findByText('The amount is more than the balance of ৳50.')).toBeInTheDocument();
    expect(amount.getAttribute('aria-describedby')).toContain(
      within(form).getByText('The amount is more than the balance of ৳50.').id,
    );
    expect(screen.queryByText(/waived/)).toBeNull();
  });

  it('waives part of a balance for a reason, and refuses a waiver without one', async () => {
    renderMember(owing, [
      {
        request: { query: WAIVE_FEE_MUTATION, variables: keyed({ uid: UID, amount: 50, note: 'First time' }) },
        result: { data: { waiveFee: { __typename: 'LedgerEntry', id: 'e9', amount: 50 } } },
      },
      ...after({ balance: 100, loans: [lateLoan], ledger: [entry('e9', 'WAIVER', 50), ...owing.ledger] }),
    ]);
    const form = await screen.findByRole('form', { name: 'Waive fees' });
    await userEvent.type(within(form).getByLabelText('Amount (৳)'), '50');
    // A waiver needs its reason: without one nothing is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Waive' }));
    expect(within(form).getByText('Say why the fee is waived.')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(form).getByLabelText('Reason'));
    await userEvent.type(within(form).getByLabelText('Reason'), 'First time');
    await userEvent.click(within(form).getByRole('button', { name: 'Waive' }));
    expect(await screen.findByText('৳50 waived.')).toBeInTheDocument();
    expect(within(panel()).getByText('৳100')).toBeInTheDocument();
    expect((within(form).getByLabelText('Amount (৳)') as HTMLInputElement).value).toBe('');
  });

  it('sets a loan aside as claimed returned; a claimed return is not offered it again', async () => {
    const claimedAt = '2026-03-02T10:00:00.000Z';
    const claimed = { ...lateLoan, status: 'RETURNING', claimedAt };
    renderMember(owing, [
      {
        request: { query: CLAIMS_RETURNED_MUTATION, variables: { loanId: 'l1' } },
        result: {
          data: { markClaimsReturned: { __typename: 'BorrowRecord', id: 'l1', status: 'RETURNING', claimedAt } },
        },
      },
      ...after({ ...owing, loans: [claimed] }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Claims returned: Hamlet' }));
    expect(
      await screen.findByText(
        'Hamlet is set aside as claimed returned: its fee stopped today. Check it in when the book turns up, or mark it lost.',
      ),
    ).toBeInTheDocument();
    const hamlet = within(panel()).getByRole('listitem', { name: 'Hamlet' });
    expect(await within(hamlet).findByText(/Return claimed on/)).toBeInTheDocument();
    expect(within(hamlet).queryByRole('button', { name: 'Claims returned: Hamlet' })).toBeNull();
    expect(within(hamlet).getByRole('button', { name: 'Mark lost: Hamlet' })).toBeInTheDocument();
  });

  it('checks in a late loan and reports the late fee charged', async () => {
    const returned = { ...lateLoan, status: 'RETURNED', returnedAt: '2026-03-02T10:00:00.000Z' };
    renderMember(owing, [
      {
        request: { query: CHECK_IN_MUTATION, variables: keyed({ loanId: 'l1' }) },
        result: {
          data: {
            checkIn: {
              __typename: 'BorrowRecord',
              id: 'l1',
              status: 'RETURNED',
              returnedAt: returned.returnedAt,
              overdueDays: 3,
              fee: 150,
            },
          },
        },
        delay: 400,
      },
      ...after({ balance: 300, loans: [returned], ledger: [entry('e5', 'LATE_FEE', 150), ...owing.ledger] }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Check in: Hamlet' }));
    expect(await screen.findByRole('button', { name: 'Checking in...: Hamlet' })).toBeInTheDocument();
    expect(await screen.findByText('Checked in “Hamlet”. Late fee of ৳150 charged.')).toBeInTheDocument();
    expect(within(panel()).getByRole('region', { name: 'On loan (0)' })).toBeInTheDocument();
    expect(within(panel()).getByRole('region', { name: 'Past loans (1)' })).toBeInTheDocument();
    expect(within(panel()).getByText('৳300')).toBeInTheDocument();
  });

  it('renews one loan for the member, then all of them, saying why one was not renewed', async () => {
    const hamlet = loan('l1', 'Hamlet', { dueDate: '2026-03-10' });
    const othello = loan('l2', 'Othello', { dueDate: '2026-03-12' });
    const renewedHamlet = { ...hamlet, dueDate: '2026-03-24' };
    renderMember({ balance: 0, loans: [hamlet, othello] }, [
      {
        request: { query: RENEW_FOR_MUTATION, variables: keyed({ loanId: 'l1' }) },
        result: { data: { renewFor: { __typename: 'BorrowRecord', id: 'l1', dueDate: '2026-03-24' } } },
      },
      ...after({ balance: 0, loans: [renewedHamlet, othello] }),
      {
        request: { query: RENEW_ALL_FOR_MUTATION, variables: { uid: UID } },
        result: {
          data: {
            renewAllFor: [
              {
                __typename: 'RenewOutcome',
                renewed: false,
                message: 'This book has reached its renewal limit.',
                loan: { __typename: 'BorrowRecord', id: 'l1', bookTitle: 'Hamlet', dueDate: '2026-03-24' },
              },
              {
                __typename: 'RenewOutcome',
                renewed: true,
                message: null,
                loan: { __typename: 'BorrowRecord', id: 'l2', bookTitle: 'Othello', dueDate: '2026-03-26' },
              },
            ],
          },
        },
      },
      ...after({ balance: 0, loans: [renewedHamlet, { ...othello, dueDate: '2026-03-26' }] }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Renew: Hamlet' }));
    expect(await screen.findByText(`Renewed Hamlet: now due ${formatDay('2026-03-24')}.`)).toBeInTheDocument();
    await userEvent.click(within(panel()).getByRole('button', { name: 'Renew all loans' }));
    expect(await screen.findByText('Renewed 1 of 2 loans.')).toBeInTheDocument();
    expect(within(panel()).getByText('Hamlet: This book has reached its renewal limit.')).toBeInTheDocument();
  });

  it('says what a lost copy will cost before marking it, and does nothing when cancelled', async () => {
    const marked = vi.fn(() => ({
      data: {
        markLost: { __typename: 'BorrowRecord', id: 'l1', status: 'LOST', returnedAt: '2026-03-02T10:00:00.000Z' },
      },
    }));
    const cost = {
      request: { query: BOOK_COST_QUERY, variables: { id: 'book-l1' } },
      result: { data: { book: { __typename: 'Book', id: 'book-l1', replacementCost: 800 } } },
    };
    renderMember(owing, [
      cost,
      cost,
      { request: { query: MARK_LOST_MUTATION, variables: keyed({ loanId: 'l1', damaged: false }) }, result: marked },
      ...after({
        balance: 1050,
        loans: [{ ...lateLoan, status: 'LOST', returnedAt: '2026-03-02T10:00:00.000Z' }],
        ledger: [
          entry('e7', 'PROCESSING_FEE', 100, { bookTitle: 'Hamlet' }),
          entry('e6', 'REPLACEMENT', 800, { bookTitle: 'Hamlet' }),
          ...owing.ledger,
        ],
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark lost: Hamlet' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mark as lost?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '“Hamlet” will be closed as lost and Ada Lovelace charged ৳800 replacement cost + ৳100 processing fee = ৳900.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Mark lost: Hamlet' })).toBeInTheDocument();
    expect(marked).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Mark lost: Hamlet' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark lost' }));
    expect(await screen.findByText('“Hamlet” marked lost.')).toBeInTheDocument();
    expect(marked).toHaveBeenCalledOnce();
    const ledger = within(panel()).getByRole('table');
    expect(within(ledger).getByRole('row', { name: /Replacement Hamlet/ }).textContent).toContain('+৳800');
    expect(within(ledger).getByRole('row', { name: /Processing fee Hamlet/ }).textContent).toContain('+৳100');
    expect(within(panel()).getByText('৳1,050')).toBeInTheDocument();
  });

  it('charges the policy’s default replacement cost for a damaged copy of a book no longer in the catalogue', async () => {
    renderMember(owing, [
      {
        request: { query: BOOK_COST_QUERY, variables: { id: 'book-l1' } },
        result: { data: { book: null } },
      },
      {
        request: { query: MARK_LOST_MUTATION, variables: keyed({ loanId: 'l1', damaged: true }) },
        result: {
          errors: [{ message: 'This loan is already closed.', extensions: { code: 'BAD_USER_INPUT' } }],
        },
      },
      memberMock(UID, owing),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark damaged: Hamlet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mark as damaged?')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '“Hamlet” will be closed as damaged and Ada Lovelace charged ৳500 replacement cost + ৳100 processing fee = ৳600.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark damaged' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This loan is already closed.');
  });
});
