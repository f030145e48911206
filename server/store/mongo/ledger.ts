// The ledger in MongoDB without multi-document transactions. The member's account document (the one that
// holds the loan limit's count, see loans.ts) also holds the balance, and every entry moves it in one atomic
// conditional update that adds the entry's id to account.counted, so an entry is counted once however often a
// step runs:
// - a charge (late fee, replacement, processing) is inserted first, marked `counted: false`, then counted
//   (balance + amount) and unmarked; recovery counts what a stopped gateway left marked; a lost copy's refund
//   (lost-found.ts) takes the same steps the other way (balance - amount, no floor: it may go below zero);
// - a payment or waiver is decided by the account alone: the update decrements the balance only while it
//   stays at or above zero (`balance >= amount` in its filter) and keeps the entry in account.credits; the
//   ledger entry is written from there and the copy dropped; recovery writes what a stopped gateway left.
// So credits at once, on any number of gateways, never take a balance below zero: the server decides each
// against the balance the previous one left. The balance the commit point left is the entry's balanceAfter, and
// its reference is the year's next number from a counter document ($inc), taken after the commit point so a
// refused credit takes none (decision 074); a charge or refund takes its number once counted. On FerretDB v1 writes to one account are also queued through the
// KeyLock (see key-lock.ts).
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import { creditReference } from '../port.ts';
import type { LedgerStore } from '../port.ts';
import { CREDIT_KINDS, signedAmount } from '../../library/rules/ledger.ts';
import { isDuplicateKey, toEntry } from './documents.ts';
import type { AccountDoc, LedgerDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

export interface LedgerCollections {
  accounts: Collection<AccountDoc>;
  ledger: Collection<LedgerDoc>;
  /** The store's counters; a credit's references count in `receipts:<year>`. */
  counters: Collection<{ _id: string; seq: number }>;
}

/** The next number of a year's references: one atomic $inc, so gateways sharing the database never repeat one. */
export async function nextReference(c: LedgerCollections, lock: KeyLock, year: number): Promise<string> {
  const take = () =>
    lock.run(`counter:receipts`, () =>
      c.counters.findOneAndUpdate(
        { _id: `receipts:${year}` },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      ),
    );
  let counter;
  try {
    counter = await take();
  } catch (error) {
    // Two first takes of the year raced to create its counter; it exists now.
    if (!isDuplicateKey(error)) throw error;
    counter = await take();
  }
  if (!counter) throw new Error('The receipts counter returned nothing');
  return creditReference(year, counter.seq);
}

/** Marks that balances have been built from the ledger (data from before account balances). */
const LEDGER_BUILT = '\u0000ledger-built';

function ledgerSteps({ accounts, ledger }: LedgerCollections, lock: KeyLock) {
  const memberLock = <T>(userId: string, work: () => Promise<T>) => lock.run(`member:${userId}`, work);

  /** Moves the balance by the entry unless it is counted already; creates the account when it has none. */
  async function count(entry: LedgerDoc): Promise<void> {
    const id = entry._id.toHexString();
    await memberLock(entry.userId, async () => {
      try {
        // Counted already: the filter misses, and the upsert's insert meets the existing account.
        await accounts.updateOne(
          { _id: entry.userId, counted: { $ne: id } },
          {
            $inc: { balance: signedAmount(entry) },
            $addToSet: { counted: id },
            // A member's first charge may come before any account (data from before accounts); loansOut is
            // made by the first borrow's $addToSet.
            $setOnInsert: { onLoan: 0 },
          },
          { upsert: true },
        );
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    });
    await ledger.updateOne({ _id: entry._id, counted: false }, { $unset: { counted: '' } });
  }

  /** Writes a credit the account has counted to the ledger, then drops the account's copy of it. */
  async function settle(userId: string, credit: LedgerDoc): Promise<void> {
    try {
      await ledger.insertOne(credit);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    await memberLock(userId, () =>
      accounts.updateOne({ _id: userId }, { $unset: { [`credits.${credit._id.toHexString()}`]: '' } }),
    );
  }

  return { count, settle };
}

/**
 * Counts a loan's charge (or a lost copy's refund) in the member's balance, once: the step after its insert
 * (loans.ts); then gives it the next reference of `year` (its UTC year when left out) unless it has one. The
 * reference is set only where none is, so a step run twice numbers the entry once (a number it took then is
 * unused). Answers the entry as it stands.
 */
export async function countCharge(
  c: LedgerCollections,
  lock: KeyLock,
  chargeKey: string,
  year?: number,
): Promise<LedgerDoc | null> {
  const entry = await c.ledger.findOne({ chargeKey });
  if (!entry) return null;
  if (entry.counted === false) await ledgerSteps(c, lock).count(entry);
  if (entry.reference !== undefined) return entry;
  const reference = await nextReference(c, lock, year ?? entry.createdAt.getUTCFullYear());
  await c.ledger.updateOne({ _id: entry._id, reference: { $exists: false } }, { $set: { reference } });
  return c.ledger.findOne({ _id: entry._id });
}

export function mongoLedger(c: LedgerCollections, lock: KeyLock): LedgerStore {
  const { accounts, ledger } = c;
  const steps = ledgerSteps(c, lock);

  const pendingOf = (account: AccountDoc | null): LedgerDoc[] => Object.values(account?.credits ?? {});

  return {
    async balance(userId) {
      return (await accounts.findOne({ _id: userId }, { projection: { balance: 1 } }))?.balance ?? 0;
    },
    async list(userId) {
      const [written, account] = await Promise.all([
        ledger.find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray(),
        accounts.findOne({ _id: userId }, { projection: { credits: 1 } }),
      ]);
      // A credit already in the balance whose entry is not written yet is shown too, so the list adds up.
      const seen = new Set(written.map((doc) => doc._id.toHexString()));
      const pending = pendingOf(account).filter((doc) => !seen.has(doc._id.toHexString()));
      const all = pending.length === 0 ? written : [...written, ...pending].sort(newestFirst);
      return all.map(toEntry);
    },
    async credits(from, to) {
      // A credit between its two steps (in the balance, its entry not written yet) shows once recovery writes it.
      const docs = await ledger
        .find({ kind: { $in: [...CREDIT_KINDS] }, createdAt: { $gte: from, $lt: to } })
        .sort({ createdAt: 1, _id: 1 })
        .toArray();
      return docs.map(toEntry);
    },
    async byReference(reference) {
      const doc = await ledger.findOne({ reference });
      return doc ? toEntry(doc) : null;
    },
    async credit(entry) {
      const _id = entry.id ? ObjectId.createFromHexString(entry.id) : new ObjectId();
      const id = _id.toHexString();
      const doc: LedgerDoc = {
        _id,
        userId: entry.userId,
        kind: entry.kind,
        amount: entry.amount,
        loanId: null,
        bookTitle: null,
        note: entry.note,
        recordedBy: entry.recordedBy,
        createdAt: entry.createdAt,
        chargeKey: id,
      };
      // The commit point: only while the balance covers the amount, in one conditional update.
      const after = await lock.run(`member:${entry.userId}`, () =>
        accounts.findOneAndUpdate(
          { _id: entry.userId, balance: { $gte: entry.amount }, counted: { $ne: id } },
          { $inc: { balance: -entry.amount }, $addToSet: { counted: id }, $set: { [`credits.${id}`]: doc } },
          { returnDocument: 'after' },
        ),
      );
      if (!after) {
        const account = await accounts.findOne({ _id: entry.userId }, { projection: { balance: 1, counted: 1 } });
        const balance = account?.balance ?? 0;
        // This very credit was counted before (its id was given again): it stands, and is answered as it was.
        if (account?.counted?.includes(id)) {
          const first = (await ledger.findOne({ _id })) ?? doc;
          return { ok: true, entry: toEntry(first), balance };
        }
        return { ok: false, reason: 'exceeds-balance', balance };
      }
      const balance = after.balance ?? 0;
      const written: LedgerDoc = {
        ...doc,
        balanceAfter: balance,
        reference: await nextReference(c, lock, entry.year ?? doc.createdAt.getUTCFullYear()),
      };
      await steps.settle(entry.userId, written);
      return { ok: true, entry: toEntry(written), balance };
    },
  };
}

function newestFirst(a: LedgerDoc, b: LedgerDoc): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || (b._id.toHexString() < a._id.toHexString() ? -1 : 1);
}

/**
 * Runs when the store opens, after loan recovery (which charges what returns and losses left half done).
 * Balances are built once from ledgers written before accounts held them; charges and credits a stopped gateway
 * left half done are finished. Every step is the live one, conditional on account.counted, so running it
 * twice or beside a live gateway counts nothing twice.
 */
export async function recoverLedger(c: LedgerCollections, lock: KeyLock): Promise<{ finished: number }> {
  const { accounts, ledger } = c;
  const steps = ledgerSteps(c, lock);
  if ((await accounts.countDocuments({ _id: LEDGER_BUILT }, { limit: 1 })) === 0) {
    for await (const entry of ledger.find({})) await steps.count(entry);
    await accounts.updateOne(
      { _id: LEDGER_BUILT },
      { $set: { onLoan: 0, loansOut: [], balance: 0, counted: [] } },
      { upsert: true },
    );
  }
  let finished = 0;
  for await (const entry of ledger.find({ counted: false })) {
    await steps.count(entry);
    finished += 1;
  }
  for await (const account of accounts.find({ credits: { $exists: true } }, { projection: { credits: 1 } })) {
    for (const credit of Object.values(account.credits ?? {})) {
      // Stopped before its reference was taken: it takes one now (its balanceAfter is backfilled below).
      const reference = credit.reference ?? (await nextReference(c, lock, credit.createdAt.getUTCFullYear()));
      await steps.settle(account._id, { ...credit, reference });
      finished += 1;
    }
  }
  return { finished };
}
