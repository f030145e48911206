// What the MongoDB adapter makes of items (server/store/mongo/items.ts) where only it can be caught out: data
// written before items (the migration), states a gateway stopped between two writes leaves (each written as that
// gateway would have left it, then a store opens the data), and two gateways racing on one book's copies.
import { describe, expect, inject, it } from 'vitest';
import { ObjectId } from 'mongodb';
import { withMongoData } from './mongo-data.ts';
import type { BookDoc, HoldDoc, LoanDoc } from '../../server/store/mongo/documents.ts';
import type { CounterDoc, ItemDoc } from '../../server/store/mongo/item-docs.ts';
import { itemSteps } from '../../server/store/mongo/items.ts';
import { NO_LOCK } from '../../server/store/mongo/key-lock.ts';
import type { Store } from '../../server/store/port.ts';
import { bookFields, newHold, newLoan } from './contract/harness.ts';
import { expectAllItemsAgree, expectItemsAgree } from './contract/items-agree.ts';

const mongoUri = inject('mongodbUri');
const LIMITS = { loanLimit: 5, maxBalance: 0 };
const AT = new Date('2026-03-02T10:00:00.000Z');

const withData = (work: Parameters<typeof withMongoData>[2]) => withMongoData(mongoUri!, 'items', work);

async function lend(store: Store, bookId: string, userId: string, itemBarcode?: string) {
  const result = await store.loans.checkout(newLoan(bookId, { userId, ...(itemBarcode ? { itemBarcode } : {}) }));
  if (!result.ok) throw new Error(`checkout failed: ${result.reason}`);
  return result.loan;
}

/** Opens the data again and checks the invariant on every book, closing the store after. */
async function reopenAndCheck(open: () => Promise<Store>, bookIds: string[], check?: (store: Store) => Promise<void>) {
  const store = await open();
  try {
    await expectAllItemsAgree(store, bookIds);
    await check?.(store);
  } finally {
    await store.close();
  }
}

describe.runIf(mongoUri)('MongoDB items: the migration', () => {
  it('gives books from before items their copies, and active loans and ready holds theirs; a second open adds nothing', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const busy = (await store.books.insert(bookFields({ quantity: 3 }))).id;
      const quiet = (await store.books.insert(bookFields({ quantity: 2 }))).id;
      const loan = await lend(store, busy, 'a');
      await lend(store, busy, 'b');
      await lend(store, busy, 'e');
      const returned = await lend(store, quiet, 'c');
      await store.loans.checkin(returned.id, AT);
      const waiting = await store.holds.place(newHold(busy, 'd', 1000), { holdLimit: 5 });
      if (!waiting.ok) throw new Error(waiting.reason);
      await store.loans.checkin(loan.id, AT); // its copy goes to d's hold, ready
      await store.close();
      // The database as the adapter wrote it before items: no items, no barcodes on loans and holds.
      await db.collection('items').drop();
      await db.collection('counters').drop();
      await db.collection('books').updateMany({}, { $unset: { itemized: '' } });
      await db.collection('borrowedBooks').updateMany({}, { $unset: { itemBarcode: '' } });
      await db.collection('holds').updateMany({}, { $unset: { itemBarcode: '' } });
      const before = await db.collection('books').find().sort({ _id: 1 }).toArray();

      let barcodes: string[] = [];
      await reopenAndCheck(open, [busy, quiet], async (migrated) => {
        expect((await migrated.items.listByBook(busy)).map((item) => item.status).sort()).toEqual([
          'ON_HOLD_SHELF',
          'ON_LOAN',
          'ON_LOAN',
        ]);
        expect((await migrated.items.listByBook(quiet)).map((item) => item.status)).toEqual(['ON_SHELF', 'ON_SHELF']);
        expect((await migrated.holds.get(waiting.hold.id))?.itemBarcode).toMatch(/^BH\d{8}$/);
        // A loan that ended before items names no copy.
        expect((await migrated.loans.get(returned.id))?.itemBarcode).toBeNull();
        barcodes = (await db.collection('items').find().sort({ _id: 1 }).toArray()).map((item) => String(item._id));
      });
      // The counters are as they were: only items were added.
      const after = await db.collection('books').find().sort({ _id: 1 }).toArray();
      expect(after.map((b) => [b.quantity, b.copies, b.loansOut, b.heldFor])).toEqual(
        before.map((b) => [b.quantity, b.copies, b.loansOut, b.heldFor]),
      );
      await reopenAndCheck(open, [busy, quiet]);
      expect((await db.collection('items').find().sort({ _id: 1 }).toArray()).map((item) => String(item._id))).toEqual(
        barcodes,
      );
    });
  });

  it('finishes a migration stopped part way without making any copy twice', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const id = (await store.books.insert(bookFields({ quantity: 3 }))).id;
      await store.close();
      // Stopped after the book's first item was made, before the others and the mark.
      const first = await db.collection('items').findOne({ bookId: id, birth: `${id}:1` });
      await db.collection('items').deleteMany({ bookId: id, birth: { $ne: `${id}:1` } });
      await db.collection('counters').deleteOne({ _id: 'items-migrated' as never });
      await db.collection('books').updateOne({ _id: new ObjectId(id) }, { $unset: { itemized: '' } });
      await reopenAndCheck(open, [id], async (reopened) => {
        const items = await reopened.items.listByBook(id);
        expect(items).toHaveLength(3);
        expect(items[0]?.barcode).toBe(first?._id);
      });
      expect(await db.collection('books').countDocuments({ itemized: { $exists: false } })).toBe(0);
    });
  });
});

