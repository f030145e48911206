// The hold shelf (decision 058): a ready hold's copy is on it only once staff say so (shelve), so every copy set
// aside otherwise is listed to pull; a hold that ends with its copy there is listed until staff take it off.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store/port.ts';
import { bookFields, newHold, newLoan, useStore, type StoreFactory } from './harness.ts';
import { expectItemsAgree } from './items-agree.ts';

const HOLDS = { holdLimit: 5 };
const MISSING = '0123456789abcdef01234567';

async function place(store: Store, bookId: string, userId: string, at: Date) {
  const result = await store.holds.place(newHold(bookId, userId, at), HOLDS);
  if (!result.ok) throw new Error(`hold refused: ${result.reason}`);
  return result.hold;
}

/** A book with no copy and members waiting for it, in the order given. */
async function waitingFor(store: Store, ...userIds: string[]) {
  const bookId = (await store.books.insert(bookFields({ quantity: 0 }))).id;
  const holds = [];
  for (const [i, userId] of userIds.entries()) holds.push(await place(store, bookId, userId, new Date(1000 + i)));
  return { bookId, holds };
}

const ids = async (page: Promise<{ nodes: { id: string }[] }>) => (await page).nodes.map((h) => h.id);

export function holdShelfContract(factory: StoreFactory): void {
  describe('hold shelf', () => {
    const store = useStore(factory);

    it('lists a copy set aside without the desk (copies added) to pull, until staff put it on the hold shelf', async () => {
      const { bookId, holds } = await waitingFor(store(), 'b');
      await store().items.add(bookId, 1, new Date(5000));
      const ready = (await store().holds.get(holds[0]!.id))!;
      expect(ready).toMatchObject({ status: 'ready', shelvedAt: null, shelfClearedAt: null });
      expect(await ids(store().holds.toPull({ first: 10 }))).toEqual([ready.id]);

      const at = new Date(6000);
      expect(await store().holds.shelve(ready.id, at)).toMatchObject({
        ok: true,
        changed: true,
        hold: { shelvedAt: at },
      });
      // Again (a retried request, a second desk): nothing changes, the first time stays.
      expect(await store().holds.shelve(ready.id, new Date(7000))).toMatchObject({
        ok: true,
        changed: false,
        hold: { shelvedAt: at },
      });
      expect((await store().holds.toPull({ first: 10 })).totalCount).toBe(0);
      expect((await store().holds.ready({ first: 10 })).nodes).toMatchObject([{ id: ready.id, shelvedAt: at }]);
      await expectItemsAgree(store(), bookId);
    });

    it('refuses to shelve a hold that is not ready, and to clear one still open or never on the hold shelf', async () => {
      const { bookId, holds } = await waitingFor(store(), 'b', 'c');
      expect(await store().holds.shelve(holds[0]!.id, new Date())).toEqual({ ok: false, reason: 'not-ready' });
      expect(await store().holds.shelve(MISSING, new Date())).toEqual({ ok: false, reason: 'hold-not-found' });
      expect(await store().holds.shelve('not an id', new Date())).toEqual({ ok: false, reason: 'hold-not-found' });
      await store().items.add(bookId, 1, new Date());
      expect(await store().holds.clearShelf(holds[0]!.id, new Date())).toEqual({ ok: false, reason: 'not-ended' });
      // Cancelled while its copy was still to pull: nothing to take off the hold shelf.
      await store().holds.cancel(holds[0]!.id, new Date());
      expect(await store().holds.clearShelf(holds[0]!.id, new Date())).toEqual({ ok: false, reason: 'not-on-shelf' });
      expect((await store().holds.toClear({ first: 10 })).totalCount).toBe(0);
      expect(await store().holds.clearShelf(MISSING, new Date())).toEqual({ ok: false, reason: 'hold-not-found' });
      const after = (await store().holds.get(holds[0]!.id))!;
      expect(after).toMatchObject({ shelvedAt: null, shelfClearedAt: null });
    });

    it('lists a shelved hold that ends (cancelled, expired) to clear; the copy passed on is listed to pull', async () => {
      const { bookId, holds } = await waitingFor(store(), 'b', 'c');
      const [b, c] = holds;
      await store().items.add(bookId, 1, new Date(5000));
      await store().holds.shelve(b!.id, new Date(6000));
      await store().holds.cancel(b!.id, new Date(7000));
      expect(await ids(store().holds.toClear({ first: 10 }))).toEqual([b!.id]);
      // The copy is c's now, but nobody has put it on the hold shelf for c yet.
      expect(await ids(store().holds.toPull({ first: 10 }))).toEqual([c!.id]);
      await store().holds.shelve(c!.id, new Date(8000));
      const expired = await store().holds.expire(new Date(Date.now() + 60_000), new Date(9000));
      expect(expired.map((h) => h.id)).toEqual([c!.id]);
      expect(await ids(store().holds.toClear({ first: 10 }))).toEqual([b!.id, c!.id]);

      const at = new Date(10_000);
      expect(await store().holds.clearShelf(b!.id, at)).toMatchObject({
        ok: true,
        changed: true,
        hold: { status: 'cancelled', shelfClearedAt: at },
      });
      expect(await store().holds.clearShelf(b!.id, new Date(11_000))).toMatchObject({
        ok: true,
        changed: false,
        hold: { shelfClearedAt: at },
      });
      expect(await ids(store().holds.toClear({ first: 10 }))).toEqual([c!.id]);
      expect(await store().books.get(bookId)).toMatchObject({ quantity: 1, copies: 1 });
      await expectItemsAgree(store(), bookId);
    });

    it('drops a shelved hold its member borrowed from every list', async () => {
      const { bookId, holds } = await waitingFor(store(), 'b');
      await store().items.add(bookId, 1, new Date());
      await store().holds.shelve(holds[0]!.id, new Date());
      const out = await store().loans.checkout(newLoan(bookId, { userId: 'b' }), { loanLimit: 5, maxBalance: 0 });
      expect(out.ok).toBe(true);
      expect((await store().holds.toPull({ first: 10 })).totalCount).toBe(0);
      expect((await store().holds.toClear({ first: 10 })).totalCount).toBe(0);
      expect(await store().holds.clearShelf(holds[0]!.id, new Date())).toEqual({ ok: false, reason: 'not-on-shelf' });
    });

    it('pages the list to pull by keyset, set aside longest first', async () => {
      const ready: string[] = [];
      for (const [i, user] of ['p', 'q', 'r'].entries()) {
        const { bookId, holds } = await waitingFor(store(), user);
        await store().items.add(bookId, 1, new Date(5000 + i));
        ready.push(holds[0]!.id);
      }
      const first = await store().holds.toPull({ first: 2 });
      expect(first).toMatchObject({ totalCount: 3, hasNextPage: true });
      expect(first.nodes.map((h) => h.id)).toEqual(ready.slice(0, 2));
      const second = await store().holds.toPull({ first: 2, after: first.endCursor });
      expect(second).toMatchObject({ totalCount: 3, hasNextPage: false });
      expect(second.nodes.map((h) => h.id)).toEqual(ready.slice(2));
    });

    it('shelves once when two desks press at the same moment', async () => {
      const { bookId, holds } = await waitingFor(store(), 'b');
      await store().items.add(bookId, 1, new Date());
      const results = await Promise.all([
        store().holds.shelve(holds[0]!.id, new Date(1)),
        store().holds.shelve(holds[0]!.id, new Date(2)),
      ]);
      expect(results.filter((r) => r.ok && r.changed)).toHaveLength(1);
      const shelvedAt = (await store().holds.get(holds[0]!.id))!.shelvedAt;
      expect(results.map((r) => r.ok && r.hold.shelvedAt)).toEqual([shelvedAt, shelvedAt]);
    });
  });
}
