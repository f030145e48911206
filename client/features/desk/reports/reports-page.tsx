import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';
import type { StatsInterval } from '../../../gql/graphql.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { LoadError, StaffOnly } from '../desk-states.tsx';
import { fieldError } from '../desk-errors.ts';
import { ReportSections } from './report-sections.tsx';

export const REPORTS_TODAY_QUERY = graphql(`
  query DeskReportsToday {
    borrowWindow {
      today
    }
  }
`);

export const REPORTS_QUERY = graphql(`
  query DeskReports($from: String!, $to: String!, $interval: StatsInterval!) {
    me {
      id
      role
    }
    policy {
      currencySymbol
    }
    loanStats(from: $from, to: $to, interval: $interval) {
      buckets {
        start
        loans
        returns
        newMembers
        activeMembers
      }
    }
    topBooks(from: $from, to: $to, first: 10) {
      book {
        id
        title
      }
      loans
    }
    topGenres(from: $from, to: $to) {
      genre
      loans
    }
    overdueAging {
      bucket
      count
      amount
    }
    feeStats(from: $from, to: $to, interval: MONTH) {
      buckets {
        start
        charged
        paid
        waived
      }
    }
    holdStats(from: $from, to: $to) {
      placed
      filled
      expired
      medianWaitDays
    }
  }
`);

export interface Period {
  from: string;
  to: string;
  interval: StatsInterval;
}

const INTERVALS: StatsInterval[] = ['DAY', 'WEEK', 'MONTH'];

/** The library's reports for its committee: a period (this month by default), each report a chart and a table. */
export default function ReportsPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'desk.reports.title' }));
  const today = useQuery(REPORTS_TODAY_QUERY);
  const [chosen, setChosen] = useState<Partial<Period>>({});
  const day = today.data?.borrowWindow.today ?? null;
  // This month so far by default: from the 1st to the library's today.
  const period: Period | null = day
    ? { from: chosen.from ?? `${day.slice(0, 8)}01`, to: chosen.to ?? day, interval: chosen.interval ?? 'DAY' }
    : null;

  return (
    <section className="page-container py-10">
      <h1 className="mb-2 text-3xl font-bold text-gray-900">{t({ id: 'desk.reports.title' })}</h1>
      <p className="mb-6">
        <Link to="/desk" className="text-indigo-700 underline">
          {t({ id: 'desk.calendar.backToDesk' })}
        </Link>
      </p>
      {today.error && !period ? (
        <LoadError
          error={today.error}
          text={t({ id: 'desk.reports.loadFailed' })}
          onRetry={() => void today.refetch().catch(() => {})}
        />
      ) : period === null ? (
        <Spinner label={t({ id: 'desk.reports.loading' })} />
      ) : (
        <>
          <div className="mb-8 flex flex-wrap items-end gap-4">
            {(['from', 'to'] as const).map((end) => (
              <label key={end} className="block text-sm font-medium">
                {t({ id: end === 'from' ? 'desk.reports.from' : 'desk.reports.to' })}
                <input
                  type="date"
                  required
                  value={period[end]}
                  onChange={(e) => e.target.value && setChosen({ ...chosen, [end]: e.target.value })}
                  className="mt-1 block rounded border border-gray-300 px-2 py-1"
                />
              </label>
            ))}
            <label className="block text-sm font-medium">
              {t({ id: 'desk.reports.interval' })}
              <select
                value={period.interval}
                onChange={(e) => setChosen({ ...chosen, interval: e.target.value as StatsInterval })}
                className="mt-1 block rounded border border-gray-300 px-2 py-1"
              >
                {INTERVALS.map((interval) => (
                  <option key={interval} value={interval}>
                    {t({ id: `desk.reports.interval.${interval}` })}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <Reports period={period} />
        </>
      )}
    </section>
  );
}

function Reports({ period }: { period: Period }) {
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(REPORTS_QUERY, { variables: period });
  if (loading && !data) return <Spinner label={t({ id: 'desk.reports.loading' })} />;
  if (error && !data) {
    const refusal = fieldError(error, 'from') ?? fieldError(error, 'to') ?? fieldError(error, 'interval');
    if (refusal) return <p role="alert">{refusal}</p>;
    return (
      <LoadError
        error={error}
        text={t({ id: 'desk.reports.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  }
  if (!data) return null;
  if (data.me?.role !== 'admin') return <StaffOnly />;
  return <ReportSections data={data} period={period} />;
}
