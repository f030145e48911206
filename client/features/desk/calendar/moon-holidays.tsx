import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { InternalRefetchQueriesInclude } from '@apollo/client';
import { graphql } from '../../../gql/index.ts';
import type { HolidayState } from '../../../gql/graphql.ts';
import { formatDay } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { useOutcome } from '../use-outcome.ts';
import { DateRangeFields } from './date-range-fields.tsx';

export const CONFIRM_HOLIDAY = graphql(`
  mutation DeskConfirmHoliday($key: ID!) {
    confirmHoliday(key: $key) {
      key
      state
    }
  }
`);

export const MOVE_HOLIDAY = graphql(`
  mutation DeskMoveHoliday($key: ID!, $from: String!, $to: String) {
    moveHoliday(key: $key, from: $from, to: $to) {
      key
      from
      to
    }
  }
`);

export const DROP_HOLIDAY = graphql(`
  mutation DeskDropHoliday($key: ID!) {
    dropHoliday(key: $key) {
      key
      state
    }
  }
`);

export interface HolidayRow {
  key: string;
  from: string;
  to: string;
  name: string;
  state: HolidayState;
}

/** A holiday's days as the desk reads them: one day, or the first to the last. */
function Days({ holiday }: { holiday: HolidayRow }) {
  const t = useI18n().formatMessage;
  return holiday.from === holiday.to
    ? formatDay(holiday.from)
    : t({ id: 'desk.holidays.range' }, { from: formatDay(holiday.from), to: formatDay(holiday.to) });
}

/**
 * The moon-dated holidays the calendar proposes (decision 078): each provisional until staff confirm it, move it
 * to the days Bangladesh announced on moon sighting, or drop it.
 */
export function MoonHolidays({
  holidays,
  refetchQueries,
}: {
  holidays: readonly HolidayRow[];
  refetchQueries: InternalRefetchQueriesInclude;
}) {
  const t = useI18n().formatMessage;
  const options = { refetchQueries, awaitRefetchQueries: true };
  const [confirmHoliday] = useMutation(CONFIRM_HOLIDAY, options);
  const [moveHoliday] = useMutation(MOVE_HOLIDAY, options);
  const [dropHoliday] = useMutation(DROP_HOLIDAY, options);
  const [moving, setMoving] = useState<HolidayRow | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { busy, outcome, run } = useOutcome();
  const shown = holidays.filter((h) => h.state !== 'DROPPED');
  const rowText = (h: HolidayRow) =>
    t(
      { id: 'desk.holidays.row' },
      {
        name: h.name,
        state: t({ id: h.state === 'CONFIRMED' ? 'desk.holidays.confirmed' : 'desk.holidays.provisional' }),
      },
    );

  const submitMove = (event: FormEvent) => {
    event.preventDefault();
    if (!moving) return;
    const { key, name } = moving;
    void run(async () => {
      await moveHoliday({ variables: { key, from, to: to === '' ? null : to } });
      setMoving(null);
      return t({ id: 'desk.holidays.moved' }, { name, from: formatDay(from), to: formatDay(to || from) });
    });
  };

  const startMove = (holiday: HolidayRow) => {
    setMoving(holiday);
    setFrom(holiday.from);
    setTo(holiday.to);
  };

  return (
    <section aria-labelledby="holidays-heading" className="space-y-4">
      <h2 id="holidays-heading" className="text-xl font-semibold">
        {t({ id: 'desk.holidays.title' })}
      </h2>
      <p className="text-sm text-gray-700">{t({ id: 'desk.holidays.hint' })}</p>
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'text-green-800' : 'text-red-700'}>
          {outcome.text}
        </p>
      )}
      {moving && (
        <form
          aria-label={t({ id: 'desk.holidays.moveForm' }, { name: moving.name })}
          onSubmit={submitMove}
          className="space-y-3 rounded-lg bg-white p-4 shadow-sm"
        >
          <DateRangeFields
            from={from}
            to={to}
            onFromChange={setFrom}
            onToChange={setTo}
            fromLabel={t({ id: 'desk.holidays.from' })}
            toLabel={t({ id: 'desk.holidays.to' })}
          />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary btn-sm" disabled={busy}>
              {t({ id: 'desk.holidays.saveMove' })}
            </button>
            <button type="button" className="btn-secondary btn-sm" onClick={() => setMoving(null)}>
              {t({ id: 'desk.holidays.cancel' })}
            </button>
          </div>
        </form>
      )}
      {shown.length === 0 && <p className="text-sm text-gray-700">{t({ id: 'desk.holidays.none' })}</p>}
      <ul
        hidden={shown.length === 0}
        aria-label={t({ id: 'desk.holidays.list' })}
        className="divide-y divide-gray-100 rounded-lg bg-white shadow-sm"
      >
        {shown.map((holiday) => (
          <li key={holiday.key} className="flex flex-wrap items-center justify-between gap-3 px-4 py-2">
            <span>
              <strong>
                <Days holiday={holiday} />
              </strong>
              <span className="ml-2">{rowText(holiday)}</span>
            </span>
            <span className="flex gap-2">
              {holiday.state === 'PROVISIONAL' && (
                <button
                  type="button"
                  className="btn-primary btn-sm"
                  disabled={busy}
                  aria-label={t({ id: 'desk.holidays.confirmOne' }, { name: holiday.name })}
                  onClick={() =>
                    void run(async () => {
                      await confirmHoliday({ variables: { key: holiday.key } });
                      return t({ id: 'desk.holidays.confirmedNow' }, { name: holiday.name });
                    })
                  }
                >
                  {t({ id: 'desk.holidays.confirm' })}
                </button>
              )}
              <button
                type="button"
                className="btn-secondary btn-sm"
                disabled={busy}
                aria-label={t({ id: 'desk.holidays.moveOne' }, { name: holiday.name })}
                onClick={() => startMove(holiday)}
              >
                {t({ id: 'desk.holidays.move' })}
              </button>
              <button
                type="button"
                className="btn-secondary btn-sm"
                disabled={busy}
                aria-label={t({ id: 'desk.holidays.dropOne' }, { name: holiday.name })}
                onClick={() =>
                  void run(async () => {
                    await dropHoliday({ variables: { key: holiday.key } });
                    return t({ id: 'desk.holidays.dropped' }, { name: holiday.name });
                  })
                }
              >
                {t({ id: 'desk.holidays.drop' })}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
