import type { MockLink } from '@apollo/client/testing';
import { specCalendar } from '../test/calendar.ts';
import { FOOTER_CALENDAR_QUERY } from './footer-hours.tsx';

/** What the gateway answers the footer: the specification's hours, these closures, the library's time zone. */
export const footerCalendarAnswer = (closures: { date: string; reason: string }[] = []) => ({
  calendar: specCalendar(closures),
  policy: { __typename: 'Policy', timeZone: 'Asia/Dhaka' },
});

/** The footer's calendar, for any days asked and as often as asked (every page has the footer). */
export const footerCalendarMock = (closures: { date: string; reason: string }[] = []): MockLink.MockedResponse => ({
  request: { query: FOOTER_CALENDAR_QUERY, variables: () => true },
  result: { data: footerCalendarAnswer(closures) },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
