// Migrations from 44: the romanized keys (Banglish) get a trigram index of their own (decision 089). Shipped entries
// are never edited (schema.ts).

export const MIGRATIONS_FROM_44: readonly string[] = [
  // 44: book_roman holds each romanized key (book_search_docs.roman, migration 32) under its doc, in a contentless
  // FTS5 trigram table like book_search (case_sensitive 1: a quoted word of 3+ characters matches exactly the keys
  // instr finds it in), so a Latin search reads the books whose key holds its loosened words, not every book with
  // Bengali (books-banglish.ts). The adapter keeps it in step where it writes roman (search-index.ts), not
  // triggers (migration 2 says why); the books already romanized are indexed here.
  `
  CREATE VIRTUAL TABLE book_roman USING fts5 (
    roman, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1', detail = 'full'
  );
  INSERT INTO book_roman (rowid, roman) SELECT doc, roman FROM book_search_docs WHERE roman IS NOT NULL;
  `,
];
