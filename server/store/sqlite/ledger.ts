// The ledger in SQLite: a member's charges and credits as records, never an edited total. What counts as owed
// is the library's rule (library/rules/ledger.ts); the statements below are built from its lists of kinds.
import type { DatabaseSync } from 'node:sqlite';
import { creditReference } from '../port.ts';
import type { LedgerKind, LedgerRecord, LedgerStore } from '../port.ts';
import { CHARGE_KINDS, CREDIT_KINDS } from '../../library/rules/ledger.ts';
import { newId } from '../ids.ts';
import { date, num, numOrNull, text, textOrNull, transaction } from './db.ts';
import type { Row } from './db.ts';

const KINDS: readonly LedgerKind[] = ['late-fee', 'replacement', 'processing-fee', 'payment', 'waiver', 'lost-found'];

export function toEntry(row: Row): LedgerRecord {
  const kind = text(row, 'kind') as LedgerKind;
  if (!KINDS.includes(kind)) throw new TypeError(`Unknown ledger kind ${kind}`);
  return {
    id: text(row, 'id'),
    userId: text(row, 'user_id'),
    kind,
    amount: num(row, 'amount'),
    loanId: textOrNull(row, 'loan_id'),
    bookTitle: textOrNull(row, 'book_title'),
    note: text(row, 'note'),
    recordedBy: textOrNull(row, 'recorded_by'),
    createdAt: date(row, 'created_at'),
    balanceAfter: numOrNull(row, 'balance_after'),
    reference: textOrNull(row, 'reference'),
  };
}

/** `('a', 'b')`: a list of kinds as SQL text (written out, so a partial index on the same list serves it). */
const kindList = (kinds: readonly LedgerKind[]) =>
  `(${kinds.map((kind) => `'${kind.replaceAll("'", "''")}'`).join(', ')})`;

/**
 * What a member owes: charges raise it, every other kind (payments, waivers, a lost copy's refund) lowers it. The
 * member is the first parameter (`?1`), so the sum can also be a subquery beside others of the same member.
 */
export const BALANCE_SQL = `SELECT COALESCE(SUM(CASE WHEN kind IN ${kindList(CHARGE_KINDS)} THEN amount
  ELSE -amount END), 0) AS n FROM ledger WHERE user_id = ?1`;

/** A day's credits for the cash-up (the ledger_credits_by_time index lists the same kinds). */
const CREDITS_SQL = `SELECT * FROM ledger WHERE kind IN ${kindList(CREDIT_KINDS)} AND created_at >= ?
  AND created_at < ? ORDER BY created_at, id`;

/**
 * The next reference of a year (decision 074): every entry takes one, in the transaction that writes it, so an
 * entry refused or rolled back takes none.
 */
export function referenceTaker(db: DatabaseSync): (year: number) => string {
  const nextNumber = db.prepare(`INSERT INTO ledger_references (year, last) VALUES (?, 1)
    ON CONFLICT (year) DO UPDATE SET last = last + 1 RETURNING last`);
  return (year) => creditReference(year, num(nextNumber.get(year) ?? {}, 'last'));
}

export function sqliteLedger(db: DatabaseSync): LedgerStore {
  const balanceOf = db.prepare(BALANCE_SQL);
  const insert = db.prepare(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, book_title, note, recorded_by,
    created_at, balance_after, reference) VALUES (?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?) RETURNING *`);
  const nextReference = referenceTaker(db);
  const byReference = db.prepare('SELECT * FROM ledger WHERE reference = ?');
  const byId = db.prepare('SELECT * FROM ledger WHERE id = ? AND user_id = ?');
  const credits = db.prepare(CREDITS_SQL);
  const balance = (userId: string) => num(balanceOf.get(userId) ?? {}, 'n');
  return {
    async balance(userId) {
      return balance(userId);
    },
    async list(userId) {
      return db
        .prepare('SELECT * FROM ledger WHERE user_id = ? ORDER BY created_at DESC, id DESC')
        .all(userId)
        .map(toEntry);
    },
    async credits(from, to) {
      return credits.all(from.getTime(), to.getTime()).map(toEntry);
    },
    async byReference(reference) {
      const row = byReference.get(reference);
      return row ? toEntry(row) : null;
    },
    async credit(entry) {
      return transaction(db, () => {
        const before = balance(entry.userId);
        // This very credit was recorded before (its id was given again): it stands, and is answered as it was.
        const first = entry.id ? byId.get(entry.id, entry.userId) : undefined;
        if (first) return { ok: true, entry: toEntry(first), balance: before } as const;
        if (entry.amount > before) return { ok: false, reason: 'exceeds-balance', balance: before } as const;
        const row = insert.get(
          entry.id ?? newId(),
          entry.userId,
          entry.kind,
          entry.amount,
          entry.note,
          entry.recordedBy,
          entry.createdAt.getTime(),
          before - entry.amount,
          nextReference(entry.year ?? entry.createdAt.getUTCFullYear()),
        );
        if (!row) throw new Error('Insert returned no row');
        return { ok: true, entry: toEntry(row), balance: before - entry.amount } as const;
      });
    },
  };
}
