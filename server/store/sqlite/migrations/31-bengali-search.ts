// Migrations from 31: searches that forgive Bengali spelling (docs/search.md). Shipped entries are never edited
// (schema.ts).

export const MIGRATIONS_FROM_31: readonly string[] = [
  // 31: the folding learns Bengali's spelling variants (library/rules/search-fold.ts: ী as ি, ূ as ু, ঈ as ই, ঊ as
  // উ, Bengali digits as Latin, no zero-width joiners). The books whose key changes get their key, trigram rows,
  // grams and the counts of every gram they lose or gain again, as migration 13 refolded them; members their key.
  // folded_key(), member_key() and search_grams() are the adapter's JS (db.ts), so this folds as new writes do.
  `
  UPDATE users SET search_key = member_key(name, email, card_number, phone)
    WHERE search_key <> member_key(name, email, card_number, phone);
  CREATE TEMP TABLE refolded AS
    SELECT d.doc AS doc, b.id AS id, b.search_key AS old, folded_key(b.title, b.author) AS key
    FROM books b JOIN book_search_docs d ON d.id = b.id WHERE b.search_key <> folded_key(b.title, b.author);
  CREATE TEMP TABLE regrams AS
    SELECT g.value AS gram FROM refolded r, json_each(search_grams(r.old)) g
    UNION SELECT g.value FROM refolded r, json_each(search_grams(r.key)) g;
  UPDATE books SET search_key = (SELECT key FROM refolded r WHERE r.id = books.id)
    WHERE id IN (SELECT id FROM refolded);
  UPDATE book_search_docs SET search_key = (SELECT key FROM refolded r WHERE r.doc = book_search_docs.doc)
    WHERE doc IN (SELECT doc FROM refolded);
  DELETE FROM book_search WHERE rowid IN (SELECT doc FROM refolded);
  INSERT INTO book_search (rowid, search_key) SELECT doc, key FROM refolded;
  DELETE FROM book_grams WHERE doc IN (SELECT doc FROM refolded);
  INSERT OR IGNORE INTO book_grams (gram, doc) SELECT g.value, r.doc FROM refolded r, json_each(search_grams(r.key)) g;
  INSERT OR IGNORE INTO book_gram_counts (gram, n) SELECT gram, 0 FROM regrams;
  UPDATE book_gram_counts SET n = (SELECT COUNT(*) FROM book_grams g WHERE g.gram = book_gram_counts.gram)
    WHERE gram IN (SELECT gram FROM regrams);
  DROP TABLE refolded;
  DROP TABLE regrams;
  `,
  // 32: Banglish (library/rules/banglish.ts): each doc of a book with Bengali in its title or author keeps its
  // romanized key (roman_key(), db.ts), which a search in Latin letters also looks in; NULL for the others, so the
  // partial index book_docs_roman holds only those books and a Latin search reads no other.
  `
  ALTER TABLE book_search_docs ADD COLUMN roman TEXT;
  UPDATE book_search_docs SET roman = roman_key(search_key) WHERE roman_key(search_key) IS NOT NULL;
  CREATE INDEX book_docs_roman ON book_search_docs (doc) WHERE roman IS NOT NULL;
  `,
];
