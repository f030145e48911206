import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { axeViolations } from '../../../test/axe.ts';
import { OverdueList, SEND_REMINDER, sortOverdue } from './overdue-list.tsx';
import CashUpPage, { DESK_CASH_UP_QUERY, DESK_TODAY_QUERY } from '../money/cash-up-page.tsx';
import { overdueMock, overdueRow } from '../desk-test-data.ts';
import { TOKEN_KEY } from '../../../lib/token-storage.ts';

afterEach(() => vi.restoreAllMocks());

const renderWith = (mocks: MockLink.MockedResponse[], ui: React.ReactNode) =>
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <main>{ui}</main>
      </MemoryRouter>
    </MockedProvider>,
  ).container;

const page = (nodes: ReturnType<typeof overdueRow>[]) => ({
  nodes,
  totalCount: nodes.length,
  endCursor: null,
  hasNextPage: false,
});

describe('the overdue list: filter, sort, reminders, export', () => {
  const rows = [
    overdueRow('l1', { userName: 'Zara Khan', bookTitle: 'Anna Karenina', overdueDays: 3, fee: 900 }),
    overdueRow('l2', { userName: 'Babul Mia', bookTitle: 'Wuthering Heights', overdueDays: 40, fee: 100 }),
  ];
  const bookColumn = () =>
    within(screen.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

  it('asks again for the loans at least N days late, and sorts the page', async () => {
    const container = renderWith(
      [overdueMock(null, page(rows)), overdueMock(null, page([rows[1]!]), 30)],
      <OverdueList symbol="৳" onOpenMember={() => {}} />,
    );
    await screen.findByRole('table');
    expect(bookColumn()).toEqual(['Wuthering Heights', 'Anna Karenina']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort this page by' }), 'Book');
    expect(bookColumn()).toEqual(['Anna Karenina', 'Wuthering Heights']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort this page by' }), 'Fee');
    expect(bookColumn()).toEqual(['Anna Karenina', 'Wuthering Heights']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort this page by' }), 'Member');
    expect(bookColumn()).toEqual(['Wuthering Heights', 'Anna Karenina']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Days late' }), 'At least 30 days');
    expect(await screen.findByText('1 overdue loan')).toBeInTheDocument();
    expect(bookColumn()).toEqual(['Wuthering Heights']);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('sends a reminder and says whether one had gone out today already', async () => {
    const sent = (alreadySent: boolean): MockLink.MockedResponse => ({
      request: { query: SEND_REMINDER, variables: { loanId: 'l2' } },
      result: {
        data: {
          sendOverdueReminder: {
            __typename: 'OverdueReminder',
            alreadySent,
            loan: { __typename: 'BorrowRecord', id: 'l2', bookTitle: 'Wuthering Heights' },
          },
        },
      },
    });
    renderWith(
      [overdueMock(null, page(rows)), sent(false), sent(true)],
      <OverdueList symbol="৳" onOpenMember={() => {}} />,
    );
    const button = await screen.findByRole('button', {
      name: 'Send a reminder to Babul Mia about “Wuthering Heights”',
    });
    await userEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toBe('Babul Mia was reminded about “Wuthering Heights”.');
    await userEvent.click(button);
    expect(
      await screen.findByText('Babul Mia was already reminded about “Wuthering Heights” today.'),
    ).toBeInTheDocument();
  });

  it('downloads the list at the chosen days late as CSV with the session token, and says when it fails', async () => {
    localStorage.setItem(TOKEN_KEY, 'session-token');
    const fetches: [string, RequestInit | undefined][] = [];
    const answers = [new Response('Member\r\n', { status: 200 }), new Response('{}', { status: 503 })];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      fetches.push([String(input), init]);
      return answers.shift()!;
    });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderWith([overdueMock(null, page(rows))], <OverdueList symbol="৳" onOpenMember={() => {}} />);
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Export as CSV' }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(fetches[0]?.[0]).toBe('/api/desk/overdue.csv?minDays=1');
    expect(fetches[0]?.[1]?.headers).toMatchObject({ authorization: 'Bearer session-token' });
    await userEvent.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not export the overdue list. Please try again.');
  });

  it('sorts by days late, member, book or fee without losing a row', () => {
    const many = [
      { overdueDays: 2, fee: 5, userName: 'b', bookTitle: 'y' },
      { overdueDays: 9, fee: 1, userName: 'a', bookTitle: 'z' },
      { overdueDays: 5, fee: 7, userName: 'c', bookTitle: 'x' },
    ];
    expect(sortOverdue(many, 'daysLate').map((r) => r.overdueDays)).toEqual([9, 5, 2]);
    expect(sortOverdue(many, 'member').map((r) => r.userName)).toEqual(['a', 'b', 'c']);
    expect(sortOverdue(many, 'book').map((r) => r.bookTitle)).toEqual(['x', 'y', 'z']);
    expect(sortOverdue(many, 'fee').map((r) => r.fee)).toEqual([7, 5, 1]);
  });
});

describe('the cash-up page', () => {
  const todayMock: MockLink.MockedResponse = {
    request: { query: DESK_TODAY_QUERY },
    result: { data: { borrowWindow: { __typename: 'BorrowWindow', today: '2026-12-01' } } },
  };
  const cashUp = (day: string, entries: number): MockLink.MockedResponse => ({
    request: { query: DESK_CASH_UP_QUERY, variables: { day } },
    result: {
      data: {
        me: { __typename: 'User', id: 'staff', role: 'admin' },
        policy: { __typename: 'Policy', currencySymbol: '৳' },
        cashUp: {
          __typename: 'CashUp',
          day,
          payments: entries ? 300 : 0,
          waivers: entries ? 50 : 0,
          byStaff: entries
            ? [
                { __typename: 'CashUpLine', recordedBy: 'Anwar (a@x.org)', payments: 300, waivers: 0, count: 2 },
                { __typename: 'CashUpLine', recordedBy: 'Bina (b@x.org)', payments: 0, waivers: 50, count: 1 },
              ]
            : [],
          entries: entries
            ? [
                {
                  id: 'e1',
                  kind: 'PAYMENT',
                  amount: 100,
                  note: 'Cash',
                  recordedBy: 'Anwar (a@x.org)',
                  memberName: 'Rahim',
                },
                {
                  id: 'e2',
                  kind: 'PAYMENT',
                  amount: 200,
                  note: 'Cash',
                  recordedBy: 'Anwar (a@x.org)',
                  memberName: null,
                },
                {
                  id: 'e3',
                  kind: 'WAIVER',
                  amount: 50,
                  note: 'Goodwill',
                  recordedBy: 'Bina (b@x.org)',
                  memberName: 'Sumi',
                },
              ].map((e) => ({ __typename: 'CashUpEntry', createdAt: `${day}T05:00:00.000Z`, ...e }))
            : [],
        },
      },
    },
  });

  it("opens on the library's today with the totals by staff member, and moves to another day", async () => {
    const container = renderWith([todayMock, cashUp('2026-12-01', 3), cashUp('2026-11-30', 0)], <CashUpPage />);
    expect((await screen.findByTestId('cash-up-payments')).textContent).toBe('৳300');
    expect(screen.getByTestId('cash-up-waivers').textContent).toBe('৳50');
    const [byStaff, entries] = screen.getAllByRole('table');
    expect(
      within(byStaff!)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Staff memberEntriesPaymentsWaivers', 'Anwar (a@x.org)2৳300৳0', 'Bina (b@x.org)1৳0৳50']);
    expect(within(entries!).getAllByRole('row')).toHaveLength(4);
    expect(within(entries!).getByText('Account deleted')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-30' } });
    expect(await screen.findByText('No payments or waivers on this day.')).toBeInTheDocument();
    expect(screen.getByTestId('cash-up-payments').textContent).toBe('৳0');
  });
});
