// The library's calendar as the gateway answers it in component tests: the specification's hours (Saturday to
// Thursday 10am to 8pm, Friday 2pm to 8pm) and the closures a test gives.
const hours = (weekday: string, opens: string) => ({ __typename: 'OpeningHours', weekday, opens, closes: '20:00' });

export const specCalendar = (closures: { date: string; reason: string }[] = []) => ({
  __typename: 'LibraryCalendar',
  openingHours: [
    ...['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'].map((d) => hours(d, '10:00')),
    hours('FRIDAY', '14:00'),
  ],
  closures: closures.map((c) => ({ __typename: 'Closure', ...c })),
});
