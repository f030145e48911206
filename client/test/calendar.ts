// The library's calendar as the gateway answers it in component tests: the specification's hours (Saturday to
// Thursday 10am to 8pm, Friday 2pm to 8pm), the closures a test gives, and the days with the hours in force.
const hours = (weekday: string, opens: string) => ({ __typename: 'OpeningHours', weekday, opens, closes: '20:00' });

export const specCalendar = (
  closures: { date: string; reason: string }[] = [],
  days: { date: string; open: boolean; opens: string | null; closes: string | null }[] = [],
  holidays: { key: string; from: string; to: string; name: string; state: string }[] = [],
) => ({
  __typename: 'LibraryCalendar',
  openingHours: [
    ...['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'].map((d) => hours(d, '10:00')),
    hours('FRIDAY', '14:00'),
  ],
  closures: closures.map((c) => ({ __typename: 'Closure', ...c })),
  days: days.map((d) => ({ __typename: 'CalendarDay', ...d })),
  holidays: holidays.map((h) => ({ __typename: 'Holiday', ...h })),
});
