import type { MockLink } from '@apollo/client/testing';
import { FOOTER_CALENDAR_QUERY } from './footer-hours.tsx';

const hours = (weekday: string, opens: string) => ({ __typename: 'OpeningHours', weekday, opens, closes: '20:00' });

/** What the gateway answers the footer: the specification's hours, these closures, the library's time zone. */
export const footerCalendarAnswer = (closures: { date: string; reason: string }[] = []) => ({
  calendar: {
    __typename: 'LibraryCalendar',
    openingHours: [
      ...['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'].map((d) => hours(d, '10:00')),
      hours('FRIDAY', '14:00'),
    ],
    closures: closures.map((c) => ({ __typename: 'Closure', ...c })),
  },
  policy: { __typename: 'Policy', timeZone: 'Asia/Dhaka' },
});

/** The footer's calendar, for any days asked and as often as asked (every page has the footer). */
export const footerCalendarMock = (closures: { date: string; reason: string }[] = []): MockLink.MockedResponse => ({
  request: { query: FOOTER_CALENDAR_QUERY, variables: () => true },
  result: { data: footerCalendarAnswer(closures) },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
