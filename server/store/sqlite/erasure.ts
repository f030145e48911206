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
  // Staff notes name and describe the member: they go with the account.
  const notes = db.prepare('DELETE FROM member_notes WHERE uid = ?');
  const user = db.prepare('DELETE FROM users WHERE uid = ?');
  return {
    async erase(uid) {
      return transaction(db, () => {
        notes.run(uid);
        return {
          loansAnonymised: Number(loans.run(uid).changes),
          holdsAnonymised: Number(holds.run(uid).changes),
          noticesDeleted: Number(notices.run(uid).changes),
          user: Number(user.run(uid).changes) > 0,
        };
      });
    },
  };
}
