// Every sentence the gateway says, said in Bangla with values of each kind its arguments take (a day, a count, an
// amount of taka, text as entered): no Latin month name and no number in Latin digits is left in it, and English
// writes the same values as it always has. Notices are said from what they record, as a member reads them.
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { en, type SentenceKey } from '../../server/library/i18n/en.ts';
import { bn } from '../../server/library/i18n/bn.ts';
import { say, type Values } from '../../server/library/i18n/index.ts';
import { createNotices } from '../../server/library/notices.ts';
import { DEFAULT_POLICY } from '../../server/library/policy.ts';
import type { NoticeRecord, Store } from '../../server/store/port.ts';
import type { LibraryCalendar } from '../../server/library/library-calendar.ts';

const DAY = '2026-04-10';
/** What each argument of the catalogues is; a new argument fails below until it is listed here. */
const KINDS: Record<string, 'day' | 'number' | 'time' | 'text'> = {
  day: 'day',
  closed: 'day',
  from: 'day',
  until: 'day',
  limit: 'number',
  amount: 'number',
  fee: 'number',
  times: 'number',
  days: 'number',
  onLoan: 'number',
  fewest: 'number',
  max: 'number',
  min: 'number',
  count: 'number',
  others: 'number',
  weekday: 'number',
  opens: 'time',
  closes: 'time',
};
/** Text stays as entered in every language: a title, a name, a barcode, the API's own words. */
const TEXT: Record<string, string> = {
  title: 'Gitanjali 2',
  name: 'Rina Akter',
  barcode: 'BH00000017',
  card: 'BM1234567',
  code: 'BH1234',
  email: 'rina@example.com',
  field: 'returnDate',
  reason: 'Lost card 3',
  list: 'books on loan',
  titles: '“Gitanjali 2”',
  values: 'ON_SHELF, IN_REPAIR',
  format: 'date-time',
  type: 'string',
};

type Element = ReturnType<IntlMessageFormat['getAst']>[number];
function argumentsOf(elements: Element[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== 0) into.add(element.value);
    if ('options' in element)
      for (const option of Object.values(element.options)) argumentsOf(option.value as Element[], into);
  }
  return into;
}

function sampleValues(key: SentenceKey): Values {
  const names = argumentsOf(new IntlMessageFormat(en[key], 'en').getAst());
  argumentsOf(new IntlMessageFormat(bn[key], 'bn').getAst(), names);
  return Object.fromEntries(
    [...names].map((name) => {
      const kind = KINDS[name] ?? (name in TEXT ? 'text' : undefined);
      if (!kind) throw new Error(`${key}: say in KINDS or TEXT what {${name}} is`);
      return [name, kind === 'day' ? DAY : kind === 'number' ? 1200 : kind === 'time' ? '09:30' : TEXT[name]!];
    }),
  );
}

const LATIN_MONTH =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b/;

/** What is wrong with a Bangla sentence once the text given as entered is taken out: a Latin month or digit. */
function latinLeft(sentence: string): string | null {
  let words = sentence;
  for (const text of Object.values(TEXT)) words = words.replaceAll(text, '');
  const month = LATIN_MONTH.exec(words);
  if (month) return `a Latin month "${month[0]}" in: ${sentence}`;
  const digit = /[0-9]+/.exec(words);
  return digit ? `Latin digits "${digit[0]}" in: ${sentence}` : null;
}

const notice = (fields: Partial<NoticeRecord>): NoticeRecord =>
  ({
    id: 'n1',
    userId: 'u1',
    kind: 'due-soon',
    // A notice recorded before notices kept their moved dates: the closed day ends its key.
    key: `due-date-moved:l1:${DAY}`,
    bookId: 'b1',
    bookTitle: TEXT.title!,
    loanId: 'l1',
    holdId: null,
    day: '2026-04-12',
    createdAt: new Date(0),
    readAt: null,
    moved: null,
    mail: null,
    ...fields,
  }) as NoticeRecord;

