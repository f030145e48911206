// Migration for the notices of auto-renewal (decision 082) and purchase suggestions (decision 084): notices gain
// the 'renewed' and 'suggestion-decided' kinds. Shipped entries are never edited (schema.ts).

export const MIGRATIONS_FROM_38: readonly string[] = [
  // 38: a loan renewed by itself is told with a 'renewed' notice, staff's answer to a purchase suggestion with a
  // 'suggestion-decided' one. SQLite cannot change a CHECK, so the table is rebuilt with its rows, columns and
  // indexes as they were (as 15 did for 'due-date-moved').
  `
  CREATE TABLE notices_next (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL
      CHECK (kind IN ('due-soon', 'overdue', 'hold-ready', 'hold-expired', 'due-date-moved', 'renewed',
        'suggestion-decided')),
    key TEXT NOT NULL UNIQUE,
    book_id TEXT NOT NULL,
    book_title TEXT NOT NULL,
    loan_id TEXT,
    hold_id TEXT,
    day TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    read_at INTEGER,
    mail_status TEXT CHECK (mail_status IN ('pending', 'sent', 'failed', 'skipped')),
    mail_attempts INTEGER NOT NULL DEFAULT 0,
    mail_next_at INTEGER,
    mail_error TEXT,
    mail_settled_at INTEGER,
    moved TEXT,
    sms_status TEXT CHECK (sms_status IN ('pending', 'sent', 'failed', 'skipped')),
    sms_attempts INTEGER NOT NULL DEFAULT 0,
    sms_next_at INTEGER,
    sms_error TEXT,
    sms_settled_at INTEGER
  ) WITHOUT ROWID;
  INSERT INTO notices_next (id, user_id, kind, key, book_id, book_title, loan_id, hold_id, day, created_at, read_at,
    mail_status, mail_attempts, mail_next_at, mail_error, mail_settled_at, moved,
    sms_status, sms_attempts, sms_next_at, sms_error, sms_settled_at)
    SELECT id, user_id, kind, key, book_id, book_title, loan_id, hold_id, day, created_at, read_at,
    mail_status, mail_attempts, mail_next_at, mail_error, mail_settled_at, moved,
    sms_status, sms_attempts, sms_next_at, sms_error, sms_settled_at FROM notices;
  DROP TABLE notices;
  ALTER TABLE notices_next RENAME TO notices;
  CREATE INDEX notices_by_user ON notices (user_id, created_at DESC, id DESC);
  CREATE INDEX notices_unread ON notices (user_id, created_at DESC, id DESC) WHERE read_at IS NULL;
  CREATE INDEX notices_mail_due ON notices (mail_next_at, id) WHERE mail_status = 'pending';
  CREATE INDEX notices_sms_due ON notices (sms_next_at, id) WHERE sms_status = 'pending';
  `,
];
