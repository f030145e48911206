// The desk's lists and reports (staff only): the day's cash-up, the overdue list as a spreadsheet, and a
// reminder sent to a member about one overdue loan. Reads over the store; the reminder is a notice like the
// schedule's, so it reaches the member's bell and, when they take e-mail, their inbox.
import { readReference } from '../store/port.ts';
import type { LedgerRecord, LoanRecord, NewNotice, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { addDays, dayToDate, daysBetween, parseDay, startOfDay, todayIn } from './calendar.ts';
import { dueDayOf, requireStaff } from './circulation.ts';
import type { AuditTrail } from './audit.ts';
import type { Notices } from './notices.ts';
import * as check from './validate.ts';

/** What one staff member took in and waived on a day. */
export interface CashUpLine {
  /** The staff member as recorded on the entries (name and e-mail). */
  recordedBy: string;
  payments: number;
  waivers: number;
  /** How many entries (payments and waivers). */
  entries: number;
}

/** A day at the desk in money: each staff member's payments and waivers, the totals, and every entry. */
export interface CashUp {
  day: string;
  lines: CashUpLine[];
  payments: number;
  waivers: number;
  /** Each entry with its member's name (null once the account is erased). */
  entries: (LedgerRecord & { memberName: string | null })[];
}

export interface DeskReports {
  /** The cash-up of one library day (YYYY-MM-DD, not after today), by staff member (A to Z). */
  cashUp(session: Session, day: unknown): Promise<CashUp>;
  /**
   * Records an overdue reminder for the loan (one a library day: sending again that day answers the first) and
   * queues its e-mail when the member takes e-mail. Refused for a loan that is not overdue.
   */
  /** The payment or waiver with this receipt reference (as staff type it), with its member's name; null when none. */
  receipt(session: Session, reference: unknown): Promise<(LedgerRecord & { memberName: string | null }) | null>;
  remind(session: Session, loanId: unknown): Promise<{ notice: NewNotice; loan: LoanRecord; fresh: boolean }>;
  /** Every overdue loan at least `minDays` late, the longest overdue first, as CSV lines (a header first). */
  overdueCsv(session: Session, minDays: unknown): Promise<AsyncIterable<string>>;
  /** The due-before date of a list of loans at least `minDays` late (validated): what the store's overdue() takes. */
  overdueBefore(minDays: unknown): Date;
}

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading =+-@ is defused. */
export function csvField(value: string | number): string {
  let text = String(value);
  // A spreadsheet runs a cell starting with = + - @ as a formula: a title like "=HYPERLINK(...)" must stay text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_HEADER = [
  'Member',
  'Card',
  'E-mail',
  'Phone',
  'Book',
  'Due date',
  'Days late',
  'Fee so far',
  'Return claimed',
  'Loan',
];

export function createDeskReports(
  store: Store,
  opts: {
    timeZone: string;
    now?: () => Date;
    notices: Notices;
    audit: AuditTrail;
    /** A loan's late fee so far (circulation's standing: the one fee rule). */
    feeSoFar: (loan: LoanRecord) => Promise<number>;
  },
): DeskReports {
  const now = opts.now ?? (() => new Date());
  const today = () => todayIn(opts.timeZone, now());

  function overdueBefore(rawMinDays: unknown): Date {
    const minDays =
      rawMinDays === undefined || rawMinDays === null
        ? 1
        : check.number(rawMinDays, 'minDays', { min: 1, max: 3650, integer: true });
    // A loan is d days late on the d-th day after its due day: at least minDays late means due on or before
    // today - minDays, i.e. before the day after it.
    return dayToDate(addDays(today(), 1 - minDays));
  }

  return {
    overdueBefore,

    async cashUp(session, rawDay) {
      requireStaff(session);
      const day = typeof rawDay === 'string' ? parseDay(rawDay, opts.timeZone) : null;
      if (day === null || rawDay !== day) throw badInput('day', 'fieldDay', { field: 'day' });
      if (day > today()) throw badInput('day', 'cashUpFuture');
      const entries = await store.ledger.credits(
        startOfDay(day, opts.timeZone),
        startOfDay(addDays(day, 1), opts.timeZone),
      );
      const lines = new Map<string, CashUpLine>();
      for (const entry of entries) {
        const by = entry.recordedBy ?? '';
        const line = lines.get(by) ?? { recordedBy: by, payments: 0, waivers: 0, entries: 0 };
        if (entry.kind === 'payment') line.payments += entry.amount;
        else line.waivers += entry.amount;
        line.entries += 1;
        lines.set(by, line);
      }
      // Each member's name read once, however many of their entries the day holds.
      const uids = [...new Set(entries.map((entry) => entry.userId))];
      const members = await Promise.all(uids.map((uid) => store.users.getByUid(uid)));
      const names = new Map(uids.map((uid, i) => [uid, members[i]?.name ?? null]));
      const sorted = [...lines.values()].sort((a, b) => a.recordedBy.localeCompare(b.recordedBy));
      return {
        day,
        lines: sorted,
        payments: sorted.reduce((sum, line) => sum + line.payments, 0),
        waivers: sorted.reduce((sum, line) => sum + line.waivers, 0),
        entries: entries.map((entry) => ({ ...entry, memberName: names.get(entry.userId) ?? null })),
      };
    },

    async receipt(session, raw) {
      requireStaff(session);
      const reference = readReference(check.text(raw, 'reference', { max: 40 }));
      const entry = reference ? await store.ledger.byReference(reference) : null;
      if (!entry) return null;
      return { ...entry, memberName: (await store.users.getByUid(entry.userId))?.name ?? null };
    },

    async remind(session, rawLoanId) {
      requireStaff(session);
      const loan = await store.loans.get(check.id(rawLoanId, 'loanId'));
      if (!loan) throw new LibraryError('NOT_FOUND', 'loanNotFound');
      // A claimed return is on its way back; an ended loan has nothing to remind of.
      if (loan.status !== 'borrowed') throw new LibraryError('LOAN_NOT_ACTIVE', 'loanNotActive');
      if (daysBetween(dueDayOf(loan), today()) < 1)
        throw badInput('loanId', 'notOverdueYet', { title: loan.bookTitle, day: dueDayOf(loan) });
      const { notice, fresh } = await opts.notices.remind(loan);
      if (fresh) {
        await opts.audit.record(session, [
          {
            action: 'reminder-sent',
            field: null,
            oldValue: null,
            newValue: notice.day,
            bookId: loan.bookId,
            uid: loan.userId,
            loanId: loan.id,
          },
        ]);
      }
      return { notice, loan, fresh };
    },

    async overdueCsv(session, rawMinDays) {
      requireStaff(session);
      const dueBefore = overdueBefore(rawMinDays);
      const day = today();
      return (async function* lines() {
        yield `${CSV_HEADER.join(',')}\r\n`;
        let after: string | null = null;
        // A member's card and phone are on their record, not the loan: read once per member in the list.
        const members = new Map<string, { card: string; phone: string }>();
        const memberOf = async (uid: string) => {
          if (!members.has(uid)) {
            const user = await store.users.getByUid(uid);
            members.set(uid, { card: user?.cardNumber ?? '', phone: user?.phone ?? '' });
          }
          return members.get(uid) ?? { card: '', phone: '' };
        };
        do {
          const page = await store.loans.overdue(dueBefore, { first: 100, after });
          for (const loan of page.nodes) {
            const member = await memberOf(loan.userId);
            const row = [
              loan.userName,
              member.card,
              loan.userEmail,
              member.phone,
              loan.bookTitle,
              dueDayOf(loan),
              daysBetween(dueDayOf(loan), day),
              await opts.feeSoFar(loan),
              loan.claimedAt ? todayIn(opts.timeZone, loan.claimedAt) : '',
              loan.id,
            ];
            yield `${row.map(csvField).join(',')}\r\n`;
          }
          after = page.hasNextPage ? page.endCursor : null;
        } while (after !== null);
      })();
    },
  };
}
