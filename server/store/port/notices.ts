// Notices: messages to members about their loans and holds, and the e-mail of each.
import type { Page, PageRequest } from './paging.ts';

/**
 * 'due-date-moved': the library closed on a loan's due day or a ready hold's last pickup day (key in notices.ts);
 * 'renewed': a loan renewed by itself (AUTO_RENEW), its day the new due day.
 */
export type NoticeKind =
  | 'due-soon'
  | 'overdue'
  | 'hold-ready'
  | 'hold-expired'
  | 'due-date-moved'
  | 'renewed'
  // Staff accepted or declined the member's purchase suggestion (key `suggestion-decided:<suggestion id>`; the
  // title is bookTitle, bookId is '').
  | 'suggestion-decided'
  // Staff reminded every member at least some days overdue at once (key `overdue-reminders:<uid>:<day>`, its day
  // the day sent): one a member a library day, its loans in `overdue`, the longest overdue first in the book fields.
  | 'overdue-summary';

/** A message to a member about one event of a loan or hold, stored once per event (its key). */
export interface NoticeRecord {
  id: string;
  userId: string;
  kind: NoticeKind;
  /** One per event, e.g. `due-soon:<loan id>:<due day>`: recording it again changes nothing. */
  key: string;
  bookId: string;
  bookTitle: string;
  loanId: string | null;
  holdId: string | null;
  /** The day the notice is about (due day, last pickup day), YYYY-MM-DD. */
  day: string;
  createdAt: Date;
  readAt: Date | null;
  /** Its e-mail (the outbox entry, stored with the notice); null when e-mail was off when it was recorded. */
  mail: NoticeMail | null;
  /** Its SMS, a second outbox entry of the same shape; null when SMS was off when it was recorded. */
  sms: NoticeMail | null;
  /**
   * A due-date-moved notice's dates (null on other kinds, and on those recorded before it existed, whose key ends
   * with the closed day): the closed days, and each loan or hold they moved with the day it moved to.
   */
  moved: MovedDates | null;
  /** An overdue-summary notice's loans, each with its due day (null on other kinds). */
  overdue: OverdueLoan[] | null;
}

/** One loan an overdue-summary notice lists: its book and the day it was due (YYYY-MM-DD). */
export interface OverdueLoan {
  loanId: string;
  bookId: string;
  bookTitle: string;
  day: string;
}

/** One member's dates a closure moved, told in one notice. */
export interface MovedDates {
  /** The first and last closed day (YYYY-MM-DD). */
  from: string;
  to: string;
  dates: { loanId: string | null; holdId: string | null; bookId: string; bookTitle: string; day: string }[];
  /** True when the days are open after all (a moon-dated holiday moved or dropped) and the dates went back. */
  opened?: boolean;
}

export type NewNotice = Omit<NoticeRecord, 'id' | 'readAt' | 'mail' | 'sms' | 'moved' | 'overdue'> & {
  moved?: MovedDates | null;
  overdue?: OverdueLoan[] | null;
};

/** The outboxes a notice may have: its e-mail and its SMS (each a NoticeMail, sent and retried alike). */
export type OutboxChannel = 'mail' | 'sms';

/** pending: to send (again); sent; failed: every attempt failed; skipped: the member turned e-mail off. */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface NoticeMail {
  status: MailStatus;
  /** Sends started so far: each claim counts one, and a claim only succeeds with the count it read. */
  attempts: number;
  /** While pending: not before this (the next retry, or the end of a sender's claim). */
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** When it was sent, failed for good or skipped. */
  settledAt: Date | null;
}

/** What became of one attempt (settleMail); pending again with the time of the next one. */
export type MailOutcome =
  | { status: 'sent' | 'skipped'; at: Date }
  | { status: 'failed'; at: Date; error: string }
  | { status: 'pending'; at: Date; nextAttemptAt: Date; error: string };

export interface NoticeStore {
  /**
   * Records the notices not recorded yet (by key); returns those it added. With mail, each is also queued for
   * e-mail (pending from its createdAt, or `mailAfterMs` later) in the same write, so no notice is ever recorded
   * without its e-mail; with sms, for SMS the same way (and after the same wait).
   */
  record(notices: NewNotice[], opts?: { mail: boolean; sms?: boolean; mailAfterMs?: number }): Promise<NoticeRecord[]>;
  /**
   * The member's newest due-date-moved notice recorded at or after `since` that is still unread and whose e-mail,
   * if any, was not tried yet: the one a new move of their dates joins (null when there is none).
   */
  movedSince(userId: string, since: Date): Promise<NoticeRecord | null>;
  /** Sets a notice's moved dates and day, if it is still unread and its e-mail untried; false if not. */
  updateMoved(id: string, moved: MovedDates, day: string): Promise<boolean>;
  /**
   * Sets the day of the notice with this key, read or not (a ready hold's last pickup day the calendar moved, so
   * the notice, and its e-mail when not sent yet, says the day the hold now waits until); false when none has it.
   */
  redate(key: string, day: string): Promise<boolean>;
  /** Which of these keys are recorded already (a read, so a schedule can skip what it has done). */
  recorded(keys: string[]): Promise<Set<string>>;
  /**
   * Newest first. `total`: how many there are, when the caller read it already (users.summary); the page then
   * counts nothing, and reads no row when it is 0.
   */
  list(userId: string, opts: { unreadOnly: boolean; page: PageRequest; total?: number }): Promise<Page<NoticeRecord>>;
  /** Marks the member's notices read (these ids, or all when null); returns how many changed. */
  markRead(userId: string, ids: string[] | null, at: Date): Promise<number>;
  /**
   * Notices whose e-mail is pending and due by `at`, the longest waiting first (a read). This and the next two
   * work on the SMS outbox instead with `channel` 'sms'.
   */
  mailDue(at: Date, limit: number, channel?: OutboxChannel): Promise<NoticeRecord[]>;
  /**
   * Claims one e-mail to send, if it is still pending, due by `at` and tried `attempts` times (what the
   * sender read): counts the attempt and holds it until `until`. Of several senders, one gets it (the notice);
   * the others get null.
   */
  claimMail(id: string, attempts: number, at: Date, until: Date, channel?: OutboxChannel): Promise<NoticeRecord | null>;
  /** Records an attempt's outcome, if the e-mail is still pending after `attempts` tries (its claim); false if not. */
  settleMail(id: string, attempts: number, outcome: MailOutcome, channel?: OutboxChannel): Promise<boolean>;
}
