// Hijri dates of the Umm al-Qura calendar (Saudi Arabia's), as ICU in Node has it: the Gregorian day a Hijri date
// falls on. Bangladesh fixes its Islamic holidays on its own moon sighting, often a day later, so these days are
// proposals staff confirm (moon-holidays.ts, docs/decisions/078).

export interface HijriDate {
  year: number;
  /** 1 Muharram to 12 Dhu al-Hijjah. */
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
/** 1 Muharram 1 AH (16 July 622, Julian) as a proleptic Gregorian day, and the mean length of a lunar month. */
const EPOCH = Date.UTC(622, 6, 19);
const MEAN_MONTH_DAYS = 29.530_588;

const format = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The Hijri date of a Gregorian day (YYYY-MM-DD). */
export function hijriOf(day: string): HijriDate {
  const parts = format.formatToParts(new Date(`${day}T00:00:00.000Z`));
  const part = (type: string) => Number.parseInt(parts.find((p) => p.type === type)?.value ?? '', 10);
  return { year: part('year'), month: part('month'), day: part('day') };
}

const order = (h: HijriDate): number => (h.year * 12 + h.month) * 31 + h.day;

/**
 * The Gregorian day (YYYY-MM-DD) of a Hijri date, or null when the month is shorter (30 of a 29-day month).
 * The mean lunar month puts the guess within two days; the days around it are read back until one matches.
 */
export function gregorianOf(date: HijriDate): string | null {
  const months = (date.year - 1) * 12 + (date.month - 1);
  let guess = EPOCH + Math.round(months * MEAN_MONTH_DAYS + date.day - 1) * DAY_MS;
  for (let step = 0; step < 10; step += 1) {
    const found = hijriOf(isoDay(guess));
    const diff = order(date) - order(found);
    if (diff === 0) return isoDay(guess);
    // Across a month's end the order jumps: one day at a time near the day, else the gap at once.
    guess += (Math.abs(diff) > 31 ? Math.sign(diff) * 29 : Math.sign(diff)) * DAY_MS;
  }
  return null;
}

/** The Hijri years that have days in a Gregorian year. */
export function hijriYearsOf(year: number): number[] {
  const first = hijriOf(`${year}-01-01`).year;
  const last = hijriOf(`${year}-12-31`).year;
  const years: number[] = [];
  for (let y = first; y <= last; y += 1) years.push(y);
  return years;
}
