// Issue 28: the scale run's searches (bench/scale.ts: S3's term mix, one in three of them two or three words) one
// after another on a seeded SQLite store, opened as the gateway opens it, with no HTTP and no pacing: what each
// kind of search costs, so a p99 under load can be read as service time or queueing. Not part of `npm run bench`:
//   node bench/search-replay.ts <bookhaven.db> [searches, default 3000]
// The store is read only by the searches; counts are kept as the gateway keeps them, so each search is counted
// the first time it runs, as in the scale run.
import { openSqliteStore } from '../server/store/sqlite/open-sqlite-store.ts';
import { scaleSearches } from './scale.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/search-replay.ts <bookhaven.db> [searches]');
const limit = Number(process.argv[3] ?? 3000);
const store = await openSqliteStore(file);

const terms = await scaleSearches(store);

const kindOf = (term: string) => {
  const parts = term.trim().split(/\s+/);
  if (parts.length === 1) return (parts[0]?.length ?? 0) < 3 ? 'one or two letters' : 'a word of 3+';
  return parts.some((part) => part.length < 3) ? 'several, one short' : 'several words';
};
const byKind = new Map<string, number[]>();
const timed: [ms: number, term: string][] = [];
for (const term of terms.slice(0, limit)) {
  const started = performance.now();
  await store.books.list({ search: term }, { first: 20 });
  const ms = performance.now() - started;
  timed.push([ms, term]);
  const kind = kindOf(term);
  byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
}
await store.close();

const line = (name: string, list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0).toFixed(2);
  const sum = list.reduce((a, b) => a + b, 0);
  console.log(
    `${name.padEnd(20)} ${String(list.length).padStart(5)} searches  mean ${(sum / list.length).toFixed(2)} ms  p50 ${at(0.5)}  p99 ${at(0.99)}  max ${at(1)}`,
  );
};
line(
  'all',
  timed.map(([ms]) => ms),
);
for (const [kind, list] of byKind) line(kind, list);
const slowest = [...timed].sort((a, b) => b[0] - a[0]).slice(0, 10);
console.log(`slowest: ${slowest.map(([ms, term]) => `"${term}" ${ms.toFixed(1)} ms`).join(', ')}`);
