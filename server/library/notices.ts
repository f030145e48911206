// Notices: a stored message to a member for each event of their loans and holds, once per event (its key):
// due soon (within the policy's dueSoonDays), overdue (from the day after the due date), a hold ready (with its last
// pickup day) and a hold expired. Recorded at the transition where the gateway makes it (a return that sets a
// copy aside, an expiry) and by the schedule, which also finds what time alone brings (due soon, overdue).
import type {
  HoldRecord,
  LoanRecord,
  MovedDates,
  NewNotice,
  NoticeRecord,
  Page,
  Store,
  SuggestionRecord,
} from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError } from './errors.ts';
import { addDays, dayToDate, daysBetween, todayIn } from './calendar.ts';
import { createLibraryCalendar, type ClosedDays, type LibraryCalendar } from './library-calendar.ts';
import { createAuditTrail } from './audit.ts';
import { dueDayOf, isStaff } from './circulation.ts';
import { cursor, pageSize, paged } from './paging.ts';
import type { Policy } from './policy.ts';
import * as check from './validate.ts';
import type { Locale } from './i18n/index.ts';
import { noticeMessage } from './notice-messages.ts';
import { isPickupRequest, pickupFrom, requestEnd } from './rules/pickup-wait.ts';

const SWEEP_PAGE = 100;

/** A decided suggestion's notice key: this, then the suggestion's id. */
const SUGGESTION_KEY = 'suggestion-decided:';

/**
 * How long a due-date-moved notice takes in later moves of the member's dates (and holds back its e-mail): a
 * closure entered day by day over a few minutes is one notice, not one a day.
 */
export const MOVES_JOIN_MS = 30 * 60_000;

/** A member's overdue-summary notice of a library day: one a day, whoever sends it and however often. */
export const overdueSummaryKey = (userId: string, day: string) => `overdue-reminders:${userId}:${day}`;

const about = (record: { bookId: string; bookTitle: string }) => ({
  bookId: record.bookId,
  bookTitle: record.bookTitle,
});

/** A notice's moved dates with a later move's: the closed days widened, each loan or hold at its newest day. */
function joinMoves(was: MovedDates, next: MovedDates): MovedDates {
  const same = (a: MovedDates['dates'][number], b: MovedDates['dates'][number]) =>
    a.loanId === b.loanId && a.holdId === b.holdId;
  const kept = was.dates.map((date) => next.dates.find((d) => same(d, date)) ?? date);
  const added = next.dates.filter((d) => !was.dates.some((date) => same(d, date)));
  return {
    from: next.from < was.from ? next.from : was.from,
    to: next.to > was.to ? next.to : was.to,
    dates: [...kept, ...added],
    ...(next.opened ? { opened: true } : {}),
  };
}

/** Lets requests waiting on the event loop run before the next page of a long job. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface Notices {
  /**
   * Records every notice due now that is not recorded yet; returns how many it added. `onceADay` (the
   * schedule's minute runs): only on this process's first run of each library day, as nothing else brings a
   * loan's notice due between two runs of one day (see forLoan).
   */
  sweep(opts?: { onceADay?: boolean }): Promise<number>;
  /** Records "due soon" for a loan just made or renewed whose due day is within the window already. */
  forLoan(loan: LoanRecord): Promise<void>;
  /** Records "ready" for the book's holds that have a copy set aside (after a return, a cancellation). */
  readyFor(bookId: string): Promise<void>;
  /**
   * Records a reminder of an overdue loan, sent by staff: one a library day (`reminder:<loan>:<day>`), with its
   * e-mail when the library sends e-mail. `fresh` false: today's reminder was recorded already.
   */
  remind(loan: LoanRecord): Promise<{ notice: NewNotice; fresh: boolean }>;
  /**
   * Records staff's reminder to each member of their loans at least some days overdue (the longest overdue first):
   * one overdue-summary notice a member a library day (overdueSummaryKey), with its e-mail and SMS as the library
   * sends them. Answers the members it was new for.
   */
  remindAll(day: string, members: { userId: string; loans: LoanRecord[] }[]): Promise<Set<string>>;
  /** Records that staff accepted or declined the member's purchase suggestion (once per suggestion). */
  suggestionDecided(suggestion: SuggestionRecord): Promise<void>;
  /** Records "expired" for these holds. */
  expired(holds: HoldRecord[]): Promise<void>;
  /**
   * AUTO_RENEW: records "renewed" for a loan just renewed by itself (once per new due day), or its due-soon notice
   * saying why it was not (`refused`: the renewal's refusal code, kept as the key's last part).
   */
  autoRenewal(loan: LoanRecord, refused?: string): Promise<void>;
  /** Records "due date moved" for the loans and ready holds a closure on `closedDay` moved to a later day. */
  datesMoved(
    closed: ClosedDays,
    loans: LoanRecord[],
    holds: { hold: HoldRecord; until: string }[],
    /** The days are open after all (a moon-dated holiday moved or dropped): the dates went back. */
    opened?: boolean,
  ): Promise<void>;
  list(
    session: Session,
    userId: string,
    opts: {
      unreadOnly: boolean;
      first: number | null | undefined;
      after: string | null | undefined;
      /** How many there are, when the caller read it already (a member's summary): not counted again. */
      total?: number;
    },
  ): Promise<Page<NoticeRecord>>;
  markRead(session: Session, ids: readonly string[] | null | undefined): Promise<number>;
  /**
   * The notice as sentences for the member, in their language (English when left out); a ready hold's in a
   * click-and-collect library with the hours of its last pickup day, as the calendar has them now.
   */
  message(notice: NoticeRecord, locale?: Locale): Promise<string>;
  /** Where in the SPA the notice leads. */
  link(notice: NoticeRecord): string;
}

