// The library speaks English and Bangla. A sentence is raised as a key of en.ts and its raw values (keys.ts), and
// said here, once, in the reader's language: at the edge for a refusal (GraphQL's errors, REST's bodies), when
// read or e-mailed for a notice (docs/decisions/071).
import IntlMessageFormat from 'intl-messageformat';
import type { Locale } from '../../store/port.ts';
import { en, type SentenceKey } from './en.ts';
import { bn } from './bn.ts';
import type { Sentence, Values } from './keys.ts';

export type { Values };

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

// ---- Saying a keyed sentence: how values are written in each language ----

// Values are raw data: a calendar day as 'YYYY-MM-DD', a count or an amount of taka as a number (a template
// writes the sign: `৳{amount}`), a title or a name as entered. The template says how each is written:
// - `{day, date}`: a day in its plain form, "2026-04-10" in English and "১০ এপ্রিল ২০২৬" in Bangla (a plain
//   `{day}` given a 'YYYY-MM-DD' string is written so too);
// - `{day, date, long}`: day and month, "10 April", "১০ এপ্রিল" (a notice about days soon to come);
// - `{day, date, medium}`: day, month and year, "10 Apr 2026", "১০ এপ্রিল ২০২৬" (a receipt);
// - `{n}`: a number as it is, "1200" ("১২০০" in Bengali digits); `{n, number}`: grouped, "1,200", "১,২০০";
//   a plural's `#` as the language counts. Text stays as entered in every language (titles keep their digits).

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
const bengaliDigits = (text: string) => text.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)] ?? d);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The library's calendar day as the date Intl formats (midnight UTC, formatted in UTC). */
const dateOf = (m: RegExpExecArray) => new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
const dayFormat = (locale: Locale, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: 'UTC' });

// Made once: a formatter costs far more to make than to use.
const BN_DAY = dayFormat('bn', { day: 'numeric', month: 'long', year: 'numeric' });

/** A Bangla calendar day: "১০ ডিসেম্বর ২০২৬" (Intl's Bangla puts a comma before the year; dates here do not). */
export function bnDay(day: string): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const parts = BN_DAY.formatToParts(dateOf(m));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

type DayForm = 'plain' | 'long' | 'medium';
const LONG = {
  en: dayFormat('en', { day: 'numeric', month: 'long' }),
  bn: dayFormat('bn', { day: 'numeric', month: 'long' }),
};
const MEDIUM_EN = dayFormat('en', { day: 'numeric', month: 'short', year: 'numeric' });

/** A calendar day ('YYYY-MM-DD') in one of the forms templates name; anything else is written as it is. */
export function sayDay(locale: Locale, day: string, form: DayForm = 'plain'): string {
  const m = DAY.exec(day);
  if (!m) return day;
  if (form === 'long') return LONG[locale].format(dateOf(m));
  if (locale === 'bn') return bnDay(day);
  return form === 'medium' ? MEDIUM_EN.format(dateOf(m)) : day;
}

const TIME = /^\d{1,2}:\d{2}$/;
/** Text given to a plain `{x}`: a day as sayDay writes it, a time of day ('HH:MM') in the language's digits. */
const sayText = (locale: Locale, text: string) =>
  TIME.test(text) ? (locale === 'bn' ? bengaliDigits(text) : text) : sayDay(locale, text);

/** A number as a plain `{n}` writes it: no grouping, in the language's digits. */
const sayNumber = (locale: Locale, n: number) => (locale === 'bn' ? bengaliDigits(String(n)) : String(n));

type Element = ReturnType<IntlMessageFormat['getAst']>[number];
/** The element kinds of an ICU message's syntax tree (intl-messageformat's parser numbers them so). */
const KIND = { argument: 1, number: 2, date: 3, select: 5, plural: 6 } as const;

interface Compiled {
  format: IntlMessageFormat;
  /** Arguments written as days, with their form (the tree says them as plain arguments, given text). */
  days: Map<string, DayForm>;
  /** Arguments only ever written plain (`{n}`): a number there is written in the language's digits. */
  plain: Set<string>;
}

const DAY_FORMS: Record<string, DayForm> = { plain: 'plain', long: 'long', medium: 'medium' };

function compileSaying(locale: Locale, key: SentenceKey): Compiled {
  const days = new Map<string, DayForm>();
  const plain = new Set<string>();
  const counted = new Set<string>();
  const walk = (elements: Element[]): Element[] =>
    elements.map((element) => {
      if (element.type === KIND.date) {
        const style = typeof element.style === 'string' ? element.style : 'plain';
        const form = DAY_FORMS[style];
        if (!form) throw new Error(`${locale}.${key}: no day form "${style}" (plain, long or medium)`);
        days.set(element.value, form);
        return { type: KIND.argument, value: element.value, location: element.location } as Element;
      }
      if (element.type === KIND.argument) plain.add(element.value);
      if (element.type === KIND.number || element.type === KIND.plural || element.type === KIND.select)
        counted.add(element.value);
      if (element.type === KIND.plural || element.type === KIND.select)
        for (const option of Object.values(element.options)) option.value = walk(option.value);
      return element;
    });
  const tree = walk(new IntlMessageFormat(CATALOGUES[locale][key], INTL_LOCALE[locale]).getAst());
  for (const name of counted) plain.delete(name);
  return { format: new IntlMessageFormat(tree, INTL_LOCALE[locale]), days, plain };
}

const compiled = new Map<string, Compiled>();
function compiledFor(locale: Locale, key: SentenceKey): Compiled {
  const id = `${locale}:${key}`;
  let found = compiled.get(id);
  if (!found) {
    found = compileSaying(locale, key);
    compiled.set(id, found);
  }
  return found;
}

const LISTS = {
  en: new Intl.ListFormat(INTL_LOCALE.en, { type: 'conjunction' }),
  bn: new Intl.ListFormat(INTL_LOCALE.bn, { type: 'conjunction' }),
};
/** An item of a list value: text as entered, or a sentence said in the language. */
const sayItem = (locale: Locale, item: string | Sentence): string =>
  typeof item === 'string' ? item : say(locale, item.key, item.values);

/** Says a keyed sentence in a language, writing its raw values as the template says (see Values). */
export function say(locale: Locale, key: SentenceKey, values: Values = {}): string {
  const { format, days, plain } = compiledFor(locale, key);
  const written = Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value === 'object') return [name, LISTS[locale].format(value.map((v) => sayItem(locale, v)))];
      const form = days.get(name);
      if (form) return [name, sayDay(locale, String(value), form)];
      if (!plain.has(name)) return [name, value];
      return [name, typeof value === 'number' ? sayNumber(locale, value) : sayText(locale, value)];
    }),
  );
  return String(format.format(written));
}
