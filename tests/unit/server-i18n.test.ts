// The gateway's sentences in both languages (server/library/i18n): every sentence the code raises as a refusal
// has an entry (so it is said in Bangla too), English stays word for word, the changing parts of a sentence
// (a field's name, a limit, an amount, a day) carry over, and Accept-Language picks the language.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bnDay, localeFromHeader, match, translate } from '../../server/library/i18n/index.ts';
import { MESSAGES } from '../../server/library/errors.ts';
import { RATE_LIMIT_MESSAGES } from '../../server/rate-limits.ts';
import { BAD_UNSUBSCRIBE_LINK, OUTDATED_UNSUBSCRIBE_LINK } from '../../server/library/mail.ts';

const SERVER = path.resolve(import.meta.dirname, '../../server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The plain sentences the code raises: the text of `new LibraryError(CODE, '...')` and `badInput(field, '...')`. */
function raisedSentences(): string[] {
  const found = new Set<string>();
  const raise =
    /(?:new LibraryError\(\s*'[A-Z_]+',|badInput\(\s*'[A-Za-z]+',)\s*(['"])((?:(?!\1)[^\\\n]|\\.)+)\1\s*[,)]/g;
  for (const file of sourceFiles(SERVER))
    for (const m of readFileSync(file, 'utf8').matchAll(raise)) found.add((m[2] ?? '').replace(/\\(['"])/g, '$1'));
  return [...found];
}

describe("the gateway's sentences", () => {
  it('has an entry for every sentence the code raises, so none is left in English for a Bangla reader', () => {
    const sentences = [
      ...raisedSentences(),
      ...Object.values(MESSAGES),
      ...Object.values(RATE_LIMIT_MESSAGES),
      BAD_UNSUBSCRIBE_LINK,
      OUTDATED_UNSUBSCRIBE_LINK,
    ];
    expect(raisedSentences().length).toBeGreaterThan(25);
    expect(sentences.length).toBeGreaterThan(50);
    expect(sentences.filter((sentence) => match(sentence) === null)).toEqual([]);
  });

  it('keeps English word for word and says it in Bangla with the same code-words', () => {
    expect(translate(MESSAGES.outOfStock, 'en')).toBe('This book is out of stock.');
    expect(translate(MESSAGES.outOfStock, 'bn')).toBe('বইটির কোনো কপি এখন নেই।');
    expect(translate('returnDate is required', 'bn')).toBe('returnDate দিতে হবে');
    expect(translate('title must be at most 200 characters', 'bn')).toBe('title সর্বোচ্চ ২০০টি অক্ষরের হতে পারে');
    expect(translate('A sentence nobody wrote an entry for.', 'bn')).toBe('A sentence nobody wrote an entry for.');
  });

  it('carries numbers, amounts and days over into Bangla: Bengali digits, Bangla months', () => {
    expect(
      translate(
        'You already have 5 books on loan, the most the library lends at once. Return one to borrow another.',
        'bn',
      ),
    ).toBe('আপনার কাছে ইতিমধ্যে ৫টি বই ধার আছে, লাইব্রেরি একসঙ্গে এর বেশি ধার দেয় না। আরেকটি নিতে একটি ফেরত দিন।');
    expect(translate('You owe ৳1,200 in fees. Please pay at the desk before borrowing more.', 'bn')).toBe(
      'আপনার ৳১,২০০ জরিমানা বকেয়া আছে। আরও বই ধার নেওয়ার আগে ডেস্কে পরিশোধ করুন।',
    );
    expect(translate('This loan has already been renewed once, the most the library allows.', 'bn')).toBe(
      'এই ধারের মেয়াদ ইতিমধ্যে ১ বার বাড়ানো হয়েছে, লাইব্রেরি এর বেশি বাড়ায় না।',
    );
    expect(translate('“Pather Panchali 2” is due back on 2026-12-10.', 'bn')).toBe(
      '“Pather Panchali 2” ফেরত দেওয়ার শেষ দিন ১০ ডিসেম্বর ২০২৬।',
    );
    expect(bnDay('2026-12-10')).toBe('১০ ডিসেম্বর ২০২৬');
  });

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

describe("the calendar's sentences (refusals told up front, moved dates)", () => {
  it('says an overdue refusal and a moved due date in Bangla, keeping the title', () => {
    const one = translate('“Gitanjali” is overdue. Please return it before borrowing another book.', 'bn');
    expect(one).toContain('“Gitanjali”');
    expect(one).toContain('ফেরত দেওয়ার তারিখ পেরিয়ে গেছে');
    const many = translate(
      '“Gitanjali” and 2 other books are overdue. Please return them before borrowing another book.',
      'bn',
    );
    expect(many).toContain('আরও ২টি বই');
    const moved = translate(
      'The library is closed on 10 April; your loan of “Gitanjali” is now due on 12 April.',
      'bn',
    );
    expect(moved).toContain('লাইব্রেরি');
    expect(moved).toContain('“Gitanjali”');
    expect(moved).not.toContain('The library');
  });
});
