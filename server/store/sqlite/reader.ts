// Where the books adapter runs the statements that may walk the whole catalogue: searches, filtered pages and
// their counts. node:sqlite is synchronous, so such a statement on the main connection holds the event loop
// for as long as it runs (an in-stock count reads all 50,000 books of a large catalogue: 10 to 45 ms), and
// every other request, /healthz included, waits behind it. A reader thread has its own connection to the
// same file (WAL: it sees every commit and blocks no writer), so the loop only waits for the answer's message.
// There are two, each answering in turn: one for reads of every book, one for what the indexes answer, so an
// ordinary search does not queue behind scans.
// The second also copies the WAL into the file after writes (checkpoints.ts), which a commit did on the loop.
import { Worker } from 'node:worker_threads';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Row } from './db.ts';

/** A statement for the thread (reader-thread.js) and its answer. */
interface ReadRequest {
  id: number;
  sql: string;
  params: SQLInputValue[];
}

type ReadAnswer =
  { id: number; rows: Record<string, unknown>[] } | { id: number; error: { message: string; code?: string } };

export interface Reader {
  all(sql: string, params: SQLInputValue[]): Promise<Row[]>;
  close(): Promise<void>;
}

export interface Readers {
  /** Statements that may read every book: a count that reads rows, a long phrase, a filtered search. */
  scans: Reader;
  /** Statements the indexes answer: a page of a search or filter, a count of the trigram index alone. */
  searches: Reader;
}

/** Runs the statements on the caller's own connection: for in-memory databases and for statement-recording tests. */
export function inlineReaders(prepare: (sql: string) => StatementSync): Readers {
  const reader: Reader = {
    all: async (sql, params) => prepare(sql).all(...params),
    close: async () => undefined,
  };
  return { scans: reader, searches: reader };
}

export function threadReaders(file: string): Readers & { close(): Promise<void> } {
  const scans = threadReader(file);
  const searches = threadReader(file);
  return {
    scans,
    searches,
    async close() {
      await Promise.all([scans.close(), searches.close()]);
    },
  };
}

/** What node:sqlite throws on a closed database, so transports answer it as an outage (store/unavailable.ts). */
function notOpen(): Error {
  return Object.assign(new Error('database is not open'), { code: 'ERR_INVALID_STATE' });
}

/**
 * A reader thread for the database file, started on the first statement. It only keeps the process alive
 * while a statement is under way, so a store that is never closed does not hang a script's exit.
 */
function threadReader(file: string): Reader {
  let worker: Worker | null = null;
  let closed = false;
  let lastId = 0;
  const pending = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const start = (): Worker => {
    const thread = new Worker(new URL('./reader-thread.js', import.meta.url), { workerData: file });
    thread.unref();
    thread.on('message', (answer: ReadAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      // Not once closing: an answer that arrives while the thread stops would let a script's process exit
      // before the thread's exit, with close() still waiting for it.
      if (pending.size === 0 && !closed) thread.unref();
      if (!waiting) return;
      if ('rows' in answer) waiting.resolve(answer.rows as Row[]);
      else
        waiting.reject(
          Object.assign(new Error(answer.error.message), answer.error.code ? { code: answer.error.code } : {}),
        );
    });
    // A thread that failed (e.g. could not open the file) is replaced on the next statement.
    thread.on('error', (error) => {
      if (worker === thread) worker = null;
      failAll(error);
    });
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failAll(closed ? notOpen() : new Error(`the SQLite reader thread stopped (exit code ${code})`));
    });
    return thread;
  };

  return {
    all(sql, params) {
      if (closed) return Promise.reject(notOpen());
      const thread = (worker ??= start());
      const id = (lastId += 1);
      thread.ref();
      return new Promise<Row[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, sql, params } satisfies ReadRequest);
      });
    },
    async close() {
      closed = true;
      const thread = worker;
      worker = null;
      if (thread) {
        thread.ref();
        await thread.terminate();
      }
      failAll(notOpen());
    },
  };
}
