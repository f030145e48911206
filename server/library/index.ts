// The library's services, built once per process over one store.
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/port.ts';
import type { IdTokenVerifier, SessionTokens } from './identity.ts';
import { createCatalog, type Catalog } from './catalog.ts';
import { createCirculation, type Circulation } from './circulation.ts';
import { DEFAULT_POLICY, type Policy } from './policy.ts';
import { createHolds, type Holds } from './holds.ts';
import { createNotices, type Notices } from './notices.ts';
import { createAutoRenewals, type AutoRenewals } from './auto-renewals.ts';
import { createAccounts, type Accounts } from './accounts.ts';
import { createEmailNotices, type EmailNotices, type Mailer } from './mail.ts';
import { createSmsNotices, type SmsNotices, type SmsSender } from './sms.ts';
import { createMyData, type MyData } from './my-data.ts';
import { createAuditTrail, type AuditTrail } from './audit.ts';
import { createLanguage, type Language } from './language.ts';
import { createLibraryCalendar, type LibraryCalendar } from './library-calendar.ts';
import { addDays, dayToDate } from './calendar.ts';
import { createHolidays, type Holidays } from './holidays.ts';
import { createDeskReports, type DeskReports } from './desk-reports.ts';
import { createOverdueReminders, type OverdueReminders } from './overdue-reminders.ts';
import { createItems, type Items } from './items.ts';
import { createDesk, type Desk } from './desk.ts';
import { createReceipts, type Receipts } from './receipts.ts';
import { createMembers, type Members } from './members.ts';
import { createHoldShelf, type HoldShelf } from './hold-shelf.ts';
import { createClaims, type Claims } from './claims.ts';
import { createSessions, type Sessions } from './sessions.ts';
import { createStatistics, type Statistics } from './statistics.ts';
import { createSuggestions, type Suggestions } from './suggestions.ts';
import { createReadingHistory, type ReadingHistory } from './reading-history.ts';

export interface Library {
  catalog: Catalog;
  circulation: Circulation;
  holds: Holds;
  notices: Notices;
  /** AUTO_RENEW: the daily run renewing loans due tomorrow by themselves (the schedule asks each minute). */
  autoRenewals: AutoRenewals;
  /** Notices by e-mail: the outbox's sender, the member's setting, unsubscribe links. */
  mail: EmailNotices;
  /** Notices by SMS: the outbox's sender, the member's mobile number and choice. */
  sms: SmsNotices;
  accounts: Accounts;
  /** Session tokens checked against the sessions ended before they expire (signed out, account erased). */
  sessions: Sessions;
  /** The caller's own data: download it, erase the account. */
  myData: MyData;
  /** Who did what at the desk, to the catalogue and to roles (staff read it). */
  audit: AuditTrail;
  /** The member's language (English or Bangla) and the language to answer a request in. */
  language: Language;
  /** Opening hours and closures: what due dates, pickup days and late fees follow. */
  calendar: LibraryCalendar;
  /** Staff confirm, move or drop the moon-dated holidays the calendar proposes. */
  holidays: Holidays;
  /** The desk's lists and reports: the day's cash-up, the overdue list as CSV, overdue reminders. */
  reports: DeskReports;
  /** Staff remind every member at least some days overdue at once, after a preview of how many. */
  overdueReminders: OverdueReminders;
  /** Copies as items: look one up by barcode, add copies, change a copy's status (staff). */
  items: Items;
  /** The scanning desk: check out by card and barcode, check in by barcode, renew and hold for a member. */
  desk: Desk;
  /** The desk's slips that leave the building: the checkout receipt by e-mail. */
  receipts: Receipts;
  /** Members at the desk: cards, registration, details, blocks and notes (staff). */
  members: Members;
  /** The hold shelf: holds to pull, copies put on it, ended holds' copies to take off (staff). */
  holdShelf: HoldShelf;
  /** Claims returned at the desk: a loan set aside without fees while staff look for the book. */
  claims: Claims;
  /** The library's statistics for its reports: circulation, books and genres, overdue, money, holds (staff). */
  statistics: Statistics;
  /** Members' purchase suggestions; staff accept or decline them and the member is told. */
  suggestions: Suggestions;
  /** A member's reading history: kept or not, read, deleted; the daily run that anonymizes old loans. */
  readingHistory: ReadingHistory;
}

export interface LibraryOptions {
  verifier: IdTokenVerifier;
  tokens: SessionTokens;
  adminEmails: string[];
  timeZone: string;
  /** The circulation policy; the printed defaults when left out. */
  policy?: Policy;
  now?: () => Date;
  /** The clock session tokens are issued and checked by, when it differs from now (journeys move the library's). */
  sessionNow?: () => Date;
  /** false: the circulation policy's checks off (the benchmark's baseline for what they cost). */
  enforcePolicy?: boolean;
  /** This site's public origin: image URLs on it are stored as paths (see library/site-urls.ts). */
  siteOrigin?: () => string;
  /** Sends notices by e-mail; null or left out: notices are not e-mailed. */
  mailer?: Mailer | null;
  /** Signs unsubscribe links (the session secret). */
  mailSecret?: Uint8Array;
  /** Told about each failed e-mail attempt. */
  onMailFailure?: Parameters<typeof createEmailNotices>[1]['onFailure'];
  /** Sends notices by SMS; null or left out: notices are not sent by SMS. */
  smsSender?: SmsSender | null;
  /** How many parts one notice's SMS may take (3 when left out). */
  smsMaxParts?: number;
  /** Told about each SMS sent and each failed attempt. */
  onSmsSent?: Parameters<typeof createSmsNotices>[1]['onSent'];
  onSmsFailure?: Parameters<typeof createSmsNotices>[1]['onFailure'];
}

