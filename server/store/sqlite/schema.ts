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
];
