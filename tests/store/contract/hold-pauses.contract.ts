// Paused holds (Koha's suspension): a paused hold keeps its place, but a copy coming back while it is paused goes
// to the next member; its pause ends by the member or by the clock (resumeDue), and a copy on the shelf then is
// set aside for it, as after a return. And the loans a hold's wait is estimated from (loans.ofBook).
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store/port.ts';
import { bookFields, newHold, newLoan, useStore, type StoreFactory } from './harness.ts';
import { expectItemsAgree } from './items-agree.ts';

const LIMITS = { loanLimit: 5, maxBalance: 0 };
const HOLDS = { holdLimit: 5 };
const DAY = 86_400_000;

async function lend(store: Store, bookId: string, userId: string) {
  const result = await store.loans.checkout(newLoan(bookId, { userId }), LIMITS);
  if (!result.ok) throw new Error(`checkout failed: ${result.reason}`);
  return result.loan;
}

async function place(store: Store, bookId: string, userId: string, at: number) {
  const result = await store.holds.place(newHold(bookId, userId, at), HOLDS);
  if (!result.ok) throw new Error(`hold refused: ${result.reason}`);
  return result.hold;
}

export function holdPausesContract(factory: StoreFactory): void {
  describe('paused holds', () => {
    const store = useStore(factory);
    const now = Date.now();

    it('passes a paused hold over: the returned copy goes to the next member, and the paused one keeps its place', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', 1000);
      const c = await place(store(), id, 'c', 2000);
      const paused = await store().holds.pause(b.id, new Date(now + 5 * DAY));
      expect(paused).toMatchObject({ ok: true, hold: { status: 'waiting', pausedUntil: new Date(now + 5 * DAY) } });
      await store().loans.checkin(loan.id, new Date(now));
      expect(await store().holds.get(c.id)).toMatchObject({ status: 'ready' });
      expect(await store().holds.get(b.id)).toMatchObject({ status: 'waiting' });
      expect((await store().holds.queue(id)).map((h) => h.userId)).toEqual(['c', 'b']);
      await expectItemsAgree(store(), id);
    });

    it('leaves the copy on the shelf when everyone waiting is paused, and sets it aside when the pause ends', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', 1000);
      await store().holds.pause(b.id, new Date(now + 5 * DAY));
      await store().loans.checkin(loan.id, new Date(now));
      expect(await store().books.get(id)).toMatchObject({ quantity: 1 });
      expect(await store().holds.firstPauseEnd()).toEqual(new Date(now + 5 * DAY));
      // Not due yet: nothing resumes.
      expect(await store().holds.resumeDue(new Date(now + 5 * DAY - 1))).toEqual([]);
      expect(await store().holds.get(b.id)).toMatchObject({ status: 'waiting' });
      const resumed = await store().holds.resumeDue(new Date(now + 5 * DAY));
      expect(resumed.map((h) => [h.id, h.pausedUntil])).toEqual([[b.id, null]]);
      expect(await store().holds.get(b.id)).toMatchObject({ status: 'ready', pausedUntil: null });
      expect(await store().books.get(id)).toMatchObject({ quantity: 0 });
      expect(await store().holds.firstPauseEnd()).toBeNull();
      expect(await store().holds.resumeDue(new Date(now + 6 * DAY))).toEqual([]);
      await expectItemsAgree(store(), id);
    });

    it('resumes by the member at once: a copy on the shelf is set aside for them', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', 1000);
      await store().holds.pause(b.id, new Date(now + 5 * DAY));
      await store().loans.checkin(loan.id, new Date(now));
      expect(await store().holds.resume(b.id, new Date(now + DAY))).toMatchObject({
        ok: true,
        hold: { status: 'ready', pausedUntil: null },
      });
      expect(await store().books.get(id)).toMatchObject({ quantity: 0 });
      await expectItemsAgree(store(), id);
    });

    it('pauses only a waiting hold: a ready one is refused, an ended one too, and an unknown id', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', 1000);
      await store().loans.checkin(loan.id, new Date(now));
      const until = new Date(now + DAY);
      expect(await store().holds.pause(b.id, until)).toEqual({ ok: false, reason: 'not-waiting' });
      await store().holds.cancel(b.id, new Date(now));
      expect(await store().holds.pause(b.id, until)).toEqual({ ok: false, reason: 'not-open' });
      expect(await store().holds.resume(b.id, new Date(now))).toEqual({ ok: false, reason: 'not-open' });
      expect(await store().holds.pause('0123456789abcdef01234567', until)).toEqual({
        ok: false,
        reason: 'hold-not-found',
      });
    });
  });

  describe('loans.ofBook', () => {
    const store = useStore(factory);

    it('answers the book’s loans out and its latest returned loans, not lost ones, latest borrowed first', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 3 }))).id;
      const first = await store().loans.checkout(
        newLoan(id, { userId: 'a', borrowDate: new Date('2026-03-01T10:00:00Z') }),
        LIMITS,
      );
      const second = await store().loans.checkout(
        newLoan(id, { userId: 'b', borrowDate: new Date('2026-03-02T10:00:00Z') }),
        LIMITS,
      );
      const third = await store().loans.checkout(
        newLoan(id, { userId: 'c', borrowDate: new Date('2026-03-03T10:00:00Z') }),
        LIMITS,
      );
      if (!first.ok || !second.ok || !third.ok) throw new Error('checkout failed');
      await store().loans.checkin(first.loan.id, new Date('2026-03-10T10:00:00Z'));
      await store().loans.checkin(second.loan.id, new Date('2026-03-11T10:00:00Z'));
      await lend(store(), id, 'd');
      const read = await store().loans.ofBook(id, 5);
      expect(read.out.map((l) => l.userId).sort()).toEqual(['c', 'd']);
      expect(read.returned.map((l) => l.userId)).toEqual(['b', 'a']);
      expect((await store().loans.ofBook(id, 1)).returned.map((l) => l.userId)).toEqual(['b']);
      expect(await store().loans.ofBook('0123456789abcdef01234567', 5)).toEqual({ out: [], returned: [] });
    });
  });
}
