// The SQLite schema as an append-only list of migrations; PRAGMA user_version records how many have run.
// Never edit a shipped entry: add a new one.

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE books (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    author TEXT NOT NULL,
    genre TEXT NOT NULL,
    description TEXT NOT NULL,
    image TEXT NOT NULL,
    rating REAL NOT NULL,
    quantity INTEGER NOT NULL,
    search_key TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  -- byGenre, genres() and genre-filtered pages walk this in id order.
  CREATE INDEX books_genre_id ON books (genre, id);
  -- availableOnly pages: only in-stock books, already in id order.
  CREATE INDEX books_available_id ON books (id) WHERE quantity > 0;

  CREATE TABLE categories (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    image TEXT NOT NULL,
    description TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE loans (
    id TEXT PRIMARY KEY,
    book_id TEXT NOT NULL REFERENCES books (id),
    user_id TEXT NOT NULL,
    user_name TEXT NOT NULL,
    user_email TEXT NOT NULL,
    borrow_date INTEGER NOT NULL,
    return_date INTEGER NOT NULL,
    returned_at INTEGER,
    status TEXT NOT NULL CHECK (status IN ('borrowed', 'returned')),
    book_title TEXT NOT NULL,
    book_author TEXT NOT NULL,
    book_image TEXT NOT NULL,
    book_category TEXT NOT NULL
  ) WITHOUT ROWID;
  -- The rule "one active loan per user and book" lives in the database, not only in code.
  CREATE UNIQUE INDEX loans_one_active ON loans (user_id, book_id) WHERE status = 'borrowed';
  CREATE INDEX loans_by_user ON loans (user_id, borrow_date DESC, id DESC);

  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    name TEXT NOT NULL,
    photo_url TEXT,
    role TEXT NOT NULL CHECK (role IN ('admin', 'member')),
    status TEXT NOT NULL,
    phone TEXT,
    created_at INTEGER NOT NULL,
    last_login_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 2: trigram index for search. Searching used to scan every search_key for each page and each count.
  // book_search is a contentless FTS5 table over the same normalised key (trigram, case_sensitive 1: no folding
  // beyond what searchKey already did, so a quoted phrase of 3+ characters matches exactly the substrings instr
  // finds). books is WITHOUT ROWID, so book_search_docs gives each book the integer rowid FTS5 needs, and doc
  // order is kept equal to id order: a page of matches is then the first rows of the doclist after a rowid, with
  // no sort. The books adapter keeps both in step on insert and on a change of title or author (books.ts,
  // searchIndex); not triggers: a trigger's statement savepoint makes FTS5 flush a segment per row, which made a
  // 50k-book seed 5x slower.
  `
  CREATE TABLE book_search_docs (
    doc INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
  );
  CREATE VIRTUAL TABLE book_search USING fts5 (
    search_key, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1', detail = 'full'
  );
  INSERT INTO book_search_docs (id) SELECT id FROM books ORDER BY id;
  INSERT INTO book_search (rowid, search_key)
    SELECT d.doc, b.search_key FROM book_search_docs d JOIN books b ON b.id = d.id;
  `,
  // 3: circulation policy. A book records the copies the library owns; quantity stays the copies available
  // (owned minus on loan), kept by checkout and checkin in the same transaction as the loan. Existing books own
  // what is on the shelf plus what is out. Loans gain renewals, the late fee charged at the end and who closed
  // them at the desk. A loan closed as lost or damaged (its copy never comes back) is stored as status
  // 'returned' with `loss` set: the status CHECK of migration 1 cannot be altered in place. The ledger holds every charge,
  // payment and waiver; a loan is charged each kind at most once.
  `
  ALTER TABLE books ADD COLUMN copies INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE books ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE books ADD COLUMN replacement_cost INTEGER;
  UPDATE books SET copies = quantity + (SELECT COUNT(*) FROM loans WHERE loans.book_id = books.id AND loans.status = 'borrowed');

  ALTER TABLE loans ADD COLUMN renewals INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE loans ADD COLUMN late_fee INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE loans ADD COLUMN closed_by TEXT;
  ALTER TABLE loans ADD COLUMN loss TEXT CHECK (loss IN ('lost', 'damaged'));
  -- The overdue list: active loans by due date.
  CREATE INDEX loans_due ON loans (return_date, id) WHERE status = 'borrowed';

  CREATE TABLE ledger (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('late-fee', 'replacement', 'processing-fee', 'payment', 'waiver')),
    amount INTEGER NOT NULL CHECK (amount > 0),
    loan_id TEXT REFERENCES loans (id),
    book_title TEXT,
    note TEXT NOT NULL,
    recorded_by TEXT,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX ledger_by_user ON ledger (user_id, created_at DESC, id DESC);
  CREATE UNIQUE INDEX ledger_one_charge ON ledger (loan_id, kind) WHERE loan_id IS NOT NULL;
  `,
  // 4: holds. books.held counts the copies set aside for ready holds (owned = available + on loan + held);
  // a member has at most one open hold of a book; the queue is read in (created_at, id) order.
  `
  ALTER TABLE books ADD COLUMN held INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE holds (
    id TEXT PRIMARY KEY,
    book_id TEXT NOT NULL REFERENCES books (id),
    user_id TEXT NOT NULL,
    user_name TEXT NOT NULL,
    user_email TEXT NOT NULL,
    book_title TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('waiting', 'ready', 'fulfilled', 'cancelled', 'expired')),
    created_at INTEGER NOT NULL,
    ready_at INTEGER,
    ended_at INTEGER
  ) WITHOUT ROWID;
  CREATE UNIQUE INDEX holds_one_open ON holds (user_id, book_id) WHERE status IN ('waiting', 'ready');
  CREATE INDEX holds_queue ON holds (book_id, created_at, id) WHERE status IN ('waiting', 'ready');
  -- The next member waiting, read after every return.
  CREATE INDEX holds_waiting ON holds (book_id, created_at, id) WHERE status = 'waiting';
  CREATE INDEX holds_by_user ON holds (user_id, created_at DESC, id DESC);
  CREATE INDEX holds_ready ON holds (ready_at, id) WHERE status = 'ready';
  `,
  // 5: notices, one per event (key), listed newest first per member.
  `
  CREATE TABLE notices (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('due-soon', 'overdue', 'hold-ready', 'hold-expired')),
    key TEXT NOT NULL UNIQUE,
    book_id TEXT NOT NULL,
    book_title TEXT NOT NULL,
    loan_id TEXT,
    hold_id TEXT,
    day TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    read_at INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX notices_by_user ON notices (user_id, created_at DESC, id DESC);
  CREATE INDEX notices_unread ON notices (user_id, created_at DESC, id DESC) WHERE read_at IS NULL;
  `,
  // 6: e-mailed notices. Each notice carries its e-mail's state (the outbox, written with the notice itself);
  // NULL mail_status: recorded while e-mail was off. Members may turn the e-mail off.
  `
  ALTER TABLE notices ADD COLUMN mail_status TEXT CHECK (mail_status IN ('pending', 'sent', 'failed', 'skipped'));
  ALTER TABLE notices ADD COLUMN mail_attempts INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE notices ADD COLUMN mail_next_at INTEGER;
  ALTER TABLE notices ADD COLUMN mail_error TEXT;
  ALTER TABLE notices ADD COLUMN mail_settled_at INTEGER;
  CREATE INDEX notices_mail_due ON notices (mail_next_at, id) WHERE mail_status = 'pending';
  ALTER TABLE users ADD COLUMN email_notices INTEGER NOT NULL DEFAULT 1;
  `,
  // 7: leases (the schedule runs where its lease is held), one row per name.
  `
  CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
  // 8: the substrings of 1 and 2 characters of every search key, which the trigram index cannot answer: a search
  // of one or two characters read every book for each page and each count (8 ms at 50,000 books) and now
  // reads one range of this key. Keyed by gram, then doc (book_search_docs), so a page is the start of a range
  // in id order, like the trigram doclist. No gram holds a control character: none spans the separator of title
  // and author. The books adapter keeps it in step with book_search (books.ts, searchIndex).
  `
  CREATE TABLE book_grams (
    gram TEXT NOT NULL,
    doc INTEGER NOT NULL,
    PRIMARY KEY (gram, doc)
  ) WITHOUT ROWID;
  WITH RECURSIVE at (doc, key, i) AS (
    SELECT d.doc, b.search_key, 1 FROM book_search_docs d JOIN books b ON b.id = d.id WHERE b.search_key <> ''
    UNION ALL SELECT doc, key, i + 1 FROM at WHERE i < length(key)
  )
  INSERT OR IGNORE INTO book_grams (gram, doc)
    SELECT substr(key, i, 1), doc FROM at WHERE unicode(substr(key, i, 1)) >= 32
    UNION ALL
    SELECT substr(key, i, 2), doc FROM at
      WHERE i < length(key) AND unicode(substr(key, i, 1)) >= 32 AND unicode(substr(key, i + 1, 1)) >= 32;
  `,
  // 9: how many times a member's e-mail setting changed; unsubscribe links carry it (library/mail.ts).
  `
  ALTER TABLE users ADD COLUMN email_notices_version INTEGER NOT NULL DEFAULT 0;
  `,
  // 10: idempotency keys of writes (server/library/requests.ts): one claim per caller and key, naming what was
  // asked and the record the write made, kept a day; read by (actor, key), pruned per actor by age.
  `
  CREATE TABLE requests (
    actor TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    ref TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (actor, key)
  ) WITHOUT ROWID;
  CREATE INDEX requests_by_age ON requests (actor, created_at);
  `,
  // 11: the audit trail (server/library/audit.ts): append-only, read newest first per book and per member.
  // Triggers refuse any UPDATE or DELETE, so no code path, present or future, can change the record.
  `
  CREATE TABLE audit (
    id TEXT PRIMARY KEY,
    at INTEGER NOT NULL,
    actor_uid TEXT NOT NULL,
    actor_name TEXT NOT NULL,
    api TEXT CHECK (api IN ('graphql', 'rest')),
    action TEXT NOT NULL,
    field TEXT,
    old_value TEXT,
    new_value TEXT,
    book_id TEXT,
    uid TEXT
  ) WITHOUT ROWID;
  CREATE INDEX audit_by_book ON audit (book_id, id) WHERE book_id IS NOT NULL;
  CREATE INDEX audit_by_uid ON audit (uid, id) WHERE uid IS NOT NULL;
  CREATE TRIGGER audit_never_updated BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'audit entries are never changed'); END;
  CREATE TRIGGER audit_never_deleted BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'audit entries are never deleted'); END;
  `,
  // 12: returns the library can trust (RETURNS=desk, docs/decisions/041): a claimed return keeps status
  // 'borrowed' (the copy is still out, so every active-loan rule still counts it) with the claim's instant;
  // every closed loan records how (APP or DESK) and by whom.
  `
  ALTER TABLE loans ADD COLUMN claimed_at INTEGER;
  ALTER TABLE loans ADD COLUMN returned_via TEXT CHECK (returned_via IN ('APP', 'DESK'));
  ALTER TABLE loans ADD COLUMN returned_by TEXT;
  `,
  // 13: search by words, folded, ranked (docs/search.md). search_key becomes the folded key (search-words.ts:
  // lowercase, Latin accents dropped, NFC, one space between words); the books whose key changes get their
  // trigram and short-gram rows again. folded_key() is the adapter's JS function (db.ts registers it before
  // migrating), so the migration folds exactly as new writes do, in the same transaction as the version bump.
  // book_search_docs keeps each book's key beside its doc, so a search checks and ranks its matches on that
  // narrow table and reads only the page's books. Members get the same key of name and e-mail. Ranking ties count a book's loans since a date (by book, then
  // borrow date). Facets count the books of each genre in books_genre_id and the available ones in
  // books_available_genre, without reading a book (quantity is in it, so the index answers the count alone).
  `
  CREATE INDEX loans_by_book ON loans (book_id, borrow_date);
  CREATE INDEX books_available_genre ON books (genre, quantity) WHERE quantity > 0;
  ALTER TABLE users ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
  UPDATE users SET search_key = folded_key(name, email);
  CREATE TEMP TABLE refolded AS
    SELECT d.doc AS doc, b.id AS id, folded_key(b.title, b.author) AS key
    FROM books b JOIN book_search_docs d ON d.id = b.id WHERE b.search_key <> folded_key(b.title, b.author);
  UPDATE books SET search_key = (SELECT key FROM refolded r WHERE r.id = books.id)
    WHERE id IN (SELECT id FROM refolded);
  DELETE FROM book_search WHERE rowid IN (SELECT doc FROM refolded);
  INSERT INTO book_search (rowid, search_key) SELECT doc, key FROM refolded;
  DELETE FROM book_grams WHERE doc IN (SELECT doc FROM refolded);
  WITH RECURSIVE at (doc, key, i) AS (
    SELECT doc, key, 1 FROM refolded WHERE key <> ''
    UNION ALL SELECT doc, key, i + 1 FROM at WHERE i < length(key)
  )
  INSERT OR IGNORE INTO book_grams (gram, doc)
    SELECT substr(key, i, 1), doc FROM at WHERE unicode(substr(key, i, 1)) >= 32
    UNION ALL
    SELECT substr(key, i, 2), doc FROM at
      WHERE i < length(key) AND unicode(substr(key, i, 1)) >= 32 AND unicode(substr(key, i + 1, 1)) >= 32;
  DROP TABLE refolded;
  ALTER TABLE book_search_docs ADD COLUMN search_key TEXT NOT NULL DEFAULT '';
  UPDATE book_search_docs SET search_key = (SELECT b.search_key FROM books b WHERE b.id = book_search_docs.id);
  `,
  // 14: the member's language (issue 29): e-mails and refusals follow it; NULL until they choose one.
  `
  ALTER TABLE users ADD COLUMN locale TEXT CHECK (locale IN ('en', 'bn'));
  `,
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
  // 20: a lost copy found (docs/decisions/059): the ledger gains the credit 'lost-found' (the loan's replacement
  // charge refunded, once per loan: ledger_one_charge). SQLite cannot change a CHECK, so the table is rebuilt with
  // its rows, columns and indexes as they were; the cash-up's index still lists payments and waivers only (a refund
  // is no money taken at the desk). Loans by copy, newest first: a found copy's last loan.
  `
  CREATE TABLE ledger_next (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('late-fee', 'replacement', 'processing-fee', 'payment', 'waiver', 'lost-found')),
    amount INTEGER NOT NULL CHECK (amount > 0),
    loan_id TEXT REFERENCES loans (id),
    book_title TEXT,
    note TEXT NOT NULL,
    recorded_by TEXT,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO ledger_next (id, user_id, kind, amount, loan_id, book_title, note, recorded_by, created_at)
    SELECT id, user_id, kind, amount, loan_id, book_title, note, recorded_by, created_at FROM ledger;
  DROP TABLE ledger;
  ALTER TABLE ledger_next RENAME TO ledger;
  CREATE INDEX ledger_by_user ON ledger (user_id, created_at DESC, id DESC);
  CREATE UNIQUE INDEX ledger_one_charge ON ledger (loan_id, kind) WHERE loan_id IS NOT NULL;
  CREATE INDEX ledger_credits_by_time ON ledger (created_at, id) WHERE kind IN ('payment', 'waiver');
  CREATE INDEX loans_by_item ON loans (item_barcode, borrow_date DESC, id DESC) WHERE item_barcode IS NOT NULL;
  `,
  // 21: searches ranked from indexes at a million books (docs/decisions/060). Each book's recent borrows (loans
  // begun on the last 90 library days, UTC: search-words.ts, recentStartDay) are kept beside its key in
  // book_search_docs.recent: triggers count a loan as it is made (or moved, or deleted), and the books adapter
  // moves the window a day at a time (recent_window.start_day; loans_by_borrow_date finds the day's loans).
  // book_docs_by_rank walks the docs in rank order within a tier (recent borrows, then key, then id), so the
  // first page of a one-letter search stops after its rows; book_docs_by_key holds the titles starting with it. book_grams gains each word's first one and two
  // characters behind U+0001 (ids.ts, searchWordStarts): the books where a short word starts a word. Gram counts
  // (book_gram_counts, kept by the adapter with the grams) answer a one-word search's totalCount and each tier's
  // size without counting a range.
  `
  CREATE TABLE recent_window (id INTEGER PRIMARY KEY CHECK (id = 1), start_day INTEGER NOT NULL);
  INSERT INTO recent_window (id, start_day) VALUES (1, CAST(unixepoch('now') / 86400 AS INTEGER) - 89);
  CREATE INDEX loans_by_borrow_date ON loans (borrow_date, book_id);
  ALTER TABLE book_search_docs ADD COLUMN recent INTEGER NOT NULL DEFAULT 0;
  UPDATE book_search_docs SET recent = r.n
    FROM (SELECT book_id, COUNT(*) AS n FROM loans
      WHERE borrow_date >= (SELECT start_day FROM recent_window WHERE id = 1) * 86400000 GROUP BY book_id) AS r
    WHERE r.book_id = book_search_docs.id;
  CREATE INDEX book_docs_by_rank ON book_search_docs (recent DESC, search_key, id);
  CREATE INDEX book_docs_by_key ON book_search_docs (search_key);
  CREATE TRIGGER loans_recent_made AFTER INSERT ON loans
    WHEN NEW.borrow_date >= (SELECT start_day FROM recent_window WHERE id = 1) * 86400000
    BEGIN UPDATE book_search_docs SET recent = recent + 1 WHERE id = NEW.book_id; END;
  CREATE TRIGGER loans_recent_deleted AFTER DELETE ON loans
    WHEN OLD.borrow_date >= (SELECT start_day FROM recent_window WHERE id = 1) * 86400000
    BEGIN UPDATE book_search_docs SET recent = recent - 1 WHERE id = OLD.book_id; END;
  CREATE TRIGGER loans_recent_moved AFTER UPDATE OF borrow_date, book_id ON loans BEGIN
    UPDATE book_search_docs SET recent = recent - 1
      WHERE id = OLD.book_id AND OLD.borrow_date >= (SELECT start_day FROM recent_window WHERE id = 1) * 86400000;
    UPDATE book_search_docs SET recent = recent + 1
      WHERE id = NEW.book_id AND NEW.borrow_date >= (SELECT start_day FROM recent_window WHERE id = 1) * 86400000;
  END;
  INSERT OR IGNORE INTO book_grams (gram, doc)
    SELECT g.value, d.doc FROM book_search_docs d, json_each(word_start_grams(d.search_key)) g;
  CREATE TABLE book_gram_counts (gram TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
  INSERT INTO book_gram_counts (gram, n) SELECT gram, COUNT(*) FROM book_grams GROUP BY gram;
  `,
  // 22: the catalogue's counts kept (docs/decisions/066): each genre's books and how many of them have a copy on the
  // shelf (quantity > 0), kept by triggers on books, so All Books' count, a genre's count, the genre list and the
  // facets of no search read a few rows instead of an index of every book (at a million books 35 to 160 ms each,
  // and a borrow anywhere made the next page count again). A genre no book has any more keeps a row of zeros. The
  // index of in-stock books by genre (13) only served those counts: dropped, one index fewer for every borrow.
  `
  DROP INDEX books_available_genre;
  CREATE TABLE book_tallies (
    genre TEXT PRIMARY KEY,
    books INTEGER NOT NULL,
    available INTEGER NOT NULL
  ) WITHOUT ROWID;
  INSERT INTO book_tallies (genre, books, available) SELECT genre, COUNT(*), SUM(quantity > 0) FROM books GROUP BY genre;
  CREATE TRIGGER books_tally_added AFTER INSERT ON books BEGIN
    INSERT INTO book_tallies (genre, books, available) VALUES (NEW.genre, 1, NEW.quantity > 0)
      ON CONFLICT (genre) DO UPDATE SET books = books + 1, available = available + excluded.available;
  END;
  CREATE TRIGGER books_tally_removed AFTER DELETE ON books BEGIN
    UPDATE book_tallies SET books = books - 1, available = available - (OLD.quantity > 0) WHERE genre = OLD.genre;
  END;
  CREATE TRIGGER books_tally_changed AFTER UPDATE OF genre, quantity ON books
    WHEN OLD.genre IS NOT NEW.genre OR (OLD.quantity > 0) IS NOT (NEW.quantity > 0) BEGIN
    UPDATE book_tallies SET books = books - 1, available = available - (OLD.quantity > 0) WHERE genre = OLD.genre;
    INSERT INTO book_tallies (genre, books, available) VALUES (NEW.genre, 1, NEW.quantity > 0)
      ON CONFLICT (genre) DO UPDATE SET books = books + 1, available = available + excluded.available;
  END;
  `,
  // 23: erasing a member empties the personal values of the audit entries about them (docs/decisions/068). The
  // trail stays append-only for everything else: an update passes only when it keeps every column but old_value
  // and new_value (each kept or set to NULL) and actor_name (kept or set to '').
  `
  DROP TRIGGER audit_never_updated;
  CREATE TRIGGER audit_never_updated BEFORE UPDATE ON audit
    WHEN NEW.id IS NOT OLD.id OR NEW.at IS NOT OLD.at OR NEW.actor_uid IS NOT OLD.actor_uid
      OR NEW.api IS NOT OLD.api OR NEW.action IS NOT OLD.action OR NEW.field IS NOT OLD.field
      OR NEW.book_id IS NOT OLD.book_id OR NEW.uid IS NOT OLD.uid
      OR (NEW.old_value IS NOT OLD.old_value AND NEW.old_value IS NOT NULL)
      OR (NEW.new_value IS NOT OLD.new_value AND NEW.new_value IS NOT NULL)
      OR (NEW.actor_name IS NOT OLD.actor_name AND NEW.actor_name <> '')
    BEGIN SELECT RAISE(ABORT, 'audit entries are never changed, only emptied when their member is erased'); END;
  `,
  // 24: a due-date-moved notice tells one member every date a closure moved (decision 046): the closed days and
  // each loan or hold with its new day, as JSON (port.ts MovedDates); null on other notices and older ones.
  `
  ALTER TABLE notices ADD COLUMN moved TEXT;
  `,
  // 25: sessions ended before their tokens expire (docs/decisions/069): one row per signed-out session, kept until
  // its token would expire anyway, and one per member whose account was erased (every session issued up to then).
  `
  CREATE TABLE ended_sessions (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
  CREATE INDEX ended_sessions_by_expiry ON ended_sessions (expires_at);
  CREATE TABLE ended_members (uid TEXT PRIMARY KEY, ended_at INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // 26: left for another change of issue 40, made at the same time (the merge puts it here).
  `
  SELECT 1;
  `,
  // 27: opening hours staff change (docs/decisions/073): each change is a row, the week's hours (JSON, as port.ts
  // OpeningHours[]) from one day to another or on until changed (to_day NULL), never edited, so a past day keeps
  // the hours it had. opening_hours keeps the hours the library started with.
  `
  CREATE TABLE hours_changes (
    id INTEGER PRIMARY KEY,
    from_day TEXT NOT NULL,
    to_day TEXT CHECK (to_day IS NULL OR to_day >= from_day),
    hours TEXT NOT NULL,
    set_at INTEGER NOT NULL
  );
  CREATE TRIGGER hours_changes_never_updated BEFORE UPDATE ON hours_changes
    BEGIN SELECT RAISE(ABORT, 'a change of opening hours is never edited: record another'); END;
  `,
];
