// Issue 43: how long the reports' statistics take on a SQLite store of 1,000,000 loans, opened as the gateway
// opens it (the statistics run on its reader thread). Not part of `npm run bench`:
//   node bench/reports.ts                 # seeds a fresh store in a temp dir (kept: its path is printed)
//   node bench/reports.ts <bookhaven.db>  # times an existing store again
// The seed writes rows straight into the tables in one transaction (a year of loans in seconds, where the
// library's own checkouts would take an hour): 20,000 books in the nine genres, 100,000 members, 1,000,000 loans
// spread over the last 365 days (98% of those older than a month back, 0.5% lost, the rest still out and
// overdue), a late fee on 10% of returns with most paid or waived, and 50,000 holds. Items and search keys are
// left out: no statistic reads them. Each statistic runs 5 times through the library's service (checks, buckets,
// the fee rule for the overdue amounts); the first is reported apart, the median and maximum of the rest, and the
// median CPU time of the process (every thread: the reader's too), which a busy machine inflates less than the wall.
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteStore } from '../server/store/sqlite/open-sqlite-store.ts';
import { createStatistics } from '../server/library/statistics.ts';
import { createLibraryCalendar } from '../server/library/library-calendar.ts';
import { createAuditTrail } from '../server/library/audit.ts';
import { DEFAULT_POLICY } from '../server/library/policy.ts';
import { addDays, todayIn } from '../server/library/calendar.ts';
import { BUILT_IN_CATEGORIES } from '../shared/genres.ts';
import type { Session } from '../server/library/identity.ts';

const ZONE = 'Asia/Dhaka';
const DAY = 86_400_000;
const SIZES = { books: 20_000, members: 100_000, loans: 1_000_000, holds: 50_000 };
const RUNS = 5;
const GENRES = Object.keys(BUILT_IN_CATEGORIES);

