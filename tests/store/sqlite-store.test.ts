// What only the SQLite adapter promises: a durable file, migrations on open, WAL, and safety across connections.
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { constants, DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/open-store.ts';
import { isStoreUnavailable } from '../../server/store/unavailable.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { sqliteBooks } from '../../server/store/sqlite/books.ts';
import { sqliteLoans } from '../../server/store/sqlite/loans.ts';
import { openDatabase, transaction } from '../../server/store/sqlite/db.ts';
import { threadReaders } from '../../server/store/sqlite/reader.ts';
import { BACKSTOP_PAGES, checkpointsOnThread } from '../../server/store/sqlite/checkpoints.ts';
import { bookFields, newLoan, profile } from './contract/harness.ts';
import { countedReaders } from './fixtures/counted-readers.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-sqlite-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function pragma(file: string, name: string): unknown {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare(`PRAGMA ${name}`).get()?.[name];
  } finally {
    db.close();
  }
}

function raceInWorker(file: string, bookId: string, userIds: string[], itemBarcode?: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./fixtures/checkout-worker.ts', import.meta.url), {
      workerData: { file, bookId, userIds, itemBarcode },
    });
    worker.once('message', (outcomes: string[]) => resolve(outcomes));
    worker.once('error', reject);
  });
}

