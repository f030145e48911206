// The reports' statistics (port/stats.ts) agree with the records they count, on every adapter: a small library
// built by hand whose answers are known, periods cut at the library's midnights in Dhaka (a loan at 18:30 UTC is
// the next day there), a record exactly on a bound (it opens the later period), and an empty period.
import { describe, expect, it } from 'vitest';
import type { HoldRecord, Store } from '../../../server/store/port.ts';
import { startOfDay } from '../../../server/library/calendar.ts';
import { bookFields, newHold, newLoan, profile, useStore, type StoreFactory } from './harness.ts';

const ZONE = 'Asia/Dhaka';
/** The instants the library's days begin (Dhaka is UTC+6: 1 March begins at 18:00 UTC on 28 February). */
const days = (...list: string[]) => list.map((day) => startOfDay(day, ZONE));
const at = (iso: string) => new Date(iso);
const LIMITS = { loanLimit: 10, maxBalance: 1_000 };

async function lend(store: Store, bookId: string, userId: string, borrowDate: string, extra = {}) {
  const result = await store.loans.checkout(newLoan(bookId, { userId, borrowDate: at(borrowDate), ...extra }));
  if (!result.ok) throw new Error(`lend failed: ${result.reason}`);
  return result.loan;
}

/** Two books, four loans around 1-2 March, one returned late, one lost, one paid for and waived. */
async function circulation(store: Store) {
  const a = (await store.books.insert(bookFields({ title: 'Gitanjali', genre: 'Poetry', replacementCost: 500 }))).id;
  const b = (await store.books.insert(bookFields({ title: 'Devdas', genre: 'Drama' }))).id;
  const poetry = { bookCategory: 'Poetry', bookTitle: 'Gitanjali' };
  const drama = { bookCategory: 'Drama', bookTitle: 'Devdas' };
  // Before the period: borrowed 27 February, back (late, ৳20) at 11:00 on 1 March in Dhaka.
  const early = await lend(store, a, 'u3', '2026-02-27T05:00:00Z', poetry);
  await store.loans.checkin(early.id, at('2026-03-01T05:00:00Z'), { lateFee: () => 20 });
  const first = await lend(store, a, 'u1', '2026-03-01T04:00:00Z', poetry);
  // 00:30 on 2 March in Dhaka, still 1 March in UTC.
  await lend(store, a, 'u2', '2026-03-01T18:30:00Z', { ...poetry, returnDate: at('2026-03-10T00:00:00Z') });
  const third = await lend(store, b, 'u1', '2026-03-02T05:00:00Z', drama);
  await store.loans.checkin(first.id, at('2026-03-02T06:00:00Z'));
  await store.loans.close(third.id, at('2026-03-02T07:00:00Z'), {
    as: 'lost',
    replacementCost: 300,
    processingFee: 50,
    by: 'Staff (staff@example.com)',
  });
  // The member who returned late pays ৳15 at 23:59 on 1 March and has ৳5 waived at midnight, on 2 March.
  const credit = (kind: 'payment' | 'waiver', amount: number, createdAt: string) =>
    store.ledger.credit({
      userId: 'u3',
      kind,
      amount,
      note: 'At the desk',
      recordedBy: 'Staff',
      createdAt: at(createdAt),
    });
  expect(await credit('payment', 15, '2026-03-01T17:59:00Z')).toMatchObject({ ok: true });
  expect(await credit('waiver', 5, '2026-03-01T18:00:00Z')).toMatchObject({ ok: true });
  return { a, b };
}

