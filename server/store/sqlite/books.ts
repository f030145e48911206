// Books in SQLite: keyset paging by id, ranked search through a trigram index on a folded column, conditional stock
// changes.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  bookFieldEntries,
  editedFields,
  type BookFieldKind,
  type BookFieldValues,
  type BookFields,
  type BookFilter,
  type BookPage,
  type BookRecord,
  type BookStore,
  type PageRequest,
  InvalidCursorError,
} from '../port.ts';
import { newBookState, resolveEdit, sameBook } from '../../library/rules/book-edits.ts';
import {
  decodeCursor,
  encodeCursor,
  compareText,
  keysetPage,
  newId,
  parseId,
  searchKey,
  searchIndexFor,
  searchShortGrams,
  searchWordStarts,
  WORD_START,
} from '../ids.ts';
import {
  SEPARATOR,
  compareRanked,
  decodeRankCursor,
  encodeRankCursor,
  points,
  recentStartDay,
  searchWords,
  type RankCursor,
} from '../search-words.ts';
import { date, num, text, transaction } from './db.ts';
import { tierSql } from './search-sql.ts';
import type { Row } from './db.ts';
import { inlineReaders, type Reader, type Readers } from './reader.ts';
import { fillHolds } from './holds.ts';
import { itemMoves } from './item-moves.ts';

const STREAM_CHUNK = 500;
const DAY_MS = 86_400_000;

/**
 * A one-word search of 1-2 characters with more matches than this is ranked tier by tier from the indexes
 * (tieredPage); with fewer, every match is ranked, which costs less than the walks then.
 */
export const RANK_ALL_UP_TO = 2000;

/**
 * How many docs a walk in rank order checks for the cost of ranking one match: a match is a doc read at random
 * (its key and recent borrows, by the doc the trigram index gives), a walked doc the next entry of
 * book_docs_by_rank. Measured at 1,000,000 books: 2.8 against 0.175 µs (docs/decisions/062).
 */
export const WALK_ROWS_PER_MATCH = 16;

/** How many of a search's matches (in doc order) tell the share of each tier, to choose a walk or a ranking. */
const TIER_SAMPLE = 128;

export interface SqliteBooksOptions {
  /** RANK_ALL_UP_TO; the tests set 0 to rank every short search from the indexes. */
  rankAllUpTo?: number;
  /** WALK_ROWS_PER_MATCH; the tests set it high to walk every tier, or 0 to rank every tier's matches. */
  walkRowsPerMatch?: number;
}

/** The descriptive fields' columns (book-fields.ts), in table order: the column lists of INSERT and UPDATE. */
const FIELD_COLUMNS = bookFieldEntries().map(([name, spec]) => ({ name, column: spec.column, kind: spec.kind }));

const READ: Record<BookFieldKind, (row: Row, column: string) => string | number | null> = {
  line: text,
  text,
  url: text,
  rating: num,
  money: (row, column) => (row[column] == null ? null : num(row, column)),
};

/** The values of the descriptive fields in FIELD_COLUMNS order, as SQL parameters. */
const fieldValues = (fields: BookFieldValues): SQLInputValue[] => FIELD_COLUMNS.map(({ name }) => fields[name]);

export function toBook(row: Row): BookRecord {
  const fields: Record<string, unknown> = {};
  for (const { name, column, kind } of FIELD_COLUMNS) fields[name] = READ[kind](row, column);
  return {
    id: text(row, 'id'),
    ...(fields as BookFieldValues),
    quantity: num(row, 'quantity'),
    copies: num(row, 'copies'),
    version: num(row, 'version'),
    createdAt: date(row, 'created_at'),
    updatedAt: date(row, 'updated_at'),
  };
}

/**
 * Where the words of a search are found. Words of 3+ characters go to the trigram index as one FTS5 query (a
 * quoted phrase per word, joined by AND: user text is never FTS5 syntax), which drives the read in doc order;
 * without one, or when a short word's range is the smaller (`shortFirst`), the range of book_grams of the short
 * word with the fewest docs (`docsOf`: its kept count) drives it. The other words are checked on the book's key.
 * `count` counts the index alone when it says everything (no short word left to check).
 */
interface WordMatch {
  from: string;
  where: string[];
  params: SQLInputValue[];
  count: string | null;
  /** Some word has 1-2 characters: its matches may be most of the catalogue, so the read waits with the scans. */
  broad: boolean;
}

/** Rows of one tier (id, key, recent) in rank order, as compareRanked orders them. */
const rankedOf = (row: Row) => ({ tier: 0, recent: num(row, 'recent'), key: text(row, 'key'), id: text(row, 'id') });
const byRank = (a: Row, b: Row): number => compareRanked(rankedOf(a), rankedOf(b));

const phraseOf = (word: string) => `"${word.replaceAll('"', '""')}"`;
// The docs table holds each book's key too (schema.ts, 13), so matches are checked and ranked without reading books.
const onKey = 'instr(d.search_key, ?) > 0';

const FTS_COUNT = 'SELECT COUNT(*) AS n FROM book_search WHERE book_search MATCH ?';

