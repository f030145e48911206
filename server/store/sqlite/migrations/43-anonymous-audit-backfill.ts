// Migrations from 43: loans anonymized before migration 41 take their member off their audit entries too (decision
// 083). Shipped entries are never edited (schema.ts).
import {
  ANONYMOUS_TRAIL_BACKFILL,
  OPENING_ACTIONS,
  OPENING_SLACK_MS,
  TRAIL_BEFORE_41,
} from '../../anonymous-trail-backfill.ts';
import { anonymousTrailSet } from '../anonymous-trail.ts';

const list = (actions: readonly string[]) => actions.map((action) => `'${action}'`).join(', ');
const [opening, trail] = [list(OPENING_ACTIONS), list(TRAIL_BEFORE_41.actions)];
const emptied = `'${JSON.stringify(TRAIL_BEFORE_41.emptied)}'`;
const slack = OPENING_SLACK_MS;
const never = Number.MAX_SAFE_INTEGER;

export const MIGRATIONS_FROM_43: readonly string[] = [
  // 43: the back-fill (anonymous-trail-backfill.ts). An anonymized loan's opening entry without a loan id (of its
  // book, at its borrow: the one exactly then, or the only one within a second, and no other loan of the book
  // within a second of it) names its member; the member's entries of the loan's trail on that book from then until
  // their next loan of it (by the loans, or by their next opening entry when that loan lost them too) are the
  // loan's, as anonymizing matches older entries. They take the write anonymizing does (anonymous-trail.ts), which
  // migration 41's trigger allows. What it did is kept in backfills; the loans it could not tell apart are left.
  `
  CREATE TABLE backfills (
    name TEXT PRIMARY KEY,
    at INTEGER NOT NULL,
    loans INTEGER NOT NULL,
    ambiguous INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TEMP TABLE backfill_openings AS
    SELECT id, book_id, at, uid FROM audit WHERE action IN (${opening}) AND loan_id IS NULL AND book_id IS NOT NULL;
  CREATE INDEX temp.backfill_openings_by_book ON backfill_openings (book_id, at);
  CREATE TEMP TABLE backfill_trail AS
    SELECT id, uid, book_id, at, action FROM audit
    WHERE action IN (${trail}) AND loan_id IS NULL AND book_id IS NOT NULL AND uid NOT GLOB 'anonymous:*';
  CREATE INDEX temp.backfill_trail_by_member ON backfill_trail (uid, book_id, at);
  CREATE TEMP TABLE backfill_near AS
    SELECT l.id AS loan, l.book_id AS book, l.borrow_date AS borrowed, l.user_id AS marker,
      o.id AS opening, o.at AS opened, o.uid AS member,
      COUNT(*) OVER (PARTITION BY l.id) AS candidates,
      SUM(o.at = l.borrow_date) OVER (PARTITION BY l.id) AS exact
    FROM loans l JOIN backfill_openings o ON o.book_id = l.book_id
      AND o.at BETWEEN l.borrow_date - ${slack} AND l.borrow_date + ${slack}
    WHERE l.status = 'returned' AND l.user_id GLOB 'anonymous:*';
  CREATE TEMP TABLE backfill_loans AS
    SELECT loan, book, borrowed, marker, member, opened, MIN(opened, borrowed) AS since,
      MIN(
        COALESCE((SELECT MIN(n.borrow_date) FROM loans n
          WHERE n.user_id = near.member AND n.book_id = near.book AND n.borrow_date > near.borrowed), ${never}),
        COALESCE((SELECT MIN(n.at) FROM backfill_trail n
          WHERE n.uid = near.member AND n.book_id = near.book AND n.action IN (${opening}) AND n.at > near.opened),
          ${never})
      ) AS until
    FROM backfill_near near
    WHERE (candidates = 1 OR (exact = 1 AND opened = borrowed))
      AND member IS NOT NULL AND member NOT GLOB 'anonymous:*'
      AND NOT EXISTS (SELECT 1 FROM loans other WHERE other.book_id = near.book AND other.id <> near.loan
        AND other.borrow_date BETWEEN near.opened - ${slack} AND near.opened + ${slack});
  CREATE TEMP TABLE backfill_entries AS
    SELECT a.id AS entry, b.marker AS marker
    FROM backfill_loans b JOIN backfill_trail a ON a.uid = b.member AND a.book_id = b.book
      AND a.at >= b.since AND a.at < b.until
    GROUP BY a.id HAVING COUNT(*) = 1;
  UPDATE audit SET ${anonymousTrailSet('backfill_entries.marker', emptied)}
  FROM backfill_entries WHERE audit.id = backfill_entries.entry;
  INSERT INTO backfills (name, at, loans, ambiguous) VALUES ('${ANONYMOUS_TRAIL_BACKFILL}',
    CAST(unixepoch('subsec') * 1000 AS INTEGER),
    (SELECT COUNT(*) FROM backfill_loans),
    (SELECT COUNT(DISTINCT loan) FROM backfill_near WHERE member IS NOT NULL AND member NOT GLOB 'anonymous:*'
      AND loan NOT IN (SELECT loan FROM backfill_loans)));
  DROP TABLE backfill_entries;
  DROP TABLE backfill_loans;
  DROP TABLE backfill_near;
  DROP TABLE backfill_trail;
  DROP TABLE backfill_openings;
  `,
];
