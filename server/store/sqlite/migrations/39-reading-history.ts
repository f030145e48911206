// Migrations from 39: a reading history only the member owns (issue 42). Shipped entries are never edited
// (schema.ts).

export const MIGRATIONS_FROM_39: readonly string[] = [
  // 39: whether a member keeps their reading history (off: their closed loans are anonymized some days after
  // their return, library/reading-history.ts). The daily run reads closed loans by their return time
  // (loans_by_return_time, 37), leaving out the few members who keep theirs (users_keeping_history).
  `
  ALTER TABLE users ADD COLUMN keeps_reading_history INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX users_keeping_history ON users (uid) WHERE keeps_reading_history = 1;
  `,
];