const hex = (n: number) => n.toString(16).padStart(24, '0');
/** A repeatable stream of numbers in [0, 1) (mulberry32), so every run seeds the same library. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seed(file: string, now: number): void {
  const db = new DatabaseSync(file);
  const rand = random(43);
  const pick = (n: number) => Math.floor(rand() * n);
  // The indexes are dropped for the load and built again after it, as the migrations wrote them (faster than
  // keeping them through a million inserts).
  const indexes = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('loans', 'ledger', 'holds', 'users')",
    )
    .all()
    .map((row) => ({ name: String(row.name), sql: String(row.sql) }));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA cache_size = -200000; BEGIN');
  for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
  const book = db.prepare(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity,
    search_key, created_at, updated_at, copies, replacement_cost) VALUES (?, ?, ?, ?, '', '', 4, 1, '', ?, ?, 2, ?)`);
  const genreOf: string[] = [];
  for (let i = 0; i < SIZES.books; i++) {
    genreOf.push(GENRES[i % GENRES.length] ?? 'Drama');
    book.run(hex(i), `Book ${i}`, `Author ${i % 997}`, genreOf[i]!, now - 400 * DAY, now, i % 3 ? null : 400);
  }
  const user = db.prepare(`INSERT INTO users (id, uid, email, name, role, status, created_at, last_login_at)
    VALUES (?, ?, ?, ?, 'member', 'active', ?, ?)`);
  for (let i = 0; i < SIZES.members; i++)
    user.run(hex(i), `uid-${i}`, `m${i}@example.com`, `Member ${i}`, now - pick(730) * DAY - pick(DAY), now);
  const loan = db.prepare(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date, return_date,
    returned_at, status, book_title, book_author, book_image, book_category, loss, late_fee)
    VALUES (?, ?, ?, '', '', ?, ?, ?, ?, ?, '', '', ?, ?, ?)`);
  const fee = db.prepare(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, note, created_at)
    VALUES (?, ?, ?, ?, ?, '', ?)`);
  let entries = 0;
  for (let i = 0; i < SIZES.loans; i++) {
    const borrowed = now - pick(365) * DAY - pick(DAY);
    // Due 14 days on, at midnight UTC of the day (as the store keeps due days).
    const due = Math.floor((borrowed + 14 * DAY) / DAY) * DAY;
    const old = now - borrowed > 30 * DAY;
    const roll = rand();
    const back = old ? roll < 0.98 : roll < 0.3;
    const lost = old && !back && roll < 0.985;
    // A member has one active loan of a book at most: those still out take distinct (member, book) pairs.
    const out = !back && !lost;
    const b = out ? Math.floor(i / SIZES.members) % SIZES.books : pick(SIZES.books);
    const uid = `uid-${out ? i % SIZES.members : pick(SIZES.members)}`;
    const returnedAt = back || lost ? Math.min(now, borrowed + (3 + pick(20)) * DAY) : null;
    const late = back && returnedAt !== null && returnedAt > due + DAY && rand() < 0.5 ? 10 * pick(20) + 10 : 0;
    loan.run(
      hex(i),
      hex(b),
      uid,
      borrowed,
      due,
      returnedAt,
      back || lost ? 'returned' : 'borrowed',
      `Book ${b}`,
      genreOf[b]!,
      lost ? 'lost' : null,
      late,
    );
    if (late > 0 && returnedAt !== null) {
      fee.run(hex(entries++), uid, 'late-fee', late, hex(i), returnedAt);
      const settled = rand();
      if (settled < 0.9)
        fee.run(hex(entries++), uid, settled < 0.8 ? 'payment' : 'waiver', late, null, returnedAt + pick(30) * DAY);
    }
  }
  const hold = db.prepare(`INSERT INTO holds (id, book_id, user_id, user_name, user_email, book_title, status,
    created_at, ready_at, ended_at) VALUES (?, ?, ?, '', '', '', ?, ?, ?, ?)`);
  for (let i = 0; i < SIZES.holds; i++) {
    const placed = now - pick(365) * DAY - pick(DAY);
    const ready = placed + pick(21) * DAY + pick(DAY);
    const roll = rand();
    const status = ready > now || roll < 0.1 ? 'waiting' : roll < 0.2 ? 'expired' : 'fulfilled';
    const ended = status === 'waiting' ? null : ready + pick(3) * DAY;
    hold.run(
      hex(i),
      hex(pick(SIZES.books)),
      `uid-${pick(SIZES.members)}`,
      status,
      placed,
      status === 'waiting' ? null : ready,
      ended,
    );
  }
  for (const index of indexes) db.exec(index.sql);
  db.exec('COMMIT; ANALYZE');
  db.close();
}

let file = process.argv[2];
const now = Date.now();
if (!file) {
  file = path.join(mkdtempSync(path.join(tmpdir(), 'bookhaven-reports-')), 'bookhaven.db');
  await (await openSqliteStore(file)).close(); // the schema, migrated as the gateway does
  const started = performance.now();
  seed(file, now);
  console.log(`Seeded ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const [one, five, fifteen] = loadavg().map((n) => n.toFixed(2));
console.log(`load average ${one} ${five} ${fifteen} on ${cpus().length} cores`);

const store = await openSqliteStore(file);
const clock = () => new Date(now);
const calendar = createLibraryCalendar(store, {
  timeZone: ZONE,
  policy: DEFAULT_POLICY,
  now: clock,
  audit: createAuditTrail(store, clock),
});
const stats = createStatistics(store, { timeZone: ZONE, policy: DEFAULT_POLICY, calendar, now: clock });
const staff: Session = { uid: 'bench', email: 'bench@example.com', name: 'Bench', role: 'admin' };
const today = todayIn(ZONE, new Date(now));
const [yearAgo, monthAgo] = [addDays(today, -364), addDays(today, -29)];

async function time(name: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    await run();
    times.push(performance.now() - started);
    const spent = process.cpuUsage(used);
    cpu.push((spent.user + spent.system) / 1000);
  }
  cpu.sort((a, b) => a - b);
  const [first = 0, ...rest] = times;
  rest.sort((a, b) => a - b);
  const median = rest[Math.floor(rest.length / 2)] ?? 0;
  console.log(
    `${name.padEnd(44)} first ${first.toFixed(0).padStart(5)} ms  median ${median.toFixed(0).padStart(5)} ms  max ${(rest.at(-1) ?? 0).toFixed(0).padStart(5)} ms  cpu median ${(cpu[Math.floor(cpu.length / 2)] ?? 0).toFixed(0).padStart(5)} ms`,
  );
}

await time('loanStats, 30 days by DAY', () => stats.loanStats(staff, monthAgo, today, 'DAY'));
await time('loanStats, 365 days by WEEK', () => stats.loanStats(staff, yearAgo, today, 'WEEK'));
await time('loanStats, 365 days by MONTH', () => stats.loanStats(staff, yearAgo, today, 'MONTH'));
await time('feeStats, 365 days by MONTH', () => stats.feeStats(staff, yearAgo, today, 'MONTH'));
await time('topBooks, 30 days, first 10', () => stats.topBooks(staff, monthAgo, today, 10));
await time('topBooks, 365 days, first 10', () => stats.topBooks(staff, yearAgo, today, 10));
await time('topGenres, 365 days', () => stats.topGenres(staff, yearAgo, today));
await time('overdueAging', () => stats.overdueAging(staff));
await time('holdStats, 365 days', () => stats.holdStats(staff, yearAgo, today));
const aging = await stats.overdueAging(staff);
console.log('overdue by age:', aging.map((age) => `${age.bucket} ${age.count} (${age.amount} taka)`).join(', '));
await store.close();
