// E-mailed notices. Each notice recorded while e-mail is on carries its e-mail's state in the store (the
// outbox): deliver() reads what is due, claims one e-mail at a time with a conditional update (so of several
// gateways one sends it), sends it through the Mailer port and settles it, or backs off and tries again later by
// the library's clock. The in-app notice is never touched by any of this. Members turn the e-mail off in the app
// or by the signed link every e-mail carries.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NoticeRecord, Store, UserRecord } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError } from './errors.ts';
import { isStaff } from './circulation.ts';
import { oneLine } from './validate.ts';
import { say, type Locale, type Values } from './i18n/index.ts';
import type { SentenceKey } from './i18n/en.ts';

/** One e-mail, as the library composes it; the Mailer only transports it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The same on every attempt for one notice, so a receiving server can drop a repeat. */
  messageId: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
}

/** What the library needs to send e-mail; server/mail/ implements it (SMTP). */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects otherwise (the attempt is retried later). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The wait after each failed attempt; once they are used up the e-mail is failed for good. The one place the
 * retry schedule lives: 6 attempts over about 10.5 hours.
 */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 8 * 3_600_000];
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** How long a claim holds an e-mail: longer than the mailer's own timeouts, so only a dead sender's lapses. */
export const MAIL_CLAIM_MS = 10 * 60_000;
const BATCH = 50;
const MAX_BATCHES = 20;

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  skipped: number;
}

export interface EmailNotices {
  /** Whether notices are e-mailed at all (a mailer is configured). */
  readonly enabled: boolean;
  /** Sends every e-mail due by now (one run at a time in this process); answers what became of them. */
  deliver(): Promise<DeliveryReport>;
  /** The member's setting, to the member and staff. */
  settingOf(session: Session, user: UserRecord): boolean;
  /** The caller turns their e-mailed notices on or off. */
  set(session: Session, enabled: boolean): Promise<UserRecord>;
  /**
   * Refuses (BAD_USER_INPUT) an unsubscribe token the library did not sign, and (CONFLICT) one made before the
   * member's last change of the setting while e-mail is on; changes nothing.
   */
  checkUnsubscribe(token: unknown): Promise<void>;
  /**
   * Turns e-mail off for the member an unsubscribe link was made for, if the setting has not changed since the
   * link was made; refuses a link that is not ours, and (CONFLICT) an outdated one while e-mail is on. An
   * outdated link while e-mail is already off changes nothing and answers the member as they are.
   */
  unsubscribe(token: unknown): Promise<UserRecord>;
  /** The one-click unsubscribe address for a member as the setting stands now (in every e-mail). */
  unsubscribeUrl(user: UserRecord): string;
}

export interface EmailNoticesOptions {
  mailer: Mailer | null;
  /** Signs unsubscribe links (the gateway's session secret: a link outlives a restart). */
  secret: Uint8Array;
  siteOrigin: () => string;
  now: () => Date;
  /** The notice's sentences in a language. */
  message: (notice: NoticeRecord, locale: Locale) => Promise<string>;
  link: (notice: NoticeRecord) => string;
  /** Told about each failed attempt (the gateway logs it). */
  onFailure?: (notice: NoticeRecord, error: unknown, willRetry: boolean) => void;
}

export const BAD_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid: it may have been cut short or changed. Sign in to BookHaven and turn off "E-mail me notices" under Notices instead.';
export const OUTDATED_UNSUBSCRIBE_LINK =
  'This unsubscribe link is older than your last change to "E-mail me notices", so it no longer changes it, and notices are still e-mailed to you. To stop them, use the link in your newest e-mail, or sign in to BookHaven and turn off "E-mail me notices" under Notices.';

