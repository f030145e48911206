import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';
import type { DeskCashUpQuery } from '../../../gql/graphql.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatCount } from '../../../lib/format-count.ts';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { DeskTable, type Column } from '../desk-table.tsx';
import { EmptyState, LoadError, StaffOnly } from '../desk-states.tsx';
import { fieldError } from '../desk-errors.ts';

export const DESK_CASH_UP_QUERY = graphql(`
  query DeskCashUp($day: String!) {
    me {
      id
      role
    }
    policy {
      currencySymbol
    }
    cashUp(day: $day) {
      day
      payments
      waivers
      byStaff {
        recordedBy
        payments
        waivers
        count
      }
      entries {
        id
        kind
        amount
        note
        recordedBy
        memberName
        createdAt
      }
    }
  }
`);

/** The library's today, to open the page on (a member's browser may be in another zone). */
export const DESK_TODAY_QUERY = graphql(`
  query DeskToday {
    borrowWindow {
      today
    }
  }
`);

type CashUp = DeskCashUpQuery['cashUp'];
type StaffLine = CashUp['byStaff'][number] & { id: string };
type Entry = CashUp['entries'][number];

/** The desk's cash-up: a day's payments and waivers by staff member, with the totals, printable for the till. */
export default function CashUpPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'desk.cashUp.title' }));
  const today = useQuery(DESK_TODAY_QUERY);
  const [chosen, setChosen] = useState<string | null>(null);
  const day = chosen ?? today.data?.borrowWindow.today ?? null;

  return (
    <section className="page-container py-10">
      <h1 className="mb-2 text-3xl font-bold text-gray-900">{t({ id: 'desk.cashUp.title' })}</h1>
      <p className="mb-6 print:hidden">
        <Link to="/desk" className="text-indigo-700 underline">
          {t({ id: 'desk.calendar.backToDesk' })}
        </Link>
      </p>
      {today.error && !day ? (
        <LoadError
          error={today.error}
          text={t({ id: 'desk.cashUp.loadFailed' })}
          onRetry={() => void today.refetch().catch(() => {})}
        />
      ) : day === null ? (
        <Spinner label={t({ id: 'desk.cashUp.loading' })} />
      ) : (
        <>
          <div className="mb-6 flex flex-wrap items-end gap-4 print:hidden">
            <label className="block text-sm font-medium">
              {t({ id: 'desk.cashUp.day' })}
              <input
                type="date"
                required
                value={day}
                max={today.data?.borrowWindow.today}
                onChange={(e) => e.target.value && setChosen(e.target.value)}
                className="mt-1 block rounded border border-gray-300 px-2 py-1"
              />
            </label>
            <button type="button" className="btn-secondary btn-sm" onClick={() => window.print()}>
              {t({ id: 'desk.cashUp.print' })}
            </button>
          </div>
          <CashUpReport day={day} />
        </>
      )}
    </section>
  );
}

function CashUpReport({ day }: { day: string }) {
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(DESK_CASH_UP_QUERY, {
    variables: { day },
    // Payments keep arriving through the day, at this desk and others.
    fetchPolicy: 'cache-and-network',
  });
  if (loading && !data) return <Spinner label={t({ id: 'desk.cashUp.loading' })} />;
  if (error && !data) {
    const refusal = fieldError(error, 'day');
    if (refusal) return <p role="alert">{refusal}</p>;
    return (
      <LoadError
        error={error}
        text={t({ id: 'desk.cashUp.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  }
  if (!data) return null;
  if (data.me?.role !== 'admin') return <StaffOnly />;
  const { cashUp } = data;
  const symbol = data.policy.currencySymbol;
  const money = (amount: number) => formatMoney(amount, symbol);
  const staffColumns: Column<StaffLine>[] = [
    {
      header: t({ id: 'desk.cashUp.staff' }),
      cell: (line) => line.recordedBy || t({ id: 'desk.cashUp.unknownStaff' }),
    },
    { header: t({ id: 'desk.cashUp.entries' }), numeric: true, cell: (line) => formatCount(line.count) },
    { header: t({ id: 'desk.cashUp.payments' }), numeric: true, cell: (line) => money(line.payments) },
    { header: t({ id: 'desk.cashUp.waivers' }), numeric: true, cell: (line) => money(line.waivers) },
  ];
  const entryColumns: Column<Entry>[] = [
    { header: t({ id: 'desk.cashUp.time' }), cell: (entry) => formatDateTime(entry.createdAt) },
    { header: t({ id: 'desk.cashUp.member' }), cell: (entry) => entry.memberName ?? t({ id: 'desk.cashUp.erased' }) },
    {
      header: t({ id: 'desk.cashUp.kind' }),
      cell: (entry) => t({ id: entry.kind === 'PAYMENT' ? 'desk.cashUp.payment' : 'desk.cashUp.waiver' }),
    },
    { header: t({ id: 'desk.cashUp.amount' }), numeric: true, cell: (entry) => money(entry.amount) },
    { header: t({ id: 'desk.cashUp.note' }), cell: (entry) => entry.note },
    { header: t({ id: 'desk.cashUp.staff' }), cell: (entry) => entry.recordedBy ?? '' },
  ];
  return (
    <div className="space-y-6" aria-busy={loading}>
      <h2 className="text-xl font-semibold">{formatDay(cashUp.day)}</h2>
      <dl className="grid max-w-md grid-cols-2 gap-2 rounded-lg bg-white p-4 shadow-sm">
        <dt>{t({ id: 'desk.cashUp.totalPayments' })}</dt>
        <dd className="text-right font-semibold" data-testid="cash-up-payments">
          {money(cashUp.payments)}
        </dd>
        <dt>{t({ id: 'desk.cashUp.totalWaivers' })}</dt>
        <dd className="text-right font-semibold" data-testid="cash-up-waivers">
          {money(cashUp.waivers)}
        </dd>
      </dl>
      {cashUp.entries.length === 0 ? (
        <EmptyState>{t({ id: 'desk.cashUp.none' })}</EmptyState>
      ) : (
        <>
          <section aria-labelledby="cash-up-staff">
            <h3 id="cash-up-staff" className="mb-2 text-lg font-semibold">
              {t({ id: 'desk.cashUp.byStaff' })}
            </h3>
            <DeskTable columns={staffColumns} rows={cashUp.byStaff.map((line) => ({ ...line, id: line.recordedBy }))} />
          </section>
          <section aria-labelledby="cash-up-entries">
            <h3 id="cash-up-entries" className="mb-2 text-lg font-semibold">
              {t({ id: 'desk.cashUp.allEntries' })}
            </h3>
            <DeskTable columns={entryColumns} rows={cashUp.entries} />
          </section>
        </>
      )}
    </div>
  );
}
