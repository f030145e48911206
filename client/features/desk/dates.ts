/** A YYYY-MM-DD calendar day (the library's) as the reader's locale writes it, without a time-zone shift. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(y, m - 1, d).toLocaleDateString();
}

/** The calendar day of an instant, as the reader's locale writes it. */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleDateString();
}
