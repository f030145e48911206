import { graphql, type FragmentType, getFragmentData } from '../../gql/index.ts';
import type { DeskLoanFragment } from '../../gql/graphql.ts';
import { formatDay, formatInstantDay } from '../../lib/dates.ts';
import { EmptyState } from './desk-states.tsx';
import { formatMoney } from '../../lib/money.ts';

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
  }
`);

export type LoanAction = 'check-in' | 'lost' | 'damaged';

const CLOSED_AS: Record<string, string> = { RETURNED: 'Returned', LOST: 'Lost', DAMAGED: 'Damaged' };
const VIA: Record<string, string> = { APP: 'in the app', DESK: 'at the desk' };

/** Still out: on loan, or claimed as returned by the member (RETURNS=desk) and waiting for its check-in. */
const isOpen = (loan: DeskLoanFragment) => loan.status === 'BORROWED' || loan.status === 'RETURNING';

/** How and by whom a closed loan was closed: "at the desk by Desk Clerk (clerk@…)". */
const closedHow = (loan: DeskLoanFragment) =>
  loan.returnedVia ? ` ${VIA[loan.returnedVia]}${loan.returnedBy ? ` by ${loan.returnedBy}` : ''}` : '';

const lateText = (loan: DeskLoanFragment, symbol: string, soFar: boolean) =>
  loan.overdueDays > 0
    ? `${loan.overdueDays} ${loan.overdueDays === 1 ? 'day' : 'days'} late, fee ${formatMoney(loan.fee, symbol)}${soFar ? ' so far' : ''}`
    : null;

type ActiveProps = {
  loans: FragmentType<typeof DESK_LOAN_FRAGMENT>[];
  symbol: string;
  /** The loan an action is running on, and which action. */
  busy: { loanId: string; action: LoanAction } | null;
  onAction: (loan: DeskLoanFragment, action: LoanAction) => void;
};

const BUSY_TEXT: Record<LoanAction, string> = {
  'check-in': 'Checking in...',
  lost: 'Marking lost...',
  damaged: 'Marking damaged...',
};
const ACTION_TEXT: Record<LoanAction, string> = { 'check-in': 'Check in', lost: 'Mark lost', damaged: 'Mark damaged' };

export function ActiveLoans({ loans, symbol, busy, onAction }: ActiveProps) {
  const active = getFragmentData(DESK_LOAN_FRAGMENT, loans).filter(isOpen);
  return (
    <section aria-labelledby="active-loans-heading">
      <h3 id="active-loans-heading" className="mb-2 text-lg font-semibold">
        On loan ({active.length})
      </h3>
      {active.length === 0 ? (
        <EmptyState>No books on loan.</EmptyState>
      ) : (
        <ul className="space-y-3">
          {active.map((loan) => {
            const late = lateText(loan, symbol, true);
            return (
              <li key={loan.id} aria-label={loan.bookTitle} className="rounded-lg border border-slate-200 p-3">
                <p className="font-medium">{loan.bookTitle}</p>
                <p className="text-sm text-slate-600">
                  Due {formatDay(loan.dueDate)}
                  {late && <span className="ml-2 font-semibold text-red-700">{late}</span>}
                </p>
                {loan.status === 'RETURNING' && loan.claimedAt && (
                  <p className="text-sm font-semibold text-emerald-800">
                    Return claimed on {formatInstantDay(loan.claimedAt)}: check it in when the book arrives
                  </p>
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  {(['check-in', 'lost', 'damaged'] as const).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={
                        action === 'check-in' ? 'btn-primary px-3 py-1 text-sm' : 'btn-secondary px-3 py-1 text-sm'
                      }
                      disabled={busy !== null}
                      aria-label={`${busy?.loanId === loan.id && busy.action === action ? BUSY_TEXT[action] : ACTION_TEXT[action]}: ${loan.bookTitle}`}
                      onClick={() => onAction(loan, action)}
                    >
                      {busy?.loanId === loan.id && busy.action === action ? BUSY_TEXT[action] : ACTION_TEXT[action]}
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
  return (
    <section aria-labelledby="past-loans-heading">
      <h3 id="past-loans-heading" className="mb-2 text-lg font-semibold">
        Past loans ({past.length})
      </h3>
      {past.length === 0 ? (
        <EmptyState>No past loans.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {past.map((loan) => {
            const late = lateText(loan, symbol, false);
            return (
              <li key={loan.id} aria-label={loan.bookTitle} className="py-2">
                <p className="font-medium">{loan.bookTitle}</p>
                <p className="text-sm text-slate-600">
                  {CLOSED_AS[loan.status] ?? loan.status}
                  {loan.returnedAt && ` on ${formatInstantDay(loan.returnedAt)}`}
                  {closedHow(loan)}
                  {loan.claimedAt && ` (claimed ${formatInstantDay(loan.claimedAt)})`}
                  {late && `; ${late}`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
