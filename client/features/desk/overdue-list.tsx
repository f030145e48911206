import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format-count.ts';
import { EmptyState, LoadError, Pager } from './desk-states.tsx';
import { formatMoney } from './money.ts';
import { useCursorPages } from './use-cursor-pages.ts';
import { formatDay } from './dates.ts';

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
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Member
                </th>
                <th scope="col" className="py-2 pr-3">
                  Book
                </th>
                <th scope="col" className="py-2 pr-3">
                  Due
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Days late
                </th>
                <th scope="col" className="py-2 pr-3 text-right">
                  Fee
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {nodes.map((loan) => (
                <tr key={loan.id}>
                  <td className="py-2 pr-3">
                    <button
                      type="button"
                      className="text-left font-medium text-indigo-700 underline"
                      onClick={() => onOpenMember(loan.userId)}
                    >
                      {loan.userName || loan.userEmail}
                    </button>{' '}
                    <span className="block text-slate-600">{loan.userEmail}</span>
                  </td>
                  <td className="py-2 pr-3">{loan.bookTitle}</td>
                  <td className="py-2 pr-3">{formatDay(loan.dueDate)}</td>
                  <td className="py-2 pr-3 text-right">{loan.overdueDays}</td>
                  <td className="py-2 pr-3 text-right">{formatMoney(loan.fee, symbol)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          label="Overdue loan pages"
          page={pages.page}
          pageCount={Math.ceil(totalCount / OVERDUE_PAGE_SIZE)}
          hasNext={pageInfo.hasNextPage && Boolean(pageInfo.endCursor)}
          onPrevious={pages.previous}
          onNext={() => pageInfo.endCursor && pages.next(pageInfo.endCursor)}
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
