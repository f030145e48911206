import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../../../gql/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { addDays, formatDay, toDateInputValue } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { EmptyState, LoadError, StaffOnly } from '../desk-states.tsx';
import { useOutcome } from '../use-outcome.ts';
import { CALENDAR_FIELDS, describeHours } from '../../../lib/opening-hours.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { DateRangeFields } from './date-range-fields.tsx';
import { HoursChanges, HoursForm } from './hours-form.tsx';
import { MoonHolidays } from './moon-holidays.tsx';

export const DESK_CALENDAR_QUERY = graphql(`
  query DeskCalendar($from: String!, $to: String!) {
    me {
      id
      role
    }
    calendar(from: $from, to: $to) {
      ...CalendarFields
      holidays {
        key
        from
        to
        name
        state
      }
      closures {
        date
        reasonEn
        reasonBn
      }
      hoursChanges {
        id
        from
        to
        hours {
          weekday
          opens
          closes
        }
      }
    }
  }
`);

const ADD_CLOSURE = graphql(`
  mutation DeskAddClosure($date: String!, $to: String, $reason: String, $reasonBn: String) {
    addClosure(date: $date, to: $to, reason: $reason, reasonBn: $reasonBn) {
      date
      reason
    }
  }
`);

const REMOVE_CLOSURE = graphql(`
  mutation DeskRemoveClosure($date: String!) {
    removeClosure(date: $date) {
      date
      reason
    }
  }
`);

/**
 * The library's calendar at the desk: the days it is closed, which staff add and remove, and its opening hours,
 * which staff change from a day on or for a period; the moon-dated holidays it proposes, which staff confirm, move
 * or drop.
 */