export function statsContract(factory: StoreFactory): void {
  describe('stats: the reports agree with the records', () => {
    const store = useStore(factory);

    it('counts loans, returns and active members per library day, and nothing in an empty period', async () => {
      await circulation(store());
      expect(await store().stats.loanCounts(days('2026-03-01', '2026-03-02', '2026-03-03'))).toEqual([
        // 1 March: one loan (u1); the early loan came back (late).
        { loans: 1, returns: 1, newMembers: 0, activeMembers: 1 },
        // 2 March: the loan at 18:30 UTC and the one of 05:00; u1's first loan back; the lost one is no return.
        { loans: 2, returns: 1, newMembers: 0, activeMembers: 2 },
      ]);
      // Both days as one period: u1 borrowed on each, counted once.
      expect(await store().stats.loanCounts(days('2026-03-01', '2026-03-03'))).toEqual([
        { loans: 3, returns: 2, newMembers: 0, activeMembers: 2 },
      ]);
      expect(await store().stats.loanCounts(days('2025-01-01', '2025-01-02'))).toEqual([
        { loans: 0, returns: 0, newMembers: 0, activeMembers: 0 },
      ]);
    });

    it('counts the members who joined in each period', async () => {
      await store().users.upsert(profile({ uid: 'uid-1', email: 'one@example.com' }));
      await store().users.upsert(profile({ uid: 'uid-2', email: 'two@example.com' }));
      const joined = (await store().users.list()).map((user) => user.createdAt.getTime());
      const from = Math.min(...joined);
      const bounds = [from - 3_600_000, from, Math.max(...joined) + 1, Date.now() + 3_600_000].map((t) => new Date(t));
      const counts = await store().stats.loanCounts(bounds);
      expect(counts.map((c) => c.newMembers)).toEqual([0, 2, 0]);
    });

    it("sums the ledger's charges, payments and waivers per period (a credit at midnight opens the next day)", async () => {
      await circulation(store());
      expect(await store().stats.ledgerSums(days('2026-03-01', '2026-03-02', '2026-03-03'))).toEqual([
        { charged: 20, paid: 15, waived: 0 },
        { charged: 350, paid: 0, waived: 5 },
      ]);
      expect(await store().stats.ledgerSums(days('2026-04-01', '2026-04-02'))).toEqual([
        { charged: 0, paid: 0, waived: 0 },
      ]);
    });

    it('ranks the books and genres lent in a period, most loans first', async () => {
      const { a, b } = await circulation(store());
      const [from, to] = days('2026-03-01', '2026-03-03') as [Date, Date];
      expect(await store().stats.topBooks(from, to, 10)).toEqual([
        { bookId: a, bookTitle: 'Gitanjali', loans: 2 },
        { bookId: b, bookTitle: 'Devdas', loans: 1 },
      ]);
      expect(await store().stats.topBooks(from, to, 1)).toEqual([{ bookId: a, bookTitle: 'Gitanjali', loans: 2 }]);
      expect(await store().stats.topGenres(from, to)).toEqual([
        { genre: 'Poetry', loans: 2 },
        { genre: 'Drama', loans: 1 },
      ]);
      // 1 March alone in Dhaka: the loan at 18:30 UTC on 1 March is not in it.
      const [day, next] = days('2026-03-01', '2026-03-02') as [Date, Date];
      expect(await store().stats.topBooks(day, next, 10)).toEqual([{ bookId: a, bookTitle: 'Gitanjali', loans: 1 }]);
      const [none, after] = days('2025-01-01', '2025-01-02') as [Date, Date];
      expect(await store().stats.topBooks(none, after, 10)).toEqual([]);
      expect(await store().stats.topGenres(none, after)).toEqual([]);
    });

    it('groups the loans out past due by due date, return claim and replacement cost', async () => {
      await circulation(store());
      const b = (await store().books.insert(bookFields({ title: 'Parineeta', genre: 'Drama' }))).id;
      const claimed = await lend(store(), b, 'u4', '2026-02-20T05:00:00Z', { returnDate: at('2026-03-05T00:00:00Z') });
      expect(await store().loans.claimReturn(claimed.id, at('2026-03-08T10:00:00Z'))).toMatchObject({ ok: true });
      const groups = await store().stats.overdueGroups(at('2026-03-20T00:00:00Z'));
      const byDue = groups.toSorted((x, y) => x.dueDate.getTime() - y.dueDate.getTime());
      expect(byDue).toEqual([
        { dueDate: at('2026-03-05T00:00:00Z'), claimedAt: at('2026-03-08T10:00:00Z'), replacementCost: null, count: 1 },
        { dueDate: at('2026-03-10T00:00:00Z'), claimedAt: null, replacementCost: 500, count: 1 },
      ]);
      // Due on 10 March is not yet past due before it.
      expect(await store().stats.overdueGroups(at('2026-03-10T00:00:00Z'))).toHaveLength(1);
      expect(await store().stats.overdueGroups(at('2026-03-01T00:00:00Z'))).toEqual([]);
    });

    it('counts holds placed, filled and expired, and the median wait until ready', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const loan = await lend(store(), id, 'a', '2026-02-20T05:00:00Z');
      const place = async (userId: string, when: string) => {
        const placed = await store().holds.place(newHold(id, userId, at(when)), { holdLimit: 5 });
        if (!placed.ok) throw new Error(`hold refused: ${placed.reason}`);
        return placed.hold.id;
      };
      const b = await place('b', '2026-03-01T00:00:00Z');
      const c = await place('c', '2026-03-01T01:00:00Z');
      await store().loans.checkin(loan.id, at('2026-03-03T00:00:00Z'));
      const taken = await store().loans.checkout(
        newLoan(id, { userId: 'b', borrowDate: at('2026-03-03T06:00:00Z') }),
        LIMITS,
      );
      if (!taken.ok) throw new Error(`hold borrow refused: ${taken.reason}`);
      await store().loans.checkin(taken.loan.id, at('2026-03-05T01:00:00Z'));
      await store().holds.expire(new Date(Date.now() + 60_000), new Date());
      const holds = (await Promise.all([b, c].map((hold) => store().holds.get(hold)))) as HoldRecord[];
      expect(holds.map((hold) => hold.status)).toEqual(['fulfilled', 'expired']);
      const [from, to] = [at('2026-01-01T00:00:00Z'), new Date(Date.now() + 3_600_000)];
      const waits = holds.map((hold) => (hold.readyAt?.getTime() ?? 0) - hold.createdAt.getTime());
      // Ready at the check-ins: 2 days after the first hold was placed, 4 days after the second.
      expect(waits).toEqual([2 * 86_400_000, 4 * 86_400_000]);
      expect(await store().stats.holdCounts(from, to)).toEqual({
        placed: 2,
        filled: 1,
        expired: 1,
        medianWaitMs: (waits[0]! + waits[1]!) / 2,
      });
      // Only the first became ready by 4 March: the median of one.
      expect(await store().stats.holdCounts(at('2026-03-01T00:00:00Z'), at('2026-03-04T00:00:00Z'))).toMatchObject({
        placed: 2,
        medianWaitMs: waits[0],
      });
      expect(await store().stats.holdCounts(at('2025-01-01T00:00:00Z'), at('2025-02-01T00:00:00Z'))).toEqual({
        placed: 0,
        filled: 0,
        expired: 0,
        medianWaitMs: null,
      });
    });
  });
}
