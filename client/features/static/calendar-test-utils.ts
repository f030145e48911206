import type { MockLink } from '@apollo/client/testing';
import { CONTACT_CALENDAR_QUERY, contactCalendarRange } from './opening-hours-section.tsx';

const hours = (weekday: string, opens: string) => ({ __typename: 'OpeningHours', weekday, opens, closes: '20:00' });

/** The calendar the Contact page asks for: the specification's hours and the given closures. */
export function contactCalendarMock(closures: { date: string; reason: string }[] = []): MockLink.MockedResponse {
  return {
    request: { query: CONTACT_CALENDAR_QUERY, variables: contactCalendarRange(new Date()) },
    result: {
      data: {
        calendar: {
          __typename: 'LibraryCalendar',
          openingHours: [
            ...['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'].map((d) => hours(d, '10:00')),
            hours('FRIDAY', '14:00'),
          ],
          closures: closures.map((c) => ({ __typename: 'Closure', ...c })),
        },
      },
    },
  };
}
