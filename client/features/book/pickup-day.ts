/**
 * A ready hold's last pickup day (YYYY-MM-DD, the library's calendar) as readers say it: "Fri, Nov 27, 2026"
 * in English, as Borrowed Books writes due days. Built from its parts in the reader's zone, so no time-zone
 * shift can move it to the day before.
 */
export function pickupDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}
