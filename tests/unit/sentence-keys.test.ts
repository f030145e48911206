// The gateway's sentences are keys (docs/decisions/071): every key has a text in both languages taking the same
// arguments, a refusal cannot be raised without a key and its values (a type error), English stays word for
// word, and Accept-Language picks the language. Nothing matches English sentences back to keys any more.
import { describe, expect, it } from 'vitest';
import IntlMessageFormat from 'intl-messageformat';
import * as i18n from '../../server/library/i18n/index.ts';
import { CATALOGUES, LOCALES, bnDay, localeFromHeader, say } from '../../server/library/i18n/index.ts';
import type { SentenceKey } from '../../server/library/i18n/keys.ts';
import { LibraryError, badInput } from '../../server/library/errors.ts';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];
/** The element kinds of intl-messageformat's syntax tree that name an argument (pound and literal do not). */
const LITERAL = 0;
const POUND = 7;

/** The names of a template's arguments, plurals' and selects' included, each once. */
function argumentsOf(text: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.type === LITERAL || element.type === POUND) continue;
      if ('value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(text, locale).getAst());
  return [...names].sort();
}

const KEYS = Object.keys(CATALOGUES.en) as SentenceKey[];

describe('the catalogues', () => {
  it('has a non-empty text for every key in every language', () => {
    expect(KEYS.length).toBeGreaterThan(150);
    for (const locale of LOCALES) {
      expect(Object.keys(CATALOGUES[locale]).sort()).toEqual([...KEYS].sort());
      const empty = KEYS.filter((key) => CATALOGUES[locale][key].trim() === '');
      expect({ locale, empty }).toEqual({ locale, empty: [] });
    }
  });

  it('takes the same arguments in Bangla as in English, so no value is dropped or asked for in vain', () => {
    const differing = KEYS.filter(
      (key) => argumentsOf(CATALOGUES.en[key], 'en-GB').join() !== argumentsOf(CATALOGUES.bn[key], 'bn-BD').join(),
    );
    expect(differing).toEqual([]);
  });

  it('no longer matches English sentences back to keys', () => {
    expect(Object.keys(i18n)).not.toContain('translate');
    expect(Object.keys(i18n)).not.toContain('match');
  });
});

describe('a refusal', () => {
  it('is a code, a key and raw values; its message is the English, word for word', () => {
    const refusal = new LibraryError('FEES_UNPAID', 'feesUnpaid', { amount: 1200 });
    expect(refusal).toMatchObject({ code: 'FEES_UNPAID', key: 'feesUnpaid', values: { amount: 1200 } });
    expect(refusal.message).toBe('You owe ৳1200 in fees. Please pay at the desk before borrowing more.');
    expect(new LibraryError('OUT_OF_STOCK', 'outOfStock').message).toBe('This book is out of stock.');
    expect(badInput('title', 'fieldTooLong', { field: 'title', max: 200 })).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'title',
      message: 'title must be at most 200 characters',
    });
    expect(new LibraryError('RENEWAL_LIMIT', 'renewalLimit', { times: 1 }).message).toBe(
      'This loan has already been renewed once, the most the library allows.',
    );
  });

  it('cannot be raised without a key, or without the values its sentence names', () => {
    const raise = () => [
      // @ts-expect-error an English sentence is not a key
      new LibraryError('OUT_OF_STOCK', 'This book is out of stock.'),
      // @ts-expect-error feesUnpaid says an amount
      new LibraryError('FEES_UNPAID', 'feesUnpaid'),
      // @ts-expect-error loanLimit's value is its limit, not an amount
      new LibraryError('LOAN_LIMIT', 'loanLimit', { amount: 5 }),
      // @ts-expect-error badInput takes a key too
      badInput('title', 'title is required'),
    ];
    expect(raise).toBeTypeOf('function');
  });

  it('is said in Bangla from its raw values: Bengali digits, Bangla months, the API words kept', () => {
    expect(say('bn', 'outOfStock')).toBe('বইটির কোনো কপি এখন নেই।');
    expect(say('bn', 'fieldRequired', { field: 'returnDate' })).toBe('returnDate দিতে হবে');
    expect(say('bn', 'fieldTooLong', { field: 'title', max: 200 })).toBe('title সর্বোচ্চ ২০০টি অক্ষরের হতে পারে');
    expect(say('bn', 'loanLimit', { limit: 5 })).toBe(
      'আপনার কাছে ইতিমধ্যে ৫টি বই ধার আছে, লাইব্রেরি একসঙ্গে এর বেশি ধার দেয় না। আরেকটি নিতে একটি ফেরত দিন।',
    );
    expect(say('bn', 'feesUnpaid', { amount: 1200 })).toBe(
      'আপনার ৳১২০০ জরিমানা বকেয়া আছে। আরও বই ধার নেওয়ার আগে ডেস্কে পরিশোধ করুন।',
    );
    expect(say('bn', 'renewalLimit', { times: 1 })).toBe(
      'এই ধারের মেয়াদ ইতিমধ্যে ১ বার বাড়ানো হয়েছে, লাইব্রেরি এর বেশি বাড়ায় না।',
    );
    expect(say('bn', 'noticeDueSoon', { title: 'Pather Panchali 2', day: '2026-12-10' })).toBe(
      '“Pather Panchali 2” ফেরত দেওয়ার শেষ দিন ১০ ডিসেম্বর ২০২৬।',
    );
    const many = say('bn', 'overdueMany', { title: 'Gitanjali', others: 2 });
    expect(many).toContain('“Gitanjali”');
    expect(many).toContain('আরও ২টি বই');
    expect(bnDay('2026-12-10')).toBe('১০ ডিসেম্বর ২০২৬');
  });
});

describe('the reader’s language', () => {
  it('reads the language from Accept-Language: the first one the library speaks, by preference', () => {
    expect(localeFromHeader('bn-BD,bn;q=0.9,en;q=0.8')).toBe('bn');
    expect(localeFromHeader('bn')).toBe('bn');
    expect(localeFromHeader('en-US,en;q=0.9,bn;q=0.8')).toBe('en');
    expect(localeFromHeader('fr-FR, bn;q=0.5')).toBe('bn');
    expect(localeFromHeader('en;q=0.2, bn;q=0.9')).toBe('bn');
    expect(localeFromHeader('bn;q=0')).toBe('en');
    expect(localeFromHeader(undefined)).toBe('en');
  });
});
