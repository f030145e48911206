// What reminding everyone overdue at once costs the gateway (decision 086) at 20,000 overdue loans of 8,000
// members on a private store: the preview, the send, and a second send the same day (everyone skipped). Prints wall
// and CPU time and the event loop's longest block: `node bench/overdue-reminders.ts` (BENCH_STORE=sqlite only;
// OVERDUE_LOANS to change the count).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/config.ts';
import { createGateway } from '../server/gateway.ts';
import { openStore } from '../server/store/open-store.ts';
import { SECRET } from './load.ts';
import { noSignIn } from './no-sign-in.ts';

const LOANS = Number(process.env.OVERDUE_LOANS ?? 20_000);
const MEMBERS = Math.round(LOANS * 0.4);
const DAY_MS = 86_400_000;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-bench-remind-'));
try {
  // Every loan borrowed 20 to 120 days ago and due 14 days later: 6 to 106 days late.
  const store = await openStore({ dataDir });
  const books = 2_000;
  const ids: string[] = [];
  for (let i = 0; i < books; i += 1) {
    const book = await store.books.insert({
      title: `Overdue Title ${i}`,
      author: 'Bench Author',
      genre: 'Drama',
      description: 'A book kept too long.',
      image: '/assets/library/covers/dracula.svg',
      rating: 4,
      quantity: Math.ceil(LOANS / books) + 5,
    });
    ids.push(book.id);
  }
  for (let m = 0; m < MEMBERS; m += 1) {
    const uid = `bench-member-${m}`;
    await store.users.upsert({ uid, email: `${uid}@example.com`, name: `Member ${m}`, photoURL: null, role: 'member' });
  }
  for (let i = 0; i < LOANS; i += 1) {
    const uid = `bench-member-${i % MEMBERS}`;
    // Each member's loans are of different books (one active loan per member and book).
    const book = (i + Math.floor(i / MEMBERS)) % books;
    const bookId = ids[book] ?? '';
    const borrowDate = new Date(Date.now() - (20 + (i % 100)) * DAY_MS);
    const result = await store.loans.checkout({
      bookId,
      userId: uid,
      userName: `Member ${i % MEMBERS}`,
      userEmail: `${uid}@example.com`,
      borrowDate,
      returnDate: new Date(borrowDate.getTime() + 14 * DAY_MS),
      bookTitle: `Overdue Title ${book}`,
      bookAuthor: 'Bench Author',
      bookImage: '',
      bookCategory: 'Drama',
    });
    if (!result.ok) throw new Error(`loan ${i}: ${result.reason}`);
  }
  await store.close();

  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: SECRET, LOG_LEVEL: 'silent' });
  const gateway = await createGateway(config, { verifier: noSignIn, logger: false, schedule: false });
  const staff = { uid: 'bench-staff', email: 'staff@example.com', name: 'Bench Staff', role: 'admin' as const };
  const reminders = gateway.library.overdueReminders;
  try {
    const runs: [string, () => Promise<unknown>][] = [
      ['preview, minDays 1', () => reminders.preview(staff, 1)],
      ['send, minDays 1', () => reminders.send(staff, 1)],
      ['send again the same day', () => reminders.send(staff, 1)],
    ];
    for (const [run, work] of runs) {
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const cpu = process.cpuUsage();
      const started = performance.now();
      const answer = await work();
      const wallMs = Math.round(performance.now() - started);
      loop.disable();
      const used = process.cpuUsage(cpu);
      const cpuMs = Math.round((used.user + used.system) / 1000);
      console.log(
        `${run} (${LOANS} loans): ${JSON.stringify(answer)} in ${wallMs} ms, CPU ${cpuMs} ms, loop max ${Math.round(loop.max / 1e6)} ms`,
      );
    }
  } finally {
    await gateway.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