export default function DeskCalendarPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'desk.calendar.title' }));
  // A month back (a closure recorded afterwards) to a year ahead.
  const today = toDateInputValue(new Date());
  const variables = { from: addDays(today, -31), to: addDays(today, 365) };
  const { data, loading, error, refetch } = useQuery(DESK_CALENDAR_QUERY, { variables });
  const refetchQueries = [{ query: DESK_CALENDAR_QUERY, variables }];
  const [addClosure] = useMutation(ADD_CLOSURE, { refetchQueries, awaitRefetchQueries: true });
  const [removeClosure] = useMutation(REMOVE_CLOSURE, { refetchQueries, awaitRefetchQueries: true });
  const [date, setDate] = useState('');
  // The last day of a closure of several days; empty for one day.
  const [lastDay, setLastDay] = useState('');
  const range = lastDay !== '' && lastDay !== date;
  // Why, in English and in Bangla: either may be left empty, not both; members read the one in their language.
  const [reason, setReason] = useState('');
  const [reasonBn, setReasonBn] = useState('');
  const { busy, outcome, run } = useOutcome();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const { data: added } = await addClosure({
        variables: {
          date,
          to: range ? lastDay : null,
          reason: reason.trim() || null,
          reasonBn: reasonBn.trim() || null,
        },
      });
      // The reason in the language on screen (the other when only it was given), as the gateway says it.
      const said = added?.addClosure.reason ?? '';
      setDate('');
      setLastDay('');
      setReason('');
      setReasonBn('');
      return range
        ? t({ id: 'desk.calendar.closedRange' }, { from: formatDay(date), to: formatDay(lastDay), reason: said })
        : t({ id: 'desk.calendar.closed' }, { day: formatDay(date), reason: said });
    });
  };

  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label={t({ id: 'desk.calendar.loading' })} />;
  else if (error || !data) {
    body = (
      <LoadError
        error={error}
        text={t({ id: 'desk.calendar.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  } else if (data.me?.role !== 'admin') body = <StaffOnly />;
  else {
    const { openingHours } = getFragmentData(CALENDAR_FIELDS, data.calendar);
    const { closures } = data.calendar;
    body = (
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="closures-heading" className="space-y-4">
          <h2 id="closures-heading" className="text-xl font-semibold">
            {t({ id: 'desk.calendar.closures' })}
          </h2>
          <form
            aria-label={t({ id: 'desk.calendar.closeForm' })}
            onSubmit={submit}
            className="space-y-3 rounded-lg bg-white p-4 shadow-sm"
          >
            <DateRangeFields
              from={date}
              to={lastDay}
              onFromChange={setDate}
              onToChange={setLastDay}
              fromLabel={t({ id: 'desk.calendar.date' })}
              toLabel={t({ id: 'desk.calendar.to' })}
            />
            <label className="block text-sm font-medium">
              {t({ id: 'desk.calendar.reason' })}
              <input
                type="text"
                lang="en"
                required={reasonBn.trim() === ''}
                maxLength={120}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder={t({ id: 'desk.calendar.reasonExample' })}
                aria-describedby="closure-reasons-hint"
                className="mt-1 block w-full rounded border border-gray-300 px-2 py-1"
              />
            </label>
            <label className="block text-sm font-medium">
              {t({ id: 'desk.calendar.reasonBn' })}
              <input
                type="text"
                lang="bn"
                required={reason.trim() === ''}
                maxLength={120}
                value={reasonBn}
                onChange={(e) => setReasonBn(e.target.value)}
                placeholder={t({ id: 'desk.calendar.reasonBnExample' })}
                aria-describedby="closure-reasons-hint"
                className="mt-1 block w-full rounded border border-gray-300 px-2 py-1"
              />
            </label>
            <p id="closure-reasons-hint" className="text-sm text-gray-600">
              {t({ id: 'desk.calendar.reasonsHint' })}
            </p>
            <button type="submit" className="btn-primary btn-sm" disabled={busy}>
              {t({ id: busy ? 'desk.calendar.saving' : range ? 'desk.calendar.closeRange' : 'desk.calendar.close' })}
            </button>
          </form>
          {outcome && (
            <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-green-800' : 'text-red-700'}>
              {outcome.text}
            </p>
          )}
          {closures.length === 0 ? (
            <EmptyState>{t({ id: 'desk.calendar.none' })}</EmptyState>
          ) : (
            <ul
              aria-label={t({ id: 'desk.calendar.closedDays' })}
              className="divide-y divide-gray-100 rounded-lg bg-white shadow-sm"
            >
              {closures.map((closure) => (
                <li key={closure.date} className="flex items-center justify-between gap-3 px-4 py-2">
                  <span>
                    <strong className="mr-1">{formatDay(closure.date)}</strong>
                    {[closure.reasonEn, closure.reasonBn].filter(Boolean).join(' / ')}
                  </span>
                  <button
                    type="button"
                    className="btn-secondary btn-sm"
                    disabled={busy}
                    aria-label={t({ id: 'desk.calendar.reopenDay' }, { day: formatDay(closure.date) })}
                    onClick={() =>
                      void run(async () => {
                        await removeClosure({ variables: { date: closure.date } });
                        return t({ id: 'desk.calendar.reopened' }, { day: formatDay(closure.date) });
                      })
                    }
                  >
                    {t({ id: 'desk.calendar.reopen' })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <MoonHolidays holidays={data.calendar.holidays} refetchQueries={refetchQueries} />
        </section>
        <section aria-labelledby="hours-heading" className="space-y-4">
          <h2 id="hours-heading" className="text-xl font-semibold">
            {t({ id: 'desk.calendar.hours' })}
          </h2>
          <dl className="space-y-1 rounded-lg bg-white p-4 shadow-sm">
            {describeHours(openingHours).map((row) => (
              <div key={row.days} className="flex justify-between gap-4">
                <dt>{row.days}</dt>
                <dd className="font-medium">{row.hours}</dd>
              </div>
            ))}
          </dl>
          <HoursChanges changes={data.calendar.hoursChanges} />
          <HoursForm week={openingHours} refetchQueries={refetchQueries} />
        </section>
      </div>
    );
  }

  return (
    <section className="page-container py-10">
      <h1 className="mb-2 text-3xl font-bold text-gray-900">{t({ id: 'desk.calendar.title' })}</h1>
      <p className="mb-6">
        <Link to="/desk" className="text-indigo-700 underline">
          {t({ id: 'desk.calendar.backToDesk' })}
        </Link>
      </p>
      {body}
    </section>
  );
}
