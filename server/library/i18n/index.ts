// The library speaks English and Bangla. A sentence is raised in English where its rule lives (an error's
// message, a notice's text); said to a member, it is matched against the English templates of en.ts, which
// give its changing parts (a field's name, a limit, an amount, a day), and said again with bn.ts's template for
// that key. A sentence with no entry stays English, so a new refusal is never lost, only untranslated (and
// tests/unit/server-i18n.test.ts lists the sentences the code raises without an entry).
import IntlMessageFormat from 'intl-messageformat';
import type { Locale } from '../../store/port.ts';
import { en, type SentenceKey } from './en.ts';
import { bn } from './bn.ts';

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

type Values = Record<string, string | number>;

/** Says a keyed sentence (an e-mail's lines) in a language. */
export function say(locale: Locale, key: SentenceKey, values: Values = {}): string {
  return String(formatter(locale, key).format(inLanguage(locale, values)));
}

/** An English sentence in the member's language: the same sentence when it has no entry, or in English. */
export function translate(sentence: string, locale: Locale): string {
  if (locale === 'en') return sentence;
  const found = match(sentence);
  return found ? say(locale, found.key, found.values) : sentence;
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
function inLanguage(locale: Locale, values: Values): Values {
  if (locale === 'en') return values;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (typeof value === 'number') return [name, value];
      if (DAY.test(value)) return [name, bnDay(value)];
      return [name, /^৳?[\d,]+$/.test(value) ? bengaliDigits(value) : value];
    }),
  );
}

// ---- Matching an English sentence to its template ----

interface Template {
  key: SentenceKey;
  pattern: RegExp;
  /** Plural arguments: how to read each one's number back (a `#`, or the option an `=1 {once}` names). */
  plurals: { name: string; options: { group: string; exact: number | null }[] }[];
}

type MessageFormatElement = ReturnType<IntlMessageFormat['getAst']>[number];
/** The element kinds of an ICU message's syntax tree (intl-messageformat's parser numbers them so). */
const TYPE = { literal: 0, argument: 1, number: 2, date: 3, time: 4, select: 5, plural: 6, pound: 7 } as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const group = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');

function compile(key: SentenceKey, text: string): Template {
  const plurals: Template['plurals'] = [];
  const seen = new Set<string>();
  let counter = 0;
  const walk = (elements: MessageFormatElement[], pound: string | null): string =>
    elements
      .map((element) => {
        switch (element.type) {
          case TYPE.literal:
            return escape(element.value);
          case TYPE.pound:
            return `(?<${pound}>\\d+)`;
          case TYPE.argument:
          case TYPE.number:
          case TYPE.date:
          case TYPE.time: {
            const name = group(element.value);
            if (seen.has(name)) return `\\k<${name}>`;
            seen.add(name);
            return `(?<${name}>.+?)`;
          }
          case TYPE.plural:
          case TYPE.select: {
            const name = group(element.value);
            const options: Template['plurals'][number]['options'] = [];
            const branches = Object.entries(element.options).map(([selector, option]) => {
              const marker = `o${counter++}`;
              const exact = /^=(\d+)$/.exec(selector);
              options.push({ group: marker, exact: exact ? Number(exact[1]) : null });
              return `(?<${marker}>${walk(option.value, name)})`;
            });
            if (element.type === TYPE.plural) plurals.push({ name, options });
            return `(?:${branches.join('|')})`;
          }
          default:
            return '';
        }
      })
      .join('');
  const tree = new IntlMessageFormat(text, 'en-GB').getAst();
  return { key, pattern: new RegExp(`^${walk(tree, null)}$`, 's'), plurals };
}

let templates: { exact: Map<string, SentenceKey>; patterns: Template[] } | null = null;
function allTemplates() {
  if (templates) return templates;
  const exact = new Map<string, SentenceKey>();
  const patterns: Template[] = [];
  for (const [key, text] of Object.entries(en) as [SentenceKey, string][]) {
    if (!/[{}]/.test(text)) exact.set(text, key);
    else patterns.push(compile(key, text));
  }
  templates = { exact, patterns };
  return templates;
}

/** The template an English sentence was said with, and its values; null when it has none. */
export function match(sentence: string): { key: SentenceKey; values: Values } | null {
  const { exact, patterns } = allTemplates();
  const key = exact.get(sentence);
  if (key) return { key, values: {} };
  for (const template of patterns) {
    const found = template.pattern.exec(sentence);
    if (!found) continue;
    const values: Values = {};
    for (const [name, value] of Object.entries(found.groups ?? {}))
      if (value !== undefined && !/^o\d+$/.test(name)) values[name] = value;
    for (const plural of template.plurals) {
      const number = values[plural.name];
      if (typeof number === 'string') values[plural.name] = Number(number);
      else {
        const option = plural.options.find((o) => found.groups?.[o.group] !== undefined);
        values[plural.name] = option?.exact ?? 1;
      }
    }
    return { key: template.key, values };
  }
  return null;
}
