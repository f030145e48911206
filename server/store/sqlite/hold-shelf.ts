// The hold shelf in SQLite (decision 058): staff say when a ready hold's copy is on it, and when they took an
// ended hold's copy off it. Each move is one conditional UPDATE, so two desks pressing at once change it once.
import type { DatabaseSync } from 'node:sqlite';
import type { HoldRecord, HoldShelfResult, HoldStore, Page, PageRequest } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, parseId } from '../ids.ts';
import { num, text } from './db.ts';
import type { Row } from './db.ts';

type HoldShelf = Pick<HoldStore, 'shelve' | 'clearShelf' | 'toPull' | 'toClear'>;

const TO_PULL = "status = 'ready' AND shelved_at IS NULL";
const TO_CLEAR = "status IN ('expired', 'cancelled') AND shelved_at IS NOT NULL AND shelf_cleared_at IS NULL";

/** `toHold`: holds.ts's row reader (passed in, so the two modules do not import each other). */
export function sqliteHoldShelf(db: DatabaseSync, toHold: (row: Row) => HoldRecord): HoldShelf {
  const byId = db.prepare('SELECT * FROM holds WHERE id = ?');
  const shelve = db.prepare(
    "UPDATE holds SET shelved_at = ? WHERE id = ? AND status = 'ready' AND shelved_at IS NULL RETURNING *",
  );
  const clear = db.prepare(`UPDATE holds SET shelf_cleared_at = ? WHERE id = ? AND ${TO_CLEAR} RETURNING *`);

  /** What a move that changed nothing finds: done already (unchanged), or the refusal. */
  function settled(id: string, done: (row: Row) => boolean, refusal: (status: string) => HoldShelfResult) {
    const row = byId.get(id);
    if (!row) return { ok: false, reason: 'hold-not-found' } as const;
    return done(row) ? ({ ok: true, hold: toHold(row), changed: false } as const) : refusal(text(row, 'status'));
  }

  /** A keyset page of the holds `where` selects, by (time column, id), from its partial index. */
  function page(where: string, column: 'ready_at' | 'ended_at', time: (h: HoldRecord) => Date | null, p: PageRequest) {
    const after = p.after ? decodeTimeCursor(p.after) : null;
    const limit = Math.max(p.first, 0) + 1;
    const rows = db
      .prepare(
        `SELECT * FROM holds WHERE ${where}${after ? ` AND (${column} > ? OR (${column} = ? AND id > ?))` : ''}
        ORDER BY ${column}, id LIMIT +?`,
      )
      .all(...(after ? [after.time.getTime(), after.time.getTime(), after.id] : []), limit);
    const total = db.prepare(`SELECT COUNT(*) AS n FROM holds WHERE ${where}`).get();
    return keysetPage(
      rows,
      limit,
      toHold,
      (hold) => {
        const at = time(hold);
        return at ? encodeTimeCursor(at, hold.id) : null;
      },
      num(total ?? {}, 'n'),
    ) satisfies Page<HoldRecord>;
  }

  return {
    async shelve(holdId, at) {
      const id = parseId(holdId);
      if (!id) return { ok: false, reason: 'hold-not-found' };
      const row = shelve.get(at.getTime(), id);
      if (row) return { ok: true, hold: toHold(row), changed: true };
      return settled(
        id,
        (r) => text(r, 'status') === 'ready' && r.shelved_at !== null,
        () => ({ ok: false, reason: 'not-ready' }),
      );
    },

    async clearShelf(holdId, at) {
      const id = parseId(holdId);
      if (!id) return { ok: false, reason: 'hold-not-found' };
      const row = clear.get(at.getTime(), id);
      if (row) return { ok: true, hold: toHold(row), changed: true };
      return settled(
        id,
        (r) => r.shelf_cleared_at !== null,
        (status) => ({ ok: false, reason: ['waiting', 'ready'].includes(status) ? 'not-ended' : 'not-on-shelf' }),
      );
    },

    toPull: async (p) => page(TO_PULL, 'ready_at', (h) => h.readyAt, p),
    toClear: async (p) => page(TO_CLEAR, 'ended_at', (h) => h.endedAt, p),
  };
}
