import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import type { DeskOverdueLoansQuery } from '../../gql/graphql.ts';
import { DeskTable, type Column } from './desk-table.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format-count.ts';
import { EmptyState, LoadError, Pager } from './desk-states.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useCursorPages } from './use-cursor-pages.ts';
import { formatDay, formatInstantDay } from '../../lib/dates.ts';

export const OVERDUE_PAGE_SIZE = 20;

export const DESK_OVERDUE_QUERY = graphql(`
  query DeskOverdueLoans($first: Int!, $after: String) {
    overdueLoans(first: $first, after: $after) {
      nodes {
        id
        userId
        userName
        userEmail
        bookTitle
        dueDate
        claimedAt
        overdueDays
        fee
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

type Props = { symbol: string; onOpenMember: (uid: string) => void };
type OverdueLoan = DeskOverdueLoansQuery['overdueLoans']['nodes'][number];

const columns = (symbol: string, onOpenMember: Props['onOpenMember']): Column<OverdueLoan>[] => [
  {
    header: 'Member',
    cell: (loan) => (
      <>
        <button
          type="button"
          className="text-left font-medium text-indigo-700 underline"
          onClick={() => onOpenMember(loan.userId)}
        >
          {loan.userName || loan.userEmail}
        </button>{' '}
        <span className="block text-slate-600">{loan.userEmail}</span>
      </>
    ),
  },
  {
    header: 'Book',
    // A claimed return (RETURNS=desk): its fee stopped on the claim's day; it waits for its check-in.
    cell: (loan) => (
      <>
        {loan.bookTitle}
        {loan.claimedAt && (
          <span className="block text-emerald-800">Return claimed on {formatInstantDay(loan.claimedAt)}</span>
        )}
      </>
    ),
  },
  { header: 'Due', cell: (loan) => formatDay(loan.dueDate) },
  { header: 'Days late', numeric: true, cell: (loan) => loan.overdueDays },
  { header: 'Fee', numeric: true, cell: (loan) => formatMoney(loan.fee, symbol) },
];

export function OverdueList({ symbol, onOpenMember }: Props) {
  const pages = useCursorPages();
  const { data, loading, error, refetch } = useQuery(DESK_OVERDUE_QUERY, {
    variables: { first: OVERDUE_PAGE_SIZE, after: pages.after },
    // Loans fall overdue as the days pass, whatever this browser has cached.
    fetchPolicy: 'cache-and-network',
  });

  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label="Loading overdue loans..." />;
  else if (error && !data) {
    body = (
      <LoadError error={error} text="Could not load overdue loans." onRetry={() => void refetch().catch(() => {})} />
    );
  } else if (!data || data.overdueLoans.nodes.length === 0) body = <EmptyState>No overdue loans.</EmptyState>;
  else {
    const { nodes, totalCount, pageInfo } = data.overdueLoans;
    body = (
      <>
        <p className="mb-2 text-sm text-slate-600">
          {formatCount(totalCount)} overdue {totalCount === 1 ? 'loan' : 'loans'}
        </p>
        <DeskTable columns={columns(symbol, onOpenMember)} rows={nodes} />
        <Pager
          label="Overdue loan pages"
          pages={pages}
          totalCount={totalCount}
          pageSize={OVERDUE_PAGE_SIZE}
          pageInfo={pageInfo}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="overdue-heading" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="overdue-heading" className="mb-3 text-xl font-semibold">
        Overdue loans
      </h2>
      {body}
    </section>
  );
}