describe.runIf(mongoUri)('MongoDB items: recovery of a step stopped part way', () => {
  it("lends a hold's copy to the loan the ledger already counts (stopped before the copy followed)", async () => {
    await withData(async (db, open) => {
      const store = await open();
      const id = (await store.books.insert(bookFields({ quantity: 1 }))).id;
      const first = await lend(store, id, 'a');
      const placed = await store.holds.place(newHold(id, 'b', 1000), { holdLimit: 5 });
      if (!placed.ok) throw new Error(placed.reason);
      await store.loans.checkin(first.id, AT);
      await store.close();
      // b's borrow: the pending loan, the ledger's lend of the copy set aside and b's place under the limit,
      // then the gateway stopped: the item still names the hold.
      const loanId = new ObjectId();
      const hex = loanId.toHexString();
      const holdId = placed.hold.id;
      await db.collection('borrowedBooks').insertOne({
        _id: loanId,
        ...newLoan(id, { userId: 'b' }),
        returnedAt: null,
        status: 'pending',
        renewals: 0,
        holdId,
        activeKey: `b:${id}`,
      });
      await db
        .collection('books')
        .updateOne(
          { _id: new ObjectId(id) },
          { $pull: { heldFor: holdId } as never, $push: { loansOut: hex } as never },
        );
      await db
        .collection('accounts')
        .updateOne({ _id: 'b' as never }, { $inc: { onLoan: 1 }, $push: { loansOut: hex } as never }, { upsert: true });
      await reopenAndCheck(open, [id], async (reopened) => {
        expect(await reopened.loans.get(hex)).toMatchObject({ status: 'borrowed', itemBarcode: first.itemBarcode });
        expect(await reopened.holds.get(holdId)).toMatchObject({ status: 'fulfilled' });
      });
    });
  });

  it('puts back on the shelf a copy whose loan ended (stopped before the item followed the return)', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const id = (await store.books.insert(bookFields({ quantity: 2 }))).id;
      const loan = await lend(store, id, 'a');
      await store.close();
      // The return's ledger and the loan are done; the item still names the loan.
      await db
        .collection('books')
        .updateOne({ _id: new ObjectId(id) }, { $inc: { quantity: 1 }, $pull: { loansOut: loan.id } as never });
      await db
        .collection('borrowedBooks')
        .updateOne({ _id: new ObjectId(loan.id) }, { $set: { status: 'returned', activeKey: loan.id } });
      await db
        .collection('accounts')
        .updateOne({ _id: 'a' as never }, { $inc: { onLoan: -1 }, $pull: { loansOut: loan.id } as never });
      await reopenAndCheck(open, [id], async (reopened) => {
        expect(await reopened.items.get(loan.itemBarcode!)).toMatchObject({ status: 'ON_SHELF', loanId: null });
        expect(await reopened.books.get(id)).toMatchObject({ copies: 2, quantity: 2 });
      });
    });
  });

  it('gives a ready hold the copy that was still being added when the queue took it (stopped before it followed)', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const id = (await store.books.insert(bookFields({ quantity: 1 }))).id;
      await lend(store, id, 'a');
      const placed = await store.holds.place(newHold(id, 'b', 1000), { holdLimit: 5 });
      if (!placed.ok) throw new Error(placed.reason);
      const [copy] = (await store.items.add(id, 1, AT))!;
      await store.close();
      // As recovery's fill leaves it when the copy was mid-move then: the ledger set it aside for b, b is
      // ready, the item is finished on the shelf but nobody gave it to b.
      await db.collection('items').updateOne({ _id: copy!.barcode as never }, { $set: { holdId: null } });
      await db.collection('holds').updateOne({ _id: new ObjectId(placed.hold.id) }, { $unset: { itemBarcode: '' } });
      await reopenAndCheck(open, [id], async (reopened) => {
        expect(await reopened.holds.get(placed.hold.id)).toMatchObject({ status: 'ready', itemBarcode: copy!.barcode });
      });
    });
  });

  it('gives back a copy a borrow claimed before the gateway stopped, and drops the borrow', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const id = (await store.books.insert(bookFields({ quantity: 1 }))).id;
      await store.close();
      const [item] = await db.collection('items').find({ bookId: id }).toArray();
      const loanId = new ObjectId();
      await db.collection('borrowedBooks').insertOne({
        _id: loanId,
        ...newLoan(id, { userId: 'a' }),
        returnedAt: null,
        status: 'pending',
        renewals: 0,
        activeKey: `a:${id}`,
      });
      await db.collection('items').updateOne({ _id: item!._id }, { $set: { loanId: loanId.toHexString() } });
      await reopenAndCheck(open, [id], async (reopened) => {
        expect(await reopened.loans.get(loanId.toHexString())).toBeNull();
        expect(await reopened.items.get(String(item!._id))).toMatchObject({ status: 'ON_SHELF', loanId: null });
        // And it can be lent again.
        expect((await lend(reopened, id, 'b')).itemBarcode).toBe(item!._id);
      });
    });
  });

  it('finishes copies added that the ledger counts, and drops those it never counted (fewer items than copies)', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const id = (await store.books.insert(bookFields({ quantity: 1 }))).id;
      const other = (await store.books.insert(bookFields({ quantity: 1 }))).id;
      await store.close();
      // Two copies of `id` written as new and counted by the ledger (listed in itemMoves), not finished;
      // one copy of `other` written as new and never counted.
      const move = { from: 'NEW', to: 'ON_SHELF', note: 'donated' };
      const item = (barcode: string, bookId: string) => ({
        _id: barcode as never,
        bookId,
        birth: barcode,
        shelfStatus: 'ON_SHELF',
        addedAt: AT,
        note: 'donated',
        loanId: null,
        holdId: null,
        move,
      });
      await db.collection('counters').updateOne({ _id: 'item-barcodes' as never }, { $inc: { seq: 3 } });
      const seq = Number((await db.collection('counters').findOne({ _id: 'item-barcodes' as never }))?.seq);
      const { itemBarcode } = await import('../../shared/barcodes.ts');
      const [x, y, z] = [seq - 2, seq - 1, seq].map(itemBarcode) as [string, string, string];
      await db.collection('items').insertMany([item(x, id), item(y, id), item(z, other)]);
      await db
        .collection('books')
        .updateOne(
          { _id: new ObjectId(id) },
          { $inc: { copies: 2, quantity: 2, version: 1 }, $push: { itemMoves: { $each: [x, y] } } as never },
        );
      await reopenAndCheck(open, [id, other], async (reopened) => {
        expect((await reopened.items.listByBook(id)).slice(1).map((i) => [i.barcode, i.note])).toEqual([
          [x, 'donated'],
          [y, 'donated'],
        ]);
        expect(await reopened.items.get(z)).toBeNull();
        expect(await reopened.books.get(id)).toMatchObject({ copies: 3, quantity: 3 });
        expect(await reopened.books.get(other)).toMatchObject({ copies: 1, quantity: 1 });
      });
      expect(await db.collection('books').countDocuments({ itemMoves: { $type: 'string' } })).toBe(0);
    });
  });

  it('finishes a withdrawal the ledger counts, and undoes one it never counted', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const id = (await store.books.insert(bookFields({ quantity: 3 }))).id;
      await store.close();
      const [a, b] = (await db.collection('items').find({ bookId: id }).sort({ _id: 1 }).toArray()).map((i) =>
        String(i._id),
      );
      const move = { from: 'ON_SHELF', to: 'WITHDRAWN', note: null };
      await db.collection('items').updateMany({ _id: { $in: [a, b] as never[] } }, { $set: { move } });
      await db
        .collection('books')
        .updateOne(
          { _id: new ObjectId(id) },
          { $inc: { copies: -1, quantity: -1, version: 1 }, $push: { itemMoves: a } as never },
        );
      await reopenAndCheck(open, [id], async (reopened) => {
        expect((await reopened.items.listByBook(id)).map((i) => i.status)).toEqual([
          'WITHDRAWN',
          'ON_SHELF',
          'ON_SHELF',
        ]);
      });
    });
  });
});

