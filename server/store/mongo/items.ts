// Copies as items in MongoDB, without multi-document transactions (docs/decisions/054-items-in-mongodb.md).
// The book document stays the ledger of counts (quantity, copies, loansOut, heldFor: loans.ts, hold-steps.ts);
// an item document says which copy is which: its barcode (_id), its shelf status as staff set it, and the loan
// or ready hold that has it (loanId, holdId). What a copy is doing is derived: a loan's copy is ON_LOAN (RETURNING
// once the member claims the return), a ready hold's ON_HOLD_SHELF, any other its shelf status.
// - Taking a copy from the shelf for a loan claims a free item FIRST (one conditional update of the item, so two
//   desks scanning one copy cannot both have it), then changes the ledger; a refused ledger change releases it.
// - Every other move changes the ledger first, then align() brings the claims in line with it: a loan or hold in
//   the ledger without an item takes the item its predecessor left (a returned copy goes to the hold it was
//   handed to, a hold's copy to its member's loan) or else a free one; an item whose loan or hold left the
//   ledger is released (or written off, LOST or WITHDRAWN, when its loan was closed as lost or damaged).
// - Staff changes (copies added, withdrawn, set aside) mark the item as moving, change the ledger with the
//   barcode listed in book.itemMoves, then finish the item: recovery finishes a move the ledger lists and
//   reverts one it does not. A book's first copies (insert, migration) each have a unique `birth`, so making
//   them again (recovery, the migration run twice) adds none twice.
// Every write is conditional, so a step run twice, or by two gateways, changes nothing the second time; on
// FerretDB v1 item writes of one book are also queued through the KeyLock (key-lock.ts).
import { MongoBulkWriteError, ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type { ItemRecord, ItemShelfStatus, ItemStatus } from '../port.ts';
import { itemBarcode } from '../../../shared/barcodes.ts';
import { isDuplicateKey } from './documents.ts';
import type { BookDoc, HoldDoc, LoanDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

/** A copy in the middle of a staff change: NEW (being added) or a shelf status, to `to`. */
export interface ItemMove {
  from: ItemShelfStatus | 'NEW';
  to: ItemShelfStatus;
  note: string | null;
}

export interface ItemDoc {
  /** The barcode (barcodes.ts), from the counter: never given out twice. */
  _id: string;
  bookId: string;
  /** Unique: `${bookId}:${n}` for a book's n-th first copy (insert, migration), else the barcode. */
  birth: string;
  shelfStatus: ItemShelfStatus;
  addedAt: Date;
  note: string;
  /** The loan that has it (a pending borrow's claim, or an active loan); null otherwise. */
  loanId: string | null;
  /** The ready hold it is set aside for; null otherwise. */
  holdId: string | null;
  move?: ItemMove;
}

/** The barcode counter: seq is the last number given out. */
export interface CounterDoc {
  _id: string;
  seq: number;
}

export interface ItemCollections {
  books: Collection<BookDoc>;
  loans: Collection<LoanDoc>;
  holds: Collection<HoldDoc>;
  items: Collection<ItemDoc>;
  counters: Collection<CounterDoc>;
}

const BARCODES = 'item-barcodes';
// Passes of one align before it gives up (each after a pass that wrote): two gateways aligning one book at once
// settle in two or three.
const ALIGN_PASSES = 20;
const LOSS_STATUSES: readonly LoanDoc['status'][] = ['closing', 'lost', 'damaged'];

/** An item no loan or hold has, on the shelf and not moving: what a borrow or a hold may take. */
export function freeItems(bookId: string): Filter<ItemDoc> {
  return { bookId, shelfStatus: 'ON_SHELF', loanId: null, holdId: null, move: { $exists: false } };
}

/** True when the item may be lent (free, or set aside for `holdId`, the borrower's own ready hold). */
export function lendable(doc: ItemDoc, bookId: string, holdId: string | undefined): boolean {
  return (
    doc.bookId === bookId &&
    doc.shelfStatus === 'ON_SHELF' &&
    !doc.move &&
    doc.loanId === null &&
    (doc.holdId === null || doc.holdId === holdId)
  );
}

export function toItem(doc: ItemDoc, claimedAt: Date | null): ItemRecord {
  // A copy mid-move shows where it comes from until the move is done.
  const shelf = doc.move && doc.move.from !== 'NEW' ? doc.move.from : doc.shelfStatus;
  const status: ItemStatus = doc.loanId ? (claimedAt ? 'RETURNING' : 'ON_LOAN') : doc.holdId ? 'ON_HOLD_SHELF' : shelf;
  return {
    barcode: doc._id,
    bookId: doc.bookId,
    status,
    addedAt: doc.addedAt,
    note: doc.note,
    loanId: doc.loanId,
    holdId: doc.holdId,
  };
}

const oid = (hex: string) => ObjectId.createFromHexString(hex);

/** One of a book's first copies (insert, migration), on the shelf since the book was added. */
const shelfCopy = (barcode: string, book: Pick<BookDoc, '_id' | 'createdAt'>, birth: string): ItemDoc => ({
  _id: barcode,
  bookId: book._id.toHexString(),
  birth,
  shelfStatus: 'ON_SHELF',
  addedAt: book.createdAt,
  note: '',
  loanId: null,
  holdId: null,
});

export function itemSteps(c: ItemCollections, lock: KeyLock) {
  const { books, loans, holds, items, counters } = c;
  const itemLock = <T>(bookId: string, work: () => Promise<T>) => lock.run(`items:${bookId}`, work);

  /** `n` new barcodes, in order. */
  async function allocate(n: number): Promise<string[]> {
    if (n <= 0) return [];
    const counter = await lock.run('counter:items', () =>
      counters.findOneAndUpdate({ _id: BARCODES }, { $inc: { seq: n } }, { upsert: true, returnDocument: 'after' }),
    );
    const last = counter?.seq ?? n;
    return Array.from({ length: n }, (_, i) => itemBarcode(last - n + 1 + i));
  }

  /** The records of items, their loans' return claims read in one query. */
  async function records(docs: ItemDoc[]): Promise<ItemRecord[]> {
    const loanIds = docs.flatMap((doc) => (doc.loanId ? [oid(doc.loanId)] : []));
    const claimed = new Map<string, Date | null>();
    if (loanIds.length > 0)
      for (const loan of await loans.find({ _id: { $in: loanIds } }, { projection: { claimedAt: 1 } }).toArray())
        claimed.set(loan._id.toHexString(), loan.claimedAt ?? null);
    return docs.map((doc) => toItem(doc, doc.loanId ? (claimed.get(doc.loanId) ?? null) : null));
  }

  /** Claims a copy for a borrow before the ledger lends it: the scanned one if free, else the oldest free one. */
  async function claimForLoan(bookId: string, loanId: string, barcode?: string): Promise<ItemDoc | null> {
    const filter = barcode === undefined ? freeItems(bookId) : { ...freeItems(bookId), _id: barcode };
    return itemLock(bookId, () =>
      items.findOneAndUpdate(filter, { $set: { loanId } }, { sort: { _id: 1 }, returnDocument: 'after' }),
    );
  }

  /** Gives back what a borrow that did not happen claimed, then lines the book's items up with its ledger. */
  async function releaseLoan(bookOid: ObjectId, loanId: string): Promise<void> {
    const bookId = bookOid.toHexString();
    await itemLock(bookId, () => items.updateMany({ bookId, loanId }, { $set: { loanId: null } }));
    await align(bookOid);
  }

  /** The item a loan has, once align has given it one. */
  async function itemOfLoan(bookOid: ObjectId, loanId: string): Promise<string | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const item = await items.findOne({ bookId: bookOid.toHexString(), loanId }, { projection: { _id: 1 } });
      if (item) return item._id;
      await align(bookOid);
    }
    return null;
  }

  /**
   * Brings the book's claims in line with its ledger. A pass reads, then writes what its reads call for; another
   * gateway may have written between the two, so a pass that wrote anything (or found an item changed under a
   * conditional write) is followed by another, and align ends only on a pass that found nothing to write: the
   * claims agreed with the ledger as read after every write this step made. Whichever step writes last then
   * also checks last, so the claims agree once the steps are done.
   */
  async function align(bookOid: ObjectId): Promise<void> {
    const bookId = bookOid.toHexString();
    for (let pass = 0; pass < ALIGN_PASSES; pass++) if (!(await itemLock(bookId, () => alignOnce(bookOid)))) return;
  }

  /** One pass of align; true when it wrote (or a conditional write missed), so another pass must check. */
  async function alignOnce(bookOid: ObjectId): Promise<boolean> {
    const bookId = bookOid.toHexString();
    // Items first, then the claiming loans, then the ledger: a claim read is never newer than the ledger, and a
    // borrow seen pending here has not lent yet, so its claim-first item is left to it.
    const all = await items.find({ bookId }).sort({ _id: 1 }).toArray();
    const claimers = [...new Set(all.flatMap((doc) => (doc.loanId ? [doc.loanId] : [])))];
    const loanDocs = new Map<string, LoanDoc>();
    const readLoans = async (ids: string[]) => {
      if (ids.length === 0) return;
      const projection = { status: 1, loss: 1, holdId: 1, itemBarcode: 1 };
      for (const loan of await loans.find({ _id: { $in: ids.map(oid) } }, { projection }).toArray())
        loanDocs.set(loan._id.toHexString(), loan);
    };
    await readLoans(claimers);
    const book = await books.findOne({ _id: bookOid }, { projection: { loansOut: 1, heldFor: 1 } });
    if (!book) return false;
    const loansOut = book.loansOut ?? [];
    const heldFor = book.heldFor ?? [];
    await readLoans(loansOut.filter((id) => !loanDocs.has(id)));
    const holdDocs = new Map<string, HoldDoc>();
    if (heldFor.length > 0)
      for (const hold of await holds
        .find({ _id: { $in: heldFor.map(oid) } }, { projection: { itemBarcode: 1 } })
        .toArray())
        holdDocs.set(hold._id.toHexString(), hold);

    const owned = new Map<string, ItemDoc>();
    const stale: ItemDoc[] = [];
    for (const doc of all) {
      const key = doc.loanId ? `l:${doc.loanId}` : doc.holdId ? `h:${doc.holdId}` : null;
      if (!key) continue;
      const live = doc.loanId
        ? loansOut.includes(doc.loanId) || loanDocs.get(doc.loanId)?.status === 'pending'
        : heldFor.includes(doc.holdId ?? '');
      const kept = owned.get(key);
      // Two items for one loan or hold (two aligns raced): the one its record names stays.
      const named = doc.loanId ? loanDocs.get(doc.loanId)?.itemBarcode : holdDocs.get(doc.holdId ?? '')?.itemBarcode;
      if (live && (!kept || (named === doc._id && kept._id !== named))) {
        if (kept) stale.push(kept);
        owned.set(key, doc);
      } else stale.push(doc);
    }
    const lossOf = (doc: ItemDoc) => {
      const loan = doc.loanId ? loanDocs.get(doc.loanId) : undefined;
      return loan && LOSS_STATUSES.includes(loan.status) ? (loan.loss ?? 'lost') : null;
    };
    // What a loan or hold that needs an item may take: a stale claim (not a lost copy's), then the shelf.
    const pool = stale.filter((doc) => lossOf(doc) === null);
    const free = all.filter((doc) => !doc.loanId && !doc.holdId && doc.shelfStatus === 'ON_SHELF' && !doc.move);
    let wrote = false;

    const give = async (owner: { loanId: string } | { holdId: string }, related?: string) => {
      const fromPool =
        pool.find((doc) => related !== undefined && doc.holdId === related) ??
        pool.find((doc) => 'holdId' in owner && doc.loanId !== null) ??
        pool[0];
      const pick = fromPool ?? free[0];
      if (!pick) return null;
      (fromPool ? pool : free).splice((fromPool ? pool : free).indexOf(pick), 1);
      const set = 'loanId' in owner ? { loanId: owner.loanId, holdId: null } : { holdId: owner.holdId, loanId: null };
      wrote = true;
      const moved = await items.updateOne(
        { _id: pick._id, loanId: pick.loanId, holdId: pick.holdId, move: { $exists: false } },
        { $set: set },
      );
      return moved.modifiedCount === 0 ? null : pick._id;
    };
    for (const loanId of loansOut) {
      let barcode = owned.get(`l:${loanId}`)?._id ?? null;
      if (!barcode) barcode = await give({ loanId }, loanDocs.get(loanId)?.holdId);
      const loan = loanDocs.get(loanId);
      // A loan or hold names its item only over the name this pass read, so a pass that read before another
      // gateway's pass cannot overwrite what that pass wrote after.
      if (barcode && loan && loan.itemBarcode !== barcode) {
        wrote = true;
        const named = { _id: oid(loanId), itemBarcode: loan.itemBarcode ?? null };
        await loans.updateOne(named, { $set: { itemBarcode: barcode } });
      }
    }
    for (const holdId of heldFor) {
      let barcode = owned.get(`h:${holdId}`)?._id ?? null;
      if (!barcode) barcode = await give({ holdId });
      const hold = holdDocs.get(holdId);
      if (barcode && hold && hold.itemBarcode !== barcode) {
        wrote = true;
        const named = { _id: oid(holdId), itemBarcode: hold.itemBarcode ?? null };
        await holds.updateOne(named, { $set: { itemBarcode: barcode } });
      }
    }
    // Claims nobody in the ledger has: back to the shelf, or out of the collection with a lost or damaged loan.
    for (const doc of stale) {
      if (!pool.includes(doc) && lossOf(doc) === null) continue; // given to another loan or hold above
      const loss = lossOf(doc);
      const set = loss
        ? loss === 'damaged'
          ? { loanId: null, holdId: null, shelfStatus: 'WITHDRAWN' as const, note: 'damaged' }
          : { loanId: null, holdId: null, shelfStatus: 'LOST' as const }
        : { loanId: null, holdId: null };
      wrote = true;
      await items.updateOne({ _id: doc._id, loanId: doc.loanId, holdId: doc.holdId }, { $set: set });
    }
    return wrote;
  }

  /**
   * Marks items as moving for a change of the book's copies owned: `delta` new copies, or -delta free copies
   * to withdraw (the most recently added first). Null when the shelf has too few free copies.
   */
  async function prepare(
    bookOid: ObjectId,
    delta: number,
    at: Date,
    note: string | null = null,
    reserved?: readonly string[],
  ) {
    const bookId = bookOid.toHexString();
    if (delta > 0) {
      // The barcodes an add reserved before it ran (its idempotency key's ref), else new ones.
      const barcodes = reserved ? [...reserved] : await allocate(delta);
      await items.insertMany(
        barcodes.map((barcode) => ({
          _id: barcode,
          bookId,
          birth: barcode,
          shelfStatus: 'ON_SHELF' as const,
          addedAt: at,
          note: note ?? '',
          loanId: null,
          holdId: null,
          move: { from: 'NEW' as const, to: 'ON_SHELF' as const, note },
        })),
      );
      return barcodes;
    }
    const marked: string[] = [];
    for (let attempt = 0; marked.length < -delta && attempt < 3; attempt++) {
      const candidates = await items
        .find(freeItems(bookId), { projection: { _id: 1 } })
        .sort({ _id: -1 })
        .limit(-delta - marked.length)
        .toArray();
      if (candidates.length === 0) break;
      for (const candidate of candidates) {
        const begun = await itemLock(bookId, () =>
          items.updateOne(
            { ...freeItems(bookId), _id: candidate._id },
            { $set: { move: { from: 'ON_SHELF', to: 'WITHDRAWN', note } } },
          ),
        );
        if (begun.modifiedCount === 1) marked.push(candidate._id);
      }
    }
    if (marked.length < -delta) {
      await revert(bookOid, marked);
      return null;
    }
    return marked;
  }

  /**
   * Finishes moves whose ledger change is written; then the book no longer lists them. `made`: the live step
   * that made them (each barcode moved copies owned by `delta`, to `to`). A move another gateway's recovery
   * undid between the mark and the ledger change (it found it unlisted) is gone from the item: the ledger
   * change is taken back, so the counters follow the items.
   */
  async function finish(
    bookOid: ObjectId,
    barcodes: string[],
    made?: { delta: number; to: ItemShelfStatus },
  ): Promise<void> {
    if (barcodes.length === 0) return;
    const bookId = bookOid.toHexString();
    const undone = await itemLock(bookId, async () => {
      const docs = await items.find({ _id: { $in: barcodes } }).toArray();
      for (const doc of docs) {
        if (!doc.move) continue;
        const move = doc.move;
        await items.updateOne(
          { _id: doc._id, move: { $exists: true } },
          { $set: { shelfStatus: move.to, note: move.note ?? doc.note }, $unset: { move: '' } },
        );
      }
      if (!made) return [];
      const byId = new Map(docs.map((doc) => [doc._id, doc]));
      return barcodes.filter((barcode) => {
        const doc = byId.get(barcode);
        return !doc || (!doc.move && doc.shelfStatus !== made.to);
      });
    });
    for (const barcode of undone)
      await lock.run(`book:${bookId}`, () =>
        books.updateOne(
          { _id: bookOid, itemMoves: barcode },
          {
            $inc: { copies: -(made?.delta ?? 0), quantity: -(made?.delta ?? 0), version: 1 },
            $pull: { itemMoves: barcode },
          },
        ),
      );
    await books.updateOne({ _id: bookOid }, { $pullAll: { itemMoves: barcodes } });
    // A copy just finished on the shelf may be the one a hold's entry in the ledger waits for (a fill that ran
    // while it was still moving: recovery's, or another step's).
    await align(bookOid);
  }

  /** Undoes moves whose ledger change was refused (or never written): new items go, others stay as they were. */
  async function revert(bookOid: ObjectId, barcodes: string[]): Promise<void> {
    if (barcodes.length === 0) return;
    const bookId = bookOid.toHexString();
    await itemLock(bookId, async () => {
      await items.deleteMany({ _id: { $in: barcodes }, 'move.from': 'NEW' });
      await items.updateMany({ _id: { $in: barcodes }, move: { $exists: true } }, { $unset: { move: '' } });
    });
    // A copy back on the shelf may be one a hold's ledger entry was waiting for.
    await align(bookOid);
  }

  /**
   * The items of new books, written before the books themselves: a stop in between leaves items of no book,
   * which no read of a book, its copies or its counts ever meets.
   */
  async function makeFirst(docs: Pick<BookDoc, '_id' | 'copies' | 'quantity' | 'createdAt'>[]): Promise<void> {
    const births = docs.flatMap((doc) =>
      Array.from({ length: doc.copies ?? doc.quantity }, (_, i) => ({
        doc,
        birth: `${doc._id.toHexString()}:${i + 1}`,
      })),
    );
    const barcodes = await allocate(births.length);
    for (let i = 0; i < births.length; i += 1000)
      await items.insertMany(
        births.slice(i, i + 1000).map(({ doc, birth }, j) => shelfCopy(barcodes[i + j] as string, doc, birth)),
      );
  }

  /**
   * The migration of a batch of books written before items (item-recovery.ts): each book's copies owned made
   * items by birth (the ones missing: a run stopped part way and run again makes none twice), the copies out
   * given theirs, then the batch marked itemized in one update (FerretDB v1 scans the books for each update).
   */
  async function migrate(bookOids: ObjectId[]): Promise<void> {
    if (bookOids.length === 0) return;
    const docs = await books
      .find(
        { _id: { $in: bookOids } },
        { projection: { copies: 1, quantity: 1, createdAt: 1, loansOut: 1, heldFor: 1 } },
      )
      .toArray();
    const owned = (doc: BookDoc) =>
      doc.copies ?? doc.quantity + (doc.loansOut?.length ?? 0) + (doc.heldFor?.length ?? 0);
    const wanted = docs.flatMap((doc) =>
      Array.from({ length: owned(doc) }, (_, i) => ({ doc, birth: `${doc._id.toHexString()}:${i + 1}` })),
    );
    const have = new Set<string>();
    for (let i = 0; i < wanted.length; i += 1000) {
      const births = wanted.slice(i, i + 1000).map((w) => w.birth);
      for (const item of await items.find({ birth: { $in: births } }, { projection: { birth: 1 } }).toArray())
        have.add(item.birth);
    }
    const missing = wanted.filter((w) => !have.has(w.birth));
    const barcodes = await allocate(missing.length);
    for (let i = 0; i < missing.length; i += 1000) {
      const batch = missing
        .slice(i, i + 1000)
        .map(({ doc, birth }, j) => shelfCopy(barcodes[i + j] as string, doc, birth));
      try {
        await items.insertMany(batch, { ordered: false });
      } catch (error) {
        // Made meanwhile by another run: the birth is taken, the barcode drawn for it stays unused.
        const dup =
          isDuplicateKey(error) ||
          (error instanceof MongoBulkWriteError &&
            (Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors]).every(
              (e) => e.code === 11000,
            ));
        if (!dup) throw error;
      }
    }
    for (const doc of docs) if ((doc.loansOut?.length ?? 0) + (doc.heldFor?.length ?? 0) > 0) await align(doc._id);
    await books.updateMany({ _id: { $in: docs.map((doc) => doc._id) } }, { $set: { itemized: 1 } });
  }

  return {
    allocate,
    records,
    claimForLoan,
    releaseLoan,
    itemOfLoan,
    align,
    prepare,
    finish,
    revert,
    makeFirst,
    migrate,
  };
}

export type ItemSteps = ReturnType<typeof itemSteps>;
