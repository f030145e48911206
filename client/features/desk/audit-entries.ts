// What the desk's histories (a member's, a book's) share: an audit entry's fields, its action in the reader's
// language and its change written out.
import type { IntlShape } from 'react-intl';
import { graphql } from '../../gql/index.ts';
import type { DeskAuditEntryFragment } from '../../gql/graphql.ts';
import type { MessageId } from '../../lib/i18n.ts';
import { isAnonymousMember } from '../../../shared/anonymous-member.ts';

export const AUDIT_PAGE_SIZE = 20;

/** A history's next page added under the entries already shown (fetchMore's updateQuery, both histories). */
export function appendAuditPage<Q extends { auditLog: { nodes: readonly unknown[] } }>(
  previous: Q,
  { fetchMoreResult }: { fetchMoreResult: Q },
): Q {
  return {
    ...fetchMoreResult,
    auditLog: { ...fetchMoreResult.auditLog, nodes: [...previous.auditLog.nodes, ...fetchMoreResult.auditLog.nodes] },
  };
}

export const AUDIT_ENTRY_FRAGMENT = graphql(`
  fragment DeskAuditEntry on AuditEntry {
    id
    at
    actor {
      uid
      name
    }
    api
    action
    field
    oldValue
    newValue
    uid
    memberCard
  }
`);

const ACTION_TEXT: Record<string, MessageId> = {
  'check-in': 'desk.audit.checkIn',
  'mark-lost': 'desk.audit.markLost',
  payment: 'desk.audit.payment',
  waiver: 'desk.audit.waiver',
  'hold-cancelled': 'desk.audit.holdCancelled',
  'hold-paused': 'desk.audit.holdPaused',
  'hold-resumed': 'desk.audit.holdResumed',
  'role-changed': 'desk.audit.roleChanged',
  'hold-shelved': 'desk.audit.holdShelved',
  'hold-shelf-cleared': 'desk.audit.holdShelfCleared',
  'claims-returned': 'desk.audit.claimsReturned',
  'lost-found': 'desk.audit.lostFound',
  'book-added': 'desk.audit.bookAdded',
  'book-edited': 'desk.audit.bookEdited',
  'book-reverted': 'desk.audit.bookReverted',
  'suggestion-decided': 'desk.audit.suggestionDecided',
  'overdue-reminders-sent': 'desk.audit.overdueRemindersSent',
  'check-out': 'desk.audit.checkOut',
  borrowed: 'desk.audit.borrowed',
  returned: 'desk.audit.returned',
  renewal: 'desk.audit.renewal',
  'item-added': 'desk.audit.itemAdded',
  'item-status': 'desk.audit.itemStatus',
};

/** What changed, as "field: old → new" (a new value alone when there was none before). */
export const change = (entry: DeskAuditEntryFragment) =>
  entry.field
    ? `${entry.field}: ${entry.oldValue === null ? '' : `${entry.oldValue} → `}${entry.newValue ?? ''}`
    : (entry.newValue ?? '');

/** Who made an entry: staff or the member by name; a member whose loan has lost them, as an anonymous reader. */
export const actorText = (t: IntlShape['formatMessage'], entry: DeskAuditEntryFragment) =>
  isAnonymousMember(entry.actor.uid) ? t({ id: 'desk.audit.anonymousReader' }) : entry.actor.name;

/**
 * Whom an entry is about, as the desk names members: their card; an anonymous reader once the loan it is about has
 * lost its member (decision 083); nothing when none (or erased).
 */
export const memberText = (t: IntlShape['formatMessage'], entry: DeskAuditEntryFragment) =>
  entry.memberCard ?? (entry.uid && isAnonymousMember(entry.uid) ? t({ id: 'desk.audit.anonymousReader' }) : '');

/** An action's name in the reader's language (one the SPA does not know yet as the gateway wrote it). */
export const actionText = (t: IntlShape['formatMessage'], action: string) => {
  const id = ACTION_TEXT[action];
  return id ? t({ id }) : action;
};