function wordMatch(words: string[], docsOf: (gram: string) => number, shortFirst = false): WordMatch {
  const long = words.filter((word) => searchIndexFor(word) === 'trigrams');
  const short = words
    .filter((word) => searchIndexFor(word) === 'short')
    .map((word) => ({ word, docs: docsOf(word) }))
    .sort((a, b) => a.docs - b.docs)
    .map(({ word }) => word);
  const broad = short.length > 0;
  if (long.length > 0 && !(shortFirst && broad)) {
    const query = long.map(phraseOf).join(' AND ');
    return {
      from: 'book_search JOIN book_search_docs d ON d.doc = book_search.rowid',
      where: ['book_search MATCH ?', ...short.map(() => onKey)],
      params: [query, ...short],
      count: broad ? null : FTS_COUNT,
      broad,
    };
  }
  const [driver = '', ...rest] = short;
  return {
    from: 'book_grams g JOIN book_search_docs d ON d.doc = g.doc',
    where: ['g.gram = ?', ...rest.map(() => onKey), ...long.map(() => onKey)],
    params: [driver, ...rest, ...long],
    count: rest.length + long.length > 0 ? null : 'SELECT COUNT(*) AS n FROM book_grams WHERE gram = ?',
    broad,
  };
}

function filterClause(filter: BookFilter): { sql: string[]; params: SQLInputValue[] } {
  const sql: string[] = [];
  const params: SQLInputValue[] = [];
  if (filter.genre) {
    sql.push('books.genre = ?');
    params.push(filter.genre);
  }
  if (filter.availableOnly) sql.push('books.quantity > 0');
  return { sql, params };
}

/**
 * Upkeep of the search indexes (schema.ts, migrations 2 and 8), inside the transaction that wrote the book.
 * Exported for the SQLite-only tests, which play another process inserting a smaller id.
 */
export function searchIndex(prepare: (sql: string) => StatementSync) {
  // A key's grams (its substrings of 1-2 characters and its words' first 1-2 behind WORD_START, schema.ts 8 and
  // 21) go to SQLite as one JSON list, so a book's dozens of rows take one statement, and their counts another.
  const grams = (key: string) => [...searchShortGrams(key), ...searchWordStarts(key)];
  // Each gram a book gains or loses moves its count by one; should the rows written differ from the list (rows
  // there before, or missing), the list's counts are counted again, so they stay exact.
  const recount = (list: string): void => {
    prepare(`UPDATE book_gram_counts SET n = (SELECT COUNT(*) FROM book_grams g WHERE g.gram = book_gram_counts.gram)
      WHERE gram IN (SELECT value FROM json_each(?))`).run(list);
  };
  const addGrams = (doc: number | bigint, key: string): void => {
    const all = grams(key);
    const list = JSON.stringify(all);
    const { changes } = prepare('INSERT OR IGNORE INTO book_grams (gram, doc) SELECT value, ? FROM json_each(?)').run(
      doc,
      list,
    );
    prepare(`INSERT INTO book_gram_counts (gram, n) SELECT value, 1 FROM json_each(?) WHERE true
      ON CONFLICT (gram) DO UPDATE SET n = n + 1`).run(list);
    if (Number(changes) !== all.length) recount(list);
  };
  const dropGrams = (doc: number | bigint, key: string): void => {
    const all = grams(key);
    const list = JSON.stringify(all);
    const { changes } = prepare(
      'DELETE FROM book_grams WHERE doc = ? AND gram IN (SELECT value FROM json_each(?))',
    ).run(doc, list);
    prepare('UPDATE book_gram_counts SET n = n - 1 WHERE gram IN (SELECT value FROM json_each(?))').run(list);
    if (Number(changes) !== all.length) recount(list);
  };
  // A doc added again (see indexNew) keeps its book's recent borrows: counted from the loans, as the triggers do.
  const addDoc = (id: string, key: string): void => {
    const { lastInsertRowid: doc } = prepare(`INSERT INTO book_search_docs (id, search_key, recent) VALUES (?, ?,
      (SELECT COUNT(*) FROM loans WHERE book_id = ? AND borrow_date >= (SELECT start_day FROM recent_window WHERE id = 1) * ?))`).run(
      id,
      key,
      id,
      DAY_MS,
    );
    prepare('INSERT INTO book_search (rowid, search_key) VALUES (?, ?)').run(doc, key);
    addGrams(doc, key);
  };
  /**
   * Adds a book to the trigram index, inside the transaction that inserted it. Docs are handed out in
   * increasing order, so doc order is id order as long as ids grow; an id below ones already indexed (another
   * process inserting in the same second) moves those books behind it, in id order.
   */
  const indexNew = (id: string, key: string): void => {
    addDoc(id, key);
    if (!prepare('SELECT 1 AS later FROM book_search_docs WHERE id > ? LIMIT 1').get(id)) return;
    const later = prepare(`SELECT d.doc, d.id, b.search_key FROM book_search_docs d JOIN books b ON b.id = d.id
      WHERE d.id > ? ORDER BY d.id`).all(id);
    for (const row of later) {
      const doc = num(row, 'doc');
      prepare('DELETE FROM book_search WHERE rowid = ?').run(doc);
      prepare('DELETE FROM book_search_docs WHERE doc = ?').run(doc);
      dropGrams(doc, text(row, 'search_key'));
      addDoc(text(row, 'id'), text(row, 'search_key'));
    }
  };
  /** A book's title or author changed from what `oldKey` was made of to `key`. */
  const reindex = (id: string, oldKey: string, key: string): void => {
    const row = prepare('SELECT doc FROM book_search_docs WHERE id = ?').get(id);
    if (!row) return indexNew(id, key);
    const doc = num(row, 'doc');
    prepare('UPDATE book_search SET search_key = ? WHERE rowid = ?').run(key, doc);
    prepare('UPDATE book_search_docs SET search_key = ? WHERE doc = ?').run(key, doc);
    dropGrams(doc, oldKey);
    addGrams(doc, key);
  };
  return { indexNew, reindex };
}

