// Every list, search and circulation query the adapters run is answered from an index, not a full scan.
// The queries are not restated here: each store operation runs for real, the statements (SQLite) or
// commands (MongoDB) it sends are recorded, and the database's own planner is asked about exactly those.
// Where no index can help, the case says so and why, so a new scan cannot slip in unnoticed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { MongoClient, type CommandStartedEvent, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../../server/store/port.ts';
import { openDatabase } from '../../server/store/sqlite/db.ts';
import { sqliteBooks } from '../../server/store/sqlite/books.ts';
import { sqliteLedger } from '../../server/store/sqlite/ledger.ts';
import { sqliteLoans } from '../../server/store/sqlite/loans.ts';
import { sqliteHolds } from '../../server/store/sqlite/holds.ts';
import { sqliteLeases } from '../../server/store/sqlite/leases.ts';
import { sqliteRequests } from '../../server/store/sqlite/requests.ts';
import { sqliteCalendar } from '../../server/store/sqlite/calendar.ts';
import { sqliteHolidays } from '../../server/store/sqlite/holidays.ts';
import { sqliteAudit } from '../../server/store/sqlite/audit.ts';
import { sqliteNotices } from '../../server/store/sqlite/notices.ts';
import { sqliteCategories, sqliteUsers } from '../../server/store/sqlite/people.ts';
import { sqliteErasure } from '../../server/store/sqlite/erasure.ts';
import { sqliteReadingHistory } from '../../server/store/sqlite/reading-history.ts';
import { sqliteItems } from '../../server/store/sqlite/items.ts';
import { sqliteSessions } from '../../server/store/sqlite/sessions.ts';
import { sqliteStats } from '../../server/store/sqlite/stats.ts';
import { sqliteSuggestions } from '../../server/store/sqlite/suggestions.ts';
import { inlineReaders } from '../../server/store/sqlite/reader.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import { ERASED_WITH_ACCOUNT, LOAN_TRAIL } from '../../server/library/audit-privacy.ts';
import { bookFields, newLoan, profile } from './contract/harness.ts';

interface Fixture {
  bookId: string;
  loanId: string;
  cursor: string;
  /** The end of a ranked search's first page (search "ac"). */
  searchCursor: string;
  /** A book with two copies on the shelf, and their barcodes. */
  shelfBookId: string;
  barcodes: string[];
}

/** A store operation, and the full scans it may make (with the reason no index can help). */
interface Case {
  name: string;
  run(store: Store, f: Fixture): Promise<unknown>;
  scans?: string;
  /** SQLite answers it from the trigram search index (book_search) when the schema has one. */
  trigram?: true;
  /**
   * A search ranked best match first: its matches come from the indexes, but their order depends on the words,
   * so no index gives it: the only full pass allowed is the sort of the matches (SQLite's TEMP B-TREE of the
   * ranked statement, and the walk of the page it keeps; MongoDB's adapter ranks in the gateway).
   */
  ranked?: true;
  /** Facets of a search: its matches, from the indexes, are counted per genre in a temporary B-tree (a row a genre). */
  grouped?: true;
  /**
   * A report's aggregate: its rows come from a range of an index; the temporary B-trees hold its groups (a row a
   * book, genre or due date), the members counted once, or the ranked groups it keeps (SCAN t: at most `first`).
   */
  aggregated?: true;
}

/** Two days of the reports' periods, around the fixture's loan. */
const STATS_DAYS = ['2026-02-28T18:00:00Z', '2026-03-01T18:00:00Z', '2026-03-02T18:00:00Z'].map((t) => new Date(t));

