import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { IntlShape } from 'react-intl';
import { graphql } from '../../../gql/index.ts';
import type { DeskOverdueLoansQuery } from '../../../gql/graphql.ts';
import { DeskTable, type Column } from '../desk-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format-count.ts';
import { EmptyState, LoadError, Pager } from '../desk-states.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useCursorPages } from '../use-cursor-pages.ts';
import { formatDay, formatInstantDay } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { downloadOverdueCsv } from './overdue-csv.ts';
import { serverMessage } from '../desk-errors.ts';
import { RemindEveryone } from './remind-everyone.tsx';

export const OVERDUE_PAGE_SIZE = 20;

export const DESK_OVERDUE_QUERY = graphql(`
  query DeskOverdueLoans($first: Int!, $after: String, $minDays: Int) {
    overdueLoans(first: $first, after: $after, minDays: $minDays) {
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

export const SEND_REMINDER = graphql(`
  mutation DeskSendReminder($loanId: ID!) {
    sendOverdueReminder(loanId: $loanId) {
      alreadySent
      loan {
        id
        bookTitle
      }
    }
  }
`);

/** The filter's choices: at least this many days late. */
export const MIN_DAYS_CHOICES = [1, 7, 14, 30] as const;

/** How the page's rows are ordered: the gateway sends the longest overdue first; staff may sort the page. */
export type OverdueSort = 'daysLate' | 'member' | 'book' | 'fee';

export function sortOverdue<T extends { overdueDays: number; fee: number; userName: string; bookTitle: string }>(
  rows: readonly T[],
  by: OverdueSort,
): T[] {
  const sorted = [...rows];
  const text = (a: string, b: string) => a.localeCompare(b);
  if (by === 'member') sorted.sort((a, b) => text(a.userName, b.userName));
  else if (by === 'book') sorted.sort((a, b) => text(a.bookTitle, b.bookTitle));
  else if (by === 'fee') sorted.sort((a, b) => b.fee - a.fee);
  else sorted.sort((a, b) => b.overdueDays - a.overdueDays);
  return sorted;
}

type Props = { symbol: string; onOpenMember: (uid: string) => void };
type OverdueLoan = DeskOverdueLoansQuery['overdueLoans']['nodes'][number];

/** A space between two texts, the same in every language (the catalogue lint counts a literal {' '} as words). */
const SPACE = ' ';

const columns = (
  t: IntlShape['formatMessage'],
  symbol: string,
  onOpenMember: Props['onOpenMember'],
  remind: { run: (loan: OverdueLoan) => void; busy: string | null },
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
  {
    header: t({ id: 'desk.overdue.actions' }),
    cell: (loan) =>
      // A claimed return is on its way back: nothing to remind the member of.
      loan.claimedAt ? null : (
        <button
          type="button"
          className="btn-secondary btn-sm"
          disabled={remind.busy === loan.id}
          aria-label={t({ id: 'desk.overdue.remindAbout' }, { title: loan.bookTitle, name: loan.userName })}
          onClick={() => remind.run(loan)}
        >
          {t({ id: 'desk.overdue.remind' })}
        </button>
      ),
  },
];

export function OverdueList({ symbol, onOpenMember }: Props) {
  const pages = useCursorPages();
  const t = useI18n().formatMessage;
  const [minDays, setMinDays] = useState<number>(1);
  const [sort, setSort] = useState<OverdueSort>('daysLate');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [sendReminder] = useMutation(SEND_REMINDER);
  const remind = {
    busy,
    run: (loan: OverdueLoan) => {
      setBusy(loan.id);
      setOutcome(null);
      sendReminder({ variables: { loanId: loan.id } })
        .then(({ data: sent }) => {
          const already = sent?.sendOverdueReminder.alreadySent === true;
          const id = already ? 'desk.overdue.remindedAlready' : 'desk.overdue.reminded';
          setOutcome({ ok: true, text: t({ id }, { name: loan.userName, title: loan.bookTitle }) });
        })
        .catch((failure: unknown) =>
          setOutcome({ ok: false, text: serverMessage(failure) ?? t({ id: 'desk.somethingWrong' }) }),
        )
        .finally(() => setBusy(null));
    },
  };
  const exportCsv = () => {
    setOutcome(null);
    downloadOverdueCsv(minDays).catch(() => setOutcome({ ok: false, text: t({ id: 'desk.overdue.exportFailed' }) }));
  };
  const { data, loading, error, refetch } = useQuery(DESK_OVERDUE_QUERY, {
    variables: { first: OVERDUE_PAGE_SIZE, after: pages.after, minDays },
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
        <DeskTable columns={columns(t, symbol, onOpenMember, remind)} rows={sortOverdue(nodes, sort)} />
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
      <div className="mb-3 flex flex-wrap items-end gap-4">
        <label className="block text-sm font-medium">
          {t({ id: 'desk.overdue.minDays' })}
          <select
            value={minDays}
            onChange={(e) => {
              setMinDays(Number(e.target.value));
              pages.reset();
            }}
            className="mt-1 block rounded border border-gray-300 px-2 py-1"
          >
            {MIN_DAYS_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t({ id: 'desk.overdue.atLeast' }, { days })}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium">
          {t({ id: 'desk.overdue.sortBy' })}
          <select
            value={sort}
            onChange={(e) => setSort(e.target.value as OverdueSort)}
            className="mt-1 block rounded border border-gray-300 px-2 py-1"
          >
            <option value="daysLate">{t({ id: 'desk.overdue.daysLate' })}</option>
            <option value="member">{t({ id: 'desk.overdue.member' })}</option>
            <option value="book">{t({ id: 'desk.overdue.book' })}</option>
            <option value="fee">{t({ id: 'desk.overdue.fee' })}</option>
          </select>
        </label>
        <button type="button" className="btn-secondary btn-sm" onClick={exportCsv}>
          {t({ id: 'desk.overdue.export' })}
        </button>
        <RemindEveryone minDays={minDays} />
      </div>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'mb-2 text-green-800' : 'mb-2 text-red-700'}>
          {outcome.text}
        </p>
      )}
      {body}
    </section>
  );
}
