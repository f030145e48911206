// Dates for the borrow form are local calendar days in the YYYY-MM-DD form a date input uses; building them
// from local parts avoids toISOString(), which would give yesterday or tomorrow near midnight.
export const LOAN_DAYS = 14;

export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function minReturnDate(now: Date): string {
  return toDateInputValue(now);
}

/** The calendar day `days` after a YYYY-MM-DD day, whatever the browser's time zone. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** Shows a YYYY-MM-DD value as the reader's local date, without a UTC shift. */
export function formatDateInputValue(value: string, locale?: string): string {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return value;
  return new Date(y, m - 1, d).toLocaleDateString(locale);
}
