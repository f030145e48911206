import { formatInstantDay } from '../../lib/dates.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import { axeViolations } from '../../test/axe.ts';
import DeskPage, { DESK_ACCESS_QUERY } from './desk-page.tsx';
import { DESK_MEMBERS_QUERY, SEARCH_DELAY_MS } from './members/member-search.tsx';
import { RECEIPT_QUERY } from './money/receipt-lookup.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { DESK_OVERDUE_QUERY } from './reports/overdue-list.tsx';
import {
  accessMock,
  memberMock,
  memberRow,
  membersMock,
  noOverdue,
  overdueMock,
  overdueRow,
  notesMock,
} from './desk-test-data.ts';

setUpDialogsForTests();
afterEach(() => vi.useRealTimers());

function renderDesk(mocks: MockLink.MockedResponse[], path = '/desk') {
  const view = render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>
        <main>
          <DeskPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
  return view.container;
}

const firstMembers = (total = 2) =>
  membersMock(null, null, {
    nodes: Array.from({ length: Math.min(total, 20) }, (_, i) => memberRow(i + 1)),
    totalCount: total,
    endCursor: total > 20 ? 'c20' : null,
    hasNextPage: total > 20,
  });

describe('Circulation Desk: access', () => {
  it('tells a member the desk is for staff, and asks the gateway for nothing else', async () => {
    const members = vi.fn(() => ({ data: null }));
    const container = renderDesk([
      accessMock('member'),
      { request: { query: DESK_MEMBERS_QUERY, variables: () => true }, result: members },
    ]);
    expect(screen.getByRole('status').textContent).toContain('Loading the desk...');
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Circulation Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Members' })).toBeNull();
    expect(members).not.toHaveBeenCalled();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows a failed load with Try Again, which loads the desk', async () => {
    const container = renderDesk([
      { request: { query: DESK_ACCESS_QUERY }, error: new Error('offline') },
      accessMock('admin'),
      firstMembers(),
      noOverdue(),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the desk.');
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Member 1/ })).toBeInTheDocument();
  });

  it('shows Staff only when the gateway refuses a staff query (FORBIDDEN)', async () => {
    renderDesk([
      accessMock('admin'),
      {
        request: { query: DESK_MEMBERS_QUERY, variables: { search: null, first: 20, after: null } },
        result: { errors: [{ message: 'Staff only.', extensions: { code: 'FORBIDDEN' } }] },
      },
      noOverdue(),
    ]);
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
  });
});