export function createNotices(
  store: Store,
  opts: {
    timeZone: string;
    policy: Policy;
    /** The library's calendar: a ready hold's last pickup day is a day it opens. */
    calendar?: LibraryCalendar;
    now?: () => Date;
    /** Queue each new notice's e-mail too. */ mail?: boolean;
    /** Queue each new notice's SMS too. */ sms?: boolean;
  },
): Notices {
  const now = opts.now ?? (() => new Date());
  const mail = { mail: opts.mail === true, sms: opts.sms === true };
  const today = () => todayIn(opts.timeZone, now());
  const calendar = opts.calendar ?? createLibraryCalendar(store, { ...opts, now, audit: createAuditTrail(store, now) });
  const holdNotice = async (hold: HoldRecord, kind: 'hold-ready' | 'hold-expired'): Promise<NewNotice> => ({
    userId: hold.userId,
    kind,
    // A pickup request that ended is told in its own words (notice-messages.ts reads the key's last part).
    key:
      kind === 'hold-expired' && isPickupRequest(hold)
        ? `${kind}:${hold.id}:${requestEnd(hold)}`
        : `${kind}:${hold.id}`,
    bookId: hold.bookId,
    bookTitle: hold.bookTitle,
    loanId: null,
    holdId: hold.id,
    // A pickup request's last pickup day counts from its shelving (rules/pickup-wait.ts).
    day: await calendar.lastPickupDay(pickupFrom(hold) ?? now()),
    createdAt: now(),
  });
  // A pickup request (click and collect) is ready at once, but its member is told once staff put the copy on the
  // hold shelf (hold-shelf.ts tells readyFor): until then it is being fetched.
  const beingFetched = (hold: HoldRecord) => hold.returnDate !== null && hold.shelvedAt === null;
  const holdNotices = (holds: HoldRecord[], kind: 'hold-ready' | 'hold-expired') =>
    Promise.all(
      holds.filter((hold) => kind !== 'hold-ready' || !beingFetched(hold)).map((hold) => holdNotice(hold, kind)),
    );

  /** The notice a loan is owed today, if any: due soon within the window, overdue from the day after. */
  const loanNotice = (loan: LoanRecord, day: string): NewNotice | null => {
    // A claimed return (RETURNS=desk) is on its way back: no "due soon" or "overdue" nudges for it.
    if (loan.status !== 'borrowed') return null;
    const dueDay = dueDayOf(loan);
    if (daysBetween(day, dueDay) > opts.policy.dueSoonDays) return null;
    const kind = daysBetween(dueDay, day) >= 1 ? 'overdue' : 'due-soon';
    let key = `${kind}:${loan.id}:${dueDay}`;
    // AUTO_RENEW: the day's auto-renewal run renews a loan the day before it is due or records its due-soon
    // notice with why not (decision 082); only a loan no renewal can move is told here, at the window's start.
    if (kind === 'due-soon' && opts.policy.autoRenew) {
      if (loan.renewals < opts.policy.maxRenewals) return null;
      key = `${key}:RENEWAL_LIMIT`;
    }
    return {
      userId: loan.userId,
      kind,
      key,
      bookId: loan.bookId,
      bookTitle: loan.bookTitle,
      loanId: loan.id,
      holdId: null,
      day: dueDay,
      createdAt: now(),
    };
  };
  /** The library day of this process's last complete sweep: the minute runs of that day have nothing to find. */
  let sweptDay: string | null = null;

  /**
   * Records the notices not recorded yet. Most were, on an earlier run: a read says which, so only the rest
   * are written (a write moves the store's revision, and with it every ETag). Returns how many it added.
   */
  async function recordNew(notices: NewNotice[]): Promise<number> {
    if (notices.length === 0) return 0;
    const done = await store.notices.recorded(notices.map((n) => n.key));
    const fresh = notices.filter((n) => !done.has(n.key));
    return fresh.length === 0 ? 0 : (await store.notices.record(fresh, mail)).length;
  }

  const suggestionOf = (notice: NoticeRecord) =>
    store.suggestions.get(notice.key.startsWith(SUGGESTION_KEY) ? notice.key.slice(SUGGESTION_KEY.length) : '');

  function own(session: Session, userId: string): void {
    if (userId !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'ownNoticesOnly');
  }

  return {
    async remind(loan) {
      const notice: NewNotice = {
        userId: loan.userId,
        kind: 'overdue',
        key: `reminder:${loan.id}:${today()}`,
        bookId: loan.bookId,
        bookTitle: loan.bookTitle,
        loanId: loan.id,
        holdId: null,
        day: dueDayOf(loan),
        createdAt: now(),
      };
      return { notice, fresh: (await store.notices.record([notice], mail)).length === 1 };
    },

    async remindAll(day, members) {
      const list = members.flatMap(({ userId, loans }): NewNotice[] => {
        const [first] = loans;
        if (!first) return [];
        const overdue = loans.map((loan) => ({ ...about(loan), loanId: loan.id, day: dueDayOf(loan) }));
        const key = overdueSummaryKey(userId, day);
        return [
          {
            userId,
            kind: 'overdue-summary',
            key,
            ...about(first),
            loanId: first.id,
            holdId: null,
            day,
            createdAt: now(),
            overdue,
          },
        ];
      });
      return new Set((await store.notices.record(list, mail)).map((notice) => notice.userId));
    },

    async sweep(o = {}) {
      const day = today();
      // Every minute re-reading each loan due soon or late cost 0.8 s of CPU a minute at 20,000 loans (13,000
      // of them noticed already), in the gateway's event loop. A loan's notice falls due when the day turns, or
      // when it is made or renewed (forLoan, at once); a ready hold's at the return (readyFor). So a day's
      // first run finds all of it, and a crash between a write and its notice is repaired the next day.
      if (o.onceADay && sweptDay === day) return 0;
      let added = 0;
      // Active loans due within dueSoonDays or already late, in pages of the overdue list's order. Each page
      // is recorded on its own and the event loop gets a turn between pages: SQLite answers synchronously, so
      // without it a library with thousands of due loans held every request (and the file's write lock) for
      // over a second each minute.
      const before = dayToDate(addDays(day, opts.policy.dueSoonDays + 1));
      for (let after: string | null = null; ;) {
        const page = await store.loans.overdue(before, { first: SWEEP_PAGE, after });
        added += await recordNew(page.nodes.flatMap((loan) => loanNotice(loan, day) ?? []));
        if (!page.hasNextPage) break;
        after = page.endCursor;
        await nextTurn();
      }
      for (let after: string | null = null; ;) {
        const page = await store.holds.ready({ first: SWEEP_PAGE, after });
        added += await recordNew(await holdNotices(page.nodes, 'hold-ready'));
        if (!page.hasNextPage) break;
        after = page.endCursor;
        await nextTurn();
      }
      sweptDay = day;
      return added;
    },

    async forLoan(loan) {
      const notice = loanNotice(loan, today());
      if (notice) await recordNew([notice]);
    },

    async readyFor(bookId) {
      const ready = (await store.holds.queue(bookId)).filter((h) => h.status === 'ready');
      await recordNew(await holdNotices(ready, 'hold-ready'));
    },

    async autoRenewal(loan, refused) {
      const kind = refused ? 'due-soon' : 'renewed';
      const dueDay = dueDayOf(loan);
      const key = refused ? `due-soon:${loan.id}:${dueDay}:${refused}` : `renewed:${loan.id}:${dueDay}`;
      const notice = { userId: loan.userId, kind, key, ...about(loan), loanId: loan.id, holdId: null } as const;
      await recordNew([{ ...notice, day: dueDay, createdAt: now() }]);
    },

    async suggestionDecided(suggestion) {
      const notice: NewNotice = {
        userId: suggestion.userId,
        kind: 'suggestion-decided',
        key: `${SUGGESTION_KEY}${suggestion.id}`,
        bookId: '',
        bookTitle: suggestion.title,
        loanId: null,
        holdId: null,
        day: today(),
        createdAt: now(),
      };
      await store.notices.record([notice], mail);
    },

    async expired(holds) {
      await store.notices.record(await holdNotices(holds, 'hold-expired'), mail);
    },

    async datesMoved(closed, loans, holds, opened = false) {
      const byMember = new Map<string, MovedDates['dates']>();
      const add = (userId: string, date: MovedDates['dates'][number]) =>
        byMember.set(userId, [...(byMember.get(userId) ?? []), date]);
      for (const loan of loans)
        add(loan.userId, { ...about(loan), loanId: loan.id, holdId: null, day: dueDayOf(loan) });
      for (const { hold, until } of holds) {
        add(hold.userId, { ...about(hold), loanId: null, holdId: hold.id, day: until });
        // The notice that it is ready says the day it now waits until, as the hold does.
        await store.notices.redate(`hold-ready:${hold.id}`, until);
      }
      for (const [userId, dates] of byMember) {
        // Moved again while the member has not read of the last move, and before its e-mail went: the same
        // notice, with the dates as they are now (staff entering a closure day by day tell each member once).
        const recent = await store.notices.movedSince(userId, new Date(now().getTime() - MOVES_JOIN_MS));
        // A move back joins only another move back: one notice says either "closed" or "open after all".
        if (recent?.moved && (recent.moved.opened ?? false) === opened) {
          const moved = joinMoves(recent.moved, { ...closed, dates, ...(opened ? { opened } : {}) });
          if (await store.notices.updateMoved(recent.id, moved, moved.dates[0]?.day ?? recent.day)) continue;
        }
        const [first] = dates;
        if (!first) continue;
        const { loanId, holdId, bookId, bookTitle, day } = first;
        const createdAt = now();
        const key = `due-date-moved:${userId}:${closed.from}:${closed.to}:${createdAt.getTime()}`;
        const notice = {
          userId,
          kind: 'due-date-moved',
          key,
          bookId,
          bookTitle,
          loanId,
          holdId,
          day,
          createdAt,
        } as const;
        // Its e-mail waits as long as moves join it, so it says the dates the member ends up with.
        await store.notices.record([{ ...notice, moved: { ...closed, dates, ...(opened ? { opened } : {}) } }], {
          ...mail,
          mailAfterMs: MOVES_JOIN_MS,
        });
      }
    },

    async list(session, userId, o) {
      own(session, userId);
      const size = pageSize(o.first);
      return paged(() =>
        store.notices.list(userId, {
          unreadOnly: o.unreadOnly,
          page: { first: size, after: cursor(o.after) },
          total: o.total,
        }),
      );
    },

    async markRead(session, ids) {
      if (ids && ids.length > 100) throw new LibraryError('BAD_USER_INPUT', 'markAtMost', {}, 'ids');
      const checked = ids?.map((id) => check.id(id, 'ids')) ?? [];
      return store.notices.markRead(session.uid, checked.length > 0 ? checked : null, now());
    },

    async message(notice, locale = 'en') {
      const atDesk = notice.kind === 'hold-ready' && opts.policy.borrowing === 'collect';
      const hours = atDesk ? (await calendar.days(notice.day, notice.day)).hoursOn(notice.day) : null;
      // A decided suggestion's notice says the decision as it stands (read from the suggestion its key names).
      const decided = notice.kind === 'suggestion-decided' ? await suggestionOf(notice) : null;
      return noticeMessage(notice, locale, opts.policy, hours, decided);
    },

    link(notice) {
      if (notice.kind === 'suggestion-decided') return '/suggest';
      return notice.loanId ? '/borrowed-books' : `/book-details/${notice.bookId}`;
    },
  };
}