describe.runIf(mongoUri)('MongoDB items: a gateway opening while another works', () => {
  it("takes a staff change's ledger step back when another gateway's recovery undid its move meanwhile", async () => {
    await withData(async (db, open) => {
      const store = await open();
      const ids = [
        (await store.books.insert(bookFields({ quantity: 2 }))).id,
        (await store.books.insert(bookFields({ quantity: 2 }))).id,
      ];
      await store.close();
      const [shrunk, grown] = ids.map((id) => new ObjectId(id)) as [ObjectId, ObjectId];
      const c = {
        books: db.collection<BookDoc>('books'),
        loans: db.collection<LoanDoc>('borrowedBooks'),
        holds: db.collection<HoldDoc>('holds'),
        items: db.collection<ItemDoc>('items'),
        counters: db.collection<CounterDoc>('counters'),
      };
      const steps = itemSteps(c, NO_LOCK);
      // Gateway A marks a copy of one book to withdraw and a new copy of another (changeStock's first writes)...
      const withdrawn = (await steps.prepare(shrunk, -1, AT))!;
      const added = (await steps.prepare(grown, 1, AT))!;
      // ...gateway B opens meanwhile and undoes both (the ledger does not list them yet)...
      await (await open()).close();
      // ...and A writes its ledger steps and finishes, as books.ts does.
      for (const [bookOid, codes, delta, to] of [
        [shrunk, withdrawn, -1, 'WITHDRAWN'],
        [grown, added, 1, 'ON_SHELF'],
      ] as const) {
        await c.books.updateOne(
          { _id: bookOid },
          { $inc: { copies: delta, quantity: delta, version: 1 }, $push: { itemMoves: { $each: [...codes] } } },
        );
        await steps.finish(bookOid, [...codes], { delta, to });
      }
      // Both changes are undone: the counters are the items' again.
      await reopenAndCheck(open, ids, async (reopened) => {
        for (const id of ids) {
          expect(await reopened.books.get(id)).toMatchObject({ copies: 2, quantity: 2 });
          expect((await reopened.items.listByBook(id)).map((item) => item.status)).toEqual(['ON_SHELF', 'ON_SHELF']);
        }
      });
    });
  });
});

