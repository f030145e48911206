// Paused holds in SQLite (Koha's suspension): a waiting hold keeps its place while paused, and fillHolds passes it
// over until its pause ends. Ending a pause, by the member or by the clock (resumeDue), clears it and fills the
// book in one transaction, so a copy on the shelf then goes to the first member waiting, as after a return.
import type { DatabaseSync } from 'node:sqlite';
import type { HoldRecord, HoldStore, PauseHoldResult } from '../port.ts';
import { parseId } from '../ids.ts';
import { text, transaction } from './db.ts';
import type { Row } from './db.ts';

type HoldPauses = Pick<HoldStore, 'pause' | 'resume' | 'resumeDue' | 'firstPauseEnd'>;

/** `toHold` and `fill`: holds.ts's row reader and its fillHolds (passed in, so the two modules do not cycle). */
export function sqliteHoldPauses(
  db: DatabaseSync,
  toHold: (row: Row) => HoldRecord,
  fill: (db: DatabaseSync, bookId: string, at: Date) => void,
): HoldPauses {
  const byId = db.prepare('SELECT * FROM holds WHERE id = ?');
  const pause = db.prepare("UPDATE holds SET paused_until = ? WHERE id = ? AND status = 'waiting' RETURNING *");
  const clear = db.prepare('UPDATE holds SET paused_until = NULL WHERE id = ? RETURNING *');
  const first = db.prepare('SELECT MIN(paused_until) AS at FROM holds WHERE paused_until IS NOT NULL');
  const clearDue = db.prepare(
    'UPDATE holds SET paused_until = NULL WHERE paused_until IS NOT NULL AND paused_until <= ? RETURNING *',
  );

  /** Why a hold that is not waiting cannot be paused (or resumed, once ended). */
  const refusal = (row: Row | undefined): PauseHoldResult => {
    if (!row) return { ok: false, reason: 'hold-not-found' };
    return { ok: false, reason: text(row, 'status') === 'ready' ? 'not-waiting' : 'not-open' };
  };

  return {
    async pause(holdId, until) {
      const id = parseId(holdId);
      if (!id) return { ok: false, reason: 'hold-not-found' };
      const row = pause.get(until.getTime(), id);
      return row ? { ok: true, hold: toHold(row) } : refusal(byId.get(id));
    },

    async resume(holdId, at) {
      const id = parseId(holdId);
      if (!id) return { ok: false, reason: 'hold-not-found' };
      return transaction(db, () => {
        const row = byId.get(id);
        const status = row ? text(row, 'status') : null;
        if (!row || (status !== 'waiting' && status !== 'ready')) return refusal(row);
        const resumed = clear.get(id);
        if (!resumed) throw new Error('Update returned no row');
        fill(db, text(resumed, 'book_id'), at);
        return { ok: true, hold: toHold(byId.get(id) ?? resumed) } as const;
      });
    },

    async firstPauseEnd() {
      const at = first.get()?.at;
      return typeof at === 'number' ? new Date(at) : null;
    },

    async resumeDue(at) {
      return transaction(db, () => {
        const resumed = clearDue.all(at.getTime()).map(toHold);
        const waiting = resumed.filter((hold) => hold.status === 'waiting');
        for (const bookId of new Set(waiting.map((hold) => hold.bookId))) fill(db, bookId, at);
        return waiting;
      });
    },
  };
}
