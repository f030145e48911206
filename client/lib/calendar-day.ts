/**
 * A YYYY-MM-DD day of the library's calendar written for people ("Friday, 27 November 2026"). Built from its
 * parts in the reader's zone, so no time-zone shift can move it to the day before.
 */
export function friendlyDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(y, m - 1, d).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
