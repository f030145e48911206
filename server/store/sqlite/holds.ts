// Holds in SQLite: each transition runs in the transaction of the write that causes it, so a copy is always
// on the shelf, on loan, or set aside for exactly one ready hold (books.held counts those), and its item says so.
import type { DatabaseSync } from 'node:sqlite';
import type { HoldRecord, HoldStatus, HoldStore } from '../port.ts';
import { nextWaiting } from '../../library/rules/hold-queue.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, newId, parseId } from '../ids.ts';
import { date, dateOrNull, isUniqueViolation, num, text, textOrNull, transaction } from './db.ts';
import { itemMoves } from './item-moves.ts';
import type { Row } from './db.ts';
import { sqliteHoldShelf } from './hold-shelf.ts';
import { sqliteHoldPauses } from './hold-pauses.ts';

const STATUSES: readonly HoldStatus[] = ['waiting', 'ready', 'fulfilled', 'cancelled', 'expired'];

export function toHold(row: Row): HoldRecord {
  const status = text(row, 'status') as HoldStatus;
  if (!STATUSES.includes(status)) throw new TypeError(`Unknown hold status ${status}`);
  return {
    id: text(row, 'id'),
    bookId: text(row, 'book_id'),
    userId: text(row, 'user_id'),
    userName: text(row, 'user_name'),
    userEmail: text(row, 'user_email'),
    bookTitle: text(row, 'book_title'),
    status,
    createdAt: date(row, 'created_at'),
    readyAt: dateOrNull(row, 'ready_at'),
    endedAt: dateOrNull(row, 'ended_at'),
    itemBarcode: textOrNull(row, 'item_barcode'),
    shelvedAt: dateOrNull(row, 'shelved_at'),
    shelfClearedAt: dateOrNull(row, 'shelf_cleared_at'),
    pausedUntil: dateOrNull(row, 'paused_until'),
    returnDate: dateOrNull(row, 'return_date'),
  };
}

/** The statements every return runs, prepared once per connection (preparing costs as much as running them). */
const fillStatements = new WeakMap<DatabaseSync, ReturnType<typeof prepareFill>>();

function prepareFill(db: DatabaseSync) {
  return {
    waiting: db.prepare("SELECT id, created_at, paused_until FROM holds WHERE book_id = ? AND status = 'waiting'"),
    setAside: db.prepare(
      'UPDATE books SET quantity = quantity - 1, held = held + 1, version = version + 1 WHERE id = ? AND quantity > 0',
    ),
    markReady: db.prepare(
      "UPDATE holds SET status = 'ready', ready_at = ?, item_barcode = ? WHERE id = ? AND status = 'waiting'",
    ),
  };
}

/**
 * Moves copies from the shelf to the members waiting for the book, inside the caller's transaction, each to the
 * one the rule says is next at `at` (library/rules/hold-queue.ts: first come, first served, paused holds passed
 * over). Called after every write that can put a copy on the shelf, or end a pause.
 */
export function fillHolds(db: DatabaseSync, bookId: string, at: Date): void {
  let statements = fillStatements.get(db);
  if (!statements) fillStatements.set(db, (statements = prepareFill(db)));
  const { waiting, setAside, markReady } = statements;
  // Read once: in the transaction only this loop changes who waits.
  const line = waiting.all(bookId).map((row) => ({
    id: text(row, 'id'),
    createdAt: date(row, 'created_at'),
    pausedUntil: dateOrNull(row, 'paused_until'),
  }));
  for (;;) {
    const next = nextWaiting(line, at);
    if (!next) return;
    if (Number(setAside.run(bookId).changes) === 0) return;
    line.splice(line.indexOf(next), 1);
    markReady.run(at.getTime(), itemMoves(db).setAside(bookId, next.id), next.id);
  }
}

/** Ends an open hold inside the caller's transaction, passing a ready hold's copy on. */
function endHold(db: DatabaseSync, row: Row, status: HoldStatus, at: Date): HoldRecord {
  const id = text(row, 'id');
  const bookId = text(row, 'book_id');
  if (text(row, 'status') === 'ready') {
    db.prepare('UPDATE books SET held = held - 1, quantity = quantity + 1, version = version + 1 WHERE id = ?').run(
      bookId,
    );
    const barcode = textOrNull(row, 'item_barcode');
    if (barcode === null) throw new Error(`Ready hold ${id} has no item`);
    itemMoves(db).shelve(barcode);
  }
  const ended = db
    .prepare('UPDATE holds SET status = ?, ended_at = ? WHERE id = ? RETURNING *')
    .get(status, at.getTime(), id);
  fillHolds(db, bookId, at);
  if (!ended) throw new Error('Update returned no row');
  return toHold(ended);
}

