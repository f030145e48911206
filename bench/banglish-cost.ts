// Issue 44: what a Latin search's Banglish half (docs/banglish.md, "Cost") costs on a seeded SQLite store, opened as
// the gateway opens it (reader threads). Not part of `npm run bench`; on a copy of a seeded store:
//   npm run seed -- --books 50000 --users 10000 --loans 20000 --data-dir /tmp/s3data
//   cp /tmp/s3data/bookhaven.db /tmp/copy.db && node bench/banglish-cost.ts /tmp/copy.db [--bengali-every 6]
// It prints the store's search over S3's terms (three passes, the third timed: mean, median, the slowest; each
// after a stock change, so that no kept page answers it) and, for each term that has a Banglish statement, that
// statement alone on one connection: the check of every romanized key (before migration 44), the rows through
// book_roman, and the count through it (a page all matches as typed).
// With --bengali-every N, first every N-th book without Bengali takes a Bengali book's title, through the store (it
// writes the file: a copy only), for a catalogue with more Bengali than the seed's one in forty.
import { DatabaseSync } from 'node:sqlite';
import { banglishWords } from '../server/library/rules/banglish.ts';
import { searchWords } from '../server/store/search-words.ts';
import { romanCandidates } from '../server/store/sqlite/books-banglish.ts';
import { openSqliteStore } from '../server/store/sqlite/open-sqlite-store.ts';
import { catalogueWords } from './search-terms.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/banglish-cost.ts <copy of bookhaven.db> [--bengali-every N]');
const flag = process.argv.indexOf('--bengali-every');
const every = flag > 0 ? Number(process.argv[flag + 1]) : 0;

/** S3's terms (bench/scenarios.ts, s3Terms and shuffled, copied: importing that file runs the bench). */
function s3Terms(words: string[]): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const short: string[] = [];
  for (const a of letters) for (const b of ['', ...letters]) short.push(a + b);
  let state = 7;
  const rand = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = short.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [short[i], short[j]] = [short[j]!, short[i]!];
  }
  const cased = (term: string, i: number) =>
    i % 3 === 0 ? term.toUpperCase() : i % 3 === 1 ? term : term[0]!.toUpperCase() + term.slice(1);
  const shortTerms = short.flatMap((t, i) => [cased(t, i), cased(t, i + 1)]);
  const terms: string[] = [];
  for (let i = 0, w = 0, s = 0; w < words.length; i++)
    terms.push(i % 4 === 3 && s < shortTerms.length ? shortTerms[s++]! : words[w++]!);
  return terms;
}

const store = await openSqliteStore(file);
if (every > 0) {
  const db = new DatabaseSync(file, { readOnly: true });
  const titles = db
    .prepare(`SELECT b.title FROM book_search_docs d JOIN books b ON b.id = d.id WHERE d.roman IS NOT NULL`)
    .all()
    .map((row) => String(row['title']))
    .filter((title) => /[\u0980-\u09ff]/u.test(title));
  const ids = db
    .prepare('SELECT id FROM book_search_docs WHERE roman IS NULL ORDER BY doc')
    .all()
    .map((row) => String(row['id']));
  db.close();
  for (let i = 0; i < ids.length; i += every)
    await store.books.update(ids[i]!, { title: titles[(i / every) % titles.length]! });
}
const terms = s3Terms(await catalogueWords(store));
const timed: [term: string, count: number, ms: number][] = [];
// A stock change before each search, so no kept page answers it (decision 091); a search's count is kept across it.
const [someBook] = (await store.books.list({}, { first: 1 })).nodes;
let flip = -1;
for (let pass = 0; pass < 3; pass++)
  for (const term of terms) {
    await store.books.changeStock(someBook?.id ?? '', (flip = -flip));
    const start = performance.now();
    const page = await store.books.list({ search: term }, { first: 20 });
    if (pass === 2) timed.push([term, page.totalCount, performance.now() - start]);
  }
await store.close();
const ms = timed.map(([, , took]) => took).sort((a, b) => a - b);
const mean = ms.reduce((sum, took) => sum + took, 0) / ms.length;
console.log(
  `store search, ${terms.length} terms: mean ${mean.toFixed(2)} ms, median ${ms[ms.length >> 1]!.toFixed(2)} ms`,
);
for (const [term, count, took] of timed.sort((a, b) => b[2] - a[2]).slice(0, 5))
  console.log(`  ${term.padEnd(14)} ${String(count).padStart(6)} ${took.toFixed(2)} ms`);

const db = new DatabaseSync(file, { readOnly: true });
const columns = `d.id, d.search_key, d.roman, d.recent, b.genre, b.quantity > 0 AS available`;
const time = (run: () => unknown) => {
  for (let i = 0; i < 5; i++) run();
  const start = performance.now();
  for (let i = 0; i < 40; i++) run();
  return (performance.now() - start) / 40;
};
const total = { terms: 0, rows: 0, scan: 0, indexRows: 0, indexCount: 0 };
for (const term of terms) {
  const words = searchWords(term);
  const loose = banglishWords(words);
  if (loose.length === 0) continue;
  const onKey = loose.map(() => 'instr(d.roman, ?) > 0').join(' AND ');
  const scan = db.prepare(`SELECT ${columns} FROM book_search_docs d INDEXED BY book_docs_roman
    JOIN books b ON b.id = d.id WHERE d.roman IS NOT NULL AND ${onKey}`);
  const { from, where, params } = romanCandidates(loose);
  const rows = db.prepare(`SELECT ${columns} FROM ${from} JOIN books b ON b.id = d.id WHERE ${where}`);
  const typed = words.map(() => 'instr(d.search_key, ?) > 0').join(' AND ');
  const count = db.prepare(`SELECT COUNT(*) AS n FROM ${from} WHERE ${where} AND NOT (${typed})`);
  total.terms += 1;
  total.rows += scan.all(...loose).length;
  total.scan += time(() => scan.all(...loose));
  total.indexRows += time(() => rows.all(...params));
  total.indexCount += time(() => count.get(...params, ...words));
}
db.close();
const per = (sum: number) => (sum / total.terms).toFixed(3);
console.log(`Banglish statement, ${total.terms} terms with one (${per(total.rows)} rows each on average), ms each:`);
console.log(`  every key ${per(total.scan)}, index rows ${per(total.indexRows)}, index count ${per(total.indexCount)}`);
