// Serialises async work per key inside this process, on servers that need it.
//
// Why: MongoDB applies a conditional findOneAndUpdate (and $inc, $addToSet) to one document atomically, and
// the adapter's correctness rests on that alone: several gateways on one database are safe. FerretDB v1 (our
// test server and a supported single-gateway target) does not: on both its SQLite and PostgreSQL backends an
// update reads the document, applies the operators in Go and writes the whole document back by _id, with
// nothing between the read and the write (FerretDB/FerretDB#3040), so two concurrent "take a copy if
// quantity > 0" can both win and a concurrent $inc can be lost. Queuing writes of one document in-process makes
// one gateway correct there; several gateways on FerretDB v1 are not.
export interface KeyLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

/** For servers with atomic single-document updates: nothing to queue. */
export const NO_LOCK: KeyLock = { run: (_key, work) => work() };

export function createKeyLock(): KeyLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(work);
      const tail = result.catch(() => undefined);
      tails.set(key, tail);
      try {
        return await result;
      } finally {
        // The last one out removes the key, so the map does not grow with every book ever touched.
        if (tails.get(key) === tail) tails.delete(key);
      }
    },
  };
}

/**
 * FerretDB answers buildInfo with its own version beside the MongoDB one it emulates. The test server
 * (scripts/provision-mongo.sh) is FerretDB v1 patched so that write commands on one collection wait for each
 * other, which makes an update of one document atomic as on MongoDB, and its version says so: it gets no queue,
 * so the two-gateway tests prove the adapter without one. Any other FerretDB (v2 on DocumentDB has not been
 * tried) gets the queue; MongoDB itself never does.
 */
export function needsWriteQueue(buildInfo: Record<string, unknown>): boolean {
  const ferretdb = buildInfo['ferretdbVersion'];
  return typeof ferretdb === 'string' && !/-serialized-writes\b/.test(ferretdb);
}
