// The library speaks English and Bangla. A sentence is raised as a key of en.ts and its raw values (keys.ts), and
// said here, once, in the reader's language: at the edge for a refusal (GraphQL's errors, REST's bodies), when
// read or e-mailed for a notice (docs/decisions/071).
import IntlMessageFormat from 'intl-messageformat';
import type { Locale } from '../../store/port.ts';
import { en, type SentenceKey } from './en.ts';
import { bn } from './bn.ts';
import type { Values } from './keys.ts';

export type { Locale };
export const LOCALES: readonly Locale[] = ['en', 'bn'];
export const CATALOGUES: Record<Locale, Record<SentenceKey, string>> = { en, bn };
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', bn: 'bn-BD' };

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'bn';

/** The first language of an Accept-Language header the library speaks (by q-value), else English. */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    if (language === 'bn') return 'bn';
    if (language === 'en') return 'en';
  }
  return 'en';
}

const formats = new Map<string, IntlMessageFormat>();
function formatter(locale: Locale, key: SentenceKey): IntlMessageFormat {
  const id = `${locale}:${key}`;
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(CATALOGUES[locale][key], INTL_LOCALE[locale]);
    formats.set(id, format);
  }
  return format;
}

/** Says a keyed sentence in a language. */
export function say(locale: Locale, key: SentenceKey, values: Values = {}): string {
  return String(formatter(locale, key).format(inLanguage(locale, key, values)));
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const bengaliDigits = (text: string) => text.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)] ?? d);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Bangla calendar day: "১০ ডিসেম্বর ২০২৬" (Intl's Bangla puts a comma before the year; dates here do not). */
export function bnDay(day: string): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const parts = new Intl.DateTimeFormat('bn-BD', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** Values as the language writes them: in Bangla, days and amounts ("৳50", "1,200") with Bengali digits. */
function inLanguage(locale: Locale, key: SentenceKey, values: Values): Values {
  if (locale === 'en') return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      // A plural's number stays a number (the template says it); a plain one is written with Bengali digits.
      if (typeof value === 'number')
        return [name, CATALOGUES[locale][key].includes(`{${name},`) ? value : bengaliDigits(String(value))];
      if (DAY.test(value)) return [name, bnDay(value)];
      return [name, /^৳?[\d,]+$/.test(value) ? bengaliDigits(value) : value];
    }),
  );
}
