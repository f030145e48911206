// Migrations 1 to 7: books, categories, loans and members; the trigram index; the policy's copies; holds;
// notices and their e-mail; leases.
// Shipped entries are never edited (schema.ts).

export const MIGRATIONS_1_TO_7: readonly string[] = [
  // 1: books, categories, loans and members.
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
  // no sort. The books adapter keeps both in step on insert and on a change of title or author (search-index.ts,
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
];
