// Two gateways on one store, each with its own schedule: only the one holding the schedule's lease runs it, so
// a hold expires once and each notice is recorded once; the holder renews its lease, and when it dies the other
// takes over once the lease has lapsed (at once after a clean shutdown). The clock is moved, never waited on.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LEASE_TTL_MS, SCHEDULE_EVERY_MS } from '../../server/schedule.ts';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { gqlBorrow, libraryDay } from '../api/factory.ts';

const DAY_MS = 86_400_000;

/** Real time plus an offset the test moves. */
function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    forward(ms: number) {
      offsetMs += ms;
    },
  };
}

let opened: TestGateway[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((gw) => gw.close()));
});

describeEachStore((kind) => {
  /** Two gateways on the same SQLite file or MongoDB database, with schedules that run only when ticked. */
  async function pair(now: () => Date): Promise<[TestGateway, TestGateway]> {
    const env = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MONGODB_DB: `bh_sched_${randomBytes(4).toString('hex')}`,
    };
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-schedule-'));
    const start = () => startTestGateway({ store: kind, env, dataDir, libraryNow: now, schedule: false });
    opened = [await start()];
    opened.push(await start());
    return opened as [TestGateway, TestGateway];
  }

  it('runs on the lease holder only: a hold expires once and each notice is recorded once', async () => {
    const clock = movableClock();
    const [a, b] = await pair(clock.now);
    const [reader, first, second] = [await a.member(), await a.member(), await a.member()];
    const dueSoon = await a.addBook({ quantity: 1, title: 'Due Soon' });
    expect((await gqlBorrow(a, reader.token, dueSoon, libraryDay(2))).body.errors).toBeUndefined();
    // A copy set aside for `second`: borrowed by `first`, held by `second`, returned on gateway B.
    const awaited = await a.addBook({ quantity: 1, title: 'Awaited' });
    const loan = await gqlBorrow(a, first.token, awaited, libraryDay(7));
    await b.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: awaited }, second.token);
    await b.gql(
      'mutation($id: ID!) { returnBook(borrowId: $id) { id } }',
      { id: loan.body.data.borrow.record.id },
      first.token,
    );
    expect((await a.store.holds.listByUser(second.uid)).map((h) => h.status)).toEqual(['ready']);

    // Both gateways' minute comes at once: one takes the lease and runs, the other skips.
    expect((await Promise.all([a.schedule.tick(), b.schedule.tick()])).sort()).toEqual(['ran', 'skipped']);
    const kinds = async (uid: string) =>
      (await a.store.notices.list(uid, { unreadOnly: false, page: { first: 20 } })).nodes.map((n) => n.kind);
    expect(await kinds(reader.uid)).toEqual(['due-soon']);

    // Four days on: the loan is overdue and the hold is past its pickup day. The lease lapsed meanwhile, and
    // both race for it: one takes it (the store applies the conditional write atomically), the other skips.
    clock.forward(4 * DAY_MS);
    expect((await Promise.all([b.schedule.tick(), a.schedule.tick()])).sort()).toEqual(['ran', 'skipped']);
    expect((await Promise.all([a.schedule.tick(), b.schedule.tick()])).sort()).toEqual(['ran', 'skipped']);
    expect(await kinds(reader.uid)).toEqual(['overdue', 'due-soon']);
    expect(await kinds(second.uid)).toEqual(['hold-expired', 'hold-ready']);
    expect((await a.store.holds.listByUser(second.uid)).map((h) => h.status)).toEqual(['expired']);
    expect((await a.store.books.get(awaited))?.quantity).toBe(1);
  });

  it('is renewed by its holder, taken over when the holder stops renewing, and handed over at a clean stop', async () => {
    const clock = movableClock();
    const [a, b] = await pair(clock.now);
    expect(await a.schedule.tick()).toBe('ran');
    for (let minute = 1; minute <= 5; minute++) {
      clock.forward(SCHEDULE_EVERY_MS);
      expect([await b.schedule.tick(), await a.schedule.tick()], `minute ${minute}`).toEqual(['skipped', 'ran']);
    }
    // Gateway A dies: it renews no more. B keeps asking every minute and gets the lease once A's has lapsed.
    const answers: string[] = [];
    let waited = 0;
    while ((await b.schedule.tick()) === 'skipped') {
      answers.push('skipped');
      clock.forward(SCHEDULE_EVERY_MS);
      waited += SCHEDULE_EVERY_MS;
      expect(waited, 'B took over before A lapsed').toBeLessThanOrEqual(LEASE_TTL_MS);
    }
    expect(waited).toBe(LEASE_TTL_MS);
    expect(answers).toHaveLength(LEASE_TTL_MS / SCHEDULE_EVERY_MS);
    expect(await a.schedule.tick()).toBe('skipped');

    // B shuts down cleanly and gives the lease up: A takes it at its next minute, not a lapse later.
    await b.schedule.stop();
    clock.forward(SCHEDULE_EVERY_MS);
    expect(await a.schedule.tick()).toBe('ran');
  });
});