const CASES: Case[] = [
  { name: 'books: first page', run: (s) => s.books.list({}, { first: 5 }) },
  { name: 'books: next page by keyset cursor', run: (s, f) => s.books.list({}, { first: 5, after: f.cursor }) },
  { name: 'books: filter by genre', run: (s) => s.books.list({ genre: 'Drama' }, { first: 5 }) },
  { name: 'books: genre, next page', run: (s, f) => s.books.list({ genre: 'Drama' }, { first: 5, after: f.cursor }) },
  { name: 'books: available only', run: (s) => s.books.list({ availableOnly: true }, { first: 5 }) },
  {
    name: 'books: genre and available',
    run: (s) => s.books.list({ genre: 'Drama', availableOnly: true }, { first: 5 }),
  },
  {
    name: 'books: genre and search',
    run: (s) => s.books.list({ genre: 'Drama', search: 'dra' }, { first: 5 }),
    ranked: true,
  },
  { name: 'books: by id', run: (s, f) => s.books.get(f.bookId) },
  {
    name: 'books: stream one genre in keyset chunks (byGenre)',
    run: async (s) => {
      for await (const _ of s.books.byGenre('Drama')) void _;
    },
  },
  {
    name: 'books: stream all in keyset chunks',
    run: async (s) => {
      for await (const _ of s.books.all()) void _;
    },
  },
  { name: 'books: update', run: (s, f) => s.books.update(f.bookId, bookFields({ title: 'Renamed', genre: 'Drama' })) },
  { name: 'books: restock', run: (s, f) => s.books.changeStock(f.bookId, 1) },
  { name: 'loans: borrow', run: (s, f) => s.loans.checkout(newLoan(f.bookId, { userId: 'user-2' })) },
  { name: 'loans: return', run: (s, f) => s.loans.checkin(f.loanId, new Date()) },
  { name: 'loans: by id', run: (s, f) => s.loans.get(f.loanId) },
  { name: "loans: a member's loans, newest first", run: (s) => s.loans.listByUser('user-1') },
  { name: "loans: a member's active loan count", run: (s) => s.loans.countActiveByUser('user-1') },
  { name: 'loans: every active loan, counted (the /metrics gauge)', run: (s) => s.loans.countActive() },
  {
    name: "ledger: a day's payments and waivers (the cash-up)",
    run: (s) => s.ledger.credits(new Date('2026-12-01T00:00:00Z'), new Date('2026-12-02T00:00:00Z')),
  },
  { name: 'users: sign-in upsert', run: (s) => s.users.upsert(profile()) },
  { name: 'users: by uid', run: (s) => s.users.getByUid('uid-ada') },
  { name: "audit: a book's history, newest first", run: (s, f) => s.audit.listByBook(f.bookId, { first: 5 }) },
  {
    name: "audit: a book's history, next page",
    run: (s, f) => s.audit.listByBook(f.bookId, { first: 5, after: f.cursor }),
  },
  {
    name: "audit: a member's history, next page",
    run: (s, f) => s.audit.listByUid('uid-ada', { first: 5, after: f.cursor }),
  },
  {
    name: 'books: search by title/author substring',
    run: (s) => s.books.list({ search: 'ula' }, { first: 5 }),
    scans: 'a case-insensitive substring can match anywhere in a title or author, so a B-tree index cannot seek to it',
    trigram: true,
    ranked: true,
  },
  {
    name: 'books: search of two words, in either order',
    run: (s) => s.books.list({ search: 'stoker  dracula' }, { first: 5 }),
    ranked: true,
  },
  {
    name: 'books: search of a long and a short word, next page',
    run: (s, f) => s.books.list({ search: 'dra ac' }, { first: 5, after: f.searchCursor }),
    ranked: true,
  },
  // Each 1-2 character substring of a book is a key of its own (SQLite book_grams, MongoDB shortGrams).
  {
    name: 'books: search shorter than a trigram',
    run: (s) => s.books.list({ search: 'u' }, { first: 5 }),
    ranked: true,
  },
  {
    name: 'books: search of two characters, next page',
    run: (s, f) => s.books.list({ search: 'ac' }, { first: 5, after: f.searchCursor }),
    ranked: true,
  },
  {
    name: 'books: facets of a search (genre counts, available count)',
    run: (s) => s.books.facets({ search: 'dracula', genre: 'Drama' }),
    grouped: true,
  },
  {
    name: 'books: facets of the whole catalogue',
    run: (s) => s.books.facets({}),
  },
  {
    name: 'users: member search by words',
    run: (s) => s.users.page('ada  reader', { first: 5 }),
    scans: 'a substring of a name or an e-mail can be anywhere in it: every member is checked (a few ms at 10,000)',
  },
  {
    name: 'books: whole count',
    run: (s) => s.books.count(),
  },
  {
    name: 'books: genre list',
    run: (s) => s.books.genres(),
  },
  { name: 'categories: list', run: (s) => s.categories.list(), scans: 'answers every category (a handful of rows)' },
  { name: 'users: list', run: (s) => s.users.list(), scans: 'answers every member' },
  { name: 'items: by barcode', run: (s, f) => s.items.get(f.barcodes[0]!) },
  { name: "items: a book's items, in order of addition", run: (s, f) => s.items.listByBook(f.shelfBookId) },
  {
    name: 'loans: borrow a scanned copy',
    run: (s, f) => s.loans.checkout(newLoan(f.shelfBookId, { userId: 'user-3', itemBarcode: f.barcodes[1]! })),
  },
  { name: 'loans: claim a return', run: (s, f) => s.loans.claimReturn(f.loanId, new Date()) },
  { name: 'items: add copies', run: (s, f) => s.items.add(f.shelfBookId, 2, new Date()) },
  {
    name: 'items: send a copy to repair',
    run: (s, f) => s.items.setStatus(f.barcodes[0]!, 'IN_REPAIR', null, new Date()),
  },
  {
    name: 'items: a copy back on the shelf',
    run: (s, f) => s.items.setStatus(f.barcodes[0]!, 'ON_SHELF', null, new Date()),
  },
  { name: 'books: copies owned down (withdraws copies)', run: (s, f) => s.books.changeStock(f.shelfBookId, -1) },
  // A reading history (port/reading-history.ts): the member's page, and the daily run's anonymizing reads and write.
  { name: "reading history: a member's page", run: (s) => s.readingHistory.page('user-1', { first: 10 }) },
  { name: 'reading history: whether a member keeps it', run: (s) => s.readingHistory.keeps('user-1') },
  { name: 'reading history: loans to anonymize', run: (s) => s.readingHistory.named(new Date(), { limit: 100 }) },
  {
    name: "reading history: one member's loans to anonymize",
    run: (s) => s.readingHistory.named(new Date(), { userId: 'user-1', limit: 100 }),
  },
  {
    // The fixture's loan, returned above: its audit entries are read by member (and the next loan by member too).
    name: 'reading history: anonymize, the loan and its audit entries',
    run: (s, f) => s.readingHistory.anonymize('user-1', [f.loanId], 'anonymous:x', LOAN_TRAIL),
  },
  // Last: it takes the fixture's member away.
  {
    name: "users: erase a member's account",
    run: (s) => s.erasure.erase('user-1', { auditActions: ERASED_WITH_ACCOUNT }),
  },
  { name: 'holds: to pull (ready, not on the hold shelf)', run: (s) => s.holds.toPull({ first: 5 }) },
  { name: 'holds: to clear off the hold shelf', run: (s) => s.holds.toClear({ first: 5 }) },
  { name: 'holds: put on the hold shelf', run: (s) => s.holds.shelve('0123456789abcdef01234567', new Date()) },
  { name: 'holds: taken off the hold shelf', run: (s) => s.holds.clearShelf('0123456789abcdef01234567', new Date()) },
  // The reports' statistics (port/stats.ts): each period a range of an index.
  { name: 'stats: circulation per period', run: (s) => s.stats.loanCounts(STATS_DAYS), aggregated: true },
  { name: "stats: the ledger's sums per period", run: (s) => s.stats.ledgerSums(STATS_DAYS) },
  {
    name: 'stats: the books lent most',
    run: (s) => s.stats.topBooks(STATS_DAYS[0]!, STATS_DAYS[2]!, 10),
    aggregated: true,
  },
  { name: 'stats: loans per genre', run: (s) => s.stats.topGenres(STATS_DAYS[0]!, STATS_DAYS[2]!), aggregated: true },
  { name: 'stats: overdue loans by due date and fee', run: (s) => s.stats.overdueGroups(new Date()), aggregated: true },
  { name: 'stats: holds and their waits', run: (s) => s.stats.holdCounts(STATS_DAYS[0]!, STATS_DAYS[2]!) },
  // Purchase suggestions (issue 42): a member's open ones counted, staff's list by status, a decision.
  {
    name: 'suggestions: suggest (open ones counted)',
    run: (s) => s.suggestions.add({ userId: 'user-2', title: 'T', author: '', note: '', createdAt: new Date() }, 10),
  },
  { name: 'suggestions: staff list by status', run: (s) => s.suggestions.list('open', { first: 5 }) },
  {
    name: 'suggestions: staff list, all',
    run: (s) => s.suggestions.list(null, { first: 5 }),
    // The page walks the primary key in order (LIMIT); the count passes over the table: a library's few
    // thousand suggestions, on the desk's page of all of them.
    scans: 'counts every suggestion',
  },
  { name: "suggestions: a member's", run: (s) => s.suggestions.listByUser('user-2') },
  {
    name: 'suggestions: decide',
    run: (s) =>
      s.suggestions.decide('0123456789abcdef01234567', { status: 'accepted', reason: null, at: new Date(), by: 'x' }),
  },
  { name: "suggestions: erase a member's", run: (s) => s.suggestions.eraseMember('user-2') },
  // Asked of a session token every few seconds by every gateway; a sign-out prunes the expired ones.
  { name: 'sessions: ended?', run: (s) => s.sessions.ended('a-session', 'uid-1', new Date()) },
  { name: 'sessions: a sign-out', run: (s) => s.sessions.end('a-session', new Date(Date.now() + 60_000), new Date()) },
];

