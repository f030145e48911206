// Holds: the queue is first come, first served; a copy coming back is set aside for the first member waiting,
// only they can borrow it, and a ready hold that ends passes it on. A copy is on the shelf, on loan, or set
// aside for exactly one ready hold.
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/store/ids.ts';
import type { Store } from '../../../server/store/port.ts';
import { bookFields, newHold, newLoan, useStore, type StoreFactory } from './harness.ts';
import { activeLoan } from '../../support/active-loan.ts';
import { expectItemsAgree } from './items-agree.ts';

const LIMITS = { loanLimit: 5, maxBalance: 0 };
const HOLDS = { holdLimit: 5 };

async function lend(store: Store, bookId: string, userId: string) {
  const result = await store.loans.checkout(newLoan(bookId, { userId }), LIMITS);
  if (!result.ok) throw new Error(`checkout failed: ${result.reason}`);
  return result.loan;
}

async function place(store: Store, bookId: string, userId: string, at?: Date) {
  const result = await store.holds.place(newHold(bookId, userId, at), HOLDS);
  if (!result.ok) throw new Error(`hold refused: ${result.reason}`);
  return result;
}

/** Copies owned = on the shelf + on loan + set aside for ready holds. */
async function expectAccounted(store: Store, bookId: string) {
  const book = (await store.books.get(bookId))!;
  const ready = (await store.holds.queue(bookId)).filter((h) => h.status === 'ready').length;
  let onLoan = 0;
  for (const userId of ['a', 'b', 'c', 'd']) if (await activeLoan(store, userId, bookId)) onLoan += 1;
  expect(book.quantity + onLoan + ready, 'shelf + on loan + set aside = copies owned').toBe(book.copies);
  await expectItemsAgree(store, bookId);
}

