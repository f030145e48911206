// Migrations 15 to 19: the library's calendar; copies as items; member cards; the hold shelf; the cash-up.
// Shipped entries are never edited (schema.ts).

export const MIGRATIONS_15_TO_19: readonly string[] = [
  // 15: the library's calendar (server/library/closures.ts): weekly opening hours (filled with the defaults on
  // open) and closures, one per day. Notices gain 'due-date-moved'; SQLite cannot change a CHECK, so the table is
  // rebuilt with its rows, columns and indexes as they were.
  `
  CREATE TABLE opening_hours (
    weekday INTEGER PRIMARY KEY CHECK (weekday BETWEEN 0 AND 6),
    opens TEXT NOT NULL,
    closes TEXT NOT NULL
  );
  CREATE TABLE closures (
    day TEXT PRIMARY KEY,
    reason TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE notices_next (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('due-soon', 'overdue', 'hold-ready', 'hold-expired', 'due-date-moved')),
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
    mail_settled_at INTEGER
  ) WITHOUT ROWID;
  INSERT INTO notices_next (id, user_id, kind, key, book_id, book_title, loan_id, hold_id, day, created_at, read_at,
    mail_status, mail_attempts, mail_next_at, mail_error, mail_settled_at)
    SELECT id, user_id, kind, key, book_id, book_title, loan_id, hold_id, day, created_at, read_at,
    mail_status, mail_attempts, mail_next_at, mail_error, mail_settled_at FROM notices;
  DROP TABLE notices;
  ALTER TABLE notices_next RENAME TO notices;
  CREATE INDEX notices_by_user ON notices (user_id, created_at DESC, id DESC);
  CREATE INDEX notices_unread ON notices (user_id, created_at DESC, id DESC) WHERE read_at IS NULL;
  CREATE INDEX notices_mail_due ON notices (mail_next_at, id) WHERE mail_status = 'pending';
  `,
  // 16: copies as items (issue 31, docs/decisions/053). Each copy owned is an item with a barcode (barcodes.ts,
  // from the item_seq counter, never reused) and one status; an active loan and a ready hold name theirs
  // (item_barcode), and the item names them back (loan_id, hold_id; the CHECKs tie them to the status). The
  // counters stay (search and facets read them) and move in the transactions that move items. Existing books
  // get their items here, in this migration's transaction: one per copy on the shelf, per active loan (RETURNING
  // when claimed) and per ready hold, barcodes in book order; item_barcode() is the adapter's JS function (db.ts).
  // Stored by book, in order of addition (the key): listByBook and the copy a borrow, a hold or a withdrawal takes
  // read one short range, and a change of status rewrites the row alone (no index holds the status). The barcode
  // is unique; loans and holds carry it, so no index by loan or hold is needed.
  `
  CREATE TABLE items (
    book_id TEXT NOT NULL REFERENCES books (id),
    seq INTEGER NOT NULL,
    barcode TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL CHECK (status IN ('ON_SHELF', 'ON_LOAN', 'ON_HOLD_SHELF', 'RETURNING', 'IN_REPAIR', 'LOST',
      'WITHDRAWN')),
    added_at INTEGER NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    loan_id TEXT,
    hold_id TEXT,
    CHECK ((loan_id IS NOT NULL) = (status IN ('ON_LOAN', 'RETURNING'))),
    CHECK ((hold_id IS NOT NULL) = (status = 'ON_HOLD_SHELF')),
    PRIMARY KEY (book_id, seq)
  ) WITHOUT ROWID;
  CREATE TABLE item_seq (id INTEGER PRIMARY KEY CHECK (id = 1), last INTEGER NOT NULL);
  ALTER TABLE loans ADD COLUMN item_barcode TEXT;
  ALTER TABLE holds ADD COLUMN item_barcode TEXT;

  CREATE TEMP TABLE item_slots AS
    WITH RECURSIVE shelf (book_id, n) AS (
      SELECT id, 1 FROM books WHERE quantity > 0
      UNION ALL SELECT s.book_id, s.n + 1 FROM shelf s JOIN books b ON b.id = s.book_id WHERE s.n < b.quantity
    )
    SELECT book_id, 0 AS kind, n AS ord, 'ON_SHELF' AS status, NULL AS loan_id, NULL AS hold_id FROM shelf
    UNION ALL
    SELECT book_id, 1, borrow_date, CASE WHEN claimed_at IS NULL THEN 'ON_LOAN' ELSE 'RETURNING' END, id, NULL
      FROM loans WHERE status = 'borrowed'
    UNION ALL
    SELECT book_id, 2, ready_at, 'ON_HOLD_SHELF', NULL, id FROM holds WHERE status = 'ready';
  INSERT INTO items (book_id, seq, barcode, status, added_at, note, loan_id, hold_id)
    SELECT book_id, seq, item_barcode(seq), status, created_at, '', loan_id, hold_id FROM (
      SELECT s.book_id, s.status, s.loan_id, s.hold_id, b.created_at,
        ROW_NUMBER() OVER (ORDER BY s.book_id, s.kind, s.ord, COALESCE(s.loan_id, s.hold_id)) AS seq
      FROM item_slots s JOIN books b ON b.id = s.book_id
    ) ORDER BY seq;
  DROP TABLE item_slots;
  INSERT INTO item_seq (id, last) VALUES (1, (SELECT COUNT(*) FROM items));
  CREATE INDEX items_loan_once ON items (loan_id) WHERE loan_id IS NOT NULL;
  CREATE INDEX items_hold_once ON items (hold_id) WHERE hold_id IS NOT NULL;
  UPDATE loans SET item_barcode = (SELECT barcode FROM items WHERE items.loan_id = loans.id) WHERE status = 'borrowed';
  UPDATE holds SET item_barcode = (SELECT barcode FROM items WHERE items.hold_id = holds.id) WHERE status = 'ready';
  DROP INDEX items_loan_once;
  DROP INDEX items_hold_once;
  `,
  // 17: member cards (barcodes.ts, memberCard): every member gets one, in sign-up order; a counter gives the next
  // at a first sign-in. Blocks (a reason and a time) and staff notes on members. The search key gains the card
  // and phone (search-words.ts, memberKey), folded as new writes fold it.
  `
  ALTER TABLE users ADD COLUMN card_number TEXT;
  ALTER TABLE users ADD COLUMN blocked_reason TEXT;
  ALTER TABLE users ADD COLUMN blocked_at INTEGER;
  UPDATE users SET card_number = member_card(numbered.n)
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) AS numbered WHERE numbered.id = users.id;
  UPDATE users SET search_key = member_key(name, email, card_number, phone);
  CREATE UNIQUE INDEX users_card ON users (card_number);
  CREATE TABLE member_card_counter (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
  INSERT INTO member_card_counter (id, value) SELECT 1, COUNT(*) FROM users;
  CREATE TABLE member_notes (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    by_uid TEXT NOT NULL,
    by_name TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX member_notes_by_uid ON member_notes (uid, created_at DESC, id DESC);
  `,
  // 18: the hold shelf (decision 058). A ready hold's copy is on the hold shelf once staff say so (shelved_at);
  // one that ended there waits for staff to take it off (shelf_cleared_at). Holds ready before this migration
  // are listed to pull: nobody confirmed where their copies are.
  `
  ALTER TABLE holds ADD COLUMN shelved_at INTEGER;
  ALTER TABLE holds ADD COLUMN shelf_cleared_at INTEGER;
  CREATE INDEX holds_to_pull ON holds (ready_at, id) WHERE status = 'ready' AND shelved_at IS NULL;
  CREATE INDEX holds_to_clear ON holds (ended_at, id)
    WHERE status IN ('expired', 'cancelled') AND shelved_at IS NOT NULL AND shelf_cleared_at IS NULL;
  `,
  // 19: the desk's cash-up (server/library/desk-reports.ts): a day's payments and waivers in time order, without
  // reading the charges beside them.
  `
  CREATE INDEX ledger_credits_by_time ON ledger (created_at, id) WHERE kind IN ('payment', 'waiver');
  `,
];
