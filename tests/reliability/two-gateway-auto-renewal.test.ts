// Two gateways on one store with AUTO_RENEW on: the day's auto-renewal run happens once however many gateways
// tick, and a loan is renewed once even when both run at the same moment past the schedule's lease (the day's run
// and each renewal are claimed once in the store). MAX_RENEWALS=3, so only the claims keep a second renewal out.
// The clock is set, never waited on.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { addDays } from '../../server/library/calendar.ts';
import { dueDayOf } from '../../server/library/circulation.ts';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import { gqlBorrow, libraryDay } from '../api/factory.ts';

/** An instant at `time` (HH:MM) of `day` in the library's zone (Asia/Dhaka, UTC+6 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+06:00`);

let opened: TestGateway[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((gw) => gw.close()));
});

describeEachStore((kind) => {
  async function pair(now: () => Date): Promise<[TestGateway, TestGateway]> {
    const env = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MONGODB_DB: `bh_renew_${randomBytes(4).toString('hex')}`,
      AUTO_RENEW: 'true',
      MAX_RENEWALS: '3',
    };
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-auto-renewal-'));
    const start = () => startTestGateway({ store: kind, env, dataDir, libraryNow: now, schedule: false });
    opened = [await start()];
    opened.push(await start());
    return opened as [TestGateway, TestGateway];
  }

  it('renews a loan once and tells its member once, however the two gateways tick and run', async () => {
    let instant: Date | null = null;
    const [a, b] = await pair(() => instant ?? new Date());
    const [first, second] = [await a.member(), await a.member()];
    const due = libraryDay(5);
    const lent = await Promise.all(
      [first, second].map(async (m, n) => {
        const bookId = await a.addBook({ quantity: 1, title: `Twice ${n + 1}` });
        const answer = await gqlBorrow(a, m.token, bookId, due);
        expect(answer.body.errors).toBeUndefined();
        return answer.body.data.borrow.record.id as string;
      }),
    );
    const renewals = async (id: string) => {
      const loan = await a.store.loans.get(id);
      return { due: loan ? dueDayOf(loan) : null, renewals: loan?.renewals };
    };
    const renewedNotices = async (uid: string) =>
      (await a.store.notices.list(uid, { unreadOnly: false, page: { first: 20 } })).nodes.filter(
        (n) => n.kind === 'renewed',
      );

    // The day's time on both gateways at once: one holds the schedule's lease and runs, the other skips.
    instant = at(addDays(due, -1), '06:00');
    expect((await Promise.all([a.schedule.tick(), b.schedule.tick()])).sort()).toEqual(['ran', 'skipped']);
    // Both run the day's run past the lease, at the same moment: it was claimed; nothing more happens.
    instant = at(addDays(due, -1), '06:05');
    expect(await Promise.all([a.library.autoRenewals.runDue(), b.library.autoRenewals.runDue()])).toEqual([null, null]);
    for (const [n, id] of lent.entries())
      expect(await renewals(id), `loan ${n}`).toEqual({ due: addDays(due, 7), renewals: 1 });
    for (const m of [first, second]) expect(await renewedNotices(m.uid)).toHaveLength(1);

    // The next renewal of one loan asked of both gateways at once (their runs racing): claimed once, renewed once.
    const loan = await a.store.loans.get(lent[0]!);
    const results = await Promise.all([
      a.library.circulation.renewByItself(loan!),
      b.library.circulation.renewByItself(loan!),
    ]);
    expect(results.filter((r) => 'renewed' in r).length).toBeGreaterThanOrEqual(1);
    expect(await renewals(lent[0]!)).toEqual({ due: addDays(due, 14), renewals: 2 });
  });
});