async function fixture(store: Store): Promise<Fixture> {
  const ids: string[] = [];
  for (let i = 0; i < 12; i++)
    ids.push(
      (
        await store.books.insert(
          bookFields({ genre: i % 2 ? 'Drama' : 'Thriller', title: `Dracula ${i}`, quantity: i % 3 }),
        )
      ).id,
    );
  const bookId = ids[1]!;
  await store.users.upsert(profile());
  await store.categories.seed([{ name: 'Drama', image: '/x.svg', description: 'Plays.' }]);
  const out = await store.loans.checkout(newLoan(bookId));
  if (!out.ok) throw new Error(`fixture borrow failed: ${out.reason}`);
  const page = await store.books.list({}, { first: 3 });
  const ranked = await store.books.list({ search: 'ac' }, { first: 3 });
  const shelfBookId = ids[2]!;
  const barcodes = (await store.items.listByBook(shelfBookId)).map((item) => item.barcode);
  return {
    bookId,
    loanId: out.loan.id,
    cursor: page.endCursor ?? '',
    searchCursor: ranked.endCursor ?? '',
    shelfBookId,
    barcodes,
  };
}

// ---- SQLite: EXPLAIN QUERY PLAN over each executed statement -----------------------------------------

/** Records the SQL of every statement the adapter executes (prepared statements are cached, so at run time). */
function recordStatements(db: DatabaseSync): string[] {
  const executed: string[] = [];
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    const statement = prepare(sql);
    return new Proxy(statement, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        if (key === 'get' || key === 'all' || key === 'run' || key === 'iterate') {
          return (...args: unknown[]) => {
            executed.push(target.sourceSQL);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    }) as StatementSync;
  };
  return executed;
}

