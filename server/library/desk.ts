// The circulation desk's scanning work (issue 31): check a scanned copy out to a member by card, check a
// scanned copy in (with the member waiting for it, if any), renew and place holds for a member. Every rule is
// the one a member's own request meets (circulation.ts, holds.ts); this module finds the member and the copy,
// says what a scan cannot do, and records the desk's overrides and forgiven fees in the audit trail.
import type { ItemStatus, LoanRecord, Store, UserRecord } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import type { Sentence } from './i18n/keys.ts';
import { requireStaff, type Circulation, type DeskLend } from './circulation.ts';
import type { HoldView, Holds } from './holds.ts';
import type { LibraryCalendar } from './library-calendar.ts';
import type { AuditTrail } from './audit.ts';
import { barcodeOf, lendRefusal, noCopy, notOnLoan } from './item-refusals.ts';
import { createOnce } from './requests.ts';
import { newId } from '../store/ids.ts';
import { daysLate } from './policy.ts';
import { todayIn } from './calendar.ts';
import * as check from './validate.ts';
import { cardNumber, memberByCard } from './member-input.ts';
import { answerFound, checkInFound } from './lost-found.ts';
import { pickupFrom } from './rules/pickup-wait.ts';

/** The member a copy just checked in is now set aside for (the hold shelf). */
export interface HoldFoundView {
  holdId: string;
  readyUntil: string;
  member: UserRecord;
  bookTitle: string;
  barcode: string;
}

/** What a check-in by barcode did: the loan closed, its fee, and the member waiting, if any. */
export interface CheckInOutcome {
  /** The loan closed; for a lost copy found, its loan closed as lost, or null when it was marked lost by hand. */
  loan: LoanRecord | null;
  fee: number;
  daysLate: number;
  forgiven: boolean;
  itemStatus: ItemStatus;
  holdFound: HoldFoundView | null;
  /** A LOST copy found (lost-found.ts), and the replacement charge it refunded (0 when none). */
  found: boolean;
  refunded: number;
}

/** One loan's answer to renewing all of a member's loans. */
export interface RenewOutcome {
  loan: LoanRecord;
  renewed: boolean;
  code: string | null;
  /** Why it was not renewed: said in the reader's language where it is answered. */
  said: Sentence | null;
}

export interface Desk {
  checkOut(
    session: Session,
    input: { card?: unknown; barcode?: unknown; returnDate?: unknown; override?: unknown; idempotencyKey?: unknown },
  ): Promise<LoanRecord>;
  checkInItem(
    session: Session,
    input: { barcode?: unknown; forgive?: unknown; returnedOn?: unknown; idempotencyKey?: unknown },
  ): Promise<CheckInOutcome>;
  renewFor(session: Session, loanId: unknown, idempotencyKey?: unknown): Promise<LoanRecord>;
  renewAllFor(session: Session, uid: unknown): Promise<RenewOutcome[]>;
  placeHoldFor(session: Session, uid: unknown, bookId: unknown, idempotencyKey?: unknown): Promise<HoldView>;
  /** Staff: the loan that has a copy (Item.loan). */
  loan(session: Session, loanId: string): Promise<LoanRecord | null>;
}

/** Staff's reason to lend past a refusal: left out, none; given, it must say something (it goes on record). */
function overrideOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && value.trim() === '') throw badInput('override', 'deskOverrideReason');
  return check.text(value, 'override', { max: 500 });
}