/**
 * readersOf gives where the statements that may walk the whole catalogue run (reader.ts): by default this
 * connection, which holds the event loop while they run; openSqliteStore gives reader threads.
 */
export function sqliteBooks(
  db: DatabaseSync,
  readersOf: (prepare: (sql: string) => StatementSync) => Readers = inlineReaders,
  options: SqliteBooksOptions = {},
): BookStore {
  const rankAllUpTo = options.rankAllUpTo ?? RANK_ALL_UP_TO;
  const walkRowsPerMatch = options.walkRowsPerMatch ?? WALK_ROWS_PER_MATCH;
  const cache = new Map<string, StatementSync>();
  const prepare = (sql: string): StatementSync => {
    let statement = cache.get(sql);
    // On a closed database, preparing refuses as an outage (unavailable.ts); a kept statement would only say it was
    // finalized.
    if (!statement || !db.isOpen) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  // No RETURNING: a statement that opens a savepoint makes FTS5 flush its pending rows, one segment per book.
  const columns = FIELD_COLUMNS.map(({ column }) => column);
  const insertSql = `INSERT INTO books (id, ${columns.join(', ')}, quantity, copies, version, search_key, created_at,
    updated_at) VALUES (?, ${columns.map(() => '?').join(', ')}, ?, ?, 0, ?, ?, ?)`;
  const updateSql = `UPDATE books SET ${columns.map((column) => `${column} = ?`).join(', ')}, copies = ?,
    quantity = ? - (copies - quantity), version = version + 1, search_key = ?, updated_at = ? WHERE id = ? RETURNING *`;
  const { indexNew, reindex } = searchIndex(prepare);
  /**
   * Every book a keyset statement (its last two parameters: the id to start after, the chunk size) finds, read
   * in chunks instead of holding one statement open across awaits, where writes may interleave.
   */
  async function* keysetChunks(sql: string, params: SQLInputValue[]): AsyncIterable<BookRecord> {
    let after = '';
    for (;;) {
      const rows = prepare(sql).all(...params, after, STREAM_CHUNK);
      for (const row of rows) yield toBook(row);
      const last = rows.at(-1);
      if (!last || rows.length < STREAM_CHUNK) return;
      after = text(last, 'id');
    }
  }
  const { scans, searches } = readersOf(prepare);
  // Inserts and renames on this connection: what a kept search count depends on (see searchCounts).
  let catalogueWrites = 0;
  /**
   * Inserts one book with its copies as items (numbered from firstSeq, or from the counter) and indexes it; the
   * caller holds the transaction.
   */
  const insertRow = (fields: BookFields, firstSeq?: number): BookRecord => {
    const now = Date.now();
    const id = newId();
    const book = newBookState(fields);
    const key = searchKey(book.title, book.author);
    prepare(insertSql).run(id, ...fieldValues(book), book.quantity, book.copies, key, now, now);
    const items = itemMoves(db);
    if (firstSeq === undefined) items.create(id, book.copies, new Date(now));
    else items.insert(id, firstSeq, book.copies, new Date(now));
    indexNew(id, key);
    catalogueWrites += 1;
    return { id, ...book, createdAt: new Date(now), updatedAt: new Date(now) };
  };
  const getRow = (id: string): Row | undefined => prepare('SELECT * FROM books WHERE id = ?').get(id);
  /**
   * How many books of a genre (null: of every genre) there are, or have a copy on the shelf, from the kept tallies
   * (schema.ts, 22): a row per genre, not a count of the books.
   */
  const tally = (genre: string | null, onShelf = false): number =>
    num(
      prepare(
        `SELECT COALESCE(SUM(${onShelf ? 'available' : 'books'}), 0) AS n FROM book_tallies${
          genre === null ? '' : ' WHERE genre = ?'
        }`,
      ).get(...(genre === null ? [] : [genre])) ?? {},
      'n',
    );

  // Counting a filter scans the table, and every page asks for its totalCount, so counts are kept until what
  // they depend on changes. A filter count: until the database changes (total_changes() moves with every write
  // on this connection, loans included; PRAGMA data_version with every commit by another connection). A search
  // the trigram index answers alone depends on titles and authors only, so its count is kept across borrows and
  // returns: until this connection inserts or renames a book (catalogueWrites) or another one commits.
  // The same count asked for while it runs (aliases of one query, a burst of the same search) shares its run;
  // a count during which the database changed is answered but not kept.
  const dataVersion = (): number => num(prepare('PRAGMA data_version').get() ?? {}, 'data_version');
  const keptReads = (version: () => string) => {
    const kept = new Map<string, Promise<Row[]>>();
    let keptVersion = '';
    return (read: Reader['all'], sql: string, params: SQLInputValue[]): Promise<Row[]> => {
      const started = version();
      if (started !== keptVersion) {
        kept.clear();
        keptVersion = started;
      }
      const key = `${sql}\u0000${JSON.stringify(params)}`;
      let rows = kept.get(key);
      if (rows === undefined) {
        if (kept.size >= 1000) kept.clear();
        const running = read(sql, params);
        kept.set(key, running);
        const forget = () => {
          if (kept.get(key) === running) kept.delete(key);
        };
        const keepIfUnchanged = () => {
          try {
            if (version() !== started) forget();
          } catch {
            forget(); // closed meanwhile
          }
        };
        running.then(keepIfUnchanged, forget);
        rows = running;
      }
      return rows;
    };
  };
  const keptCounts = (version: () => string) => {
    const reads = keptReads(version);
    return (read: Reader['all'], sql: string, params: SQLInputValue[]): Promise<number> =>
      reads(read, sql, params).then((rows) => num(rows[0] ?? {}, 'n'));
  };
  const filterCounts = keptCounts(
    () => `${num(prepare('SELECT total_changes() AS n').get() ?? {}, 'n')}:${dataVersion()}`,
  );
  const searchCounts = keptCounts(() => `${catalogueWrites}:${dataVersion()}`);
  // Facets count stock too, so they are kept like filter counts: until anything is written.
  const facetReads = keptReads(
    () => `${num(prepare('SELECT total_changes() AS n').get() ?? {}, 'n')}:${dataVersion()}`,
  );
  // Statements that may walk the whole catalogue go to a reader (scans or searches, see reader.ts); bounded
  // ones stay on this connection.
  const here: Reader['all'] = async (sql, params) => prepare(sql).all(...params);

  /**
   * Recent borrows are loans begun on or after the window's first day (search-words.ts, recentStartDay), kept per
   * book in book_search_docs.recent (schema.ts, 21): triggers count each loan made; here, before a search ranks,
   * the window moves to today's first day, taking off (or, should the clock go back, adding) the loans of the
   * days it leaves, found by borrow date. Once a day per connection, in the transaction that records the day, so
   * two gateways on one file move it once.
   */
  let windowDay: number | null = null;
  const keepRecentWindow = (): void => {
    const target = recentStartDay(Date.now());
    // Inside a caller's transaction the window waits for the next search (BEGIN cannot nest).
    if (target === windowDay || db.isTransaction) return;
    transaction(db, () => {
      const stored = num(prepare('SELECT start_day FROM recent_window WHERE id = 1').get() ?? {}, 'start_day');
      if (stored === target) return;
      const [from, to, sign] = stored < target ? [stored, target, -1] : [target, stored, 1];
      prepare(`UPDATE book_search_docs SET recent = recent + ? * r.n
        FROM (SELECT book_id, COUNT(*) AS n FROM loans WHERE borrow_date >= ? AND borrow_date < ? GROUP BY book_id) AS r
        WHERE r.book_id = book_search_docs.id`).run(sign, from * DAY_MS, to * DAY_MS);
      prepare('UPDATE recent_window SET start_day = ?').run(target);
    });
    windowDay = target;
  };

  /** The page's books, read whole by id, in the order of the ranked rows (tier, recent, key, id). */
  const pageOf = (
    ranked: { id: string; tier: number; recent: number }[],
    limit: number,
    totalCount: number,
  ): BookPage => {
    const pageRows = ranked.slice(0, limit - 1);
    const books = prepare('SELECT * FROM books WHERE id IN (SELECT value FROM json_each(?))').all(
      JSON.stringify(pageRows.map((row) => row.id)),
    );
    const byId = new Map(books.map((row) => [text(row, 'id'), row]));
    const last = pageRows.at(-1);
    return {
      nodes: pageRows.flatMap((row) => {
        const book = byId.get(row.id);
        return book ? [toBook(book)] : [];
      }),
      totalCount,
      hasNextPage: ranked.length > pageRows.length,
      endCursor: last ? encodeRankCursor({ tier: last.tier, recent: last.recent, id: last.id }) : null,
    };
  };

  const gramCount = (gram: string): number =>
    num(prepare('SELECT n FROM book_gram_counts WHERE gram = ?').get(gram) ?? { n: 0 }, 'n');

  /**
   * A page of one short word with many matches, best match first, tier by tier, each read in its order from an
   * index and stopped when the page is full (docs/decisions/060):
   * - 3 (the title is the word) and 2 (the title starts with it) are ranges of the key. Within one count of
   *   recent borrows, book_docs_by_rank holds them in key order, so each count, from the highest down, is one
   *   seek; a range of at most rankAllUpTo books is read whole from book_docs_by_key and sorted instead.
   * - 1 (the word starts a word) and 0 (only inside words): the docs in rank order (book_docs_by_rank), each
   *   checked, stopped at the page's end; or, when that would check more docs than the tier's own index range
   *   holds (the word-start gram's range for 1, the word's for 0: book_gram_counts), that range, sorted.
   * The count is the word's gram count. `after` resumes strictly after a ranked position.
   */
  const tieredPage = async (
    words: string[],
    total: number,
    after: (RankCursor & { key: string }) | null,
    limit: number,
    match: WordMatch = wordMatch(words, gramCount),
  ): Promise<BookPage> => {
    const rows: { id: string; key: string; recent: number; tier: number }[] = [];
    const phrase = words.join(' ');
    const length = points(phrase);
    const catalogue = num(prepare('SELECT COALESCE(MAX(doc), 0) AS n FROM book_search_docs').get() ?? {}, 'n');
    const take = (found: Row[], tier: number) => {
      for (const row of found)
        rows.push({ id: text(row, 'id'), key: text(row, 'key'), recent: num(row, 'recent'), tier });
    };
    // Where a tier resumes: after the cursor in its own tier, from its start in a lower one.
    const resumeIn = (tier: number) => (after && after.tier === tier ? after : null);
    const afterSql = (at: { recent: number; key: string; id: string } | null, d = '') =>
      at
        ? {
            sql: ` AND ${d}recent <= ? AND (${d}recent < ? OR (${d}search_key, ${d}id) > (?, ?))`,
            params: [at.recent, at.recent, at.key, at.id] as SQLInputValue[],
          }
        : { sql: '', params: [] as SQLInputValue[] };

    const prefixEnd = (text: string): string => {
      const chars = Array.from(text);
      const lastPoint = chars.pop()?.codePointAt(0) ?? 0;
      return chars.join('') + String.fromCodePoint(lastPoint === 0xd7ff ? 0xe000 : lastPoint + 1);
    };
    /** Tiers 3 and 2: keys in [lo, hi), those in [skipLo, skipHi) left out (the titles equal to the word). */
    const rangeTier = async (tier: number, lo: string, hi: string, skip: [string, string] | null): Promise<void> => {
      const need = limit - rows.length;
      const at = resumeIn(tier);
      const skipSql = skip ? ' AND NOT (search_key >= ? AND search_key < ?)' : '';
      const skipParams = skip ?? [];
      // The bounded count and a short range's sort read up to rankAllUpTo rows: on the reader, off the event loop.
      const [counted] = await searches.all(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM book_search_docs INDEXED BY book_docs_by_key
          WHERE search_key >= ? AND search_key < ?${skipSql} LIMIT ?)`,
        [lo, hi, ...skipParams, rankAllUpTo + 1],
      );
      const size = num(counted ?? {}, 'n');
      if (size === 0) return;
      if (size <= rankAllUpTo) {
        const resume = afterSql(at);
        take(
          await searches.all(
            `SELECT id, search_key AS key, recent FROM book_search_docs INDEXED BY book_docs_by_key
              WHERE search_key >= ? AND search_key < ?${skipSql}${resume.sql}
              ORDER BY recent DESC, search_key, id LIMIT ?`,
            [lo, hi, ...skipParams, ...resume.params, need],
          ),
          tier,
        );
        return;
      }
      // One seek of book_docs_by_rank per count of recent borrows, from the cursor's (or the highest) down.
      const group = prepare(`SELECT id, search_key AS key, recent FROM book_search_docs INDEXED BY book_docs_by_rank
        WHERE recent = ? AND search_key >= ? AND search_key < ?${skipSql} AND (search_key, id) > (?, ?)
        ORDER BY search_key, id LIMIT ?`);
      const below = prepare(`SELECT recent FROM book_search_docs INDEXED BY book_docs_by_rank WHERE recent < ?
        ORDER BY recent DESC LIMIT 1`);
      let recent: number | null = at ? at.recent : num(below.get(Number.MAX_SAFE_INTEGER) ?? { recent: -1 }, 'recent');
      let from: [string, string] = at ? [at.key, at.id] : ['', ''];
      while (recent !== null && recent >= 0 && rows.length < limit) {
        take(group.all(recent, lo, hi, ...skipParams, ...from, limit - rows.length), tier);
        const next: Row | undefined = below.get(recent);
        recent = next ? num(next, 'recent') : null;
        from = ['', ''];
      }
    };
    /**
     * Tiers 1 and 0 of one short word: the docs in rank order, or the tier's gram range sorted, whichever checks
     * fewer (the gram counts give each tier's size).
     */
    const countedTier = async (
      tier: number,
      check: string,
      checkParams: SQLInputValue[],
      range: string,
      size: number,
      rangeSize: number,
    ) => {
      const need = limit - rows.length;
      if (size <= 0) return;
      const resume = afterSql(resumeIn(tier), 'd.');
      // Walking checks about need / (size / catalogue) docs; the range holds rangeSize.
      const found =
        (need * catalogue) / size < rangeSize
          ? await searches.all(
              `SELECT d.id, d.search_key AS key, d.recent FROM book_search_docs d INDEXED BY book_docs_by_rank
                WHERE ${check}${resume.sql} ORDER BY d.recent DESC, d.search_key, d.id LIMIT ?`,
              [...checkParams, ...resume.params, need],
            )
          : await searches.all(
              `SELECT d.id, d.search_key AS key, d.recent FROM book_grams g JOIN book_search_docs d ON d.doc = g.doc
                WHERE g.gram = ? AND ${check}${resume.sql} ORDER BY d.recent DESC, d.search_key, d.id LIMIT ?`,
              [range, ...checkParams, ...resume.params, need],
            );
      take(found, tier);
    };
    /**
     * Tiers 1 and 0 of any other search, whose sizes no count gives: the docs in rank order, checked, at most
     * `budget` of them (as many as ranking every match costs, walkRowsPerMatch each, so a walk that finds too few
     * at most doubles the cost), when the tier's expected size (its share of a sample of the matches) fills the
     * page in half that; a sparser tier, or a search with too few matches for a walk to pay, ranks its matches
     * from their index instead.
     */
    const ranked = tierSql(words, 'd.search_key');
    let sample: Promise<Row[]> | null = null;
    const tierSize = async (tier: number): Promise<number> => {
      sample ??= searches.all(
        `SELECT tier, COUNT(*) AS n FROM (SELECT ${ranked.sql} AS tier FROM ${match.from}
          WHERE ${match.where.join(' AND ')} LIMIT ?) GROUP BY tier`,
        [...ranked.params, ...match.params, TIER_SAMPLE],
      );
      const shares = await sample;
      const sampled = shares.reduce((sum, row) => sum + num(row, 'n'), 0);
      const inTier = num(shares.find((row) => num(row, 'tier') === tier) ?? { n: 0 }, 'n');
      return (total * Math.max(inTier, 0.5)) / Math.max(sampled, 1);
    };
    const walkedTier = async (tier: number, check: string, checkParams: SQLInputValue[]) => {
      const need = limit - rows.length;
      const at = resumeIn(tier);
      const budget = Math.ceil(walkRowsPerMatch * total) + need;
      if (2 * need * catalogue <= budget * (await tierSize(tier))) {
        const resume = afterSql(at, 'd.');
        const walked = `SELECT d.id AS id, d.search_key AS search_key, d.recent AS recent
          FROM book_search_docs d INDEXED BY book_docs_by_rank WHERE 1${resume.sql}
          ORDER BY d.recent DESC, d.search_key, d.id LIMIT ?`;
        const found = await searches.all(
          `SELECT id, search_key AS key, recent FROM (${walked}) AS d WHERE ${check} LIMIT ?`,
          [...resume.params, budget, ...checkParams, need],
        );
        // Complete when the page is full, or when the walk could pass every doc (none has a doc above catalogue).
        if (found.length >= need || budget >= catalogue) {
          // The walk's rows come in its order; sorted again here, so no order is left to the plan.
          take([...found].sort(byRank), tier);
          return;
        }
      }
      // Ranked whole, this tier and the ones below in one read: the page ends here.
      const resume = at ? ' AND (-tier, -recent, key, id) > (?, ?, ?, ?)' : '';
      const found = await scans.all(
        `SELECT id, key, recent, tier FROM (SELECT d.id AS id, d.search_key AS key, ${ranked.sql} AS tier,
          d.recent AS recent FROM ${match.from} WHERE ${match.where.join(' AND ')}) WHERE tier <= ?${resume}
          ORDER BY tier DESC, recent DESC, key, id LIMIT ?`,
        [...ranked.params, ...match.params, tier, ...(at ? [-at.tier, -at.recent, at.key, at.id] : []), need],
      );
      for (const row of found)
        rows.push({ id: text(row, 'id'), key: text(row, 'key'), recent: num(row, 'recent'), tier: num(row, 'tier') });
      return 'rest' as const;
    };

    // Tier 1: every word starts a word, the title not starting with the phrase; tier 0: the other matches.
    const startsWord = `instr(' ' || replace(d.search_key, char(31), ' '), ' ' || ?) > 0`;
    const titleStarts = `substr(d.search_key, 1, ${length}) = ?`;
    const allStart = words.map(() => startsWord).join(' AND ');
    const allIn = words.map(() => 'instr(d.search_key, ?) > 0').join(' AND ');
    const [only] = words;
    const oneShort = words.length === 1 && only !== undefined && searchIndexFor(only) === 'short';
    const starts = oneShort ? gramCount(`${WORD_START}${phrase}`) : 0;
    const tiers: [number, () => Promise<'rest' | void> | void][] = [
      [3, () => rangeTier(3, `${phrase}${SEPARATOR}`, `${phrase} `, null)],
      [2, () => rangeTier(2, phrase, prefixEnd(phrase), [`${phrase}${SEPARATOR}`, `${phrase} `])],
      oneShort
        ? [
            1,
            () =>
              countedTier(
                1,
                `${allStart} AND NOT ${titleStarts}`,
                [phrase, phrase],
                `${WORD_START}${phrase}`,
                starts,
                starts,
              ),
          ]
        : [1, () => walkedTier(1, `${allStart} AND NOT ${titleStarts}`, [...words, phrase])],
      oneShort
        ? [0, () => countedTier(0, `${allIn} AND NOT ${allStart}`, [phrase, phrase], phrase, total - starts, total)]
        : [0, () => walkedTier(0, `${allIn} AND NOT (${allStart})`, [...words, ...words])],
    ];
    for (const [tier, read] of tiers) {
      if (rows.length >= limit) break;
      if (after && tier > after.tier) continue;
      if ((await read()) === 'rest') break;
    }
    return pageOf(rows, limit, total);
  };

  /**
   * A page of a search, best match first (tierSql, then recent borrows, then key, then id). A search of one
   * short word with more than rankAllUpTo matches is read tier by tier from the indexes (tieredPage); any
   * other ranks every match, on the docs table (key and recent borrows beside the doc) alone, and reads only
   * the page's books. The cursor carries the last book's tier, recent borrows and id; its key is read back by id.
   */
  const rankedPage = async (
    words: string[],
    where: { sql: string[]; params: SQLInputValue[] },
    afterCursor: string | null,
    limit: number,
  ): Promise<BookPage> => {
    keepRecentWindow();
    let at: (RankCursor & { key: string }) | null = null;
    if (afterCursor) {
      const cursor = decodeRankCursor(afterCursor);
      const row = prepare('SELECT search_key FROM books WHERE id = ?').get(cursor.id);
      if (!row) throw new InvalidCursorError();
      at = { ...cursor, key: text(row, 'search_key') };
    }
    let match = wordMatch(words, gramCount);
    const tier = tierSql(words, 'd.search_key');
    // Genre and stock are the book's own: only a filtered search reads the books of its matches.
    const shape = () => ({
      from: where.sql.length > 0 ? `${match.from} JOIN books ON books.id = d.id` : match.from,
      conditions: [...match.where, ...where.sql].join(' AND '),
      params: [...match.params, ...where.params],
    });
    // A search that may match most of the catalogue waits with the scans; one counted first (no filter) reads at
    // most rankAllUpTo matches here, so it stays with the searches.
    let read = match.broad || where.sql.length > 0 ? scans.all : searches.all;
    const count = () => {
      const { from, conditions, params } = shape();
      return match.count !== null && where.sql.length === 0
        ? searchCounts(read, match.count, match.params.slice(0, 1))
        : filterCounts(scans.all, `SELECT COUNT(*) AS n FROM ${from} WHERE ${conditions}`, params);
    };
    // Without a filter, a search with many matches is read tier by tier. One short word's count is its gram's;
    // any other search reads at most rankAllUpTo + 1 matches to rank and counts them as it does (a window), so
    // one that has more is found in the same read, and one that has fewer needs no count of its own.
    const [only] = words;
    const capped =
      where.sql.length === 0 && !(words.length === 1 && only !== undefined && searchIndexFor(only) === 'short');
    let total: number | null = null;
    if (where.sql.length === 0 && !capped) {
      total = gramCount(only ?? '');
      if (total > rankAllUpTo) return tieredPage(words, total, at, limit, match);
      read = searches.all;
    }
    let resume = '';
    const resumeParams: SQLInputValue[] = [];
    if (at) {
      resume = 'WHERE (-tier, -recent, key, id) > (?, ?, ?, ?)';
      resumeParams.push(-at.tier, -at.recent, at.key, at.id);
    }
    // With a word of 3+ characters, the trigram index says first whether more than the cap contain those words
    // (its doc numbers alone): if so, no doc is read here (the constant condition ends the read before its loop)
    // and the search is counted apart.
    const ranked = (hitsFirst: boolean): Promise<Row[]> => {
      const all = shape();
      const matches = hitsFirst
        ? {
            sql: `WITH hits AS MATERIALIZED (SELECT rowid AS doc FROM book_search WHERE book_search MATCH ? LIMIT ?)
              SELECT d.id AS id, d.search_key AS key, ${tier.sql} AS tier, d.recent AS recent
              FROM hits JOIN book_search_docs d ON d.doc = hits.doc
              WHERE ${['(SELECT COUNT(*) FROM hits) <= ?', ...match.where.slice(1)].join(' AND ')}`,
            params: [match.params[0] ?? '', rankAllUpTo + 1, ...tier.params, rankAllUpTo, ...match.params.slice(1)],
          }
        : {
            sql: `SELECT d.id AS id, d.search_key AS key, ${tier.sql} AS tier, d.recent AS recent
              FROM ${all.from} WHERE ${all.conditions}${capped ? ' LIMIT ?' : ''}`,
            params: [...tier.params, ...all.params, ...(capped ? [rankAllUpTo + 1] : [])],
          };
      // Ranked on the docs table alone; only the page's books are read whole.
      return read(
        `SELECT books.*, r.tier AS tier, r.recent AS recent, r.total AS total FROM (
          SELECT * FROM (SELECT m.*, COUNT(*) OVER () AS total FROM (${matches.sql}) AS m) ${resume}
          ORDER BY tier DESC, recent DESC, key, id LIMIT ?
        ) r JOIN books ON books.id = r.id ORDER BY r.tier DESC, r.recent DESC, r.key, r.id`,
        [...matches.params, ...resumeParams, limit],
      );
    };
    const hitsFirst = capped && match.from.startsWith('book_search ');
    let rows = await ranked(hitsFirst);
    if (capped) {
      // Every match was read when fewer than the cap came; none came after a cursor, or when more than the cap
      // hold the words of 3+ characters: counted apart.
      const [first] = rows;
      if (!first && hitsFirst && match.broad) {
        // More than the cap hold the long words: should a short word's docs be far fewer, its range drives the
        // count and the tiers instead ("ii the": 24,817 docs hold "ii", 512,781 "the", at a million books).
        const shortFirst = wordMatch(words, gramCount, true);
        const fts = await searchCounts(searches.all, FTS_COUNT, match.params.slice(0, 1));
        if (2 * gramCount(String(shortFirst.params[0])) < fts) match = shortFirst;
      }
      total = first ? num(first, 'total') : at || hitsFirst ? await count() : 0;
      if (total > rankAllUpTo) return tieredPage(words, first ? await count() : total, at, limit, match);
      // Fewer than the cap, once the short words are checked too: ranked whole.
      if (!first && total > 0 && hitsFirst) rows = await ranked(false);
    }
    const totalCount = total ?? (!afterCursor && rows.length < limit ? rows.length : await count());
    const pageRows = rows.slice(0, limit - 1);
    const last = pageRows.at(-1);
    return {
      nodes: pageRows.map(toBook),
      totalCount,
      hasNextPage: rows.length > pageRows.length,
      endCursor: last
        ? encodeRankCursor({ tier: num(last, 'tier'), recent: num(last, 'recent'), id: text(last, 'id') })
        : null,
    };
  };

  return {
    async list(filter: BookFilter, page: PageRequest): Promise<BookPage> {
      const words = searchWords(filter.search);
      const where = filterClause(filter);
      const limit = Math.max(page.first, 0) + 1;
      if (words.length > 0) return rankedPage(words, where, page.after ?? null, limit);
      const after = page.after ? decodeCursor(page.after) : null;
      // Without a filter, a page is the next `limit` rows of the primary key; a genre or stock filter has an index
      // for its pages. The count is the kept tallies'.
      const read = where.sql.length ? searches.all : here;
      const pageWhere = after ? [...where.sql, 'id > ?'] : where.sql;
      const pageParams = after ? [...where.params, after] : where.params;
      // A genre's in-stock page walks the genre in id order, skipping books out of stock.
      const table = filter.genre && filter.availableOnly ? 'books INDEXED BY books_genre_id' : 'books';
      const rows = await read(
        `SELECT * FROM ${table}${pageWhere.length ? ` WHERE ${pageWhere.join(' AND ')}` : ''} ORDER BY id LIMIT ?`,
        [...pageParams, limit],
      );
      // A first page that holds every match is its own count (most distinct searches end on page one).
      const totalCount =
        !after && rows.length < limit ? rows.length : tally(filter.genre || null, filter.availableOnly === true);
      return keysetPage(rows, limit, toBook, (book) => encodeCursor(book.id), totalCount);
    },

    async facets(filter) {
      const words = searchWords(filter.search);
      // One read of the matching books gives every count: per genre, and of those with a copy available. The
      // genre filter and the stock filter are left out of it, each facet showing what choosing it would leave.
      let rows: Row[];
      if (words.length > 0) {
        const match = wordMatch(words, gramCount);
        const sql = `SELECT books.genre AS genre, COUNT(*) AS n, SUM(books.quantity > 0) AS available
          FROM ${match.from} JOIN books ON books.id = d.id WHERE ${match.where.join(' AND ')} GROUP BY books.genre`;
        rows = await facetReads(scans.all, sql, match.params);
      } else {
        // Without a search, the kept tallies (schema.ts, 22).
        rows = prepare('SELECT genre, books AS n, available FROM book_tallies WHERE books > 0').all();
      }
      const genreCounts = rows
        .map((row) => ({ genre: text(row, 'genre'), count: num(row, filter.availableOnly ? 'available' : 'n') }))
        .filter((entry) => entry.count > 0)
        .sort((a, b) => compareText(a.genre, b.genre));
      const availableCount = rows
        .filter((row) => !filter.genre || text(row, 'genre') === filter.genre)
        .reduce((sum, row) => sum + num(row, 'available'), 0);
      return { genreCounts, availableCount };
    },

    all: () => keysetChunks('SELECT * FROM books WHERE id > ? ORDER BY id LIMIT ?', []),
    async count() {
      return tally(null);
    },

    async get(id) {
      const key = parseId(id);
      const row = key ? getRow(key) : undefined;
      return row ? toBook(row) : null;
    },

    byGenre: (genre) =>
      keysetChunks('SELECT * FROM books WHERE genre = ? AND id > ? ORDER BY id LIMIT ?', [String(genre)]),

    countByGenre: async (genre) => tally(genre),
    // The kept counts (schema.ts, 21): a point read per word.
    shortWordDocs: async (words, upTo) => Math.min(upTo, ...words.map(gramCount)),

    async genres() {
      const rows = prepare('SELECT genre FROM book_tallies WHERE books > 0').all();
      return rows.map((row) => text(row, 'genre')).sort(compareText);
    },

    async insert(fields) {
      return transaction(db, () => insertRow(fields));
    },

    async insertMany(list) {
      return transaction(db, () => {
        // One step of the barcode counter for the whole batch.
        const total = list.reduce((sum, fields) => sum + Math.max(0, newBookState(fields).copies), 0);
        let next = total > 0 ? itemMoves(db).allocate(total) : 0;
        for (const fields of list) next += Math.max(0, insertRow(fields, next).copies);
        return list.length;
      });
    },

    async update(id, edit, expectedVersion) {
      const key = parseId(id);
      if (!key) return null;
      return transaction(db, () => {
        const row = getRow(key);
        if (!row) return null;
        const current = toBook(row);
        if (expectedVersion != null && expectedVersion !== current.version)
          return { refused: 'version' as const, book: current, modified: false as const };
        const { copies, onLoan } = resolveEdit(current, edit);
        if (copies < onLoan) return { refused: 'copies-on-loan' as const, book: current, modified: false as const };
        if (sameBook(current, edit, copies)) return { book: current, modified: false };
        const fields = editedFields(current, edit);
        const newKey = searchKey(fields.title, fields.author);
        const updated = prepare(updateSql).get(...fieldValues(fields), copies, copies, newKey, Date.now(), key);
        if (!updated) return null;
        if (newKey !== text(row, 'search_key')) {
          reindex(key, text(row, 'search_key'), newKey);
          catalogueWrites += 1;
        }
        // Copies added become items (and go to the members waiting first); copies removed leave the shelf.
        if (copies < current.copies) itemMoves(db).withdraw(key, current.copies - copies);
        if (copies > current.copies) {
          itemMoves(db).create(key, copies - current.copies, new Date());
          fillHolds(db, key, new Date());
          return { book: toBook(getRow(key) ?? updated), modified: true };
        }
        return { book: toBook(updated), modified: true };
      });
    },

    async changeStock(id, delta) {
      const key = parseId(id);
      if (!key) return null;
      return transaction(db, () => {
        const row = prepare(`UPDATE books SET quantity = quantity + ?, copies = copies + ?, version = version + 1,
          updated_at = ? WHERE id = ? AND quantity + ? >= 0 RETURNING quantity`).get(
          delta,
          delta,
          Date.now(),
          key,
          delta,
        );
        if (!row) return null;
        if (delta < 0) itemMoves(db).withdraw(key, -delta);
        if (delta > 0) {
          itemMoves(db).create(key, delta, new Date());
          fillHolds(db, key, new Date());
        }
        return num(getRow(key) ?? row, 'quantity');
      });
    },
  };
}