describe('SQLite: every query plan uses an index', () => {
  let dir: string;
  let db: DatabaseSync;
  let store: Store;
  let executed: string[];
  let f: Fixture;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-indexes-'));
    db = openDatabase(path.join(dir, 'bookhaven.db'));
    executed = recordStatements(db);
    store = {
      kind: 'sqlite',
      calendar: sqliteCalendar(db),
      holidays: sqliteHolidays(db),
      books: sqliteBooks(db),
      loans: sqliteLoans(db),
      ledger: sqliteLedger(db),
      holds: sqliteHolds(db),
      notices: sqliteNotices(db),
      users: sqliteUsers(db),
      erasure: sqliteErasure(db),
      readingHistory: sqliteReadingHistory(db),
      categories: sqliteCategories(db),
      leases: sqliteLeases(db),
      sessions: sqliteSessions(db),
      requests: sqliteRequests(db),
      audit: sqliteAudit(db),
      items: sqliteItems(db),
      stats: sqliteStats(inlineReaders((sql) => db.prepare(sql)).scans),
      suggestions: sqliteSuggestions(db),
      ping: async () => undefined,
      close: async () => db.close(),
    };
    f = await fixture(store);
  });
  afterAll(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The plan lines of one statement; unbound parameters plan as NULL, which does not change index choice. */
  function plan(sql: string): string[] {
    return db
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .all()
      .map((row) => String(row.detail));
  }

  /** Partial indexes hold only the rows their WHERE selects, so walking one is not a full pass. */
  const partial = () =>
    new Set(
      ['books', 'loans', 'users', 'categories', 'items', 'holds', 'book_search_docs'].flatMap((table) =>
        db
          .prepare(`PRAGMA index_list(${table})`)
          .all()
          .filter((row) => Number(row.partial) === 1)
          .map((row) => String(row.name)),
      ),
    );

  /**
   * The full passes in a plan: a bare SCAN of a table, a walk of a whole (non-partial) index, a virtual
   * table read without a constraint, and a sort of every match (TEMP B-TREE: no index gives the order).
   */
  function fullPasses(lines: string[]): string[] {
    const partialIndexes = partial();
    return lines.filter((line) => {
      if (/TEMP B-TREE/.test(line)) return true;
      if (!line.startsWith('SCAN ') || line.startsWith('SCAN CONSTANT ROW')) return false;
      // json_each walks the JSON list bound as the statement's parameter (a book's grams), not a table.
      if (line.startsWith('SCAN json_each ')) return false;
      // The catalogue's tallies hold one row per genre (schema.ts, 22), however many books there are.
      if (line.startsWith('SCAN book_tallies')) return false;
      const walked = /USING (?:COVERING )?INDEX (\w+)/.exec(line);
      if (walked) return !partialIndexes.has(walked[1] ?? '');
      return !/VIRTUAL TABLE INDEX \d+:\S/.test(line); // FTS5 with MATCH or rowid = ... is its own index
    });
  }

  it.each(CASES)('$name', async (c) => {
    executed.length = 0;
    await c.run(store, f);
    const statements = executed.filter((sql) => !/^\s*(PRAGMA|SELECT total_changes\(\))/i.test(sql));
    expect(statements.length, 'the operation ran SQL').toBeGreaterThan(0);
    const plans = statements.map((sql) => ({ sql: sql.replace(/\s+/g, ' ').trim(), plan: plan(sql) }));
    const scans = plans.flatMap((p) => fullPasses(p.plan).map((line) => `${line}   <- ${p.sql}`));
    const trigram = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'book_search'").get() !== undefined;
    if (c.scans && !(c.trigram && trigram)) {
      expect(
        scans.length,
        `${c.name} is listed as a scan (${c.scans}) but uses indexes: drop the exception`,
      ).toBeGreaterThan(0);
      return;
    }
    // The unfiltered first page (every column, by name: db.ts, wholeRows) walks the primary key of the WITHOUT
    // ROWID table in order and stops after first + 1 rows: bounded by LIMIT, not a full pass.
    const bounded = scans.filter(
      (line) =>
        !/^SCAN books\s+<- SELECT [\w, ]+ FROM books ORDER BY id LIMIT \+\?$/.test(line) &&
        // A ranked search counts its matches (a window over them, materialised: SCAN (subquery-n)) and sorts them,
        // then reads the page's books from that page (SCAN r: LIMIT rows); the trigram index's doc numbers come
        // first, at most the cap of them (SCAN hits: LIMIT rows).
        !(
          c.ranked &&
          /^(USE TEMP B-TREE FOR ORDER BY|SCAN r|SCAN hits|SCAN \(subquery-\d+\))\s+<- .* ORDER BY tier DESC, /.test(
            line,
          )
        ) &&
        !(c.aggregated && /^(USE TEMP B-TREE FOR (GROUP BY|ORDER BY|count\(DISTINCT\))|SCAN t)\s+<- /.test(line)) &&
        !(
          c.grouped &&
          /^USE TEMP B-TREE FOR GROUP BY\s+<- .* WHERE book_search MATCH \? GROUP BY books\.genre$/.test(line)
        ),
    );
    expect(bounded, JSON.stringify(plans, null, 2)).toEqual([]);
  });

  // A one-letter search with many matches (here: past 0) is ranked tier by tier from the indexes (decision 060):
  // its first page walks book_docs_by_rank in rank order and stops at the page's end; nothing sorts the matches.
  it.each([
    ['a', 'inside words: the docs in rank order, checked'],
    ['d', 'titles starting with it: a seek per count of recent borrows'],
  ])('books: the first page of the one-letter search "%s" is an index walk, not a sort (%s)', async (search) => {
    const walked = sqliteBooks(db, undefined, { rankAllUpTo: 0 });
    executed.length = 0;
    const page = await walked.list({ search }, { first: 3 });
    expect(page.nodes).toHaveLength(3);
    expect(page.totalCount).toBe(12);
    const statements = executed.filter((sql) => !/^\s*(PRAGMA|SELECT total_changes\(\))/i.test(sql));
    const plans = statements.map((sql) => ({ sql: sql.replace(/\s+/g, ' ').trim(), plan: plan(sql) }));
    const lines = plans.flatMap((p) => p.plan.map((line) => `${line}   <- ${p.sql}`));
    expect(
      lines.filter((line) => /TEMP B-TREE/.test(line)),
      JSON.stringify(plans, null, 2),
    ).toEqual([]);
    expect(lines.some((line) => /USING (COVERING )?INDEX book_docs_by_rank/.test(line))).toBe(true);
    // A whole-index walk only in rank order, stopped by LIMIT.
    const passes = plans.flatMap((p) => fullPasses(p.plan).map((line) => `${line}   <- ${p.sql}`));
    // The size of a range of titles is counted up to a bound (a LIMIT subquery), not through.
    const bounded = (line: string) =>
      /^SCAN \(subquery-1\)\s+<- SELECT COUNT\(\*\) AS n FROM \(.* LIMIT \+\?\)$/.test(line);
    expect(
      passes
        .filter((line) => !bounded(line))
        .filter(
          (line) =>
            !/^SCAN d USING (COVERING )?INDEX book_docs_by_rank .* ORDER BY d\.recent DESC, d\.search_key, d\.id LIMIT \+\?$/.test(
              line,
            ),
        ),
      JSON.stringify(plans, null, 2),
    ).toEqual([]);
  });
});