export function createLibrary(store: Store, opts: LibraryOptions): Library {
  const policy = opts.policy ?? DEFAULT_POLICY;
  const now = opts.now ?? (() => new Date());
  const siteOrigin = opts.siteOrigin ?? (() => '');
  const mailer = opts.mailer ?? null;
  const audit = createAuditTrail(store, now);
  const sessions = createSessions(store, opts.tokens, opts.sessionNow ?? now);
  const calendar = createLibraryCalendar(store, {
    timeZone: opts.timeZone,
    policy,
    now,
    audit,
    // Closed days move what fell on them, once, to the first open day after them all, and tell each member
    // whose dates moved.
    async onClosed(closed, days) {
      const to = dayToDate(days.nextOpen(closed.to));
      const loans = await store.loans.moveDue(dayToDate(closed.from), dayToDate(closed.to), to);
      const pickups = await holds.pickupsMovedBy(closed, days);
      await notices.datesMoved(closed, loans, pickups);
    },
  });
  const smsSender = opts.smsSender ?? null;
  const notices = createNotices(store, {
    timeZone: opts.timeZone,
    policy,
    calendar,
    now,
    mail: mailer !== null,
    sms: smsSender !== null,
  });
  const sms = createSmsNotices(store, {
    sender: smsSender,
    maxParts: opts.smsMaxParts ?? 3,
    now,
    message: notices.message,
    onSent: opts.onSmsSent,
    onFailure: opts.onSmsFailure,
  });
  const mail = createEmailNotices(store, {
    mailer,
    // Without the session secret, links are good for this process only.
    secret: opts.mailSecret ?? randomBytes(32),
    siteOrigin,
    now,
    message: notices.message,
    link: notices.link,
    onFailure: opts.onMailFailure,
  });
  const holds = createHolds(store, {
    timeZone: opts.timeZone,
    policy,
    calendar,
    now: opts.now,
    audit,
    async onChange(expired, bookIds) {
      await notices.expired(expired);
      for (const bookId of bookIds) await notices.readyFor(bookId);
    },
  });
  const circulation = createCirculation(store, {
    timeZone: opts.timeZone,
    policy,
    now: opts.now,
    waitingFor: holds.waitingFor,
    afterReturn: notices.readyFor,
    afterLoan: notices.forLoan,
    enforce: opts.enforcePolicy,
    audit,
    calendar,
  });
  const holidays = createHolidays(store, {
    timeZone: opts.timeZone,
    now,
    audit,
    calendar,
    maxClosedDays: policy.maxClosedDays,
    // As onClosed, a day at a time, so that each loan moved is known with the day it was due (moved back later).
    async onClosed(closed, days) {
      const to = days.nextOpen(closed.to);
      const loans = [];
      const moves = [];
      for (let day = closed.from; day <= closed.to; day = addDays(day, 1)) {
        const moved = await store.loans.moveDue(dayToDate(day), dayToDate(day), dayToDate(to));
        loans.push(...moved);
        moves.push(...moved.map((loan) => ({ loanId: loan.id, was: day, to })));
      }
      await notices.datesMoved(closed, loans, await holds.pickupsMovedBy(closed, days));
      return moves;
    },
    onOpened: (opened, loans) => notices.datesMoved(opened, loans, [], true),
  });
  const reports = createDeskReports(store, {
    timeZone: opts.timeZone,
    now,
    notices,
    audit,
    feeSoFar: async (loan) => (await circulation.standing(loan)).fee,
  });
  return {
    calendar,
    holidays,
    reports,
    overdueReminders: createOverdueReminders(store, {
      timeZone: opts.timeZone,
      now,
      notices,
      audit,
      overdueBefore: reports.overdueBefore,
    }),
    holds,
    notices,
    autoRenewals: createAutoRenewals(store, { circulation, notices, policy, timeZone: opts.timeZone, now: opts.now }),
    mail,
    sms,
    audit,
    catalog: createCatalog(store, { siteOrigin, policy, audit }),
    circulation,
    items: createItems(store, { now, audit }),
    desk: createDesk(store, { circulation, holds, calendar, audit, timeZone: opts.timeZone, now }),
    accounts: createAccounts(store, {
      verifier: opts.verifier,
      tokens: opts.tokens,
      adminEmails: opts.adminEmails,
      audit,
    }),
    sessions,
    myData: createMyData(store, { verifier: opts.verifier, sessions, message: notices.message, audit }),
    language: createLanguage(store),
    receipts: createReceipts(store, { mailer, siteOrigin }),
    members: createMembers(store, { verifier: opts.verifier, adminEmails: opts.adminEmails, audit, now }),
    holdShelf: createHoldShelf(store, { holds, audit, now, onShelved: (hold) => notices.readyFor(hold.bookId) }),
    claims: createClaims(store, { audit, now }),
    statistics: createStatistics(store, { timeZone: opts.timeZone, policy, calendar, now }),
    suggestions: createSuggestions(store, { policy, audit, now, onDecided: notices.suggestionDecided }),
    readingHistory: createReadingHistory(store, { policy, now }),
  };
}
