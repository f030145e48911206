import { useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../gql/index.ts';
import { OPENING_HOURS } from '../components/ui/library-info.ts';
import { useI18n } from '../lib/i18n.ts';
import { CALENDAR_FIELDS, calendarRange, describeHours, openNow } from '../lib/opening-hours.ts';

// The footer's own question (the footer is a chunk of its own, loaded after the first paint): the week's hours,
// the days around today (the library's today may be the reader's yesterday or tomorrow), and the time zone.
export const FOOTER_CALENDAR_QUERY = graphql(`
  query FooterCalendar($from: String!, $to: String!) {
    calendar(from: $from, to: $to) {
      ...CalendarFields
      days {
        date
        open
        opens
        closes
      }
    }
    policy {
      timeZone
    }
  }
`);

export const footerCalendarRange = (now: Date) => calendarRange(now, 1);

/** The hours from the library's calendar and whether it is open now; the printed hours until it answers. */
export function FooterHours() {
  const t = useI18n().formatMessage;
  const now = new Date();
  const { data } = useQuery(FOOTER_CALENDAR_QUERY, { variables: footerCalendarRange(now) });
  const calendar = getFragmentData(CALENDAR_FIELDS, data?.calendar);
  const rows = calendar
    ? [
        ...describeHours(calendar.openingHours),
        { days: t({ id: 'library.days.holidays' }), hours: t({ id: 'library.hours.closed' }) },
      ]
    : OPENING_HOURS.map((row) => ({ days: t({ id: row.days }), hours: t({ id: row.hours }) }));
  return (
    <>
      {calendar && data?.policy && (
        <p className="mb-1 text-sm font-semibold text-white">
          {openNow(calendar.openingHours, calendar.closures, now, data.policy.timeZone, data.calendar.days)}
        </p>
      )}
      <ul className="space-y-1 text-sm">
        {rows.map((row) => (
          <li key={row.days}>{t({ id: 'footer.hoursRow' }, { days: row.days, hours: row.hours })}</li>
        ))}
      </ul>
    </>
  );
}
