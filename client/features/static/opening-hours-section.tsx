import { useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../../gql/index.ts';
import { OPENING_HOURS } from '../../components/ui/library-info.ts';
import { formatDay, toDateInputValue } from '../../lib/dates.ts';
import { useI18n } from '../../lib/i18n.ts';
import { CALENDAR_FIELDS, calendarRange, describeHours, libraryNow, openNow } from '../../lib/opening-hours.ts';
import { usePolicy } from '../../lib/policy.ts';

export const CONTACT_CALENDAR_QUERY = graphql(`
  query ContactCalendar($from: String!, $to: String!) {
    calendar(from: $from, to: $to) {
      ...CalendarFields
      days {
        date
        open
        opens
        closes
      }
      holidays {
        key
        from
        to
        name
        state
      }
    }
  }
`);

/** The Contact page's range: the coming two months' closures. */
export const contactCalendarRange = (now: Date) => calendarRange(now, 60);

/**
 * The library's hours from its calendar, whether it is open now, and the closures coming up; the printed hours
 * while the calendar loads (or if it cannot).
 */
export function OpeningHoursSection() {
  const t = useI18n().formatMessage;
  const now = new Date();
  const { data } = useQuery(CONTACT_CALENDAR_QUERY, { variables: contactCalendarRange(now) });
  const calendar = getFragmentData(CALENDAR_FIELDS, data?.calendar);
  const timeZone = usePolicy().policy?.timeZone;
  const rows = calendar
    ? [
        ...describeHours(calendar.openingHours),
        { days: t({ id: 'library.days.holidays' }), hours: t({ id: 'library.hours.closed' }) },
      ]
    : OPENING_HOURS.map((row) => ({ days: t({ id: row.days }), hours: t({ id: row.hours }) }));
  // Today is the library's (its time zone) once known, the reader's until then.
  const today = timeZone ? libraryNow(now, timeZone).day : toDateInputValue(now);
  const upcoming = calendar?.closures.filter((c) => c.date >= today) ?? [];
  // Moon-dated holidays not confirmed yet: the library expects to close, on days the moon may still move.
  const expected = data?.calendar.holidays.filter((h) => h.state === 'PROVISIONAL' && h.to >= today) ?? [];
  return (
    <>
      {calendar && timeZone && (
        <p className="mb-2 font-semibold text-slate-800">
          {openNow(calendar.openingHours, calendar.closures, now, timeZone, data?.calendar.days)}
        </p>
      )}
      <dl className="space-y-1 text-slate-600">
        {rows.map((row) => (
          <div key={row.days} className="flex justify-between gap-4">
            <dt>{row.days}</dt>
            <dd className="font-medium">{row.hours}</dd>
          </div>
        ))}
      </dl>
      {upcoming.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">{t({ id: 'contact.closedOn' })}</h3>
          <ul className="text-sm text-slate-600">
            {upcoming.map((c) => (
              <li key={c.date}>{t({ id: 'contact.closureRow' }, { day: formatDay(c.date), reason: c.reason })}</li>
            ))}
          </ul>
        </>
      )}
      {expected.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-800">{t({ id: 'contact.expectedOn' })}</h3>
          <ul className="text-sm text-slate-600">
            {expected.map((h) => (
              <li key={h.key}>
                {t(
                  { id: 'contact.expectedRow' },
                  {
                    days:
                      h.from === h.to
                        ? formatDay(h.from)
                        : t({ id: 'contact.expectedRange' }, { from: formatDay(h.from), to: formatDay(h.to) }),
                    name: h.name,
                  },
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
