import type { MockLink } from '@apollo/client/testing';
import { specCalendar } from '../../test/calendar.ts';
import { CONTACT_CALENDAR_QUERY, contactCalendarRange } from './opening-hours-section.tsx';

/** The calendar the Contact page asks for: the specification's hours, the given closures and days' hours in force. */
export function contactCalendarMock(
  closures: { date: string; reason: string }[] = [],
  days: Parameters<typeof specCalendar>[1] = [],
  holidays: Parameters<typeof specCalendar>[2] = [],
): MockLink.MockedResponse {
  return {
    request: { query: CONTACT_CALENDAR_QUERY, variables: contactCalendarRange(new Date()) },
    result: {
      data: {
        calendar: specCalendar(closures, days, holidays),
      },
    },
  };
}