describe('Circulation Desk: members', () => {
  // With the list never answered: beside a mocked answer (20-50 ms) the loading line shows or not depending on
  // how soon the desk's lazily loaded parts arrive.
  it('says the members are loading until the list arrives', async () => {
    renderDesk([accessMock('admin'), { ...firstMembers(45), delay: Infinity }, noOverdue()]);
    expect(await screen.findByText('Loading members...')).toBeInTheDocument();
    expect(screen.queryByText('45 members')).toBeNull();
  });

  it('lists a page of members with the count, and pages forward and back', async () => {
    const container = renderDesk([
      accessMock('admin'),
      firstMembers(45),
      membersMock(null, 'c20', {
        nodes: Array.from({ length: 20 }, (_, i) => memberRow(i + 21)),
        totalCount: 45,
        endCursor: 'c40',
        hasNextPage: true,
      }),
      noOverdue(),
    ]);
    expect(await screen.findByText('45 members')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Member pages' });
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Member \d+/ })).toHaveLength(20);
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: /Member 21 / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Member 1 / })).toBeNull();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    // Back is the cached first page: no request (none is mocked).
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('button', { name: /Member 1 / })).toBeInTheDocument();
  });

  it('searches once typing pauses, and says when nobody matches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDesk([
      accessMock('admin'),
      firstMembers(2),
      membersMock('ada', null, { nodes: [memberRow(7)], totalCount: 1, endCursor: null, hasNextPage: false }),
      membersMock('zzz', null, { nodes: [], totalCount: 0, endCursor: null, hasNextPage: false }),
      noOverdue(),
    ]);
    await screen.findByText('2 members');
    const box = screen.getByLabelText('Search members');
    // Only the whole term is sent ("a" and "ad" have no answer here, so sending them would show an error).
    await user.type(box, 'ada');
    expect(screen.getByText('2 members')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(await screen.findByText('1 member')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Member 7/ })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Member pages' })).toBeNull();

    await user.clear(box);
    await user.type(box, 'zzz');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(await screen.findByText('No members match “zzz”.')).toBeInTheDocument();
  });

  it('finds a payment or a charge by its reference, typed any way, and says when none has it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const receipt = {
      __typename: 'CashUpEntry',
      id: 'e9',
      kind: 'PAYMENT',
      amount: 150,
      reference: 'R-2026-000123',
      balanceAfter: 50,
      memberUid: 'uid-7',
      memberName: 'Grace Hopper',
      createdAt: '2026-03-02T09:00:00.000Z',
      bookTitle: null,
    };
    const charge = {
      ...receipt,
      id: 'e10',
      kind: 'LATE_FEE',
      amount: 250,
      reference: 'R-2026-000124',
      balanceAfter: null,
      bookTitle: 'Gitanjali',
    };
    renderDesk([
      accessMock('admin'),
      firstMembers(2),
      { request: { query: RECEIPT_QUERY, variables: { reference: 'r2026000123' } }, result: { data: { receipt } } },
      {
        request: { query: RECEIPT_QUERY, variables: { reference: 'R-2026-000124' } },
        result: { data: { receipt: charge } },
      },
      {
        request: { query: RECEIPT_QUERY, variables: { reference: 'R-2026-000999' } },
        result: { data: { receipt: null } },
      },
      noOverdue(),
    ]);
    await screen.findByText('2 members');
    const box = screen.getByLabelText('Search members');
    await user.type(box, 'r2026000123');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    const found = await screen.findByRole('button', { name: /R-2026-000123: payment of ৳150, Grace Hopper/ });
    expect(found.textContent).toContain(`${formatDateTime('2026-03-02T09:00:00.000Z')}; still owed after it: ৳50`);

    // A charge has a reference too: it says what it was for, not what was owed after it.
    await user.clear(box);
    await user.type(box, 'R-2026-000124');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    const fee = await screen.findByRole('button', { name: /R-2026-000124: late fee of ৳250, Grace Hopper/ });
    expect(fee.textContent).toContain(`${formatDateTime('2026-03-02T09:00:00.000Z')}; for “Gitanjali”`);

    await user.clear(box);
    await user.type(box, 'R-2026-000999');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    expect(await screen.findByText('No ledger entry has the reference “R-2026-000999”.')).toBeInTheDocument();
  });

  it('shows a failed page with Try Again', async () => {
    renderDesk([
      accessMock('admin'),
      {
        request: { query: DESK_MEMBERS_QUERY, variables: { search: null, first: 20, after: null } },
        error: new Error('offline'),
      },
      firstMembers(1),
      noOverdue(),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load members.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('1 member')).toBeInTheDocument();
  });

  it('opens a member from the list', async () => {
    renderDesk([
      accessMock('admin'),
      firstMembers(2),
      noOverdue(),
      memberMock('uid-2', { balance: 0 }),
      notesMock('uid-2'),
    ]);
    expect(await screen.findByText('Choose a member to see their loans, balance and ledger.')).toBeInTheDocument();
    const row = await screen.findByRole('button', { name: /Member 2/ });
    await userEvent.click(row);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('Nothing owed: free to borrow.')).toBeInTheDocument();
  });
});

describe('Circulation Desk: overdue loans', () => {
  it('lists member, book, days late and fee, pages on, and opens the member', async () => {
    const container = renderDesk([
      accessMock('admin'),
      firstMembers(1),
      overdueMock(null, {
        nodes: [
          overdueRow('l1', { userId: 'uid-9', userName: 'Grace Hopper', overdueDays: 12, fee: 600 }),
          overdueRow('l2', { claimedAt: '2026-03-03T09:00:00.000Z' }),
        ],
        totalCount: 21,
        endCursor: 'o20',
        hasNextPage: true,
      }),
      overdueMock('o20', { nodes: [overdueRow('l21')], totalCount: 21, endCursor: 'o21', hasNextPage: false }),
      memberMock('uid-9', { balance: 0 }),
      notesMock('uid-9'),
    ]);
    const table = await screen.findByRole('table');
    expect(screen.getByText('21 overdue loans')).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Member', 'Book', 'Due', 'Days late', 'Fee', 'Reminder']);
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect(
      within(grace)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Grace Hopper member1@example.com', 'Late Book l1', '1 Mar 2026', '12', '৳600', 'Send a reminder']);
    // A claimed return (RETURNS=desk) says so, with the claim's day.
    expect(within(table).getAllByRole('cell', { name: /Late Book l2/ })[0]!.textContent).toBe(
      `Late Book l2Return claimed on ${formatInstantDay('2026-03-03T09:00:00.000Z')}`,
    );
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Overdue loan pages' })).getByRole('button', { name: 'Next' }),
    );
    expect(await screen.findByRole('cell', { name: 'Late Book l21' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Grace Hopper' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('says when nothing is overdue, and shows a failed load with Try Again', async () => {
    renderDesk([
      accessMock('admin'),
      firstMembers(1),
      {
        request: { query: DESK_OVERDUE_QUERY, variables: { first: 20, after: null, minDays: 1 } },
        error: new Error('offline'),
      },
      noOverdue(),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load overdue loans.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No overdue loans.')).toBeInTheDocument();
  });
});
