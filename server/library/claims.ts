// "Claims returned" at the desk (issue 31): the member says they returned a book and the library cannot find it.
// Staff set the loan aside as the store's claimed return (RETURNING) in any RETURNS mode: its fee stops that day,
// no more overdue notices, while staff look. A later check-in of the copy closes it as usual; or staff mark it
// lost. This reuses the member's own claim (LoanStore.claimReturn, docs/decisions/041), so the rules stay one.
import type { LoanRecord, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError } from './errors.ts';
import { requireStaff } from './circulation.ts';
import type { AuditTrail } from './audit.ts';
import * as check from './validate.ts';

export interface Claims {
  /** Staff: the loan is a claimed return from now (again: unchanged, recorded once). */
  markClaimsReturned(session: Session, loanId: unknown, note: unknown): Promise<LoanRecord>;
}

export function createClaims(store: Store, deps: { audit: AuditTrail; now: () => Date }): Claims {
  return {
    async markClaimsReturned(session, rawLoanId, rawNote) {
      requireStaff(session);
      const loanId = check.id(rawLoanId, 'loanId');
      const note = check.text(rawNote, 'note', { max: 500, required: false });
      const loan = await store.loans.get(loanId);
      if (!loan) throw new LibraryError('NOT_FOUND', 'loanNotFound');
      // Claimed already (by the member, another desk, or this request sent again): nothing more to do.
      if (loan.status === 'returning') return loan;
      if (loan.status !== 'borrowed') throw new LibraryError('LOAN_NOT_ACTIVE', 'loanNotActive');
      const claimed = await store.loans.claimReturn(loan.id, deps.now());
      if (!claimed.ok) {
        const current = await store.loans.get(loan.id);
        if (current?.status === 'returning') return current;
        throw new LibraryError('LOAN_NOT_ACTIVE', 'loanNotActive');
      }
      await deps.audit.record(session, [
        {
          action: 'claims-returned',
          field: 'status',
          oldValue: 'borrowed',
          newValue: note || 'returning',
          bookId: loan.bookId,
          uid: loan.userId,
          loanId: loan.id,
        },
      ]);
      return claimed.loan;
    },
  };
}
