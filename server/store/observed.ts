// A store that counts its own catalogue writes, so answers kept in memory (the response cache) can tell
// when they may be stale. Wraps every write that changes what a public catalogue read returns.
import type { Store } from './port.ts';

export interface ObservedStore extends Store {
  /**
   * Changes whenever books, stock or categories may have changed: at once for this process's writes; for
   * another process's commit (SQLite) within ELSEWHERE_POLL_MS.
   */
  revision(): string;
}

/**
 * How often, at most, the store is asked about other processes' commits. Asking is a SQLite read of its own
 * (PRAGMA data_version), which was 29% of the gateway's CPU serving cached catalogue pages when asked on
 * every request; this process's own writes are counted here and seen at once.
 */
export const ELSEWHERE_POLL_MS = 5;

export function observeWrites(store: Store): ObservedStore {
  let writes = 0;
  // Counted when the write has settled, failed or not: a read that overlaps it sees a different revision
  // at its end than at its start, so its answer is never kept.
  const counted = <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        writes++;
      }
    };
  const { books, categories, loans } = store;
  const writesElsewhere = store.writesElsewhere?.bind(store);
  let elsewhereSeen = 0;
  let askedAt = -Infinity;
  const elsewhere = writesElsewhere && ((): number => {
    const at = performance.now();
    if (at - askedAt >= ELSEWHERE_POLL_MS) {
      elsewhereSeen = writesElsewhere();
      askedAt = at;
    }
    return elsewhereSeen;
  });
  return {
    ...store,
    kind: store.kind,
    ping: () => store.ping(),
    close: () => store.close(),
    books: {
      ...books,
      insert: counted(books.insert),
      insertMany: counted(books.insertMany),
      update: counted(books.update),
      changeStock: counted(books.changeStock),
    },
    categories: { ...categories, seed: counted(categories.seed) },
    loans: { ...loans, checkout: counted(loans.checkout), checkin: counted(loans.checkin) },
    revision: elsewhere ? () => `${writes}:${elsewhere()}` : () => String(writes),
  };
}
