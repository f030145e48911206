// Bangladesh's public holidays that move with the moon, as the calendar proposes them for a year (decision 078):
// the Islamic ones from the Umm al-Qura calendar (hijri.ts), the lunisolar Hindu and Buddhist ones from a table.
// Each is one entry, a range of days; staff confirm, move or drop it (holidays.ts), since Bangladesh fixes the
// Eid dates on its own moon sighting, often a day after Saudi Arabia.
import { addDays } from './calendar.ts';
import { gregorianOf, hijriYearsOf } from './hijri.ts';

export interface MoonHoliday {
  /** Stable across boots: the holiday's kind and the year it falls in, e.g. `eid-ul-fitr-2026`. */
  key: string;
  /** The first and last day closed, YYYY-MM-DD in the library's calendar. */
  from: string;
  to: string;
  name: { en: string; bn: string };
}

interface Islamic {
  kind: string;
  month: number;
  day: number;
  /** Days closed before and after the day itself, as the government's list gives them. */
  before: number;
  after: number;
  name: MoonHoliday['name'];
}

const ISLAMIC: readonly Islamic[] = [
  // The nights of 15 Shaban and 27 Ramadan begin the evening before: the holiday is the day after the night.
  { kind: 'shab-e-barat', month: 8, day: 15, before: 0, after: 0, name: { en: 'Shab-e-Barat', bn: 'শবে বরাত' } },
  { kind: 'shab-e-qadr', month: 9, day: 27, before: 0, after: 0, name: { en: 'Shab-e-Qadr', bn: 'শবে কদর' } },
  // Three days around 1 Shawwal and 10 Dhu al-Hijjah: the day before, the day and the day after.
  { kind: 'eid-ul-fitr', month: 10, day: 1, before: 1, after: 1, name: { en: 'Eid ul-Fitr', bn: 'ঈদুল ফিতর' } },
  { kind: 'eid-ul-adha', month: 12, day: 10, before: 1, after: 1, name: { en: 'Eid ul-Adha', bn: 'ঈদুল আজহা' } },
  { kind: 'ashura', month: 1, day: 10, before: 0, after: 0, name: { en: 'Ashura', bn: 'আশুরা' } },
  {
    kind: 'eid-e-miladunnabi',
    month: 3,
    day: 12,
    before: 0,
    after: 0,
    name: { en: 'Eid-e-Miladunnabi', bn: 'ঈদে মিলাদুন্নবী' },
  },
];

// The lunisolar holidays by the Bengali panjika and the Buddhist calendar, as the Ministry of Public
// Administration's holiday lists give them (checked against the almanacs' full moons and tithis); a year not
// listed has none proposed, and staff add them as closures.
const TABLE: Readonly<Record<number, readonly Omit<MoonHoliday, 'key'>[]>> = {
  2026: [
    { from: '2026-05-01', to: '2026-05-01', name: { en: 'Buddha Purnima', bn: 'বুদ্ধ পূর্ণিমা' } },
    { from: '2026-09-04', to: '2026-09-04', name: { en: 'Janmashtami', bn: 'জন্মাষ্টমী' } },
    {
      from: '2026-10-20',
      to: '2026-10-20',
      name: { en: 'Durga Puja (Bijoya Dashami)', bn: 'দুর্গাপূজা (বিজয়া দশমী)' },
    },
  ],
  2027: [
    { from: '2027-05-20', to: '2027-05-20', name: { en: 'Buddha Purnima', bn: 'বুদ্ধ পূর্ণিমা' } },
    { from: '2027-08-25', to: '2027-08-25', name: { en: 'Janmashtami', bn: 'জন্মাষ্টমী' } },
    {
      from: '2027-10-09',
      to: '2027-10-09',
      name: { en: 'Durga Puja (Bijoya Dashami)', bn: 'দুর্গাপূজা (বিজয়া দশমী)' },
    },
  ],
};

const TABLE_KINDS: Readonly<Record<string, string>> = {
  'Buddha Purnima': 'buddha-purnima',
  Janmashtami: 'janmashtami',
  'Durga Puja (Bijoya Dashami)': 'durga-puja',
};

/** The moon-dated holidays that begin in a Gregorian year, by first day. */
export function moonHolidays(year: number): MoonHoliday[] {
  const found: MoonHoliday[] = [];
  for (const hijriYear of hijriYearsOf(year))
    for (const h of ISLAMIC) {
      const day = gregorianOf({ year: hijriYear, month: h.month, day: h.day });
      if (day === null || !day.startsWith(`${year}-`)) continue;
      found.push({ key: `${h.kind}-${year}`, from: addDays(day, -h.before), to: addDays(day, h.after), name: h.name });
    }
  for (const h of TABLE[year] ?? []) found.push({ ...h, key: `${TABLE_KINDS[h.name.en] ?? 'holiday'}-${year}` });
  return found.sort((a, b) => a.from.localeCompare(b.from));
}
