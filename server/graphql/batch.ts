// Per-book fields of a list (a book's queue length, the caller's hold of it) read once for the whole list: the
// books a list resolves ask for their keys one by one, in one synchronous pass, and the batch is read once
// that pass is over (DataLoader's scheduling, without its cache: a mutation later in the same request must
// see what it changed, so nothing is kept once a batch is answered).
import type { GraphQLContext } from './context.ts';

type Load<V> = (keys: string[]) => Promise<Map<string, V>>;

interface Batch<V> {
  keys: Set<string>;
  answer: Promise<Map<string, V>>;
}

const pending = new WeakMap<GraphQLContext, Map<string, Batch<unknown>>>();

/**
 * The value of `key` from `load`, read together with every other key asked for under the same name in this
 * request before the batch goes out. `load` answers a map from each key asked for to its value.
 */
export function batched<V>(ctx: GraphQLContext, name: string, key: string, load: Load<V>): Promise<V | undefined> {
  let batches = pending.get(ctx);
  if (!batches) {
    batches = new Map();
    pending.set(ctx, batches);
  }
  let batch = batches.get(name) as Batch<V> | undefined;
  if (!batch) {
    const keys = new Set<string>();
    const open = batches;
    // After the resolvers of the list's items ran (their pass is synchronous) and the promises they settled,
    // as DataLoader waits: a resolved promise, then the next tick.
    const answer = new Promise<void>((resolve) => {
      void Promise.resolve().then(() => process.nextTick(resolve));
    }).then(() => {
      open.delete(name);
      return load([...keys]);
    });
    batch = { keys, answer };
    batches.set(name, batch as Batch<unknown>);
  }
  batch.keys.add(key);
  return batch.answer.then((values) => values.get(key));
}
