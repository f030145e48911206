// Issue 28: the scale run's searches (bench/scale.ts: S3's term mix, one in three of them two or three words) one
// after another on a seeded SQLite store, opened as the gateway opens it, with no HTTP and no pacing: what each
// kind of search costs, so a p99 under load can be read as service time or queueing. Not part of `npm run bench`:
//   node bench/search-replay.ts <bookhaven.db> [searches, default 3000] [--counts]
// The store is read only by the searches; counts and pages (decision 091) are kept as the gateway keeps them, so
// each search is counted the first time it runs and a repeated one is answered from its kept page, as in the
// scale run. With --counts, each search is only counted exactly, the least way
// the store's indexes allow (countFloor): what any page of it costs at least while totalCount stays exact.
import { DatabaseSync } from 'node:sqlite';
import { openSqliteStore } from '../server/store/sqlite/open-sqlite-store.ts';
import { searchIndexFor } from '../server/store/ids.ts';
import { searchWords } from '../server/store/search-words.ts';
import { scaleSearches } from './scale.ts';

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/search-replay.ts <bookhaven.db> [searches] [--counts]');
const countsOnly = rest.includes('--counts');
const limit = Number(rest.find((arg) => arg !== '--counts') ?? 3000);
const store = await openSqliteStore(file);
const terms = (await scaleSearches(store)).slice(0, limit);

/**
 * The exact count of a search with no ranking and no page, timed: each way the store's indexes can count it, and
 * the fastest kept (choosing between them is left out). Words of 3+ letters: the trigram index's count, the short
 * words checked on the key; short words: the docs of the one with the fewest (book_gram_counts) checked for the
 * others, or for one short word alone its kept gram count.
 */
function countFloor(db: DatabaseSync): (term: string) => { matches: number; ms: number } {
  const get = (sql: string, ...params: string[]) => Number(db.prepare(sql).get(...params)?.['n'] ?? 0);
  const gramDocs = (gram: string) => get('SELECT n FROM book_gram_counts WHERE gram = ?', gram);
  const onKey = (words: string[]) => words.map(() => ' AND instr(d.search_key, ?) > 0').join('');
  const timed = (count: () => number) => {
    const started = performance.now();
    const matches = count();
    return { matches, ms: performance.now() - started };
  };
  return (term) => {
    const words = searchWords(term);
    const long = words.filter((word) => searchIndexFor(word) === 'trigrams');
    const short = words.filter((word) => searchIndexFor(word) === 'short').sort((a, b) => gramDocs(a) - gramDocs(b));
    const [driver, ...others] = short;
    const phrase = long.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
    const ways: (() => number)[] = [];
    if (long.length > 0 && short.length === 0)
      ways.push(() => get('SELECT COUNT(*) AS n FROM book_search WHERE book_search MATCH ?', phrase));
    else if (long.length > 0)
      ways.push(() =>
        get(
          `SELECT COUNT(*) AS n FROM book_search JOIN book_search_docs d ON d.doc = book_search.rowid
            WHERE book_search MATCH ?${onKey(short)}`,
          phrase,
          ...short,
        ),
      );
    if (driver !== undefined && long.length === 0 && others.length === 0) ways.push(() => gramDocs(driver));
    else if (driver !== undefined)
      ways.push(() =>
        get(
          `SELECT COUNT(*) AS n FROM book_grams g JOIN book_search_docs d ON d.doc = g.doc
            WHERE g.gram = ?${onKey([...others, ...long])}`,
          driver,
          ...others,
          ...long,
        ),
      );
    return ways.map(timed).reduce((best, way) => (way.ms < best.ms ? way : best));
  };
}

const kindOf = (term: string) => {
  const parts = term.trim().split(/\s+/);
  if (parts.length === 1) return (parts[0]?.length ?? 0) < 3 ? 'one or two letters' : 'a word of 3+';
  return parts.some((part) => part.length < 3) ? 'several, one short' : 'several words';
};
const raw = countsOnly ? new DatabaseSync(file, { readOnly: true }) : null;
const count = raw ? countFloor(raw) : null;
const byKind = new Map<string, number[]>();
const timed: { ms: number; term: string; matches: number }[] = [];
for (const term of terms) {
  const started = performance.now();
  const { matches, ms } = count
    ? count(term)
    : {
        matches: (await store.books.list({ search: term }, { first: 20 })).totalCount,
        ms: performance.now() - started,
      };
  timed.push({ ms, term, matches });
  const kind = kindOf(term);
  byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
}
raw?.close();
await store.close();

const at = (list: number[], q: number) =>
  [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(list.length * q))] ?? 0;
const line = (name: string, list: number[]) => {
  const mean = list.reduce((a, b) => a + b, 0) / list.length;
  console.log(
    `${name.padEnd(20)} ${String(list.length).padStart(5)} ${countsOnly ? 'counts  ' : 'searches'}  mean ${mean.toFixed(2)} ms  p50 ${at(list, 0.5).toFixed(2)}  p99 ${at(list, 0.99).toFixed(2)}  max ${at(list, 1).toFixed(2)}`,
  );
};
line(
  'all',
  timed.map((t) => t.ms),
);
for (const [kind, list] of byKind) line(kind, list);
const matches = timed.map((t) => t.matches);
console.log(`matches: p50 ${at(matches, 0.5)}  p99 ${at(matches, 0.99)}  max ${at(matches, 1)}`);
const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 10);
console.log(`slowest: ${slowest.map((t) => `"${t.term}" ${t.ms.toFixed(1)} ms (${t.matches})`).join(', ')}`);