describe('SQLite store file', () => {
  it('creates missing directories, migrates to the latest version and uses WAL', async () => {
    const file = join(dir, 'nested', 'data', 'bookhaven.db');
    const store = await openSqliteStore(file);
    await store.close();
    expect(pragma(file, 'user_version')).toBe(MIGRATIONS.length);
    expect(pragma(file, 'journal_mode')).toBe('wal');
  });

  it('keeps books, loans, users and categories when reopened', async () => {
    const file = join(dir, 'bookhaven.db');
    const first = await openSqliteStore(file);
    const book = await first.books.insert(bookFields({ quantity: 2 }));
    const loan = await first.loans.checkout(newLoan(book.id));
    const user = await first.users.upsert(profile());
    await first.categories.seed([{ name: 'Drama', image: '/d.svg', description: 'Plays.' }]);
    await first.close();

    const second = await openSqliteStore(file);
    try {
      expect(await second.books.get(book.id)).toMatchObject({
        ...bookFields({ quantity: 1 }),
        id: book.id,
        createdAt: book.createdAt,
      });
      expect(loan.ok && (await second.loans.get(loan.loan.id))).toEqual(loan.ok && loan.loan);
      expect(await second.users.getByUid(user.uid)).toEqual(user);
      expect(await second.categories.list()).toHaveLength(1);
      expect(pragma(file, 'user_version')).toBe(MIGRATIONS.length);
    } finally {
      await second.close();
    }
  });

  it('hands the last copy to exactly one borrower across separate connections', async () => {
    const file = join(dir, 'bookhaven.db');
    const store = await openSqliteStore(file);
    const book = await store.books.insert(bookFields({ quantity: 1 }));
    const batches = [0, 1, 2, 3].map((w) => Array.from({ length: 10 }, (_, i) => `worker-${w}-user-${i}`));
    const outcomes = (await Promise.all(batches.map((userIds) => raceInWorker(file, book.id, userIds)))).flat();
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'out-of-stock')).toHaveLength(39);
    expect((await store.books.get(book.id))?.quantity).toBe(0);
    await store.close();
  });

  it('lends one scanned copy to exactly one member when desks on separate connections scan it at once', async () => {
    const file = join(dir, 'bookhaven.db');
    const store = await openSqliteStore(file);
    const book = await store.books.insert(bookFields({ quantity: 3 }));
    const [, code] = await store.items.listByBook(book.id);
    const batches = [0, 1, 2, 3].map((w) => Array.from({ length: 5 }, (_, i) => `desk-${w}-member-${i}`));
    const outcomes = (
      await Promise.all(batches.map((userIds) => raceInWorker(file, book.id, userIds, code!.barcode)))
    ).flat();
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'item-unavailable')).toHaveLength(19);
    expect(await store.books.get(book.id)).toMatchObject({ copies: 3, quantity: 2 });
    expect(await store.items.get(code!.barcode)).toMatchObject({ status: 'ON_LOAN', loanId: expect.any(String) });
    await store.close();
  });

  it('lets one user hold one active loan of a book across separate connections', async () => {
    const file = join(dir, 'bookhaven.db');
    const store = await openSqliteStore(file);
    const book = await store.books.insert(bookFields({ quantity: 8 }));
    const outcomes = (
      await Promise.all([0, 1, 2].map(() => raceInWorker(file, book.id, ['same-user', 'same-user'])))
    ).flat();
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already-borrowed')).toHaveLength(5);
    expect((await store.books.get(book.id))?.quantity).toBe(7);
    await store.close();
  });

  it('migrates a file from before the circulation policy without losing a loan: copies owned = shelf + on loan', async () => {
    const file = join(dir, 'old.db');
    const old = new DatabaseSync(file);
    for (const sql of MIGRATIONS.slice(0, 2)) old.exec(sql);
    old.exec('PRAGMA user_version = 2');
    const bookId = '0123456789abcdef01234567';
    old
      .prepare(
        `INSERT INTO books (id, title, author, genre, description, image, rating, quantity, search_key, created_at,
        updated_at) VALUES (?, 'Old', 'A', 'Drama', 'd', '/x.svg', 4, 1, 'old a', 0, 0)`,
      )
      .run(bookId);
    const insertLoan = old.prepare(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date,
      return_date, returned_at, status, book_title, book_author, book_image, book_category)
      VALUES (?, ?, ?, 'U', 'u@example.com', 0, 86400000, ?, ?, 'Old', 'A', '/x.svg', 'Drama')`);
    insertLoan.run('aaaaaaaaaaaaaaaaaaaaaaaa', bookId, 'u1', null, 'borrowed');
    insertLoan.run('bbbbbbbbbbbbbbbbbbbbbbbb', bookId, 'u2', null, 'borrowed');
    insertLoan.run('cccccccccccccccccccccccc', bookId, 'u3', 1000, 'returned');
    old.close();

    const store = await openSqliteStore(file);
    try {
      expect(pragma(file, 'user_version')).toBe(MIGRATIONS.length);
      expect(await store.books.get(bookId)).toMatchObject({
        quantity: 1,
        copies: 3,
        version: 0,
        replacementCost: null,
      });
      expect(await store.loans.get('aaaaaaaaaaaaaaaaaaaaaaaa')).toMatchObject({
        status: 'borrowed',
        renewals: 0,
        lateFee: 0,
      });
      expect(await store.loans.countActiveByUser('u1')).toBe(1);
      expect(await store.ledger.balance('u1')).toBe(0);
      // The migrated book lends and takes back as any other.
      const back = await store.loans.checkin('aaaaaaaaaaaaaaaaaaaaaaaa', new Date());
      expect(back).toMatchObject({ ok: true, quantity: 2 });
      expect(await store.books.get(bookId)).toMatchObject({ quantity: 2, copies: 3 });
    } finally {
      await store.close();
    }
  });

  it('is what openStore opens when no MongoDB URI is configured', async () => {
    const store = await openStore({ dataDir: join(dir, 'data'), mongodbUri: null });
    try {
      expect(store.kind).toBe('sqlite');
      await store.books.insert(bookFields());
    } finally {
      await store.close();
    }
    expect(pragma(join(dir, 'data', 'bookhaven.db'), 'user_version')).toBe(MIGRATIONS.length);
  });
});

describe('SQLite kept counts', () => {
  it('never answers a stale totalCount: writes through loans and other connections refresh it', async () => {
    const file = join(dir, 'bookhaven.db');
    const store = await openSqliteStore(file);
    const other = await openSqliteStore(file);
    try {
      const a = await store.books.insert(bookFields({ title: 'Alpha', quantity: 1 }));
      await store.books.insert(bookFields({ title: 'Beta', quantity: 1 }));
      const available = async () => (await store.books.list({ availableOnly: true }, { first: 10 })).totalCount;
      expect(await available()).toBe(2);
      expect(await available()).toBe(2);
      // A checkout changes stock through the loans table's transaction, not the books store.
      expect((await store.loans.checkout(newLoan(a.id))).ok).toBe(true);
      expect(await available()).toBe(1);
      // Another connection (another process in production) commits a book.
      await other.books.insert(bookFields({ title: 'Gamma', quantity: 2 }));
      expect(await available()).toBe(2);
      expect(await store.books.count()).toBe(3);
    } finally {
      await other.close();
      await store.close();
    }
  });
  it("keeps a search's page until anything is written: asked again it runs nothing, after a borrow or another connection's commit it reads again", async () => {
    const file = join(dir, 'bookhaven.db');
    const db = openDatabase(file);
    const other = await openSqliteStore(file);
    // The readers' statements, counted (the store's reader threads run the same ones).
    const statements: string[] = [];
    const counted = countedReaders(statements);
    try {
      const books = sqliteBooks(db, counted);
      const loans = sqliteLoans(db);
      const alpha = await books.insert(bookFields({ title: 'Kept Alpha', quantity: 1 }));
      await books.insert(bookFields({ title: 'Kept Beta', quantity: 1 }));
      const page = async () => {
        const { nodes, totalCount } = await books.list({ search: 'kept' }, { first: 10 });
        return { books: nodes.map((b) => [b.title, b.quantity]), totalCount };
      };
      const first = await page();
      expect(first).toEqual({
        books: [
          ['Kept Alpha', 1],
          ['Kept Beta', 1],
        ],
        totalCount: 2,
      });
      const ran = statements.length;
      expect(ran).toBeGreaterThan(0);
      expect(await page()).toEqual(first);
      expect(statements.length).toBe(ran);
      // A borrow moves stock (and recent borrows, which rank a search) through the loans' own transaction.
      expect((await loans.checkout(newLoan(alpha.id))).ok).toBe(true);
      expect(await page()).toEqual({
        books: [
          ['Kept Alpha', 0],
          ['Kept Beta', 1],
        ],
        totalCount: 2,
      });
      expect(statements.length).toBeGreaterThan(ran);
      // Another connection (another gateway on the file) commits a book.
      await other.books.insert(bookFields({ title: 'Kept Gamma', quantity: 2 }));
      expect((await page()).totalCount).toBe(3);
    } finally {
      await other.close();
      db.close();
    }
  });
});

describe('SQLite reader threads', () => {
  it('see every write before the next search, and answer as an outage once the store is closed', async () => {
    const store = await openSqliteStore(join(dir, 'bookhaven.db'));
    const one = await store.books.insert(bookFields({ title: 'Zq One' }));
    const two = await store.books.insert(bookFields({ title: 'Zq Two' }));
    await store.books.insert(bookFields({ title: 'Other' }));
    // first: 1 leaves a second match, so each count is asked of the scan thread; both share one run.
    const pages = await Promise.all([
      store.books.list({ search: 'ZQ' }, { first: 1 }),
      store.books.list({ search: 'zq' }, { first: 1 }),
    ]);
    for (const page of pages)
      expect({ ids: page.nodes.map((b) => b.id), totalCount: page.totalCount }).toEqual({
        ids: [one.id],
        totalCount: 2,
      });
    await store.books.update(one.id, bookFields({ title: 'Renamed' }));
    const renamed = await store.books.list({ search: 'zq' }, { first: 1 });
    expect({ ids: renamed.nodes.map((b) => b.id), totalCount: renamed.totalCount }).toEqual({
      ids: [two.id],
      totalCount: 1,
    });
    expect((await store.books.list({ search: 'zq x' }, { first: 1 })).totalCount).toBe(0);
    await store.close();
    const refused = await store.books.list({ search: 'zq' }, { first: 1 }).catch((error: unknown) => error);
    expect(isStoreUnavailable(refused)).toBe(true);
  });

  it('are closed in a process with nothing else to wait for, also when an answer arrives while they stop', async () => {
    // A script (the bench, a seed run) closes its store last: the answer to a statement waits in the queue when
    // close() starts, and taking it must not let the process end before the thread has stopped. A file, not
    // --eval: the thread would take --input-type from the process's flags.
    const script = join(dir, 'close.mjs');
    await writeFile(
      script,
      `const { threadReaders } = await import(${JSON.stringify(new URL('../../server/store/sqlite/reader.ts', import.meta.url).href)});
      const readers = threadReaders(${JSON.stringify(join(dir, 'bookhaven.db'))});
      await readers.searches.all('SELECT 1', []);
      const answer = readers.searches.all('SELECT 2', []).catch(() => null);
      const until = performance.now() + 200;
      while (performance.now() < until);
      await readers.close();
      await answer;
      console.log('closed');`,
    );
    new DatabaseSync(join(dir, 'bookhaven.db')).close();
    const { output, code } = await promisify(execFile)(process.execPath, [script], {
      env: { PATH: process.env.PATH ?? '' },
      timeout: 30_000,
    }).then(
      ({ stdout, stderr }) => ({ output: (stdout + stderr).trim(), code: 0 }),
      (error: { stdout: string; stderr: string; code: unknown }) => ({
        output: (error.stdout + error.stderr).trim(),
        code: Number(error.code),
      }),
    );
    // Before: exit code 13, "unsettled top-level await", nothing printed.
    expect({ output, code }).toEqual({ output: 'closed', code: 0 });
  });
});

describe('SQLite kept statements', () => {
  it('run again without being compiled again, whatever cursor and page size a page of books is given', async () => {
    const db = openDatabase(join(dir, 'bookhaven.db'));
    try {
      const books = sqliteBooks(db);
      for (const title of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon']) await books.insert(bookFields({ title }));
      const pages = async (first: number) => {
        const start = await books.list({}, { first });
        await books.list({}, { first, after: start.endCursor ?? undefined });
      };
      await pages(2);
      // SQLite asks the authorizer about a statement while it compiles it, and only then. Setting one makes
      // every kept statement compile once more.
      let compiled = 0;
      db.setAuthorizer(() => {
        compiled += 1;
        return constants.SQLITE_OK;
      });
      await pages(2);
      expect(compiled).toBeGreaterThan(0);
      compiled = 0;
      await pages(3);
      await pages(1);
      expect(compiled).toBe(0);
    } finally {
      db.close();
    }
  });

  it('open and commit a write without compiling BEGIN and COMMIT again', () => {
    const db = openDatabase(join(dir, 'bookhaven.db'));
    try {
      db.exec('CREATE TABLE tally (n INTEGER)');
      const write = (n: number) => transaction(db, () => db.prepare('INSERT INTO tally VALUES (?)').run(n));
      write(1);
      // SQLite asks the authorizer about BEGIN and COMMIT while it compiles them (SQLITE_TRANSACTION), and only then.
      const compiled: string[] = [];
      db.setAuthorizer((action, first) => {
        if (action === constants.SQLITE_TRANSACTION) compiled.push(String(first));
        return constants.SQLITE_OK;
      });
      write(2);
      expect(compiled).toEqual(['BEGIN', 'COMMIT']);
      compiled.length = 0;
      write(3);
      write(4);
      expect(compiled).toEqual([]);
      expect(db.prepare('SELECT count(*) AS n FROM tally').get()).toEqual({ n: 4 });
      // A failed write still rolls back, and the kept BEGIN opens the next one.
      expect(() =>
        transaction(db, () => {
          db.prepare('INSERT INTO tally VALUES (?)').run(5);
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(db.isTransaction).toBe(false);
      write(6);
      expect(db.prepare('SELECT count(*) AS n FROM tally').get()).toEqual({ n: 5 });
    } finally {
      db.close();
    }
  });

  it('bind no LIMIT or OFFSET bare: SQLite would compile such a statement again at every run', async () => {
    const folder = fileURLToPath(new URL('../../server/store/sqlite/', import.meta.url));
    const files = (await readdir(folder, { recursive: true })).filter((name) => /\.(ts|js)$/.test(name));
    expect(files).toContain('books.ts');
    const bare = files.flatMap((name) =>
      readFileSync(join(folder, name), 'utf8')
        .split('\n')
        // SQL is written in capitals here; comments are not SQL.
        .flatMap((line, i) =>
          /\b(LIMIT|OFFSET)\s+[?:@$]/.test(line) && !/^\s*(\/\/|\*)/.test(line)
            ? [`${name}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(bare).toEqual([]);
  });
});

