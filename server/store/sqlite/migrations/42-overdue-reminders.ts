// Migration for overdue reminders in bulk (issue 43, decision 086): notices gain the 'overdue-summary' kind and
// the loans such a notice lists. Shipped entries are never edited (schema.ts).

export const MIGRATIONS_FROM_42: readonly string[] = [
  // 42: staff remind every member at least some days overdue at once, one 'overdue-summary' notice a member a
  // day listing their loans (JSON in `overdue`). SQLite cannot change a CHECK, so the table is rebuilt with its
  // rows and indexes as they were (as 38 did), and the new column.
  `
  CREATE TABLE notices_next (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL
      CHECK (kind IN ('due-soon', 'overdue', 'hold-ready', 'hold-expired', 'due-date-moved', 'renewed',
        'suggestion-decided', 'overdue-summary')),
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
    sms_settled_at INTEGER,
    overdue TEXT
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