// ---- MongoDB: explain() over each command the adapter sends ---------------------------------------------

const mongodbUri = inject('mongodbUri');
const EXPLAINABLE = new Set(['find', 'count', 'aggregate', 'distinct', 'findAndModify', 'update', 'delete']);

/** The stages of a MongoDB query plan tree (winningPlan), flattened. */
function stages(planNode: Document | undefined): string[] {
  if (!planNode) return [];
  const children = [planNode.inputStage, ...(planNode.inputStages ?? []), planNode.queryPlan].filter(
    Boolean,
  ) as Document[];
  return [String(planNode.stage ?? ''), ...children.flatMap(stages)];
}

describe.skipIf(!mongodbUri)(
  `MongoDB: every query has an index${mongodbUri ? '' : ` (skipped: ${inject('mongoSkipReason')})`}`,
  () => {
    const dbName = `bh_indexes_${process.pid}_${Date.now().toString(36)}`;
    let client: MongoClient;
    let store: Store;
    let f: Fixture;
    const sent: CommandStartedEvent[] = [];
    let ferretdb = false;

    beforeAll(async () => {
      store = await openMongoStore(mongodbUri ?? '', dbName, { onCommand: (event) => sent.push(event) });
      client = await MongoClient.connect(mongodbUri ?? '', { serverSelectionTimeoutMS: 5_000 });
      ferretdb = 'ferretdbVersion' in ((await client.db(dbName).command({ buildInfo: 1 })) as Document);
      f = await fixture(store);
    });
    afterAll(async () => {
      await store?.close();
      await client?.db(dbName).dropDatabase();
      await client?.close();
    });

    async function explain(event: CommandStartedEvent): Promise<Document> {
      const { lsid: _l, $db: _d, $clusterTime: _c, ...command } = event.command;
      return client.db(dbName).command({ explain: command, verbosity: 'queryPlanner' });
    }

    it('declares the indexes the queries need (FerretDB v1 cannot show their use, see below)', async () => {
      const names = async (collection: string) =>
        (await client.db(dbName).collection(collection).listIndexes().toArray()).map((i) => [i.name, i.key]);
      expect(await names('books')).toEqual(
        expect.arrayContaining([
          ['genre_id', { genre: 1, _id: 1 }],
          ['in_stock', { quantity: 1 }],
          ['held_for', { heldFor: 1 }],
        ]),
      );
      expect(await names('borrowedBooks')).toEqual(
        expect.arrayContaining([
          ['active_key_unique', { activeKey: 1 }],
          ['user_newest_first', { userId: 1, borrowDate: -1, _id: -1 }],
          ['user_status', { userId: 1, status: 1 }],
          ['status', { status: 1 }],
        ]),
      );
      expect(await names('ledger')).toEqual(expect.arrayContaining([['kind_time', { kind: 1, createdAt: 1, _id: 1 }]]));
      expect(await names('users')).toEqual(expect.arrayContaining([['uid_unique', { uid: 1 }]]));
      expect(await names('audit')).toEqual(
        expect.arrayContaining([
          ['book_id', { bookId: 1, _id: 1 }],
          ['uid_id', { uid: 1, _id: 1 }],
        ]),
      );
      // Copies as items (server/store/mongo/items.ts): a book's copies in order, the first copies made once,
      // the copy each loan and hold has (recovery compares them), copies mid-move and the books listing them.
      expect(await names('items')).toEqual(
        expect.arrayContaining([
          ['book_items', { bookId: 1, _id: 1 }],
          ['birth_unique', { birth: 1 }],
          ['loan_id', { loanId: 1 }],
          ['hold_id', { holdId: 1 }],
          ['moving', { move: 1 }],
        ]),
      );
      expect(await names('books')).toEqual(expect.arrayContaining([['item_moves', { itemMoves: 1 }]]));
    });

    it.each(CASES)('$name', async (c) => {
      sent.length = 0;
      await c.run(store, f);
      const commands = sent.filter((event) => EXPLAINABLE.has(event.commandName));
      expect(commands.length, 'the operation queried the database').toBeGreaterThan(0);
      for (const event of commands) {
        const answer = await explain(event);
        if (ferretdb) {
          // FerretDB v1 on SQLite pushes only _id equality down to SQLite (filterPushdown) and filters every
          // other query in Go after a scan, whatever indexes exist, so explain can only confirm the _id cases
          // here; the index list above is what a real MongoDB uses.
          const filter = (event.command.filter ?? event.command.query ?? event.command.q ?? {}) as Document;
          // Only _id equality: FerretDB v1 does not push $gt or $in down either.
          const byId =
            Object.keys(filter).length === 1 &&
            '_id' in filter &&
            !(filter._id instanceof Object && ('$gt' in filter._id || '$in' in filter._id));
          if (byId && (event.commandName === 'find' || event.commandName === 'count')) {
            expect(answer.filterPushdown, `${event.commandName} by _id is answered by the primary key`).toBe(true);
          }
          continue;
        }
        const winning = (answer.queryPlanner?.winningPlan ?? answer.stages?.[0]?.$cursor?.queryPlanner?.winningPlan) as
          Document | undefined;
        const planStages = stages(winning);
        expect(planStages.length, JSON.stringify(answer)).toBeGreaterThan(0);
        if (!c.scans) expect(planStages, `${c.name}: ${JSON.stringify(event.command)}`).not.toContain('COLLSCAN');
      }
    });
  },
);
