import type { IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { graphql, type FragmentType, getFragmentData } from '../../../gql/index.ts';
import type { DeskLoanFragment } from '../../../gql/graphql.ts';
import { formatDay, formatInstantDay } from '../../../lib/dates.ts';
import { EmptyState } from '../desk-states.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useI18n, type MessageId } from '../../../lib/i18n.ts';

export const DESK_LOAN_FRAGMENT = graphql(`
  fragment DeskLoan on BorrowRecord {
    id
    bookId
    bookTitle
    bookAuthor
    borrowDate
    dueDate
    returnedAt
    status
    claimedAt
    returnedVia
    returnedBy
    overdueDays
    fee
    feeCapped
  }
`);

export type LoanAction = 'check-in' | 'renew' | 'claims' | 'lost' | 'damaged';

type Format = IntlShape['formatMessage'];

/** Still out: on loan, or claimed as returned by the member (RETURNS=desk) and waiting for its check-in. */
const isOpen = (loan: DeskLoanFragment) => loan.status === 'BORROWED' || loan.status === 'RETURNING';

/** How a past loan was closed and when: "Returned on 1 Mar 2026" (a status the SPA does not know, as it is). */
const closedAs = (t: Format, loan: DeskLoanFragment) =>
  loan.returnedAt
    ? t({ id: 'desk.past.closedOn' }, { status: loan.status, day: formatInstantDay(loan.returnedAt) })
    : t({ id: 'desk.past.closed' }, { status: loan.status });

/** How and by whom a closed loan was closed: "at the desk by Desk Clerk (clerk@…)". */
const closedHow = (t: Format, loan: DeskLoanFragment) =>
  loan.returnedVia
    ? ` ${
        loan.returnedBy
          ? t({ id: 'desk.past.viaBy' }, { via: loan.returnedVia, by: loan.returnedBy })
          : t({ id: 'desk.past.via' }, { via: loan.returnedVia })
      }`
    : '';

const lateText = (t: Format, loan: DeskLoanFragment, symbol: string, soFar: boolean) =>
  loan.overdueDays > 0
    ? t(
        { id: soFar ? 'desk.loans.lateSoFar' : 'desk.loans.late' },
        { days: loan.overdueDays, fee: formatMoney(loan.fee, symbol) },
      )
    : null;

/** A past loan in one line: "Returned on 1 Mar 2026 at the desk by … (claimed 28 Feb 2026); 2 days late, fee ৳100". */
const pastLine = (t: Format, loan: DeskLoanFragment, symbol: string) => {
  const claimed = loan.claimedAt ? ` ${t({ id: 'desk.past.claimed' }, { day: formatInstantDay(loan.claimedAt) })}` : '';
  const late = lateText(t, loan, symbol, false);
  return `${closedAs(t, loan)}${closedHow(t, loan)}${claimed}${late ? `; ${late}` : ''}`;
};

type ActiveProps = {
  loans: FragmentType<typeof DESK_LOAN_FRAGMENT>[];
  symbol: string;
  /** The loan an action is running on, and which action. */
  busy: { loanId: string; action: LoanAction } | null;
  onAction: (loan: DeskLoanFragment, action: LoanAction) => void;
};

const BUSY_TEXT: Record<LoanAction, MessageId> = {
  'check-in': 'desk.loans.checkingIn',
  renew: 'desk.loans.renewing',
  claims: 'desk.loans.settingAside',
  lost: 'desk.loans.markingLost',
  damaged: 'desk.loans.markingDamaged',
};
const ACTION_TEXT: Record<LoanAction, MessageId> = {
  'check-in': 'desk.loans.checkIn',
  renew: 'desk.loans.renew',
  claims: 'desk.loans.claimsReturned',
  lost: 'desk.loans.markLost',
  damaged: 'desk.loans.markDamaged',
};

export function ActiveLoans({ loans, symbol, busy, onAction }: ActiveProps) {
  const active = getFragmentData(DESK_LOAN_FRAGMENT, loans).filter(isOpen);
  const t = useI18n().formatMessage;
  /** The button's words: what it does, or what it is doing while its action runs. */
  const words = (loan: DeskLoanFragment, action: LoanAction) =>
    t({ id: busy?.loanId === loan.id && busy.action === action ? BUSY_TEXT[action] : ACTION_TEXT[action] });
  return (
    <section aria-labelledby="active-loans-heading">
      <h3 id="active-loans-heading" className="mb-2 text-lg font-semibold">
        {t({ id: 'desk.loans.onLoan' }, { count: active.length })}
      </h3>
      {active.length === 0 ? (
        <EmptyState>{t({ id: 'desk.loans.none' })}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {active.map((loan) => {
            const late = lateText(t, loan, symbol, true);
            return (
              <li key={loan.id} aria-label={loan.bookTitle} className="rounded-lg border border-slate-200 p-3">
                <p className="font-medium">
                  <Link to={`/desk/books/${loan.bookId}`} className="text-indigo-800 underline">
                    {loan.bookTitle}
                  </Link>
                </p>
                <p className="text-sm text-slate-600">
                  {t({ id: 'desk.loans.due' }, { day: formatDay(loan.dueDate) })}
                  {late && <span className="ml-2 font-semibold text-red-700">{late}</span>}
                </p>
                {/* The fee stopped at the book's replacement cost: said, as the member's Loans tab says it. */}
                {late && loan.feeCapped && (
                  <p className="text-sm font-semibold text-red-700">{t({ id: 'desk.loans.feeCapped' })}</p>
                )}
                {loan.status === 'RETURNING' && loan.claimedAt && (
                  <p className="text-sm font-semibold text-emerald-800">
                    {t({ id: 'desk.loans.claimed' }, { day: formatInstantDay(loan.claimedAt) })}
                  </p>
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  {/* Claims returned only while on loan: a claimed return is set aside already. */}
                  {(loan.status === 'BORROWED'
                    ? (['check-in', 'renew', 'claims', 'lost', 'damaged'] as const)
                    : (['check-in', 'lost', 'damaged'] as const)
                  ).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={
                        action === 'check-in' ? 'btn-primary px-3 py-1 text-sm' : 'btn-secondary px-3 py-1 text-sm'
                      }
                      disabled={busy !== null}
                      aria-label={t(
                        { id: 'desk.loans.actionLabel' },
                        { action: words(loan, action), title: loan.bookTitle },
                      )}
                      onClick={() => onAction(loan, action)}
                    >
                      {words(loan, action)}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function PastLoans({ loans, symbol }: { loans: FragmentType<typeof DESK_LOAN_FRAGMENT>[]; symbol: string }) {
  const past = getFragmentData(DESK_LOAN_FRAGMENT, loans).filter((loan) => !isOpen(loan));
  const t = useI18n().formatMessage;
  return (
    <section aria-labelledby="past-loans-heading">
      <h3 id="past-loans-heading" className="mb-2 text-lg font-semibold">
        {t({ id: 'desk.past.title' }, { count: past.length })}
      </h3>
      {past.length === 0 ? (
        <EmptyState>{t({ id: 'desk.past.none' })}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {past.map((loan) => (
            <li key={loan.id} aria-label={loan.bookTitle} className="py-2">
              <p className="font-medium">{loan.bookTitle}</p>
              <p className="text-sm text-slate-600">{pastLine(t, loan, symbol)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
