// Migrations from 41: a loan anonymized takes its member off its audit entries too (decision 083). Shipped entries
// are never edited (schema.ts).

export const MIGRATIONS_FROM_41: readonly string[] = [
  // 41: entries about a loan record its id (older ones have none: reading-history.ts matches them by member, book
  // and time). The trail stays append-only, with one more change allowed than erasure's (23): when a loan loses its
  // member, the entries about it trade the member's uid for the loan's marker ('anonymous:' and a word), once; who
  // made one goes with it only when the member did (the same marker, their name ''); values are kept or emptied.
  `
  ALTER TABLE audit ADD COLUMN loan_id TEXT;
  DROP TRIGGER audit_never_updated;
  CREATE TRIGGER audit_never_updated BEFORE UPDATE ON audit
    WHEN NEW.id IS NOT OLD.id OR NEW.at IS NOT OLD.at OR NEW.api IS NOT OLD.api OR NEW.action IS NOT OLD.action
      OR NEW.field IS NOT OLD.field OR NEW.book_id IS NOT OLD.book_id OR NEW.loan_id IS NOT OLD.loan_id
      OR (NEW.old_value IS NOT OLD.old_value AND NEW.old_value IS NOT NULL)
      OR (NEW.new_value IS NOT OLD.new_value AND NEW.new_value IS NOT NULL)
      OR (NEW.actor_name IS NOT OLD.actor_name AND NEW.actor_name <> '')
      OR (NEW.uid IS NOT OLD.uid AND (OLD.uid IS NULL OR OLD.uid GLOB 'anonymous:*'
        OR NEW.uid IS NULL OR NEW.uid NOT GLOB 'anonymous:*'
        OR (OLD.actor_uid IS OLD.uid AND (NEW.actor_uid IS NOT NEW.uid OR NEW.actor_name <> ''))))
      OR (NEW.actor_uid IS NOT OLD.actor_uid AND (NEW.uid IS OLD.uid OR OLD.actor_uid IS NOT OLD.uid
        OR NEW.actor_uid IS NOT NEW.uid))
    BEGIN SELECT RAISE(ABORT, 'audit entries are never changed, only emptied when their member is erased or their loan anonymized'); END;
  `,
];
