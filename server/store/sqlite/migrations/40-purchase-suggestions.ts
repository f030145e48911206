// Migrations from 40: purchase suggestions (decision 084; the notice telling their member is a kind migration 38
// allows). Shipped entries are never edited (schema.ts).

export const MIGRATIONS_FROM_40: readonly string[] = [
  // 40: a member's purchase suggestions, newest first (ids grow with time) per member (whose open ones are counted
  // against the limit from the same index) and per status for staff.
  `
  CREATE TABLE suggestions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    title TEXT NOT NULL,
    author TEXT NOT NULL,
    note TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'accepted', 'declined')),
    reason TEXT,
    created_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by TEXT
  ) WITHOUT ROWID;
  CREATE INDEX suggestions_by_user ON suggestions (user_id, id);
  CREATE INDEX suggestions_by_status ON suggestions (status, id);
  `,
];
