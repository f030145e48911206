import type { MockLink } from '@apollo/client/testing';
import { specCalendar } from '../../test/calendar.ts';
import { CONTACT_CALENDAR_QUERY, contactCalendarRange } from './opening-hours-section.tsx';

/** The calendar the Contact page asks for: the specification's hours and the given closures. */
export function contactCalendarMock(closures: { date: string; reason: string }[] = []): MockLink.MockedResponse {
  return {
    request: { query: CONTACT_CALENDAR_QUERY, variables: contactCalendarRange(new Date()) },
    result: {
      data: {
        calendar: specCalendar(closures),
      },
    },
  };
}