export function createDesk(
  store: Store,
  opts: {
    circulation: Circulation;
    holds: Holds;
    calendar: LibraryCalendar;
    audit: AuditTrail;
    timeZone: string;
    now: () => Date;
  },
): Desk {
  const { circulation, holds, calendar, audit, now } = opts;
  const once = createOnce(store, now);
  const found = {
    store,
    once,
    audit,
    now,
    // The library's calendar year of an instant: a refund's reference counts in it.
    yearOf: (at: Date) => Number(todayIn(opts.timeZone, at).slice(0, 4)),
    outcome: (loan: LoanRecord | null, barcode: string, refunded: number) =>
      outcome(loan, 0, false, barcode, { found: true, refunded }),
  };

  async function memberOf(uid: string): Promise<UserRecord> {
    const member = await store.users.getByUid(uid);
    if (!member) throw new LibraryError('NOT_FOUND', 'memberNotFound');
    return member;
  }

  /** What a check-in did, read back: the copy's status now, and the member it is set aside for. */
  async function outcome(
    loan: LoanRecord | null,
    late: number,
    forgiven: boolean,
    barcode: string,
    found = { found: false, refunded: 0 },
  ): Promise<CheckInOutcome> {
    const item = await store.items.get(barcode);
    const hold = item?.status === 'ON_HOLD_SHELF' && item.holdId ? await store.holds.get(item.holdId) : null;
    let holdFound: HoldFoundView | null = null;
    const from = hold ? pickupFrom(hold) : null;
    if (hold && from) {
      const member =
        (await store.users.getByUid(hold.userId)) ?? absentMember(hold.userId, hold.userName, hold.userEmail);
      const readyUntil = await calendar.lastPickupDay(from);
      holdFound = { holdId: hold.id, readyUntil, member, bookTitle: hold.bookTitle, barcode };
    }
    const itemStatus = item?.status ?? 'ON_SHELF';
    return {
      loan,
      fee: found.found ? 0 : (loan?.lateFee ?? 0),
      daysLate: late,
      forgiven,
      itemStatus,
      holdFound,
      ...found,
    };
  }

  return {
    async loan(session, loanId) {
      requireStaff(session);
      return store.loans.get(loanId);
    },

    async checkOut(session, input) {
      requireStaff(session);
      const barcode = barcodeOf(input.barcode);
      // As the library keeps cards (upper case, a BM card's check digit checked), so a misread is refused.
      const card = cardNumber(input.card, 'card', true) ?? '';
      const override = overrideOf(input.override);
      // The loan's id is chosen here, so a repeat of the key can answer the loan its first send made.
      const id = newId();
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request: ['check-out', card, barcode, input.returnDate ?? null, override],
        ref: id,
        answer: (ref: string) => store.loans.get(ref),
      };
      return once(submission, async () => {
        const member = await memberByCard(store.users, card);
        if (!member) throw new LibraryError('NOT_FOUND', 'deskNoCard', { card });
        const item = await store.items.get(barcode);
        if (!item) throw noCopy(barcode);
        const refusal = await lendRefusal(store, item, member.uid);
        if (refusal) throw refusal;
        // A block, as every policy refusal, is met in the member's borrow path (and passed by an override).
        const about = { bookId: item.bookId, uid: member.uid, loanId: id };
        // The loan's audit entries, written by the store with it (decision 040): a loan made, even one a
        // restarted gateway finished, has them.
        const desk: DeskLend = {
          itemBarcode: barcode,
          override,
          overridden: [],
          audit: () =>
            audit.entries(session, [
              { action: 'check-out', field: 'item', newValue: barcode, ...about },
              // Each refusal staff lent past: its code, what it said, and staff's reason.
              ...desk.overridden.map((refused) => ({
                action: 'override' as const,
                field: refused.code,
                oldValue: refused.message,
                newValue: override,
                ...about,
              })),
            ]),
        };
        const borrower = { uid: member.uid, name: member.name, email: member.email };
        const { loan } = await circulation.lend(
          session,
          borrower,
          { bookId: item.bookId, returnDate: input.returnDate, id },
          desk,
        );
        return loan;
      });
    },

    async checkInItem(session, input) {
      requireStaff(session);
      const barcode = barcodeOf(input.barcode);
      const forgive = input.forgive === true;
      const item = await store.items.get(barcode);
      if (!item) throw noCopy(barcode);
      const request = ['check-in-item', barcode, forgive, input.returnedOn ?? null];
      if (item.status === 'LOST') return checkInFound(found, session, barcode, { key: input.idempotencyKey, request });
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request,
        // The loan it closes; a repeat answers from the loan its first send closed.
        ref: item.loanId ?? barcode,
        answer: async (ref: string) => {
          const first = answerFound(found, ref, barcode);
          if (first) return first;
          const loan = await store.loans.get(ref);
          if (!loan || loan.status !== 'returned') return null;
          const day = todayIn(opts.timeZone, loan.returnedAt ?? now());
          return outcome(loan, daysLate(loan.returnDate.toISOString().slice(0, 10), day), forgive, barcode);
        },
      };
      return once(submission, async () => {
        const loan = item.loanId ? await store.loans.get(item.loanId) : null;
        if (!loan) throw notOnLoan(barcode);
        const ended = () => notOnLoan(barcode);
        const done = await circulation.checkInLoan(session, loan, { returnedOn: input.returnedOn, forgive, ended });
        return outcome(done.loan, done.daysLate, forgive, barcode);
      });
    },

    async renewFor(session, rawLoanId, idempotencyKey) {
      requireStaff(session);
      const loanId = check.id(rawLoanId, 'loanId');
      const loan = await store.loans.get(loanId);
      if (!loan) throw new LibraryError('NOT_FOUND', 'loanNotFound');
      // What a renewal makes is the loan at its next renewal count (as a member's renewLoan).
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['renew-for', loan.id],
        ref: `${loan.id}:${loan.renewals + 1}`,
        answer: async (ref: string) => {
          const [id = '', count = ''] = ref.split(':');
          const renewed = await store.loans.get(id);
          return renewed && renewed.renewals >= Number(count) ? renewed : null;
        },
      };
      return once(submission, () => circulation.renewLoanFor(session, loan));
    },

    async renewAllFor(session, rawUid) {
      requireStaff(session);
      const member = await memberOf(check.text(rawUid, 'uid', { max: 128 }));
      const active = (await store.loans.listByUser(member.uid)).filter((loan) => loan.status === 'borrowed');
      const outcomes: RenewOutcome[] = [];
      // One at a time: each renewal's rules read the member's loans as the one before left them.
      for (const loan of active) {
        try {
          outcomes.push({
            loan: await circulation.renewLoanFor(session, loan),
            renewed: true,
            code: null,
            said: null,
          });
        } catch (error) {
          if (!(error instanceof LibraryError)) throw error;
          const current = (await store.loans.get(loan.id)) ?? loan;
          outcomes.push({ loan: current, renewed: false, code: error.code, said: error.sentence });
        }
      }
      return outcomes;
    },

    async placeHoldFor(session, rawUid, bookId, idempotencyKey) {
      requireStaff(session);
      const uid = check.text(rawUid, 'uid', { max: 128 });
      const member = await memberOf(uid);
      return holds.placeFor(session, { uid, name: member.name, email: member.email }, bookId, idempotencyKey);
    },
  };
}

/** A member whose record is gone (erased) but whose hold is not: what the hold itself says of them. */
function absentMember(uid: string, name: string, email: string): UserRecord {
  const never = new Date(0);
  return {
    id: uid,
    uid,
    name,
    email,
    photoURL: null,
    role: 'member',
    status: 'active',
    phone: null,
    createdAt: never,
    lastLoginAt: never,
    emailNotices: false,
    emailNoticesVersion: 0,
    smsNotices: false,
    locale: null,
    cardNumber: null,
    blockedReason: null,
    blockedAt: null,
  };
}
