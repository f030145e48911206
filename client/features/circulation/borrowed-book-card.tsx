import { Link } from 'react-router-dom';
import type { MessageDescriptor } from 'react-intl';
import { BookImage } from '../../components/ui/book-image.tsx';
import { graphql } from '../../gql/index.ts';
import type { BorrowedLoanFragment } from '../../gql/graphql.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatDay, formatInstantDay } from '../../lib/dates.ts';
import { genreName } from '../../lib/genre-names.ts';
import { intl, useI18n } from '../../lib/i18n.ts';
import { usePolicy } from '../../lib/policy.ts';
import { calendarDay, lateText, loanDueBadge, type DueTone } from './due-badge.ts';
import { RenewControl } from './renew-control.tsx';

/**
 * A loan as My Borrowed Books lists it: the list selects just this, and borrowing and renewing ask for the
 * loan through it too, so a loan added to or changed in the cached list has every field the list shows.
 */
export const BORROWED_LOAN_FRAGMENT = graphql(`
  fragment BorrowedLoan on BorrowRecord {
    id
    bookId
    status
    borrowDate
    returnDate
    dueDate
    returnedAt
    claimedAt
    returnedVia
    renewals
    overdueDays
    fee
    feeCapped
    canRenew
    renewBlockedReason
    autoRenewsOn
    bookTitle
    bookAuthor
    bookImage
    bookCategory
  }
`);

const toneClasses: Record<DueTone, string> = {
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  blue: 'bg-blue-100 text-blue-800',
};

/** Loans closed by staff rather than returned: labelled so they are not mistaken for a normal return. */
const CLOSED: Partial<Record<BorrowedLoanFragment['status'], { badge: MessageDescriptor; closed: MessageDescriptor }>> =
  {
    LOST: { badge: { id: 'circulation.card.lost' }, closed: { id: 'circulation.card.markedLostOn' } },
    DAMAGED: { badge: { id: 'circulation.card.damaged' }, closed: { id: 'circulation.card.markedDamagedOn' } },
  };

interface BorrowedBookCardProps {
  loan: BorrowedLoanFragment;
  now: Date;
  returning: boolean;
  onReturn: (loan: BorrowedLoanFragment) => void;
  /** A renewal was refused: the list should be fetched again. */
  onStale: () => void;
}

/** RETURNS=desk: what a member is told once their Return Book recorded a claim (the gateway's own words). */
export const returnClaimedText = (): string => intl().formatMessage({ id: 'circulation.returnClaimed' });

export function BorrowedBookCard({ loan, now, returning, onReturn, onStale }: BorrowedBookCardProps) {
  const pending = loan.status === 'BORROWED';
  // Claimed as returned, not yet checked in: still on the Pending tab, with nothing left for the member to do.
  const claimed = loan.status === 'RETURNING';
  const closed = CLOSED[loan.status];
  const due = calendarDay(loan.dueDate);
  const overdue = pending && loan.overdueDays > 0;
  const { policy } = usePolicy();
  const i18n = useI18n();
  const t = i18n.formatMessage;
  const badge = pending ? loanDueBadge(due, loan.overdueDays, now, policy?.dueSoonDays ?? null) : null;
  const returnText = t({ id: returning ? 'circulation.card.returning' : 'circulation.card.return' });
  return (
    <article aria-label={loan.bookTitle} className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm">
      <div className="h-56 bg-slate-100">
        <BookImage
          src={loan.bookImage}
          alt={t({ id: 'circulation.card.coverOf' }, { title: loan.bookTitle })}
          className="h-full w-full object-contain"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4 text-sm">
        {/* Below the cover, not on it: a badge over the cover hid the title printed on it. */}
        {badge && (
          <span className={`self-start rounded-full px-3 py-1 text-xs font-semibold ${toneClasses[badge.tone]}`}>
            {badge.text}
          </span>
        )}
        {claimed && (
          <span className="self-start rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800">
            {t({ id: 'circulation.card.returnClaimed' })}
          </span>
        )}
        {closed && (
          <span className="self-start rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-800">
            {t(closed.badge)}
          </span>
        )}
        <h2 className="text-lg font-semibold text-gray-900">{loan.bookTitle}</h2>
        <p className="text-gray-600">{t({ id: 'circulation.card.byAuthor' }, { author: loan.bookAuthor })}</p>
        <p className="text-xs tracking-wide text-indigo-700">{genreName(i18n, loan.bookCategory)}</p>
        <p>{t({ id: 'circulation.card.borrowed' }, { day: formatInstantDay(loan.borrowDate, policy?.timeZone) })}</p>
        <p className={overdue ? 'font-semibold text-red-600' : undefined}>
          {t({ id: 'circulation.card.returnBy' }, { day: formatDay(loan.dueDate) })}
        </p>
        {overdue && <p className="font-semibold text-red-700">{lateText(loan.overdueDays, formatMoney(loan.fee))}</p>}
        {/* AUTO_RENEW: the gateway says the day its run will renew the loan (null when it will not: the Renew
            button then says why, when it is a reason a renewal by hand meets too). */}
        {pending && loan.autoRenewsOn && (
          <p className="text-emerald-800">
            {t({ id: 'circulation.card.autoRenewsOn' }, { day: formatDay(loan.autoRenewsOn) })}
          </p>
        )}
        {loan.returnedAt && (
          <p>
            {t(closed ? closed.closed : { id: 'circulation.card.returnedOn' }, {
              day: formatInstantDay(loan.returnedAt, policy?.timeZone),
            })}
          </p>
        )}
        {claimed && loan.claimedAt && (
          <p>
            {t(
              { id: 'circulation.card.youReturnedOn' },
              { day: formatInstantDay(loan.claimedAt, policy?.timeZone), claim: returnClaimedText() },
            )}
          </p>
        )}
        {claimed && loan.fee > 0 && (
          <p className="text-red-700">{t({ id: 'circulation.card.feeOnCheckIn' }, { fee: formatMoney(loan.fee) })}</p>
        )}
        {/* A fee still accruing that stopped at the replacement cost says so, as the Fees tab does. */}
        {(overdue || claimed) && loan.feeCapped && (
          <p className="text-red-700">{t({ id: 'circulation.card.feeCapped' })}</p>
        )}
        {closed && <p className="text-gray-700">{t({ id: 'circulation.card.lossCharged' })}</p>}
        {!pending && loan.fee > 0 && (
          <p className="text-red-700">
            {t({ id: 'circulation.card.returnedLate' }, { days: loan.overdueDays, fee: formatMoney(loan.fee) })}
          </p>
        )}
        {pending && <RenewControl loan={loan} onRefused={onStale} />}
        <div className="mt-auto flex gap-2 pt-3">
          <Link
            to={`/book-details/${loan.bookId}`}
            aria-label={t({ id: 'circulation.card.viewDetailsOf' }, { title: loan.bookTitle })}
            className="btn-secondary btn-sm flex-1"
          >
            {t({ id: 'circulation.card.viewDetails' })}
          </Link>
          {pending && (
            <button
              type="button"
              disabled={returning}
              // The name follows the visible text, so "Returning..." is announced too; the title tells cards apart.
              aria-label={t(
                { id: returning ? 'circulation.card.returningLabel' : 'circulation.card.returnLabel' },
                { title: loan.bookTitle },
              )}
              onClick={() => onReturn(loan)}
              className="btn-primary btn-sm flex-1"
            >
              {returnText}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
