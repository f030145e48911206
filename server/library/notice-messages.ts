// What a notice says: its sentences in the reader's language, said when it is read or e-mailed from what the
// notice records (its kind, day, title and moved dates), never from a sentence written in English first. Each
// sentence is a key of i18n/en.ts with raw values; the templates say how a day or an amount is written.
import type { NoticeRecord, SuggestionRecord } from '../store/port.ts';
import type { Policy } from './policy.ts';
import { say, type Locale } from './i18n/index.ts';
import type { NoArgKey } from './i18n/keys.ts';
import { requestEndOfKey } from './rules/pickup-wait.ts';
import { daysBetween } from './calendar.ts';

/**
 * Why an auto-renewal (AUTO_RENEW) left a loan due soon: the refusal's code, the last part of its due-soon notice's
 * key when it has one (auto-renewals.ts), said as the renewal's own refusal is.
 */
function notRenewed(notice: NoticeRecord, locale: Locale, policy: Policy): string | null {
  const parts = notice.key.split(':');
  if (parts.length < 4) return null;
  const code = parts[3];
  if (code === 'RENEWAL_LIMIT')
    return policy.maxRenewals === 0
      ? say(locale, 'noRenewals')
      : say(locale, 'renewalLimit', { times: policy.maxRenewals });
  const keys: Record<string, NoArgKey> = {
    BOOK_REQUESTED: 'bookRequested',
    MEMBER_BLOCKED: 'autoRenewBlocked',
    FEES_UNPAID: 'autoRenewFeesOwed',
    LOAN_OVERDUE: 'autoRenewOverdue',
  };
  return say(locale, (code === undefined ? undefined : keys[code]) ?? 'autoRenewRefused');
}

/** The closed day a due-date-moved notice is about: the last part of its key (notices.ts datesMoved writes it). */
const movedFrom = (notice: NoticeRecord): string => notice.key.slice(notice.key.lastIndexOf(':') + 1);

/**
 * A due-date-moved notice. One date moved by one closed day is one sentence; more are a sentence for the closed
 * days and one for each date.
 */
function movedMessage(notice: NoticeRecord, locale: Locale): string {
  const moved = notice.moved;
  const [only] = moved?.dates ?? [];
  if (moved?.opened) {
    // A moon-dated holiday moved or dropped: its days are open after all, and the dates it had moved went back.
    return [
      moved.from === moved.to
        ? say(locale, 'noticeOpenOn', { day: moved.from })
        : say(locale, 'noticeOpenFromTo', { from: moved.from, until: moved.to }),
      ...moved.dates.map((d) => say(locale, 'noticeLoanNowDue', { title: d.bookTitle, day: d.day })),
    ].join(' ');
  }
  if (!moved || (moved.dates.length === 1 && moved.from === moved.to && only)) {
    const one = only ?? notice;
    const values = { closed: moved?.from ?? movedFrom(notice), title: one.bookTitle, day: one.day };
    return say(locale, one.loanId ? 'noticeDueDateMovedLoan' : 'noticeDueDateMovedHold', values);
  }
  return [
    moved.from === moved.to
      ? say(locale, 'noticeClosedOn', { closed: moved.from })
      : say(locale, 'noticeClosedFromTo', { from: moved.from, until: moved.to }),
    ...moved.dates.map((d) =>
      say(locale, d.loanId ? 'noticeLoanNowDue' : 'noticeHoldNowUntil', { title: d.bookTitle, day: d.day }),
    ),
  ].join(' ');
}

/** Staff's reminder of every loan at least some days overdue: each loan with its days late on the day sent. */
function overdueSummary(notice: NoticeRecord, locale: Locale): string {
  const loans = notice.overdue ?? [{ bookTitle: notice.bookTitle, day: notice.day }];
  const titles = loans
    .map((loan) =>
      say(locale, 'noticeOverdueSummaryItem', { title: loan.bookTitle, days: daysBetween(loan.day, notice.day) }),
    )
    .join('; ');
  return say(locale, 'noticeOverdueSummary', { count: loans.length, titles });
}

/**
 * The notice as sentences for the member, in their language. `hours`: the library's hours on a ready hold's last
 * pickup day, which a staffed library's notice gives (click and collect: the member picks it up at the desk).
 * `suggestion`: a decided suggestion's notice's suggestion (its decision and staff's reason).
 */
export function noticeMessage(
  notice: NoticeRecord,
  locale: Locale,
  policy: Policy,
  hours?: { opens: string; closes: string } | null,
  suggestion?: Pick<SuggestionRecord, 'status' | 'reason'> | null,
): string {
  const values = { title: notice.bookTitle, day: notice.day };
  switch (notice.kind) {
    case 'due-soon': {
      const why = notRenewed(notice, locale, policy);
      return why ? `${say(locale, 'noticeDueSoon', values)} ${why}` : say(locale, 'noticeDueSoon', values);
    }
    case 'renewed':
      return say(locale, 'noticeRenewed', values);
    case 'overdue':
      return say(locale, policy.feeDays === 'open' ? 'noticeOverdueOpenDays' : 'noticeOverdue', {
        ...values,
        fee: policy.lateFeePerDay,
      });
    case 'hold-ready':
      // BORROWING=collect: no app action takes the copy out; it is handed over at the desk (decision 075).
      if (policy.borrowing !== 'collect') return say(locale, 'noticeHoldReady', values);
      return hours
        ? say(locale, 'noticeHoldReadyAtDesk', { ...values, opens: hours.opens, closes: hours.closes })
        : say(locale, 'noticeHoldReadyAtDeskNoHours', values);
    case 'hold-expired':
      // A pickup request that ended is not "a hold expired": the member asked to borrow it (decision 075).
      switch (requestEndOfKey(notice.key)) {
        case 'unshelved':
          return say(locale, 'noticeRequestEndedUnshelved', values);
        case 'uncollected':
          return say(locale, 'noticeRequestEndedUncollected', values);
        default:
          return say(locale, 'noticeHoldExpired', values);
      }
    case 'due-date-moved':
      return movedMessage(notice, locale);
    case 'overdue-summary':
      return overdueSummary(notice, locale);
    case 'suggestion-decided': {
      const reason = suggestion?.reason ?? '';
      if (suggestion?.status === 'declined') return say(locale, 'noticeSuggestionDeclined', { ...values, reason });
      return reason
        ? say(locale, 'noticeSuggestionAcceptedWhy', { ...values, reason })
        : say(locale, 'noticeSuggestionAccepted', values);
    }
  }
}
