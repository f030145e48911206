// A store that knows when its data may have changed, so public reads can carry an ETag that a write always
// changes (server/cache/http-cache.ts). Fail closed: every method of the port that is not listed in READS
// counts as a write, so a write method added to the port invalidates without anyone remembering to list it.
import { randomBytes } from 'node:crypto';
import type { Store } from './port.ts';

export interface ObservedStore extends Store {
  /**
   * Changes whenever anything in the store may have changed: at once for this process's writes; for another
   * process's commit within ELSEWHERE_POLL_MS on SQLite, and within UNSEEN_WRITES_MS where the engine cannot
   * tell (MongoDB: other gateways). Never repeats across restarts.
   */
  revision(): string;
}

/** The parts of the store made of methods (books, loans, ...), as opposed to kind, ping, close. */
type Part = {
  [K in keyof Store]-?: Store[K] extends (...args: never[]) => unknown ? never : Store[K] extends object ? K : never;
}[keyof Store];

/**
 * Parts that hold no library data: no answer shows them, so their writes leave the revision alone (the schedule
 * renews its lease every minute, which must not change every ETag). The audit trail is shown to staff only,
 * never in a cacheable answer; ended sessions are never shown.
 */
export const UNSEEN_PARTS = ['leases', 'requests', 'audit', 'sessions'] as const;

/** The methods that only read. Anything else, on any other part, counts as a write once it settles. */
export const READS: { [P in Exclude<Part, (typeof UNSEEN_PARTS)[number]>]: readonly (keyof Store[P])[] } = {
  books: ['list', 'facets', 'all', 'count', 'get', 'byGenre', 'countByGenre', 'shortWordDocs', 'genres'],
  categories: ['list'],
  loans: ['get', 'listByUser', 'countActiveByUser', 'countActive', 'overdue', 'ofBook'],
  ledger: ['balance', 'list'],
  holds: ['get', 'listByUser', 'queue', 'queues', 'ready', 'firstPauseEnd'],
  items: ['get', 'listByBook'],
  notices: ['list', 'recorded', 'mailDue', 'movedSince'],
  users: ['getByUid', 'summary', 'list', 'page'],
  erasure: [],
  readingHistory: ['keeps', 'page', 'named'],
  calendar: ['openingHours', 'hoursChanges', 'closures'],
  holidays: ['get'],
  stats: ['loanCounts', 'ledgerSums', 'topBooks', 'topGenres', 'overdueGroups', 'holdCounts'],
  suggestions: ['get', 'list', 'listByUser'],
};

/**
 * How often, at most, the store is asked about other processes' commits. Asking is a SQLite read of its own
 * (PRAGMA data_version), which was 29% of the gateway's CPU serving cached catalogue pages when asked on
 * every request; this process's own writes are counted here and seen at once.
 */
export const ELSEWHERE_POLL_MS = 5;

/**
 * Where other processes' writes cannot be seen (another gateway on the same MongoDB), the revision moves on
 * this often anyway, so a conditional request never confirms an answer older than this. The same bound as a
 * shared cache's max-age (server/cache/http-cache.ts).
 */
export const UNSEEN_WRITES_MS = 5_000;

/** Told how long each store call took (for /metrics), once it settles; `operation` is e.g. `loans.checkout`. */
export type StoreCallObserver = (operation: string, seconds: number, failed: boolean) => void;

export interface ObserveOptions {
  /** Milliseconds, monotonic; tests move it. */
  now?: () => number;
  /** Times every call that answers a promise; without it reads are the adapter's own functions, untouched. */
  onCall?: StoreCallObserver;
}

/** Every function-valued property of a part, own or inherited (an adapter may be a class). */
function methodNames(part: object): string[] {
  const names = new Set<string>();
  for (let o: object | null = part; o && o !== Object.prototype; o = Object.getPrototypeOf(o) as object | null) {
    for (const name of Object.getOwnPropertyNames(o)) {
      if (name !== 'constructor' && typeof (part as Record<string, unknown>)[name] === 'function') names.add(name);
    }
  }
  return [...names];
}

/** fn, timed by onCall when it answers a promise (an async iterable, such as books.all, is not timed). */
function timed(
  operation: string,
  fn: (...args: unknown[]) => unknown,
  now: () => number,
  onCall: StoreCallObserver | undefined,
): (...args: unknown[]) => unknown {
  if (!onCall) return fn;
  return (...args) => {
    const started = now();
    const settled = (failed: boolean) => () => onCall(operation, (now() - started) / 1000, failed);
    let result: unknown;
    try {
      result = fn(...args);
    } catch (error) {
      settled(true)();
      throw error;
    }
    if (result instanceof Promise) result.then(settled(false), settled(true));
    return result;
  };
}

export function observeWrites(store: Store, opts: ObserveOptions = {}): ObservedStore {
  const now = opts.now ?? (() => performance.now());
  const { onCall } = opts;
  // A restart starts counting from 0 again: the epoch keeps an old ETag from matching new data.
  const epoch = randomBytes(6).toString('base64url');
  let writes = 0;
  // Counted when the write has settled, failed or not: a read labelled with the revision before it may have
  // seen the old data, and a conditional request made after it no longer matches that label.
  const counted =
    (write: (...args: unknown[]) => unknown) =>
    async (...args: unknown[]): Promise<unknown> => {
      try {
        return await write(...args);
      } finally {
        writes++;
      }
    };
  const observe = (name: string, part: object): object => {
    const reads = new Set<string>((READS as Record<string, readonly string[] | undefined>)[name] ?? []);
    const wrapped: Record<string, unknown> = {};
    for (const method of methodNames(part)) {
      const bound = ((part as Record<string, unknown>)[method] as (...args: unknown[]) => unknown).bind(part);
      const fn = timed(`${name}.${method}`, bound, now, onCall);
      wrapped[method] = reads.has(method) ? fn : counted(fn);
    }
    return wrapped;
  };
  // Every part the port declares (READS has one key per part, checked by the compiler), read through the
  // store so a getter counts too, and any other object the adapter adds.
  const parts: Record<string, object> = {};
  for (const name of new Set([...Object.keys(READS), ...Object.keys(store)])) {
    const value = (store as unknown as Record<string, unknown>)[name];
    if (!value || typeof value !== 'object') continue;
    parts[name] = (UNSEEN_PARTS as readonly string[]).includes(name) ? value : observe(name, value);
  }

  const writesElsewhere = store.writesElsewhere?.bind(store);
  let elsewhereSeen = 0;
  let askedAt = -Infinity;
  const elsewhere = writesElsewhere
    ? (): number => {
        const at = now();
        if (at - askedAt >= ELSEWHERE_POLL_MS) {
          elsewhereSeen = writesElsewhere();
          askedAt = at;
        }
        return elsewhereSeen;
      }
    : (): number => Math.floor(now() / UNSEEN_WRITES_MS);
  return {
    ...(store as unknown as Record<string, unknown>),
    ...parts,
    kind: store.kind,
    ping: () => store.ping(),
    close: () => store.close(),
    ...(writesElsewhere ? { writesElsewhere } : {}),
    revision: () => `${epoch}.${writes}.${elsewhere()}`,
  } as unknown as ObservedStore;
}
