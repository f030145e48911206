import type { DeskReportsQuery, OverdueAge } from '../../../gql/graphql.ts';
import { formatCount } from '../../../lib/format-count.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { ReportSection, type ReportColumn } from './report-section.tsx';
import type { Period } from './reports-page.tsx';

type LoanBucket = DeskReportsQuery['loanStats']['buckets'][number];
type FeeBucket = DeskReportsQuery['feeStats']['buckets'][number];
type WithId<T> = T & { id: string };

const AGE_KEYS = {
  DAYS_1_7: 'desk.reports.age.DAYS_1_7',
  DAYS_8_30: 'desk.reports.age.DAYS_8_30',
  DAYS_31_90: 'desk.reports.age.DAYS_31_90',
  OVER_90: 'desk.reports.age.OVER_90',
} as const satisfies Record<OverdueAge, string>;

/** A column of counts: written in the reader's digits, raw in the CSV. */
const count = <Row,>(header: string, of: (row: Row) => number): ReportColumn<Row> => ({
  header,
  numeric: true,
  cell: (row) => formatCount(of(row)),
  value: of,
});

/** The page's five reports over one period: circulation, books and genres, overdue by age, money, holds. */
export function ReportSections({ data, period }: { data: DeskReportsQuery; period: Period }) {
  const t = useI18n().formatMessage;
  const money = (amount: number) => formatMoney(amount, data.policy.currencySymbol);
  const file = (name: string) => `${name}-${period.from}-${period.to}.csv`;
  const start = { header: t({ id: 'desk.reports.start' }), cell: (row: { start: string }) => formatDay(row.start) };

  const loans: WithId<LoanBucket>[] = data.loanStats.buckets.map((b) => ({ ...b, id: b.start }));
  const loanColumns: ReportColumn<WithId<LoanBucket>>[] = [
    { ...start, value: (row) => row.start },
    count(t({ id: 'desk.reports.loans' }), (row: LoanBucket) => row.loans),
    count(t({ id: 'desk.reports.returns' }), (row: LoanBucket) => row.returns),
    count(t({ id: 'desk.reports.newMembers' }), (row: LoanBucket) => row.newMembers),
    count(t({ id: 'desk.reports.activeMembers' }), (row: LoanBucket) => row.activeMembers),
  ];
  const books = data.topBooks.map((row) => ({ id: row.book.id, title: row.book.title, loans: row.loans }));
  const genres = data.topGenres.map((row) => ({ ...row, id: row.genre }));
  const ages = data.overdueAging.map((row) => ({ ...row, id: row.bucket, label: t({ id: AGE_KEYS[row.bucket] }) }));
  const fees: WithId<FeeBucket>[] = data.feeStats.buckets.map((b) => ({ ...b, id: b.start }));
  const feeColumn = (header: string, of: (row: FeeBucket) => number): ReportColumn<WithId<FeeBucket>> => ({
    header,
    numeric: true,
    cell: (row) => money(of(row)),
    value: of,
  });
  const { holdStats } = data;
  const holds = [
    { id: 'placed', label: t({ id: 'desk.reports.placed' }), value: holdStats.placed },
    { id: 'filled', label: t({ id: 'desk.reports.filled' }), value: holdStats.filled },
    { id: 'expired', label: t({ id: 'desk.reports.expired' }), value: holdStats.expired },
  ];

  return (
    <>
      <ReportSection
        heading={t({ id: 'desk.reports.circulation' })}
        file={file('loans')}
        columns={loanColumns}
        rows={loans}
        bar={(row) => row.loans}
        label={(row) => formatDay(row.start)}
      />
      <ReportSection
        heading={t({ id: 'desk.reports.topBooks' })}
        file={file('top-books')}
        columns={[
          { header: t({ id: 'desk.reports.book' }), cell: (row) => row.title, value: (row) => row.title },
          count(t({ id: 'desk.reports.loans' }), (row: { loans: number }) => row.loans),
        ]}
        rows={books}
        bar={(row) => row.loans}
        label={(row) => row.title.slice(0, 18)}
      />
      <ReportSection
        heading={t({ id: 'desk.reports.topGenres' })}
        file={file('genres')}
        columns={[
          { header: t({ id: 'desk.reports.genre' }), cell: (row) => row.genre, value: (row) => row.genre },
          count(t({ id: 'desk.reports.loans' }), (row: { loans: number }) => row.loans),
        ]}
        rows={genres}
        bar={(row) => row.loans}
        label={(row) => row.genre}
      />
      <ReportSection
        heading={t({ id: 'desk.reports.overdue' })}
        file={file('overdue')}
        columns={[
          { header: t({ id: 'desk.reports.daysLate' }), cell: (row) => row.label, value: (row) => row.label },
          count(t({ id: 'desk.reports.count' }), (row: { count: number }) => row.count),
          {
            header: t({ id: 'desk.reports.owed' }),
            numeric: true,
            cell: (row) => money(row.amount),
            value: (row) => row.amount,
          },
        ]}
        rows={ages.some((row) => row.count > 0) ? ages : []}
        bar={(row) => row.count}
        label={(row) => row.label}
      />
      <ReportSection
        heading={t({ id: 'desk.reports.fees' })}
        file={file('fees')}
        columns={[
          { ...start, value: (row) => row.start },
          feeColumn(t({ id: 'desk.reports.charged' }), (row) => row.charged),
          feeColumn(t({ id: 'desk.reports.paid' }), (row) => row.paid),
          feeColumn(t({ id: 'desk.reports.waived' }), (row) => row.waived),
        ]}
        rows={fees}
        bar={(row) => row.paid}
        label={(row) => formatDay(row.start)}
      />
      <ReportSection
        heading={t({ id: 'desk.reports.holds' })}
        file={file('holds')}
        columns={[
          { header: t({ id: 'desk.reports.holdsWhat' }), cell: (row) => row.label, value: (row) => row.label },
          count(t({ id: 'desk.reports.count' }), (row: { value: number }) => row.value),
        ]}
        rows={holds}
        bar={(row) => row.value}
        label={(row) => row.label}
      >
        <p className="mb-3 text-sm text-slate-700">
          {holdStats.medianWaitDays === null
            ? t({ id: 'desk.reports.noWait' })
            : t({ id: 'desk.reports.medianWait' }, { days: holdStats.medianWaitDays })}
        </p>
      </ReportSection>
    </>
  );
}