export function sqliteHolds(db: DatabaseSync): HoldStore {
  const holdById = db.prepare('SELECT * FROM holds WHERE id = ?');
  // Read after every return (the notices of holds it made ready) and for every book shown to a member.
  const queueOf = db.prepare(
    `SELECT * FROM holds WHERE book_id = ? AND status IN ('waiting', 'ready')
    ORDER BY CASE status WHEN 'ready' THEN 0 ELSE 1 END, created_at, id`,
  );
  return {
    async place(hold, opts) {
      const bookId = parseId(hold.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      try {
        return transaction(db, () => {
          const book = db.prepare('SELECT quantity FROM books WHERE id = ?').get(bookId);
          if (!book) return { ok: false, reason: 'book-not-found' } as const;
          const loan = db
            .prepare("SELECT 1 FROM loans WHERE user_id = ? AND book_id = ? AND status = 'borrowed'")
            .get(hold.userId, bookId);
          if (loan) return { ok: false, reason: 'already-borrowed' } as const;
          const open = db
            .prepare("SELECT 1 FROM holds WHERE user_id = ? AND book_id = ? AND status IN ('waiting', 'ready')")
            .get(hold.userId, bookId);
          if (open) return { ok: false, reason: 'already-on-hold' } as const;
          if (num(book, 'quantity') > 0) return { ok: false, reason: 'copies-available' } as const;
          const held = db
            .prepare("SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND status IN ('waiting', 'ready')")
            .get(hold.userId);
          if (num(held ?? {}, 'n') >= opts.holdLimit) return { ok: false, reason: 'hold-limit' } as const;
          const row = db
            .prepare(
              `INSERT INTO holds (id, book_id, user_id, user_name, user_email, book_title, status, created_at)
              VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?) RETURNING *`,
            )
            .get(
              hold.id ?? newId(),
              bookId,
              hold.userId,
              hold.userName,
              hold.userEmail,
              hold.bookTitle,
              hold.createdAt.getTime(),
            );
          if (!row) throw new Error('Insert returned no row');
          const position = db
            .prepare("SELECT COUNT(*) AS n FROM holds WHERE book_id = ? AND status IN ('waiting', 'ready')")
            .get(bookId);
          return { ok: true, hold: toHold(row), position: num(position ?? {}, 'n') } as const;
        });
      } catch (error) {
        // Another connection placed the same hold between our check and our insert.
        if (isUniqueViolation(error)) return { ok: false, reason: 'already-on-hold' };
        throw error;
      }
    },

    async request(hold, opts) {
      const bookId = parseId(hold.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      try {
        return transaction(db, () => {
          const refused = pickupRefusal(db, hold.userId, bookId, opts);
          if (refused) return { ok: false, reason: refused } as const;
          db.prepare(
            `INSERT INTO holds (id, book_id, user_id, user_name, user_email, book_title, status, created_at,
            return_date) VALUES (?, ?, ?, ?, ?, ?, 'waiting', ?, ?)`,
          ).run(
            hold.id,
            bookId,
            hold.userId,
            hold.userName,
            hold.userEmail,
            hold.bookTitle,
            hold.createdAt.getTime(),
            hold.returnDate.getTime(),
          );
          // With a copy on the shelf nobody else waits (every write that shelves a copy fills the queue): it is this
          // request's, set aside as a return sets one aside for a hold.
          fillHolds(db, bookId, hold.createdAt);
          const row = holdById.get(hold.id);
          if (!row || text(row, 'status') !== 'ready') throw new Error(`Pickup request ${hold.id} got no copy`);
          return { ok: true, hold: toHold(row) } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'already-on-hold' };
        throw error;
      }
    },

    async cancel(holdId, at) {
      const id = parseId(holdId);
      if (!id) return { ok: false, reason: 'hold-not-found' };
      return transaction(db, () => {
        const row = holdById.get(id);
        if (!row) return { ok: false, reason: 'hold-not-found' } as const;
        if (!['waiting', 'ready'].includes(text(row, 'status'))) return { ok: false, reason: 'not-open' } as const;
        return { ok: true, hold: endHold(db, row, 'cancelled', at) } as const;
      });
    },

    async expire(readyBefore, at) {
      return transaction(db, () =>
        db
          .prepare(
            // A shelved pickup request counts from its shelving (library/rules/pickup-wait.ts).
            `SELECT * FROM holds WHERE status = 'ready' AND ready_at < ?
            AND (return_date IS NULL OR shelved_at IS NULL OR shelved_at < ?) ORDER BY ready_at, id`,
          )
          .all(readyBefore.getTime(), readyBefore.getTime())
          .map((row) => endHold(db, row, 'expired', at)),
      );
    },

    async get(holdId) {
      const id = parseId(holdId);
      const row = id ? holdById.get(id) : undefined;
      return row ? toHold(row) : null;
    },

    async listByUser(userId) {
      return db
        .prepare('SELECT * FROM holds WHERE user_id = ? ORDER BY created_at DESC, id DESC')
        .all(userId)
        .map(toHold);
    },

    async queue(bookId) {
      const id = parseId(bookId);
      if (!id) return [];
      return queueOf.all(id).map(toHold);
    },

    queues: async (bookIds) => queuesOf(db, bookIds),

    ...sqliteHoldShelf(db, toHold),

    ...sqliteHoldPauses(db, toHold, fillHolds),

    async ready(page) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const rows = db
        .prepare(
          `SELECT * FROM holds WHERE status = 'ready'${after ? ' AND (ready_at > ? OR (ready_at = ? AND id > ?))' : ''}
          ORDER BY ready_at, id LIMIT +?`,
        )
        .all(...(after ? [after.time.getTime(), after.time.getTime(), after.id] : []), limit);
      const total = db.prepare("SELECT COUNT(*) AS n FROM holds WHERE status = 'ready'").get();
      return keysetPage(
        rows,
        limit,
        toHold,
        (hold) => (hold.readyAt ? encodeTimeCursor(hold.readyAt, hold.id) : null),
        num(total ?? {}, 'n'),
      );
    },
  };
}

/** Why a pickup request is refused, read in its transaction, in the order a borrow is refused; null when it may go. */
function pickupRefusal(
  db: DatabaseSync,
  userId: string,
  bookId: string,
  opts: { holdLimit: number; loanLimit: number },
) {
  const count = (sql: string, ...args: string[]) => num(db.prepare(sql).get(...args) ?? {}, 'n');
  const book = db.prepare('SELECT quantity FROM books WHERE id = ?').get(bookId);
  if (!book) return 'book-not-found';
  if (
    count("SELECT COUNT(*) AS n FROM loans WHERE user_id = ? AND book_id = ? AND status = 'borrowed'", userId, bookId)
  )
    return 'already-borrowed';
  const open = "status IN ('waiting', 'ready')";
  if (count(`SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND book_id = ? AND ${open}`, userId, bookId))
    return 'already-on-hold';
  const out =
    count("SELECT COUNT(*) AS n FROM loans WHERE user_id = ? AND status = 'borrowed'", userId) +
    count(`SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND ${open} AND return_date IS NOT NULL`, userId);
  if (out >= opts.loanLimit) return 'loan-limit';
  if (num(book, 'quantity') <= 0) return 'out-of-stock';
  if (count(`SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND ${open}`, userId) >= opts.holdLimit)
    return 'hold-limit';
  return null;
}

/** HoldStore.queues: the open holds of many books in one statement, ordered per book as queue() does. */
function queuesOf(db: DatabaseSync, bookIds: string[]): Map<string, HoldRecord[]> {
  // Keyed by the canonical id while read, answered under the ids as given.
  const byId = new Map<string, HoldRecord[]>();
  for (const id of bookIds.map(parseId)) if (id) byId.set(id, []);
  const ids = [...byId.keys()];
  // At most a page of ids a statement (SQLite's limit on bound parameters is far above it).
  for (let start = 0; start < ids.length; start += QUEUES_CHUNK) {
    const chunk = ids.slice(start, start + QUEUES_CHUNK);
    const rows = db
      .prepare(
        `SELECT * FROM holds WHERE book_id IN (${chunk.map(() => '?').join(', ')}) AND status IN ('waiting', 'ready')
        ORDER BY book_id, CASE status WHEN 'ready' THEN 0 ELSE 1 END, created_at, id`,
      )
      .all(...chunk);
    for (const row of rows) {
      const hold = toHold(row);
      byId.get(hold.bookId)?.push(hold);
    }
  }
  return new Map(bookIds.map((id) => [id, byId.get(parseId(id) ?? '') ?? []]));
}

const QUEUES_CHUNK = 500;
