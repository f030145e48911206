// Migrations 20 to 25: lost copies found; ranking from indexes; the catalogue's kept counts; erasure in the
// audit trail; moved dates in notices; ended sessions.
// Shipped entries are never edited (schema.ts).

export const MIGRATIONS_20_TO_25: readonly string[] = [
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
];