const SUBJECTS: Record<NoticeRecord['kind'], SentenceKey> = {
  'due-soon': 'mailSubjectDueSoon',
  overdue: 'mailSubjectOverdue',
  'hold-ready': 'mailSubjectHoldReady',
  'hold-expired': 'mailSubjectHoldExpired',
  'due-date-moved': 'mailSubjectDueDateMoved',
  renewed: 'mailSubjectRenewed',
  'suggestion-decided': 'mailSubjectSuggestion',
  'overdue-summary': 'mailSubjectOverdueSummary',
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function createEmailNotices(store: Store, opts: EmailNoticesOptions): EmailNotices {
  // A link signs the member and the version of their setting it was made at. Links sent before versions
  // existed (uid and signature only) sign no version: they stand for version 0, the setting never changed.
  const sign = (uid: string, version: number | null) =>
    createHmac('sha256', opts.secret)
      .update(version === null ? `email-notices-off:${uid}` : `email-notices-off.v2:${version}:${uid}`)
      .digest()
      .toString('base64url');
  const tokenFor = (user: UserRecord) =>
    `${Buffer.from(user.uid).toString('base64url')}.${user.emailNoticesVersion}.${sign(user.uid, user.emailNoticesVersion)}`;
  const unsubscribeUrl = (user: UserRecord) => `${opts.siteOrigin()}/api/unsubscribe?token=${tokenFor(user)}`;

  function linkOf(token: unknown): { uid: string; version: number } {
    const bad = new LibraryError('BAD_USER_INPUT', 'unsubscribeBad', {}, 'token');
    if (typeof token !== 'string' || token.length > 512) throw bad;
    const parts = token.split('.');
    const [encoded, versionText, signature] = parts.length === 2 ? [parts[0], null, parts[1]] : parts;
    if (!encoded || !signature || parts.length > 3) throw bad;
    if (versionText !== null && !/^(0|[1-9]\d{0,8})$/.test(versionText ?? '')) throw bad;
    const version = versionText == null ? null : Number(versionText);
    const uid = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(sign(uid, version));
    const given = Buffer.from(signature);
    if (uid === '' || expected.length !== given.length || !timingSafeEqual(expected, given)) throw bad;
    return { uid, version: version ?? 0 };
  }

  const gone = () => new LibraryError('NOT_FOUND', 'unsubscribeGone');
  const outdated = () => new LibraryError('CONFLICT', 'unsubscribeOutdated', {}, 'token');

  async function compose(notice: NoticeRecord, user: UserRecord): Promise<MailMessage> {
    const origin = opts.siteOrigin();
    // In the member's chosen language; English until they choose one.
    const locale = user.locale ?? 'en';
    const words = (key: SentenceKey, values?: Values) => say(locale, key, values);
    // Titles and names are one line since the services refuse line breaks; one recorded before that (or
    // written around the services) must not start lines of its own in the text part either.
    const sentence = oneLine(await opts.message(notice, locale));
    const name = oneLine(user.name);
    const page = origin + opts.link(notice);
    const off = unsubscribeUrl(user);
    const host = new URL(origin || 'http://localhost').hostname;
    const hello = words('mailHello', { name });
    const text = [
      hello,
      '',
      sentence,
      '',
      `${words('mailOpen')}: ${page}`,
      '',
      '--',
      words('mailWhy'),
      `${words('mailStop')}: ${off}`,
      '',
    ].join('\n');
    const html = `<!doctype html><html lang="${locale}"><body>
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(page)}">${escapeHtml(words('mailOpen'))}</a></p>
<hr><p style="font-size:small">${escapeHtml(words('mailWhy'))}
<a href="${escapeHtml(off)}">${escapeHtml(words('mailStop'))}</a></p>
</body></html>`;
    return {
      to: user.email,
      // Staff's reminder of several overdue books, and a closure that moved several of the member's dates, name none
      // of them alone.
      subject: notice.overdue
        ? words('mailSubjectOverdueSummary', { count: notice.overdue.length })
        : notice.moved?.opened
          ? words('mailSubjectOpenAfterAll')
          : (notice.moved?.dates.length ?? 0) > 1
            ? words('mailSubjectDatesMoved', { count: notice.moved?.dates.length ?? 0 })
            : words(SUBJECTS[notice.kind], { title: oneLine(notice.bookTitle) }),
      text,
      html,
      messageId: `<notice-${notice.id}@${host}>`,
      headers: { 'List-Unsubscribe': `<${off}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  /** One e-mail that was due: claimed (or left to the sender that claimed it), then skipped, or sent and settled. */
  async function deliverOne(due: NoticeRecord, report: DeliveryReport): Promise<void> {
    const attempts = due.mail?.attempts ?? 0;
    const at = opts.now();
    const claimed = await store.notices.claimMail(due.id, attempts, at, new Date(at.getTime() + MAIL_CLAIM_MS));
    if (!claimed) return; // another sender has it
    const tried = attempts + 1;
    const user = await store.users.getByUid(due.userId);
    const mailer = opts.mailer;
    if (!mailer || !user || !user.emailNotices) {
      await store.notices.settleMail(due.id, tried, { status: 'skipped', at: opts.now() });
      report.skipped += 1;
      return;
    }
    try {
      await mailer.send(await compose(claimed, user));
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
      );
      if (retry) report.retrying += 1;
      else report.failed += 1;
      opts.onFailure?.(claimed, error, retry);
      return;
    }
    // Sent: if this write is lost (a crash right now), the claim lapses and the e-mail goes once more, with the
    // same Message-ID. Never sending twice would need the SMTP server to take part; never losing one is kept.
    await store.notices.settleMail(due.id, tried, { status: 'sent', at: opts.now() });
    report.sent += 1;
  }

  let running: Promise<DeliveryReport> | null = null;
  async function deliverAll(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const due = await store.notices.mailDue(opts.now(), BATCH);
      for (const notice of due) await deliverOne(notice, report);
      if (due.length < BATCH) break;
    }
    return report;
  }

  function own(session: Session, uid: string): void {
    if (uid !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'emailSettingOwn');
  }

  return {
    enabled: opts.mailer !== null,
    deliver() {
      running ??= deliverAll().finally(() => {
        running = null;
      });
      return running;
    },
    settingOf(session, user) {
      own(session, user.uid);
      return user.emailNotices;
    },
    async set(session, enabled) {
      const user = await store.users.setEmailNotices(session.uid, enabled);
      if (!user) throw new LibraryError('NOT_FOUND', 'noAccountForSession');
      return user;
    },
    async checkUnsubscribe(token) {
      const { uid, version } = linkOf(token);
      const user = await store.users.getByUid(uid);
      if (!user) throw gone();
      if (user.emailNoticesVersion !== version && user.emailNotices) throw outdated();
    },
    async unsubscribe(token) {
      const { uid, version } = linkOf(token);
      const result = await store.users.turnOffEmailNoticesAt(uid, version);
      if (!result) throw gone();
      if (!result.applied && result.user.emailNotices) throw outdated();
      return result.user;
    },
    unsubscribeUrl,
  };
}
