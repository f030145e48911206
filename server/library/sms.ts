// Notices by SMS (docs/decisions/079): the member's mobile number and their choice of SMS beside e-mail, and the
// SMS outbox. Each notice recorded while SMS is on carries its SMS's state beside its e-mail's, and is sent the
// way e-mail is (mail.ts): claimed with a conditional update, sent through the SmsSender port, settled, or tried
// again after the same backoff; the member's action that recorded the notice never waits for it. The text is the
// notice's sentences in the member's language, split into parts (sms-text.ts) up to the policy's cap.
import type { NoticeKind, NoticeRecord, Store, UserRecord } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError } from './errors.ts';
import { isStaff } from './circulation.ts';
import { oneLine } from './validate.ts';
import type { Locale } from './i18n/index.ts';
import { MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS, type DeliveryReport } from './mail.ts';
import { memberPhone } from './member-input.ts';
import { smsText, type SmsText } from './sms-text.ts';

/** One SMS as the library composes it: the number (E.164), its parts and their encoding. */
export interface SmsMessage extends SmsText {
  to: string;
  /** The same on every attempt for one notice (0-255): the parts' concatenation reference. */
  reference: number;
}

/** What the library needs to send SMS; server/sms/ implements it (SMPP). */
export interface SmsSender {
  /** Resolves once the SMS centre accepted every part; rejects otherwise (the attempt is retried later). */
  send(sms: SmsMessage): Promise<void>;
  close(): void;
}

/** The notices a member may have by SMS (a hold that lapsed is told in the app and by e-mail only). */
const SMS_KINDS: ReadonlySet<NoticeKind> = new Set([
  'due-soon',
  'overdue',
  'hold-ready',
  'due-date-moved',
  'renewed',
  'suggestion-decided',
  'overdue-summary',
]);
const BATCH = 50;
const MAX_BATCHES = 20;

export interface SmsNotices {
  /** Whether notices are sent by SMS at all (an SMS account is configured). */
  readonly enabled: boolean;
  /** Sends every SMS due by now (one run at a time in this process); answers what became of them. */
  deliver(): Promise<DeliveryReport>;
  /** The member's choice, to the member and staff. */
  settingOf(session: Session, user: UserRecord): boolean;
  /** The caller turns SMS notices on or off; on needs a mobile number (BAD_USER_INPUT without one). */
  set(session: Session, enabled: boolean): Promise<UserRecord>;
  /** The caller's own mobile number (shared/phone.ts); empty or null removes it, and SMS notices with it. */
  setPhone(session: Session, phone: unknown): Promise<UserRecord>;
}

export interface SmsNoticesOptions {
  sender: SmsSender | null;
  /** How many parts one notice may take (the policy's smsMaxParts). */
  maxParts: number;
  now: () => Date;
  /** The notice's sentences in a language. */
  message: (notice: NoticeRecord, locale: Locale) => Promise<string>;
  /** Told about each SMS sent (the gateway logs its parts). */
  onSent?: (notice: NoticeRecord, sms: SmsMessage) => void;
  /** Told about each failed attempt (the gateway logs it). */
  onFailure?: (notice: NoticeRecord, error: unknown, willRetry: boolean) => void;
}

/** A number from 0 to 255 that stays the same for one notice. */
const referenceOf = (id: string) => [...id].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 256, 7);

export function createSmsNotices(store: Store, opts: SmsNoticesOptions): SmsNotices {
  const compose = async (notice: NoticeRecord, user: UserRecord, to: string): Promise<SmsMessage> => ({
    to,
    reference: referenceOf(notice.id),
    ...smsText(oneLine(await opts.message(notice, user.locale ?? 'en')), opts.maxParts),
  });

  async function deliverOne(due: NoticeRecord, report: DeliveryReport): Promise<void> {
    const attempts = due.sms?.attempts ?? 0;
    const at = opts.now();
    const until = new Date(at.getTime() + MAIL_CLAIM_MS);
    const claimed = await store.notices.claimMail(due.id, attempts, at, until, 'sms');
    if (!claimed) return; // another sender has it
    const tried = attempts + 1;
    const user = await store.users.getByUid(due.userId);
    const to = user?.phone ? bangladeshE164(user.phone) : null;
    const sender = opts.sender;
    if (!sender || !user || !user.smsNotices || !to || !SMS_KINDS.has(due.kind)) {
      await store.notices.settleMail(due.id, tried, { status: 'skipped', at: opts.now() }, 'sms');
      report.skipped += 1;
      return;
    }
    const sms = await compose(claimed, user, to);
    try {
      await sender.send(sms);
    } catch (error) {
      const retry = tried < MAIL_MAX_ATTEMPTS;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const failedAt = opts.now();
      const delay = MAIL_RETRY_DELAYS_MS[tried - 1] ?? 0;
      await store.notices.settleMail(
        due.id,
        tried,
        retry
          ? { status: 'pending', at: failedAt, nextAttemptAt: new Date(failedAt.getTime() + delay), error: reason }
          : { status: 'failed', at: failedAt, error: reason },
        'sms',
      );
      if (retry) report.retrying += 1;
      else report.failed += 1;
      opts.onFailure?.(claimed, error, retry);
      return;
    }
    // As with e-mail: a crash before this write sends the SMS once more after the claim lapses; none is lost.
    await store.notices.settleMail(due.id, tried, { status: 'sent', at: opts.now() }, 'sms');
    report.sent += 1;
    opts.onSent?.(claimed, sms);
  }

  let running: Promise<DeliveryReport> | null = null;
  async function deliverAll(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const due = await store.notices.mailDue(opts.now(), BATCH, 'sms');
      for (const notice of due) await deliverOne(notice, report);
      if (due.length < BATCH) break;
    }
    return report;
  }

  return {
    enabled: opts.sender !== null,
    deliver() {
      running ??= deliverAll().finally(() => {
        running = null;
      });
      return running;
    },
    settingOf(session, user) {
      if (user.uid !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'smsSettingOwn');
      return user.smsNotices;
    },
    async set(session, enabled) {
      const current = await store.users.getByUid(session.uid);
      if (!current) throw new LibraryError('NOT_FOUND', 'noAccountForSession');
      if (enabled && !current.phone) throw new LibraryError('BAD_USER_INPUT', 'smsNeedsPhone', {}, 'enabled');
      const user = await store.users.setSmsNotices(session.uid, enabled);
      if (!user) throw new LibraryError('NOT_FOUND', 'noAccountForSession');
      return user;
    },
    async setPhone(session, raw) {
      const phone = memberPhone(raw);
      let user = await store.users.editDetails(session.uid, { phone });
      if (!user) throw new LibraryError('NOT_FOUND', 'noAccountForSession');
      if (phone === null && user.smsNotices) user = (await store.users.setSmsNotices(session.uid, false)) ?? user;
      return user;
    },
  };
}

/** A number kept before numbers were checked may be in any form: SMS goes only to one that reads as a mobile. */
function bangladeshE164(phone: string): string | null {
  try {
    return memberPhone(phone);
  } catch {
    return null;
  }
}