describe('SQLite checkpoints', () => {
  it('leave the WAL to the reader thread: commits on the event loop copy nothing into the file, a checkpoint does', async () => {
    const file = join(dir, 'bookhaven.db');
    const db = openDatabase(file);
    const readers = threadReaders(file);
    // A timer that never fires in the test: its step is taken by hand.
    const checkpoints = checkpointsOnThread(db, readers.searches, 3_600_000);
    try {
      db.exec('CREATE TABLE filler (payload BLOB)');
      await checkpoints.tick();
      const before = statSync(file).size;
      // About 1,500 pages of 4 KB: past SQLite's own 1,000, at which a commit would checkpoint, short of the backstop.
      const insert = db.prepare('INSERT INTO filler VALUES (randomblob(4000))');
      for (let i = 0; i < 1_500; i++) insert.run();
      expect(1_500).toBeLessThan(BACKSTOP_PAGES);
      expect(statSync(file).size).toBe(before);
      await checkpoints.tick();
      expect(statSync(file).size).toBeGreaterThan(before + 1_500 * 4_000);
    } finally {
      checkpoints.stop();
      await readers.close();
      db.close();
    }
  });
});

describe('SQLite audit trail', () => {
  it('refuses to change or remove an entry, whatever connection asks, but to empty it when its member is erased', async () => {
    const file = join(dir, 'bookhaven.db');
    const store = await openSqliteStore(file);
    const [entry] = await store.audit.record([
      {
        at: new Date('2026-03-01T10:00:00.000Z'),
        actorUid: 'uid-staff',
        actorName: 'Sam Staff',
        api: 'rest',
        action: 'payment',
        field: 'balance',
        oldValue: '50',
        newValue: '20',
        bookId: null,
        uid: 'uid-ada',
      },
    ]);
    const db = new DatabaseSync(file);
    try {
      expect(() => db.exec("UPDATE audit SET new_value = '0'")).toThrow(/never changed/);
      expect(() => db.exec('DELETE FROM audit')).toThrow(/never deleted/);
      // Erasing a member only empties values and their name: nothing else passes with it.
      expect(() => db.exec("UPDATE audit SET actor_name = 'Someone Else'")).toThrow(/never changed/);
      expect(() => db.exec("UPDATE audit SET new_value = NULL, uid = 'uid-bob'")).toThrow(/never changed/);
      expect(() => db.exec("UPDATE audit SET old_value = NULL, action = 'waiver'")).toThrow(/never changed/);
    } finally {
      db.close();
    }
    expect((await store.audit.listByUid('uid-ada', { first: 5 })).nodes).toEqual([entry]);
    await store.close();
  });

  it("lets a loan's entries trade their member for its anonymous marker, once, and nothing else with it", async () => {
    const file = join(dir, 'bookhaven.db');
    const store = await openSqliteStore(file);
    const [own, staffs] = await store.audit.record(
      (['uid-ada', 'uid-staff'] as const).map((actorUid) => ({
        at: new Date('2026-03-01T10:00:00.000Z'),
        actorUid,
        actorName: actorUid === 'uid-ada' ? 'Ada Reader' : 'Sam Staff',
        api: 'graphql' as const,
        action: 'borrowed' as const,
        field: 'dueDate',
        oldValue: null,
        newValue: '2026-03-15',
        bookId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        uid: 'uid-ada',
        loanId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      })),
    );
    const db = new DatabaseSync(file);
    const update =
      (set: string, id = own?.id) =>
      () =>
        db.prepare(`UPDATE audit SET ${set} WHERE id = ?`).run(id ?? '');
    try {
      // To another member, or a marker with a value written, or who made it alone: refused.
      expect(update("uid = 'uid-bob'")).toThrow(/never changed/);
      expect(update("uid = 'anonymous:x', new_value = '2026-04-01'", staffs?.id)).toThrow(/never changed/);
      expect(update("uid = 'anonymous:x', loan_id = NULL", staffs?.id)).toThrow(/never changed/);
      expect(update("actor_uid = 'anonymous:x', actor_name = ''")).toThrow(/never changed/);
      // The member's own entry names them as who made it too: the marker goes there as well, without their name.
      expect(update("uid = 'anonymous:x'")).toThrow(/never changed/);
      expect(update("uid = 'anonymous:x', actor_uid = 'anonymous:x'")).toThrow(/never changed/);
      expect(update("uid = 'anonymous:x', actor_uid = 'anonymous:y', actor_name = ''")).toThrow(/never changed/);
      update("uid = 'anonymous:x', actor_uid = 'anonymous:x', actor_name = '', new_value = NULL")();
      update("uid = 'anonymous:x'", staffs?.id)();
      // Once: a marker is not traded for another, nor back.
      expect(update("uid = 'anonymous:z'", staffs?.id)).toThrow(/never changed/);
      expect(update("uid = 'uid-ada'", staffs?.id)).toThrow(/never changed/);
      expect(() => db.exec('DELETE FROM audit')).toThrow(/never deleted/);
    } finally {
      db.close();
    }
    expect((await store.audit.listByUid('uid-ada', { first: 5 })).nodes).toEqual([]);
    expect((await store.audit.listByUid('anonymous:x', { first: 5 })).nodes.map((e) => e.actorUid).sort()).toEqual([
      'anonymous:x',
      'uid-staff',
    ]);
    await store.close();
  });
});