export function holdsContract(factory: StoreFactory): void {
  describe('holds', () => {
    const store = useStore(factory);

    it('places a hold under the id its caller chose, so a repeated request can find it', async () => {
      const bookId = (await store().books.insert(bookFields({ quantity: 0 }))).id;
      const id = newId();
      const result = await store().holds.place({ ...newHold(bookId, 'chooser'), id }, HOLDS);
      expect(result.ok && result.hold.id).toBe(id);
      expect((await store().holds.get(id))?.userId).toBe('chooser');
    });

    it('queues members only when no copy is on the shelf, once each, within the hold limit', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      expect(await store().holds.place(newHold(id, 'b'), HOLDS)).toEqual({ ok: false, reason: 'copies-available' });
      await lend(store(), id, 'a');
      expect(await store().holds.place(newHold(id, 'a'), HOLDS)).toEqual({ ok: false, reason: 'already-borrowed' });
      const first = await place(store(), id, 'b', new Date(1000));
      expect(first).toMatchObject({ position: 1, hold: { status: 'waiting', userId: 'b', readyAt: null } });
      expect(await store().holds.place(newHold(id, 'b'), HOLDS)).toEqual({ ok: false, reason: 'already-on-hold' });
      expect((await place(store(), id, 'c', new Date(2000))).position).toBe(2);
      expect(await store().holds.place(newHold(id, 'd'), { holdLimit: 0 })).toEqual({
        ok: false,
        reason: 'hold-limit',
      });
      expect(await store().holds.place(newHold('0123456789abcdef01234567', 'd'), HOLDS)).toEqual({
        ok: false,
        reason: 'book-not-found',
      });
      expect((await store().holds.queue(id)).map((h) => h.userId)).toEqual(['b', 'c']);
    });

    it('sets a returned copy aside for the first member waiting: only they can borrow it, which fulfils the hold', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', new Date(1000));
      await place(store(), id, 'c', new Date(2000));
      const back = await store().loans.checkin(loan.id, new Date());
      expect(back).toMatchObject({ ok: true, quantity: 0 });
      expect(await store().holds.get(b.hold.id)).toMatchObject({ status: 'ready', readyAt: expect.any(Date) });
      await expectAccounted(store(), id);
      // Not on the shelf for anyone else, not even the next member waiting.
      expect(await store().loans.checkout(newLoan(id, { userId: 'c' }), LIMITS)).toEqual({
        ok: false,
        reason: 'out-of-stock',
      });
      expect(await store().loans.checkout(newLoan(id, { userId: 'd' }), LIMITS)).toEqual({
        ok: false,
        reason: 'out-of-stock',
      });
      const borrowed = await store().loans.checkout(newLoan(id, { userId: 'b' }), LIMITS);
      expect(borrowed).toMatchObject({ ok: true, quantity: 0 });
      expect(await store().holds.get(b.hold.id)).toMatchObject({ status: 'fulfilled', endedAt: expect.any(Date) });
      expect((await store().holds.queue(id)).map((h) => [h.userId, h.status])).toEqual([['c', 'waiting']]);
      await expectAccounted(store(), id);
    });

    it('passes the copy of a ready hold that is cancelled or expires to the next member, then to the shelf', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', new Date(1000));
      const c = await place(store(), id, 'c', new Date(2000));
      await store().loans.checkin(loan.id, new Date());
      expect(await store().holds.cancel(b.hold.id, new Date())).toMatchObject({
        ok: true,
        hold: { status: 'cancelled' },
      });
      expect(await store().holds.cancel(b.hold.id, new Date())).toEqual({ ok: false, reason: 'not-open' });
      expect(await store().holds.get(c.hold.id)).toMatchObject({ status: 'ready' });
      await expectAccounted(store(), id);
      // Ready since before the cutoff: expires, and with no one waiting the copy goes back on the shelf.
      expect(await store().holds.expire(new Date(0), new Date())).toEqual([]);
      const expired = await store().holds.expire(new Date(Date.now() + 60_000), new Date());
      expect(expired.map((h) => [h.id, h.status])).toEqual([[c.hold.id, 'expired']]);
      expect(await store().books.get(id)).toMatchObject({ quantity: 1, copies: 1 });
      expect(await store().holds.queue(id)).toEqual([]);
      expect(await store().holds.cancel('0123456789abcdef01234567', new Date())).toEqual({
        ok: false,
        reason: 'hold-not-found',
      });
    });

    it('gives copies added to the collection to the members waiting first', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', new Date(1000));
      const c = await place(store(), id, 'c', new Date(2000));
      expect(await store().books.changeStock(id, 1)).toBe(0);
      expect(await store().holds.get(b.hold.id)).toMatchObject({ status: 'ready' });
      const edited = await store().books.update(id, { ...bookFields(), copies: 4 });
      expect(edited?.book).toMatchObject({ copies: 4, quantity: 1 });
      expect(await store().holds.get(c.hold.id)).toMatchObject({ status: 'ready' });
      await expectAccounted(store(), id);
      expect((await store().holds.ready({ first: 10 })).nodes.map((h) => h.userId).sort()).toEqual(['b', 'c']);
      expect((await store().holds.listByUser('c')).map((h) => h.id)).toEqual([c.hold.id]);
    });

    it('takes a pickup request as a hold ready at once with a copy off the shelf, counted with loans', async () => {
      const id = (await store().books.insert(bookFields({ quantity: 2 }))).id;
      const pickup = (userId: string, opts = { holdLimit: 5, loanLimit: 5 }) =>
        store().holds.request({ ...newHold(id, userId), id: newId(), returnDate: new Date('2026-05-01') }, opts);
      const taken = await pickup('b');
      expect(taken).toMatchObject({ ok: true, hold: { status: 'ready', userId: 'b', shelvedAt: null } });
      const hold = taken.ok ? taken.hold : null;
      expect(hold?.itemBarcode).not.toBeNull();
      expect(hold?.returnDate?.toISOString()).toBe('2026-05-01T00:00:00.000Z');
      expect((await store().books.get(id))?.quantity).toBe(1);
      expect(await pickup('b')).toEqual({ ok: false, reason: 'already-on-hold' });
      // Loans and open requests together count under the loan limit.
      expect(await pickup('c', { holdLimit: 5, loanLimit: 0 })).toEqual({ ok: false, reason: 'loan-limit' });
      expect(await pickup('c', { holdLimit: 0, loanLimit: 5 })).toEqual({ ok: false, reason: 'hold-limit' });
      await lend(store(), id, 'a');
      expect(await pickup('a')).toEqual({ ok: false, reason: 'already-borrowed' });
      expect(await pickup('d')).toEqual({ ok: false, reason: 'out-of-stock' });
      await expectAccounted(store(), id);
      // The desk's loan of the copy set aside fulfils it.
      const lent = await store().loans.checkout(
        newLoan(id, { userId: 'b', itemBarcode: hold?.itemBarcode ?? '' }),
        LIMITS,
      );
      expect(lent.ok).toBe(true);
      expect(await store().holds.get(hold?.id ?? '')).toMatchObject({ status: 'fulfilled' });
      await expectAccounted(store(), id);
    });
  });
}
