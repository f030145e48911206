import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { axeViolations } from '../../../test/axe.ts';
import ReportsPage, { REPORTS_QUERY, REPORTS_TODAY_QUERY } from './reports-page.tsx';
import * as download from '../../../lib/download.ts';

afterEach(() => vi.restoreAllMocks());

const today: MockLink.MockedResponse = {
  request: { query: REPORTS_TODAY_QUERY },
  result: { data: { borrowWindow: { __typename: 'BorrowWindow', today: '2031-03-15' } } },
};

const reports = (interval: 'DAY' | 'WEEK', loans: number): MockLink.MockedResponse => ({
  request: { query: REPORTS_QUERY, variables: { from: '2031-03-01', to: '2031-03-15', interval } },
  result: {
    data: {
      me: { __typename: 'User', id: 'staff', role: 'admin' },
      policy: { __typename: 'Policy', currencySymbol: '৳' },
      loanStats: {
        __typename: 'LoanStats',
        buckets: [
          { __typename: 'LoanStatsBucket', start: '2031-03-01', loans, returns: 2, newMembers: 1, activeMembers: 3 },
        ],
      },
      topBooks: [{ __typename: 'TopBook', book: { __typename: 'Book', id: 'b1', title: 'Gitanjali' }, loans: 3 }],
      topGenres: [{ __typename: 'TopGenre', genre: 'Poetry', loans: 3 }],
      overdueAging: ['DAYS_1_7', 'DAYS_8_30', 'DAYS_31_90', 'OVER_90'].map((bucket, i) => ({
        __typename: 'OverdueAgeBucket',
        bucket,
        count: i,
        amount: i * 50,
      })),
      feeStats: {
        __typename: 'FeeStats',
        buckets: [{ __typename: 'FeeStatsBucket', start: '2031-03-01', charged: 120, paid: 100, waived: 20 }],
      },
      holdStats: { __typename: 'HoldStats', placed: 4, filled: 2, expired: 1, medianWaitDays: 2.5 },
    },
  },
});

const rowsOf = (heading: string) => {
  const section = screen.getByRole('region', { name: heading });
  return within(section)
    .getAllByRole('row')
    .map((row) => row.textContent);
};

describe('the reports page', () => {
  it("opens on this month by day, shows each report's figures in a table, and downloads one as CSV", async () => {
    const saved = vi.spyOn(download, 'saveFile').mockImplementation(() => {});
    const container = render(
      <MockedProvider mocks={[today, reports('DAY', 5), reports('WEEK', 7)]}>
        <MemoryRouter>
          <main>
            <ReportsPage />
          </main>
        </MemoryRouter>
      </MockedProvider>,
    ).container;
    expect(await screen.findByRole('heading', { name: 'Loans and returns' })).toBeVisible();
    expect(screen.getByLabelText('From')).toHaveValue('2031-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('2031-03-15');
    expect(rowsOf('Loans and returns')[1]).toMatch(/5213$/);
    expect(rowsOf('Most borrowed books')).toEqual(['BookLoans', 'Gitanjali3']);
    expect(rowsOf('Overdue loans today, by days late')).toEqual([
      'Days lateHow manyLate fees so far',
      '1 to 7 days0৳0',
      '8 to 30 days1৳50',
      '31 to 90 days2৳100',
      'Over 90 days3৳150',
    ]);
    expect(rowsOf('Fees charged, paid and waived per month')[1]).toContain('৳120৳100৳20');
    expect(screen.getByText('Median wait from hold to ready: 2.5 days')).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Download “Most borrowed books” as CSV' }));
    expect(saved).toHaveBeenCalledWith(expect.any(Blob), 'top-books-2031-03-01-2031-03-15.csv');
    const csv = await new Promise<string>((resolve) => {
      // jsdom's Blob has no text(): read it as a browser without it would.
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved.mock.calls[0]![0]);
    });
    expect(csv).toBe('Book,Loans\r\nGitanjali,3\r\n');

    fireEvent.change(screen.getByRole('combobox', { name: 'Per' }), { target: { value: 'WEEK' } });
    // Weekly now: the first week's 7 loans, 2 returns, 1 new member and 3 who borrowed.
    await waitFor(() => expect(rowsOf('Loans and returns')[1]).toMatch(/7213$/));
  });
});
