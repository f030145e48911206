// Migrations 8 to 14: short search grams; e-mail settings; idempotency keys; the audit trail; returns the
// library can trust; folded, ranked search; the member's language.
// Shipped entries are never edited (schema.ts).

export const MIGRATIONS_8_TO_14: readonly string[] = [
  // 8: the substrings of 1 and 2 characters of every search key, which the trigram index cannot answer: a search
  // of one or two characters read every book for each page and each count (8 ms at 50,000 books) and now
  // reads one range of this key. Keyed by gram, then doc (book_search_docs), so a page is the start of a range
  // in id order, like the trigram doclist. No gram holds a control character: none spans the separator of title
  // and author. The books adapter keeps it in step with book_search (search-index.ts, searchIndex).
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
];
