// What the audit trail's values are, action by action: the one rule for who may read an entry (GraphQL's
// auditLog, REST's export) and for what erasing an account (docs/decisions/068) or anonymizing a loan (083) takes
// out of the trail.
import type { AuditAction, AuditRecord, LoanTrail } from '../store/port.ts';
import type { Session } from './identity.ts';

/**
 * - `library`: the library's own facts (statuses, dates, amounts, barcodes, roles, a book's or a copy's
 *   fields): the member an entry is about reads them, and they outlive the account.
 * - `personal`: the member's details (card, name, e-mail, phone; a block's reason, which they are told): the
 *   member reads them; erasing the account removes them.
 * - `staff`: staff's own words in the entry (an override's reason, a claim's note): the member reads the entry
 *   without its values; erasing removes them.
 * - `staff-only`: a note staff keep on the member (decision 055): the member reads nothing of the entry;
 *   erasing removes its text.
 */
type Values = 'library' | 'personal' | 'staff' | 'staff-only';

/** Every action, so that a new one cannot be recorded before someone has said what its values are. */
const VALUES: Record<AuditAction, Values> = {
  'check-in': 'library',
  'mark-lost': 'library',
  payment: 'library',
  waiver: 'library',
  'hold-cancelled': 'library',
  'hold-paused': 'library',
  'hold-resumed': 'library',
  'book-added': 'library',
  'book-edited': 'library',
  'role-changed': 'library',
  'closure-added': 'library',
  'closure-removed': 'library',
  'hours-changed': 'library',
  'reminder-sent': 'library',
  'item-added': 'library',
  'item-status': 'library',
  'check-out': 'library',
  borrowed: 'library',
  returned: 'library',
  override: 'staff',
  'fee-forgiven': 'library',
  renewal: 'library',
  'hold-placed': 'library',
  'member-registered': 'personal',
  'member-edited': 'personal',
  'member-blocked': 'personal',
  'member-unblocked': 'personal',
  'member-note-added': 'staff-only',
  'hold-shelved': 'library',
  'hold-shelf-cleared': 'library',
  'claims-returned': 'staff',
  'lost-found': 'library',
  'book-reverted': 'library',
  // The title the member asked for is theirs; staff's reason is what the member was told.
  'suggestion-decided': 'personal',
  // Counts only, about no one member.
  'overdue-reminders-sent': 'library',
};

/**
 * An audit entry as the viewer may read it. Staff read every entry whole. The member an entry is about reads
 * it without who made it (staff are not named to members) and without staff's words, and nothing of a note
 * staff keep on them; anyone else reads nothing. null: nothing to read.
 */
export function auditAsSeenBy(viewer: Session, entry: AuditRecord): AuditRecord | null {
  if (viewer.role === 'admin') return entry;
  if (entry.uid !== viewer.uid) return null;
  const values = VALUES[entry.action];
  if (values === 'staff-only') return null;
  const shown = values !== 'staff';
  return {
    ...entry,
    actorUid: '',
    actorName: '',
    oldValue: shown ? entry.oldValue : null,
    newValue: shown ? entry.newValue : null,
  };
}

/** The actions whose values erasing a member's account removes from the entries about them. */
export const ERASED_WITH_ACCOUNT: readonly AuditAction[] = Object.entries(VALUES)
  .filter(([, values]) => values !== 'library')
  .map(([action]) => action as AuditAction);

/**
 * A loan's entries (its lending, renewals, end, reminders, a claim, a found copy), which lose their member with the
 * loan (decision 083): the member becomes the loan's marker, and the values erasing would remove go too.
 */
export const LOAN_TRAIL: LoanTrail = {
  actions: [
    'check-out',
    'override',
    'borrowed',
    'renewal',
    'reminder-sent',
    'claims-returned',
    'check-in',
    'returned',
    'mark-lost',
    'fee-forgiven',
    'lost-found',
  ],
  emptied: ERASED_WITH_ACCOUNT,
};