const NOTICES: Record<string, NoticeRecord> = {
  'due soon': notice({ kind: 'due-soon' }),
  overdue: notice({ kind: 'overdue' }),
  'hold ready': notice({ kind: 'hold-ready', loanId: null, holdId: 'h1' }),
  'hold expired': notice({ kind: 'hold-expired', loanId: null, holdId: 'h1' }),
  'renewed by itself': notice({ kind: 'renewed' }),
  'due soon, not renewed (limit)': notice({ kind: 'due-soon', key: `due-soon:l1:${DAY}:RENEWAL_LIMIT` }),
  'due soon, not renewed (blocked)': notice({ kind: 'due-soon', key: `due-soon:l1:${DAY}:MEMBER_BLOCKED` }),
  'a due date moved': notice({ kind: 'due-date-moved' }),
  'overdue books, reminded at once': notice({
    kind: 'overdue-summary',
    overdue: [
      { loanId: 'l1', bookId: 'b1', bookTitle: TEXT.title!, day: '2026-03-30' },
      { loanId: 'l2', bookId: 'b2', bookTitle: TEXT.title!, day: '2026-04-11' },
    ],
  }),
  'a hold moved': notice({ kind: 'due-date-moved', loanId: null, holdId: 'h1' }),
  'dates moved by a range': notice({
    kind: 'due-date-moved',
    moved: {
      from: DAY,
      to: '2026-04-11',
      dates: [
        { loanId: 'l1', holdId: null, bookId: 'b1', bookTitle: TEXT.title!, day: '2026-04-12' },
        { loanId: null, holdId: 'h1', bookId: 'b2', bookTitle: TEXT.title!, day: '2026-04-13' },
      ],
    },
  }),
};

describe('values in Bangla sentences', () => {
  it('leaves no Latin month name and no number in Latin digits in any sentence of the catalogue', () => {
    const keys = Object.keys(en) as SentenceKey[];
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.map((key) => latinLeft(say('bn', key, sampleValues(key)))).filter(Boolean)).toEqual([]);
  });

  it.each(Object.entries(NOTICES))(
    'says a notice (%s) in Bangla with Bangla months and Bengali digits',
    async (_, n) => {
      for (const policy of [DEFAULT_POLICY, { ...DEFAULT_POLICY, feeDays: 'calendar' as const }]) {
        // Saying a notice reads nothing from the store.
        const notices = createNotices({} as Store, { timeZone: 'Asia/Dhaka', policy });
        expect(latinLeft(await notices.message(n, 'bn'))).toBeNull();
      }
      // Click and collect: a ready hold's notice gives its last pickup day's hours, read from the calendar.
      const hours = { weekday: 0, opens: '09:30', closes: '17:00' };
      const calendar = { days: async () => ({ hoursOn: () => hours }) } as unknown as LibraryCalendar;
      const policy = { ...DEFAULT_POLICY, borrowing: 'collect' as const };
      const notices = createNotices({} as Store, { timeZone: 'Asia/Dhaka', policy, calendar });
      expect(latinLeft(await notices.message(n, 'bn'))).toBeNull();
    },
  );

  it('writes each form of a day, a number and an amount as the language does, English as it always has', () => {
    const moved = { closed: DAY, title: 'Gitanjali', day: '2026-04-12' };
    expect(say('en', 'noticeDueDateMovedLoan', moved)).toBe(
      'The library is closed on 10 April; your loan of “Gitanjali” is now due on 12 April.',
    );
    expect(say('bn', 'noticeDueDateMovedLoan', moved)).toBe(
      'লাইব্রেরি ১০ এপ্রিল বন্ধ থাকবে; “Gitanjali” ফেরত দেওয়ার নতুন তারিখ ১২ এপ্রিল।',
    );
    // The plain form: the day as the API writes it in English, day, month and year in Bangla.
    expect(say('en', 'noticeDueSoon', { title: '1984', day: DAY })).toBe('“1984” is due back on 2026-04-10.');
    expect(say('bn', 'noticeDueSoon', { title: '1984', day: DAY })).toBe('“1984” ফেরত দেওয়ার শেষ দিন ১০ এপ্রিল ২০২৬।');
    // Day, month and year (a receipt).
    const line = { title: 'Gitanjali', barcode: 'BH00000017', day: DAY };
    expect(say('en', 'mailReceiptLine', line)).toBe('“Gitanjali” (BH00000017): due back on 10 Apr 2026');
    expect(say('bn', 'mailReceiptLine', line)).toBe('“Gitanjali” (BH00000017): ফেরতের তারিখ ১০ এপ্রিল ২০২৬');
    // An amount: the template writes the sign; plain numbers take no grouping, `number` does.
    const overdue = { title: 'Gitanjali', day: DAY, fee: 1200 };
    expect(say('en', 'noticeOverdue', overdue)).toContain('Late fees are ৳1200 a day');
    expect(say('bn', 'noticeOverdue', overdue)).toContain('দিনে ৳১২০০');
    expect(say('bn', 'mailSubjectDatesMoved', { count: 12 })).toBe('লাইব্রেরি বন্ধ: আপনার ১২টি বইয়ের নতুন তারিখ');
    expect(say('en', 'loanLimit', { limit: 1200 })).toContain('You already have 1,200 books on loan');
    expect(say('bn', 'loanLimit', { limit: 1200 })).toContain('১,২০০টি বই');
  });
});
