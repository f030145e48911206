// The MongoDB ledger's recovery: a credit or charge that a stopped gateway left between its writes is finished
// when the store opens again, never counted twice; ledgers from before account balances get their balance.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MongoClient, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { AccountDoc, LedgerDoc } from '../../server/store/mongo/documents.ts';
import type { Store } from '../../server/store/port.ts';
import { bookFields, newLoan } from './contract/harness.ts';

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB ledger recovery', () => {
  const uri = mongoUri ?? '';
  const run = `bh_ledger_${process.pid}_${Date.now().toString(36)}`;
  let client: MongoClient;
  let count = 0;
  beforeAll(async () => {
    client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
  });
  afterAll(() => client.close());

  /** A database of its own, opened as a gateway would; dropped afterwards. */
  async function withDatabase(work: (db: Db, open: () => Promise<Store>) => Promise<void>) {
    const name = `${run}_${(count += 1)}`;
    const opened: Store[] = [];
    const open = async () => {
      const store = await openMongoStore(uri, name);
      opened.push(store);
      return store;
    };
    try {
      await work(client.db(name), open);
    } finally {
      await Promise.all(opened.map((store) => store.close().catch(() => undefined)));
      await client.db(name).dropDatabase();
    }
  }

  /** The member owes ৳600 for a lost book. */
  async function owing600(store: Store, userId = 'user-1') {
    const bookId = (await store.books.insert(bookFields({ quantity: 1 }))).id;
    const loan = await store.loans.checkout(newLoan(bookId, { userId }), { loanLimit: 5, maxBalance: 10_000 });
    if (!loan.ok) throw new Error(loan.reason);
    await store.loans.close(loan.loan.id, new Date(), {
      as: 'lost',
      replacementCost: 500,
      processingFee: 100,
      by: 'D',
    });
  }

  const paymentDoc = (amount: number): LedgerDoc => {
    const _id = new ObjectId();
    return {
      _id,
      userId: 'user-1',
      kind: 'payment',
      amount,
      loanId: null,
      bookTitle: null,
      note: 'Cash',
      recordedBy: 'Desk',
      createdAt: new Date(),
      chargeKey: _id.toHexString(),
    };
  };

  it('finishes a credit whose balance step was done when its gateway stopped, and counts it once', async () => {
    await withDatabase(async (db, open) => {
      const first = await open();
      await owing600(first);
      await first.close();
      // As if a gateway's payment of ৳600 passed its commit point (the account) and stopped before the ledger.
      const credit = paymentDoc(600);
      const id = credit._id.toHexString();
      await db
        .collection<AccountDoc>('accounts')
        .updateOne(
          { _id: 'user-1' },
          { $inc: { balance: -600 }, $addToSet: { counted: id }, $set: { [`credits.${id}`]: credit } },
        );
      const store = await open();
      expect(await db.collection('ledger').countDocuments({ _id: credit._id })).toBe(1);
      expect(await store.ledger.balance('user-1')).toBe(0);
      expect((await store.ledger.list('user-1')).filter((e) => e.kind === 'payment')).toEqual([
        expect.objectContaining({ id, amount: 600, note: 'Cash' }),
      ]);
      // Nothing is owed, so nothing more can be paid; opening again counts nothing twice.
      expect(await store.ledger.credit({ ...credit, id: undefined, kind: 'payment' })).toMatchObject({ ok: false });
      await store.close();
      const again = await open();
      expect(await again.ledger.balance('user-1')).toBe(0);
      expect(await db.collection('ledger').countDocuments({ kind: 'payment' })).toBe(1);
    });
  });

  it('counts a charge written when its gateway stopped before the balance step, once', async () => {
    await withDatabase(async (db, open) => {
      const first = await open();
      await owing600(first);
      await first.close();
      const _id = new ObjectId();
      await db.collection<LedgerDoc>('ledger').insertOne({
        ...paymentDoc(150),
        _id,
        kind: 'late-fee',
        loanId: new ObjectId().toHexString(),
        chargeKey: `${new ObjectId().toHexString()}:late-fee`,
        counted: false,
      });
      const store = await open();
      expect(await store.ledger.balance('user-1')).toBe(750);
      await store.close();
      expect(await (await open()).ledger.balance('user-1')).toBe(750);
    });
  });

  it('builds balances once from a ledger written before accounts held them', async () => {
    await withDatabase(async (db, open) => {
      const first = await open();
      await owing600(first);
      await owing600(first, 'user-2');
      await first.close();
      // The data as the previous version left it: entries, accounts without balances.
      await db.collection<LedgerDoc>('ledger').insertOne(paymentDoc(100));
      await db.collection<AccountDoc>('accounts').updateMany({}, { $unset: { balance: '', counted: '', credits: '' } });
      await db.collection<AccountDoc>('accounts').deleteOne({ _id: '\u0000ledger-built' });
      // A member whose loans all ended before accounts existed has none.
      await db.collection<AccountDoc>('accounts').deleteOne({ _id: 'user-2' });
      const store = await open();
      expect(await store.ledger.balance('user-1')).toBe(500);
      expect(await store.ledger.balance('user-2')).toBe(600);
      expect(await db.collection<AccountDoc>('accounts').findOne({ _id: 'user-2' })).toMatchObject({
        onLoan: 0,
        balance: 600,
      });
      // And the account made for them counts their loans as any other.
      const bookId = (await store.books.insert(bookFields({ quantity: 1 }))).id;
      const limits = { loanLimit: 1, maxBalance: 10_000 };
      expect((await store.loans.checkout(newLoan(bookId, { userId: 'user-2' }), limits)).ok).toBe(true);
      const other = (await store.books.insert(bookFields({ quantity: 1 }))).id;
      expect(await store.loans.checkout(newLoan(other, { userId: 'user-2' }), limits)).toEqual({
        ok: false,
        reason: 'loan-limit',
      });
      expect(await store.ledger.credit({ ...paymentDoc(501), id: undefined, kind: 'payment' })).toMatchObject({
        ok: false,
        balance: 500,
      });
      await store.close();
      const again = await open();
      expect(await again.ledger.balance('user-1')).toBe(500);
      expect(await again.ledger.credit({ ...paymentDoc(500), id: undefined, kind: 'payment' })).toMatchObject({
        ok: true,
        balance: 0,
      });
    });
  });
});
