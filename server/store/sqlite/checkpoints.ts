// WAL checkpoints off the event loop. By default SQLite checkpoints inside the commit that takes the WAL past
// 1,000 pages: that commit copies the WAL into the database file and syncs both, on the event loop. Under S5's
// mix one commit in a hundred took 6-15 ms that way, where the others take 0.07 ms (docs/performance.md). So the
// main connection leaves checkpoints to a reader thread: a passive one (it waits for no one and blocks no writer)
// whenever this connection has written since the last. Its own automatic checkpoint stays as a backstop, at
// BACKSTOP_PAGES, for a thread that falls behind or fails.
import type { DatabaseSync } from 'node:sqlite';
import { rowsWritten } from './db.ts';
import type { Reader } from './reader.ts';

/** The main connection's own checkpoint, past this many WAL pages (4 KB each): if the thread falls behind. */
export const BACKSTOP_PAGES = 10_000;
/** How often the thread is asked, when there was a write: at S5's rates, a few hundred pages each time. */
const EVERY_MS = 250;

export interface Checkpoints {
  /** A checkpoint on the thread if this connection wrote since the last one (the timer's step, for tests). */
  tick(): Promise<void>;
  stop(): void;
}

export function checkpointsOnThread(db: DatabaseSync, thread: Reader, everyMs = EVERY_MS): Checkpoints {
  db.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let checkpointedAt = 0;
  let running: Promise<void> | null = null;
  const tick = (): Promise<void> => {
    if (running) return running;
    if (!db.isOpen) return Promise.resolve();
    const written = rowsWritten((sql) => db.prepare(sql));
    if (written === checkpointedAt) return Promise.resolve();
    // A failed checkpoint (the file busy, the thread replaced) is asked again at the next tick.
    running = thread.all('PRAGMA wal_checkpoint(PASSIVE)', []).then(
      () => {
        checkpointedAt = written;
        running = null;
      },
      () => {
        running = null;
      },
    );
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
