// Serialises async work per key inside this process.
//
// Why: MongoDB applies a conditional findOneAndUpdate atomically, but FerretDB v1 (our test server and a
// supported deployment target) reads, then writes, without a transaction (FerretDB/FerretDB#3040), so two
// concurrent "take a copy if quantity > 0" could both win. Queuing read-modify-writes of one document makes a
// single gateway correct on both engines; with several gateways, only a real MongoDB is race-free.
export interface KeyLock {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

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