describe.runIf(mongoUri)('MongoDB items: two gateways racing', () => {
  it('10 members borrowing and returning a 3-copy book with holds at once leave items and ledger agreeing', async () => {
    await withData(async (_db, open) => {
      const [a, b] = [await open(), await open()];
      try {
        const id = (await a.books.insert(bookFields({ quantity: 3 }))).id;
        const members = Array.from({ length: 10 }, (_, i) => `m${i}`);
        // Two aligns that read before each other's writes once left a ready hold without its copy about one
        // round in ten on a busy machine; ITEMS_RACE_ROUNDS=20 runs it longer.
        for (let round = 0; round < Number(process.env['ITEMS_RACE_ROUNDS'] ?? 6); round++) {
          // Everyone borrows at once (three win), the rest join the queue; then everyone returns or cancels
          // at once, the copies passing to the queue as they come back.
          const results = await Promise.all(
            members.map((m, i) => (i % 2 === 0 ? a : b).loans.checkout(newLoan(id, { userId: m }), LIMITS)),
          );
          expect(results.filter((r) => r.ok)).toHaveLength(3);
          await Promise.all(
            members.map((m, i) =>
              (i % 2 === 0 ? b : a).holds.place(newHold(id, m, 1000 * round + i), { holdLimit: 5 }),
            ),
          );
          await expectItemsAgree(a, id);
          const loans = results.flatMap((r) => (r.ok ? [r.loan] : []));
          await Promise.all(loans.map((loan, i) => (i % 2 === 0 ? a : b).loans.checkin(loan.id, AT)));
          await expectItemsAgree(b, id);
          // The members with a copy set aside borrow it, each scanning it, while the others give up.
          const queue = await a.holds.queue(id);
          await Promise.all(
            queue.map((h, i) =>
              h.status === 'ready'
                ? (i % 2 === 0 ? a : b).loans.checkout(
                    newLoan(id, { userId: h.userId, itemBarcode: h.itemBarcode! }),
                    LIMITS,
                  )
                : (i % 2 === 0 ? b : a).holds.cancel(h.id, AT),
            ),
          );
          await expectItemsAgree(a, id);
          for (const loan of await Promise.all(members.map((m) => a.loans.listByUser(m))))
            for (const l of loan) if (l.status === 'borrowed') await b.loans.checkin(l.id, AT);
          await expectItemsAgree(b, id);
          expect(await a.books.get(id)).toMatchObject({ copies: 3, quantity: 3 });
        }
      } finally {
        await a.close();
        await b.close();
      }
    });
  }, 120_000);

  it('of two desks scanning one copy at once on two gateways, one lends it', async () => {
    await withData(async (_db, open) => {
      const [a, b] = [await open(), await open()];
      try {
        for (let round = 0; round < 5; round++) {
          const id = (await a.books.insert(bookFields({ quantity: 2 }))).id;
          const [code] = (await a.items.listByBook(id)).map((item) => item.barcode);
          const results = await Promise.all([
            a.loans.checkout(newLoan(id, { userId: 'x', itemBarcode: code }), LIMITS),
            b.loans.checkout(newLoan(id, { userId: 'y', itemBarcode: code }), LIMITS),
          ]);
          expect(results.map((r) => (r.ok ? 'ok' : r.reason)).sort()).toEqual(['item-unavailable', 'ok']);
          await expectItemsAgree(a, id);
        }
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
