import { useQuery } from '@apollo/client/react';
import type { IntlShape } from 'react-intl';
import { graphql } from '../../gql/index.ts';
import type { DeskOverdueLoansQuery } from '../../gql/graphql.ts';
import { DeskTable, type Column } from './desk-table.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format-count.ts';
import { EmptyState, LoadError, Pager } from './desk-states.tsx';
import { formatMoney } from '../../lib/money.ts';
import { useCursorPages } from './use-cursor-pages.ts';
import { formatDay, formatInstantDay } from '../../lib/dates.ts';
import { useI18n } from '../../lib/i18n.ts';

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

/** A space between two texts, the same in every language (the catalogue lint counts a literal {' '} as words). */
const SPACE = ' ';

const columns = (
  t: IntlShape['formatMessage'],
  symbol: string,
  onOpenMember: Props['onOpenMember'],
): Column<OverdueLoan>[] => [
  {
    header: t({ id: 'desk.overdue.member' }),
    cell: (loan) => (
      <>
        <button
          type="button"
          className="text-left font-medium text-indigo-700 underline"
          onClick={() => onOpenMember(loan.userId)}
        >
          {loan.userName || loan.userEmail}
        </button>
        {SPACE}
        <span className="block text-slate-600">{loan.userEmail}</span>
      </>
    ),
  },
  {
    header: t({ id: 'desk.overdue.book' }),
    // A claimed return (RETURNS=desk): its fee stopped on the claim's day; it waits for its check-in.
    cell: (loan) => (
      <>
        {loan.bookTitle}
        {loan.claimedAt && (
          <span className="block text-emerald-800">
            {t({ id: 'desk.overdue.claimed' }, { day: formatInstantDay(loan.claimedAt) })}
          </span>
        )}
      </>
    ),
  },
  { header: t({ id: 'desk.overdue.due' }), cell: (loan) => formatDay(loan.dueDate) },
  { header: t({ id: 'desk.overdue.daysLate' }), numeric: true, cell: (loan) => formatCount(loan.overdueDays) },
  { header: t({ id: 'desk.overdue.fee' }), numeric: true, cell: (loan) => formatMoney(loan.fee, symbol) },
];

export function OverdueList({ symbol, onOpenMember }: Props) {
  const pages = useCursorPages();
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(DESK_OVERDUE_QUERY, {
    variables: { first: OVERDUE_PAGE_SIZE, after: pages.after },
    // Loans fall overdue as the days pass, whatever this browser has cached.
    fetchPolicy: 'cache-and-network',
  });

  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label={t({ id: 'desk.overdue.loading' })} />;
  else if (error && !data) {
    body = (
      <LoadError
        error={error}
        text={t({ id: 'desk.overdue.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  } else if (!data || data.overdueLoans.nodes.length === 0)
    body = <EmptyState>{t({ id: 'desk.overdue.none' })}</EmptyState>;
  else {
    const { nodes, totalCount, pageInfo } = data.overdueLoans;
    body = (
      <>
        <p className="mb-2 text-sm text-slate-600">{t({ id: 'desk.overdue.count' }, { count: totalCount })}</p>
        <DeskTable columns={columns(t, symbol, onOpenMember)} rows={nodes} />
        <Pager
          label={t({ id: 'desk.overdue.pages' })}
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
        {t({ id: 'desk.overdue.title' })}
      </h2>
      {body}
    </section>
  );
}
