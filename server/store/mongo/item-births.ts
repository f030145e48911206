// A book's first copies as items on MongoDB: the items of new books, and the migration of books written before
// items (item-recovery.ts runs it in batches). Each first copy has a unique `birth`, so making them again
// (recovery, the migration run twice) adds none twice.
import { MongoBulkWriteError } from 'mongodb';
import type { ObjectId } from 'mongodb';
import { isDuplicateKey } from './documents.ts';
import type { BookDoc } from './documents.ts';
import { shelfCopy, type ItemCollections } from './item-docs.ts';

/** What the migration shares with the other item steps (items.ts). */
interface Shared {
  allocate: (n: number) => Promise<string[]>;
  align: (bookOid: ObjectId) => Promise<void>;
}

export function itemBirths(c: ItemCollections, { allocate, align }: Shared) {
  const { books, items } = c;

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

  return { makeFirst, migrate };
}
