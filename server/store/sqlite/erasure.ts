// Erasing a member at their request (port.ts ErasureStore), in one SQLite transaction.
import type { DatabaseSync } from 'node:sqlite';
import type { ErasureStore } from '../port.ts';
import { transaction } from './db.ts';

export function sqliteErasure(db: DatabaseSync): ErasureStore {
  // The loans and holds stay for the library's statistics; what named the member goes, the name their own
  // app returns recorded as who closed the loan (returned_by) included.
  const loans = db.prepare(
    `UPDATE loans SET user_name = '', user_email = '',
      returned_by = CASE WHEN returned_via = 'APP' THEN NULL ELSE returned_by END
      WHERE user_id = ? AND (user_name <> '' OR user_email <> '')`,
  );
  const holds = db.prepare(
    "UPDATE holds SET user_name = '', user_email = '' WHERE user_id = ? AND (user_name <> '' OR user_email <> '')",
  );
  const notices = db.prepare('DELETE FROM notices WHERE user_id = ?');
  // Staff notes name and describe the member: they go with the account, and so do staff's words on a payment
  // or waiver (a charge's note is the library's own: "Returned late").
  const notes = db.prepare('DELETE FROM member_notes WHERE uid = ?');
  const ledgerNotes = db.prepare(
    "UPDATE ledger SET note = '' WHERE user_id = ? AND kind IN ('payment', 'waiver') AND note <> ''",
  );
  const user = db.prepare('DELETE FROM users WHERE uid = ?');
  /** The entries about the member: the values of the actions named (one ? each) and the member's own name. */
  const audit = (actions: number) => {
    const named = actions === 0 ? 'FALSE' : `action IN (${Array(actions).fill('?').join(', ')})`;
    return db.prepare(
      `UPDATE audit SET
        old_value = CASE WHEN ${named} THEN NULL ELSE old_value END,
        new_value = CASE WHEN ${named} THEN NULL ELSE new_value END,
        actor_name = CASE WHEN actor_uid = uid THEN '' ELSE actor_name END
      WHERE uid = ? AND ((${named} AND (old_value IS NOT NULL OR new_value IS NOT NULL))
        OR (actor_uid = uid AND actor_name <> ''))`,
    );
  };
  return {
    async erase(uid, personal) {
      const actions = [...personal.auditActions];
      const redact = audit(actions.length);
      return transaction(db, () => {
        notes.run(uid);
        return {
          loansAnonymised: Number(loans.run(uid).changes),
          holdsAnonymised: Number(holds.run(uid).changes),
          noticesDeleted: Number(notices.run(uid).changes),
          auditRedacted: Number(redact.run(...actions, ...actions, uid, ...actions).changes),
          ledgerNotesCleared: Number(ledgerNotes.run(uid).changes),
          user: Number(user.run(uid).changes) > 0,
        };
      });
    },
  };
}
