import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { InternalRefetchQueriesInclude } from '@apollo/client';
import { graphql } from '../../../gql/index.ts';
import type { Weekday } from '../../../gql/graphql.ts';
import { formatDay } from '../../../lib/dates.ts';
import { describeHours, type Hours } from '../../../lib/opening-hours.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { DateRangeFields } from './date-range-fields.tsx';
import { serverMessage } from '../desk-errors.ts';

export const SET_OPENING_HOURS = graphql(`
  mutation DeskSetOpeningHours($from: String!, $to: String, $hours: [OpeningHoursInput!]!) {
    setOpeningHours(from: $from, to: $to, hours: $hours) {
      id
      from
      to
    }
  }
`);

/** The library's week runs Saturday to Friday. */
const WEEK: readonly Weekday[] = ['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];

interface DayRow {
  open: boolean;
  opens: string;
  closes: string;
}

const rowsOf = (week: readonly Hours[]): Record<Weekday, DayRow> =>
  Object.fromEntries(
    WEEK.map((day) => {
      const hours = week.find((h) => h.weekday === day);
      return [day, { open: hours !== undefined, opens: hours?.opens ?? '10:00', closes: hours?.closes ?? '20:00' }];
    }),
  ) as Record<Weekday, DayRow>;

/**
 * Staff change the opening hours from a day, until changed or to a last day (Ramadan hours): the week starts as
 * the hours in force today; a day left unticked is closed.
 */
export function HoursForm({
  week,
  refetchQueries,
}: {
  week: readonly Hours[];
  refetchQueries: InternalRefetchQueriesInclude;
}) {
  const t = useI18n().formatMessage;
  const [setOpeningHours] = useMutation(SET_OPENING_HOURS, { refetchQueries, awaitRefetchQueries: true });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rows, setRows] = useState(() => rowsOf(week));
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const change = (day: Weekday, part: Partial<DayRow>) =>
    setRows((all) => ({ ...all, [day]: { ...all[day], ...part } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setOutcome(null);
    const hours = WEEK.filter((day) => rows[day].open).map((weekday) => ({
      weekday,
      opens: rows[weekday].opens,
      closes: rows[weekday].closes,
    }));
    try {
      await setOpeningHours({ variables: { from, to: to === '' ? null : to, hours } });
      setOutcome({
        ok: true,
        text:
          to === ''
            ? t({ id: 'desk.calendar.hoursSaved' }, { from: formatDay(from) })
            : t({ id: 'desk.calendar.hoursSavedPeriod' }, { from: formatDay(from), to: formatDay(to) }),
      });
      setFrom('');
      setTo('');
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t({ id: 'desk.somethingWrong' }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form
        aria-label={t({ id: 'desk.calendar.hoursForm' })}
        onSubmit={(event) => void submit(event)}
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <DateRangeFields
            from={from}
            to={to}
            onFromChange={setFrom}
            onToChange={setTo}
            fromLabel={t({ id: 'desk.calendar.hoursFrom' })}
            toLabel={t({ id: 'desk.calendar.hoursTo' })}
          />
        </div>
        <p className="text-sm text-gray-600">{t({ id: 'desk.calendar.hoursHint' })}</p>
        <fieldset className="space-y-2">
          <legend className="sr-only">{t({ id: 'desk.calendar.hoursWeek' })}</legend>
          {WEEK.map((day) => {
            const name = t({ id: `hours.weekday.${day}` });
            const row = rows[day];
            return (
              <div key={day} className="grid grid-cols-[8rem_1fr_1fr] items-center gap-2">
                <label className="flex items-center gap-2 text-sm font-medium">
                  <input type="checkbox" checked={row.open} onChange={(e) => change(day, { open: e.target.checked })} />
                  {name}
                </label>
                <input
                  type="time"
                  required={row.open}
                  disabled={!row.open}
                  value={row.opens}
                  aria-label={t({ id: 'desk.calendar.opensAt' }, { day: name })}
                  onChange={(e) => change(day, { opens: e.target.value })}
                  className="rounded border border-gray-300 px-2 py-1"
                />
                <input
                  type="time"
                  required={row.open}
                  disabled={!row.open}
                  value={row.closes}
                  aria-label={t({ id: 'desk.calendar.closesAt' }, { day: name })}
                  onChange={(e) => change(day, { closes: e.target.value })}
                  className="rounded border border-gray-300 px-2 py-1"
                />
              </div>
            );
          })}
        </fieldset>
        <button type="submit" className="btn-primary btn-sm" disabled={busy}>
          {t({ id: busy ? 'desk.calendar.saving' : 'desk.calendar.saveHours' })}
        </button>
      </form>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-green-800' : 'text-red-700'}>
          {outcome.text}
        </p>
      )}
    </>
  );
}

/** The changes of hours in force from a month ago to a year ahead: each one's days and its week. */
export function HoursChanges({
  changes,
}: {
  changes: readonly { id: string; from: string; to?: string | null; hours: readonly Hours[] }[];
}) {
  const t = useI18n().formatMessage;
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="hours-changes-heading" className="space-y-2">
      <h3 id="hours-changes-heading" className="text-lg font-semibold">
        {t({ id: 'desk.calendar.hoursChanges' })}
      </h3>
      <ul className="divide-y divide-gray-100 rounded-lg bg-white shadow-sm">
        {changes.map((change) => (
          <li key={change.id} className="px-4 py-2">
            <strong>
              {change.to
                ? t({ id: 'desk.calendar.changePeriod' }, { from: formatDay(change.from), to: formatDay(change.to) })
                : t({ id: 'desk.calendar.changeUntil' }, { from: formatDay(change.from) })}
            </strong>
            <ul className="text-sm text-gray-700">
              {describeHours(change.hours).map((row) => (
                <li key={row.days}>{t({ id: 'footer.hoursRow' }, { days: row.days, hours: row.hours })}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
