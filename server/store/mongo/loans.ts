// Loans, member limits and the ledger in MongoDB without multi-document transactions (standalone servers,
// FerretDB). Two documents are ledgers of active loans, each changed by one atomic conditional update:
// - the book: a borrow takes a copy and adds the loan's id to book.loansOut, a return does the reverse, so
//   quantity + loansOut never drift apart (and copies owned = quantity + loansOut.length);
// - the member's account: a borrow reserves a place under the loan limit (onLoan < limit) and adds the loan's
//   id to account.loansOut, the end of a loan releases it.
// A borrow commits when its loan holds both a copy and a place. Around those updates the loan moves
// pending -> borrowed, and borrowed -> returning -> returned (or closing -> lost / damaged). The late fee is fixed on the loan as it starts returning and charged to the ledger with a
// per-loan unique key, so a charge happens once however often a step runs. A gateway killed between writes
// leaves a pending, returning or closing loan; recoverLoans() finishes it on the next start. Every step is
// conditional on the ledgers, so running one twice (a retry, a recovery) changes nothing. On FerretDB v1 writes
// to one book or account are also queued through the KeyLock (see key-lock.ts). A desk loan's audit entries ride
// on the loan from its first write, ids fixed, and the step that completes it inserts them (insertAuditOnce) before
// it clears them: a loan that stands, live or recovered, has its entries (decision 040).
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type {
  CheckinOptions,
  CheckinResult,
  CheckoutLimits,
  CheckoutResult,
  LedgerKind,
  LossOptions,
  LoanRecord,
  LoanStore,
  NewAudit,
  NewLoan,
} from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, parseId } from '../ids.ts';
import { activeKey, isDuplicateKey, toLoan, toObjectId } from './documents.ts';
import type { AccountDoc, BookDoc, HoldDoc, LedgerDoc, LoanDoc, MemberHoldsDoc } from './documents.ts';
import { holdSteps } from './hold-steps.ts';
import { itemSteps, lendable, type ItemCollections, type ItemDoc } from './items.ts';
import type { KeyLock } from './key-lock.ts';
import { countCharge } from './ledger.ts';
import { auditDocs, insertAuditOnce, type AuditDoc } from './audit.ts';
import { signedAmount } from '../../library/rules/ledger.ts';

const ACTIVE: { $in: LoanDoc['status'][] } = { $in: ['borrowed', 'returning', 'closing'] };
const NO_LIMITS: CheckoutLimits = { loanLimit: Number.MAX_SAFE_INTEGER, maxBalance: Number.MAX_SAFE_INTEGER };

export interface LoanCollections extends ItemCollections {
  loans: Collection<LoanDoc>;
  books: Collection<BookDoc>;
  accounts: Collection<AccountDoc>;
  ledger: Collection<LedgerDoc>;
  holds: Collection<HoldDoc>;
  memberHolds: Collection<MemberHoldsDoc>;
  audit: Collection<AuditDoc>;
}

/** The audit entries a loan carries until its last step, when the write has any. */
const carried = (audit: readonly NewAudit[] | undefined) => (audit?.length ? { audit: auditDocs(audit) } : {});

async function balanceOf(ledger: Collection<LedgerDoc>, userId: string): Promise<number> {
  let balance = 0;
  for await (const entry of ledger.find({ userId }, { projection: { kind: 1, amount: 1 } })) {
    balance += signedAmount(entry);
  }
  return balance;
}

export function mongoLoans(c: LoanCollections, lock: KeyLock): LoanStore {
  const { loans, books } = c;
  const steps = loanSteps(c, lock);
  const goods = itemSteps(c, lock);
  // Conditional updates of one loan (start returning, renew) are queued on servers whose updates are not atomic.
  const loanLock = <T>(_id: ObjectId, work: () => Promise<T>) => lock.run(`loan:${_id.toHexString()}`, work);

  /** Moves an active loan to `returning` or `closing`, fixing what it is charged; null when it is not active. */
  async function startEnding(_id: ObjectId, set: (doc: LoanDoc) => Partial<LoanDoc>): Promise<LoanDoc | null> {
    for (;;) {
      const doc = await loans.findOne({ _id, status: 'borrowed' });
      if (!doc) return null;
      // Conditional on the due date read: a renewal in between changes the fee, so read again.
      const started = await loanLock(_id, () =>
        loans.findOneAndUpdate(
          { _id, status: 'borrowed', returnDate: doc.returnDate },
          { $set: set(doc) },
          { returnDocument: 'after' },
        ),
      );
      if (started) return started;
    }
  }

  /** The refusal reads can already see, in the order a member is told: fees, the loan limit, the shelf. */
  async function visibleRefusal(
    userId: string,
    bookId: string,
    holdReady: boolean,
    limits: CheckoutLimits,
    scan: { barcode: string; item: ItemDoc | null; ok: boolean } | null,
  ): Promise<Extract<CheckoutResult, { ok: false }> | null> {
    if (limits.maxBalance < Number.MAX_SAFE_INTEGER) {
      const balance = await balanceOf(c.ledger, userId);
      if (balance > limits.maxBalance) return { ok: false, reason: 'fees-unpaid', balance };
    }
    const account = await c.accounts.findOne({ _id: userId });
    if (account && account.onLoan >= limits.loanLimit) return { ok: false, reason: 'loan-limit' };
    const shelf = await books.findOne({ _id: new ObjectId(bookId) }, { projection: { quantity: 1 } });
    if (!shelf) return { ok: false, reason: 'book-not-found' };
    if (scan && !scan.ok) return unavailable(scan.item);
    if (shelf.quantity <= 0 && !holdReady && !scan) return { ok: false, reason: 'out-of-stock' };
    return null;
  }

  async function unavailable(item: ItemDoc | null): Promise<Extract<CheckoutResult, { ok: false }>> {
    return { ok: false, reason: 'item-unavailable', item: item ? ((await goods.records([item]))[0] ?? null) : null };
  }

  async function notEnded(_id: ObjectId): Promise<CheckinResult> {
    const current = await loans.findOne({ _id });
    return { ok: false, reason: current && current.status !== 'pending' ? 'not-active' : 'loan-not-found' };
  }

  return {
    async checkout(loan: NewLoan, limits = NO_LIMITS, audit?: readonly NewAudit[]): Promise<CheckoutResult> {
      const bookId = parseId(loan.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      // A copy set aside for this member's ready hold is theirs to take, whatever the shelf holds.
      const ready = await c.holds.findOne({ userId: loan.userId, bookId, status: 'ready' }, { projection: { _id: 1 } });
      const readyId = ready?._id.toHexString();
      // A scanned copy must be on the shelf, or the one set aside for this member's ready hold.
      const scannedItem =
        loan.itemBarcode === undefined ? null : await c.items.findOne({ _id: String(loan.itemBarcode) });
      const scan =
        loan.itemBarcode === undefined
          ? null
          : {
              barcode: String(loan.itemBarcode),
              item: scannedItem,
              ok: scannedItem !== null && lendable(scannedItem, bookId, readyId),
            };
      const doc: LoanDoc = {
        _id: loan.id ? ObjectId.createFromHexString(loan.id) : new ObjectId(),
        bookId,
        userId: loan.userId,
        userName: loan.userName,
        userEmail: loan.userEmail,
        borrowDate: loan.borrowDate,
        returnDate: loan.returnDate,
        returnedAt: null,
        status: 'pending',
        renewals: 0,
        ...(ready ? { holdId: ready._id.toHexString() } : {}),
        activeKey: activeKey(loan.userId, bookId),
        bookTitle: loan.bookTitle,
        bookAuthor: loan.bookAuthor,
        bookImage: loan.bookImage,
        bookCategory: loan.bookCategory,
        ...carried(audit),
      };
      // Reads first: a refusal they can already see costs no write, which is most of a rush for the last copy.
      // The writes below decide for real, atomically.
      const seen = await visibleRefusal(loan.userId, bookId, ready !== null, limits, scan);
      if (seen) {
        // Having the book already comes first, as the insert below would say.
        const mine = await loans.countDocuments({ activeKey: doc.activeKey }, { limit: 1 });
        return mine > 0 ? { ok: false, reason: 'already-borrowed' } : seen;
      }
      try {
        await loans.insertOne(doc);
      } catch (error) {
        if (isDuplicateKey(error)) return { ok: false, reason: 'already-borrowed' };
        throw error;
      }
      // A copy from the shelf is claimed before the ledger lends it: of two desks scanning one copy, one has it.
      // The copy set aside for the member's hold is theirs already; the ledger lends it first, then it follows.
      const bookOid = ObjectId.createFromHexString(bookId);
      if (!(readyId !== undefined && (scan === null || scannedItem?.holdId === readyId))) {
        const claimed = await goods.claimForLoan(bookId, doc._id.toHexString(), scan?.barcode);
        if (!claimed) {
          await steps.drop(doc, false);
          if (scan) return unavailable(await c.items.findOne({ _id: scan.barcode }));
          const exists = await books.countDocuments({ _id: bookOid }, { limit: 1 });
          return { ok: false, reason: exists > 0 ? 'out-of-stock' : 'book-not-found' };
        }
      }
      let outcome: Awaited<ReturnType<typeof steps.finishBorrow>>;
      try {
        outcome = await steps.finishBorrow(doc, limits.loanLimit);
      } catch (error) {
        // The caller sees an error; the loan is settled now as recovery would settle it (kept if its copy was
        // taken, as when an answer is lost), and if even that fails, recovery settles it on the next start.
        await steps.settleBorrow(doc).catch(() => undefined);
        throw error;
      }
      if (typeof outcome !== 'string' && outcome !== null)
        return {
          ok: true,
          loan: toLoan({ ...doc, status: 'borrowed', itemBarcode: outcome.itemBarcode }),
          quantity: outcome.quantity,
        };
      if (outcome === 'loan-limit') return { ok: false, reason: 'loan-limit' };
      const exists = await books.countDocuments({ _id: new ObjectId(bookId) }, { limit: 1 });
      return { ok: false, reason: exists > 0 ? 'out-of-stock' : 'book-not-found' };
    },

    async checkin(loanId: string, at: Date, opts?: CheckinOptions): Promise<CheckinResult> {
      const _id = toObjectId(loanId);
      if (!_id) return { ok: false, reason: 'loan-not-found' };
      const returning = await startEnding(_id, (doc) => ({
        status: 'returning',
        returnedAt: at,
        lateFee: opts?.lateFee(toLoan(doc)) ?? 0,
        closedBy: opts?.by ?? null,
        returnedVia: opts?.via ?? (opts?.by ? 'DESK' : 'APP'),
        returnedBy: opts?.returnedBy ?? opts?.by ?? null,
        ...carried(opts?.audit),
      }));
      if (!returning) return notEnded(_id);
      const quantity = await steps.finishReturn(returning);
      return { ok: true, loan: toLoan({ ...returning, status: 'returned' }), quantity };
    },

    async close(loanId: string, at: Date, opts: LossOptions): Promise<CheckinResult> {
      const _id = toObjectId(loanId);
      if (!_id) return { ok: false, reason: 'loan-not-found' };
      const closing = await startEnding(_id, () => ({
        status: 'closing',
        returnedAt: at,
        lateFee: 0,
        loss: opts.as,
        closedBy: opts.by,
        returnedVia: 'DESK',
        returnedBy: opts.by,
        charges: { replacement: opts.replacementCost, processing: opts.processingFee },
        ...carried(opts.audit),
      }));
      if (!closing) return notEnded(_id);
      const quantity = await steps.finishClose(closing);
      return { ok: true, loan: toLoan({ ...closing, status: opts.as }), quantity };
    },

    async renew(loanId, opts) {
      const _id = toObjectId(loanId);
      if (!_id) return { ok: false, reason: 'loan-not-found' };
      for (;;) {
        const doc = await loans.findOne({ _id });
        if (!doc || doc.status === 'pending') return { ok: false, reason: 'loan-not-found' };
        if (doc.status !== 'borrowed' || doc.claimedAt) return { ok: false, reason: 'not-active' };
        const renewals = doc.renewals ?? 0;
        if (renewals >= opts.maxRenewals) return { ok: false, reason: 'renewal-limit' };
        // Conditional on the due date read: two renewals at once move it once.
        const renewed = await loanLock(_id, () =>
          loans.findOneAndUpdate(
            { _id, status: 'borrowed', returnDate: doc.returnDate },
            {
              $set: { returnDate: opts.dueDate(toLoan(doc)), renewals: renewals + 1 },
            },
            { returnDocument: 'after' },
          ),
        );
        if (renewed) return { ok: true, loan: toLoan(renewed) };
      }
    },

    async moveDue(from, through, to) {
      const moved: LoanRecord[] = [];
      // One loan at a time, each conditional on its due date: a renewal or a return in between wins.
      for (const doc of await loans.find({ status: 'borrowed', returnDate: { $gte: from, $lte: through } }).toArray()) {
        const updated = await loanLock(doc._id, () =>
          loans.findOneAndUpdate(
            { _id: doc._id, status: 'borrowed', returnDate: doc.returnDate },
            { $set: { returnDate: to } },
            { returnDocument: 'after' },
          ),
        );
        if (updated) moved.push(toLoan(updated));
      }
      return moved;
    },

    async claimReturn(loanId, at) {
      const _id = toObjectId(loanId);
      if (!_id) return { ok: false, reason: 'loan-not-found' };
      // Only the loan changes: it stays 'borrowed' (its copy on the book's and member's ledgers), so no return
      // step, recovery or hold sees it as coming back until the desk checks it in.
      const claimed = await loanLock(_id, () =>
        loans.findOneAndUpdate(
          { _id, status: 'borrowed', claimedAt: null },
          { $set: { claimedAt: at } },
          { returnDocument: 'after' },
        ),
      );
      if (claimed) return { ok: true, loan: toLoan(claimed) };
      const current = await loans.findOne({ _id });
      return { ok: false, reason: current && current.status !== 'pending' ? 'not-active' : 'loan-not-found' };
    },

    async overdue(dueBefore, page) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const base: Filter<LoanDoc> = { status: 'borrowed', returnDate: { $lt: dueBefore } };
      const query: Filter<LoanDoc> = after
        ? {
            ...base,
            $or: [
              { returnDate: { $gt: after.time, $lt: dueBefore } },
              { returnDate: after.time, _id: { $gt: ObjectId.createFromHexString(after.id) } },
            ],
          }
        : base;
      const limit = Math.max(page.first, 0) + 1;
      const docs = await loans.find(query).sort({ returnDate: 1, _id: 1 }).limit(limit).toArray();
      const totalCount = !after && docs.length < limit ? docs.length : await loans.countDocuments(base);
      return keysetPage(docs, limit, toLoan, (loan) => encodeTimeCursor(loan.returnDate, loan.id), totalCount);
    },

    async get(id) {
      const _id = toObjectId(id);
      // By _id alone, which FerretDB answers from its primary key; a pending borrow is not a loan yet.
      const doc = _id ? await loans.findOne({ _id }) : null;
      return doc && doc.status !== 'pending' ? toLoan(doc) : null;
    },

    async lastOfItem(itemBarcode) {
      // A pending borrow is not a loan yet.
      const [last] = await loans
        .find({ itemBarcode, status: { $ne: 'pending' } })
        .sort({ borrowDate: -1, _id: -1 })
        .limit(1)
        .toArray();
      return last ? toLoan(last) : null;
    },

    async listByUser(userId) {
      const docs = await loans
        .find({ userId: String(userId), status: { $ne: 'pending' } })
        .sort({ borrowDate: -1, _id: -1 })
        .toArray();
      return docs.map(toLoan);
    },

    async countActiveByUser(userId) {
      return loans.countDocuments({ userId: String(userId), status: ACTIVE });
    },

    async countActive() {
      return loans.countDocuments({ status: ACTIVE });
    },
  };
}

/** The later writes of a borrow, a return and a loss, shared by the live path and recovery. */
export function loanSteps(c: LoanCollections, lock: KeyLock) {
  const { loans, books, accounts, ledger, holds } = c;
  const bookLock = <T>(bookOid: ObjectId, work: () => Promise<T>) => lock.run(`book:${bookOid.toHexString()}`, work);
  const held = holdSteps(c, lock);
  const goods = itemSteps(c, lock);
  const memberLock = <T>(userId: string, work: () => Promise<T>) => lock.run(`member:${userId}`, work);

  /** Reserves the loan's place under the member's limit unless it has one: the limit's commit point. */
  async function reserve(userId: string, loanId: string, limit: number): Promise<boolean> {
    return memberLock(userId, async () => {
      try {
        // A member's first borrow creates the account; at the limit (or already holding this loan) the filter
        // misses, the upsert's insert meets the existing account, and the answer is in its loansOut.
        const reserved = await accounts.updateOne(
          { _id: userId, onLoan: { $lt: limit }, loansOut: { $ne: loanId } },
          { $inc: { onLoan: 1 }, $addToSet: { loansOut: loanId } },
          { upsert: true },
        );
        if (reserved.modifiedCount === 1 || reserved.upsertedCount === 1) return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      return (await accounts.countDocuments({ _id: userId, loansOut: loanId }, { limit: 1 })) > 0;
    });
  }

  /** Gives back the loan's place under the limit if it holds one. */
  async function release(userId: string, loanId: string): Promise<void> {
    await memberLock(userId, () =>
      accounts.updateOne({ _id: userId, loansOut: loanId }, { $inc: { onLoan: -1 }, $pull: { loansOut: loanId } }),
    );
  }

  /**
   * Takes a copy for the loan unless the ledger has it already: the one set aside for its hold, or one from
   * the shelf.
   */
  async function lend(bookOid: ObjectId, loanId: string, holdId?: string): Promise<number | null> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        holdId
          ? { _id: bookOid, heldFor: holdId, loansOut: { $ne: loanId } }
          : { _id: bookOid, quantity: { $gt: 0 }, loansOut: { $ne: loanId } },
        holdId
          ? {
              $inc: { version: 1 },
              $pull: { heldFor: holdId },
              $addToSet: { loansOut: loanId },
              $set: { updatedAt: new Date() },
            }
          : { $inc: { quantity: -1, version: 1 }, $addToSet: { loansOut: loanId }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
    if (book) return book.quantity;
    return (await books.findOne({ _id: bookOid, loansOut: loanId }))?.quantity ?? null;
  }

  /**
   * Puts the loan's copy back if the ledger still has it: aside again for the hold it was taken from, else
   * straight to the first member waiting, else on the shelf. The return's commit point. A hold that has a
   * copy set aside again already (a fill raced the borrow) or has ended meanwhile does not keep this one.
   */
  async function putBack(bookOid: ObjectId, loanId: string, holdId?: string, at = new Date()): Promise<number | null> {
    const update = { $inc: { version: 1 }, $pull: { loansOut: loanId }, $set: { updatedAt: new Date() } };
    const aside =
      holdId &&
      (await bookLock(bookOid, () =>
        books.updateOne(
          { _id: bookOid, loansOut: loanId, heldFor: { $ne: holdId } },
          { ...update, $addToSet: { heldFor: holdId } },
        ),
      ));
    if (aside && aside.modifiedCount === 1) {
      await goods.align(bookOid);
      const hold = await holds.findOne({ _id: ObjectId.createFromHexString(holdId) }, { projection: { status: 1 } });
      if (hold?.status !== 'ready' && (await held.unhold(bookOid, holdId))) await held.fill(bookOid, new Date());
    } else if (!(await held.handOver(bookOid, loanId, at))) {
      const book = await bookLock(bookOid, () =>
        books.findOneAndUpdate({ _id: bookOid, loansOut: loanId }, { ...update, $inc: { quantity: 1, version: 1 } }),
      );
      // The loan's copy back on the shelf (align releases it), then to whoever waits.
      await goods.align(bookOid);
      if (book) await held.fill(bookOid, at);
    }
    return (await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } }))?.quantity ?? null;
  }

  /**
   * Marks the hold a loan took its copy from fulfilled. When a different copy was scanned, the one set aside
   * went back to the shelf (align), and from there to the next member waiting.
   */
  async function fulfil(doc: LoanDoc, itemBarcode: string | null): Promise<void> {
    if (!doc.holdId) return;
    await held.fulfil(doc.holdId, doc.borrowDate, itemBarcode);
    await held.fill(ObjectId.createFromHexString(doc.bookId), doc.borrowDate);
  }

  /** Confirms a borrow that holds its copy and its place, naming the item it has. */
  async function confirm(doc: LoanDoc, bookOid: ObjectId) {
    // The ledger has lent: a hold's copy follows to the loan, or (a different copy scanned) back to the shelf.
    await goods.align(bookOid);
    const itemBarcode = await goods.itemOfLoan(bookOid, doc._id.toHexString());
    // The borrow holds its copy and its place: it stands, and so do its audit entries.
    if (doc.audit) await insertAuditOnce(c.audit, doc.audit);
    const confirmed = await loans.updateOne(
      { _id: doc._id, status: 'pending' },
      { $set: { status: 'borrowed', itemBarcode }, $unset: { audit: '' } },
    );
    return { confirmed: confirmed.matchedCount === 1, itemBarcode };
  }

  /** The copy of a lost or damaged loan leaves the collection: copies owned go down, copies available stay. */
  async function writeOff(bookOid: ObjectId, loanId: string): Promise<number | null> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        { _id: bookOid, loansOut: loanId },
        { $inc: { copies: -1, version: 1 }, $pull: { loansOut: loanId }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
    // The copy leaves the collection: align writes its item off (LOST, or WITHDRAWN when damaged).
    await goods.align(bookOid);
    if (book) return book.quantity;
    return (await books.findOne({ _id: bookOid }))?.quantity ?? null;
  }

  /** Records a charge for a loan once, whatever how often it is asked. */
  async function charge(doc: LoanDoc, kind: LedgerKind, amount: number, note: string): Promise<void> {
    if (amount <= 0) return;
    const loanId = doc._id.toHexString();
    try {
      await ledger.insertOne({
        _id: new ObjectId(),
        userId: doc.userId,
        kind,
        amount,
        loanId,
        bookTitle: doc.bookTitle,
        note,
        recordedBy: kind === 'late-fee' ? null : (doc.closedBy ?? null),
        createdAt: doc.returnedAt ?? new Date(),
        chargeKey: `${loanId}:${kind}`,
        counted: false,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    await countCharge(c, lock, `${loanId}:${kind}`);
  }

  /** Removes a pending borrow; `reserved`: it may hold a place under the limit, which goes back. */
  async function drop(doc: LoanDoc, reserved = true): Promise<boolean> {
    const dropped = await loans.deleteOne({ _id: doc._id, status: 'pending' });
    if (reserved) await release(doc.userId, doc._id.toHexString());
    return dropped.deletedCount === 1;
  }

  return {
    /** Drops a pending borrow that will not happen, giving back its place under the limit. */
    drop,
    /**
     * Lends the copy, reserves the member's place under the limit and confirms the loan. Without a copy or a
     * place the pending loan is removed (and a copy already taken goes back): null for no copy, 'loan-limit'.
     * The copy first: most refusals under load are an empty shelf, and they then never touch the account.
     */
    async finishBorrow(
      doc: LoanDoc,
      limit: number,
    ): Promise<{ quantity: number; itemBarcode: string | null } | null | 'loan-limit'> {
      const loanId = doc._id.toHexString();
      const bookOid = ObjectId.createFromHexString(doc.bookId);
      const quantity = await lend(bookOid, loanId, doc.holdId);
      if (quantity === null) {
        const dropped = await drop(doc, false);
        if (dropped) {
          await goods.releaseLoan(bookOid, loanId);
          return null;
        }
        // Not pending any more: another gateway's recovery confirmed it meanwhile (its copy was taken), so the
        // borrow stands (or dropped it, and then there is no copy to report).
        const stands = await books.findOne({ _id: bookOid, loansOut: loanId }, { projection: { quantity: 1 } });
        const after = await loans.findOne({ _id: doc._id }, { projection: { itemBarcode: 1 } });
        return stands ? { quantity: stands.quantity, itemBarcode: after?.itemBarcode ?? null } : null;
      }
      if (!(await reserve(doc.userId, loanId, limit))) {
        await putBack(bookOid, loanId, doc.holdId);
        await drop(doc, false);
        await goods.releaseLoan(bookOid, loanId);
        return 'loan-limit';
      }
      const { confirmed, itemBarcode } = await confirm(doc, bookOid);
      if (!confirmed && (await loans.countDocuments({ _id: doc._id }, { limit: 1 })) === 0) {
        // Another gateway, recovering as it started, dropped this pending borrow before it held both its copy
        // and its place: the borrow did not happen, so both go back.
        await putBack(bookOid, loanId, doc.holdId);
        await release(doc.userId, loanId);
        await goods.releaseLoan(bookOid, loanId);
        return null;
      }
      await fulfil(doc, itemBarcode);
      // Read after the hold's copy passed on (a scanned copy instead of the one set aside).
      const now = await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } });
      return { quantity: now?.quantity ?? quantity, itemBarcode };
    },
    /**
     * After a borrow failed part way, and on recovery: keeps the loan if it holds both its copy and its place
     * under the limit (the borrow's commit point), and otherwise gives back what it holds and drops it. A loan
     * that holds both is never undone, so a loan another gateway has just confirmed stands.
     */
    async settleBorrow(doc: LoanDoc): Promise<void> {
      const loanId = doc._id.toHexString();
      const bookOid = ObjectId.createFromHexString(doc.bookId);
      const lent = (await books.countDocuments({ _id: bookOid, loansOut: loanId }, { limit: 1 })) > 0;
      const placed = (await accounts.countDocuments({ _id: doc.userId, loansOut: loanId }, { limit: 1 })) > 0;
      if (lent && placed) {
        const { itemBarcode } = await confirm(doc, bookOid);
        await fulfil(doc, itemBarcode);
        return;
      }
      if (lent) await putBack(bookOid, loanId, doc.holdId);
      await drop(doc, placed);
      await goods.releaseLoan(bookOid, loanId);
    },
    /** Charges the late fee, puts the copy back, releases the member's place, and marks the loan returned. */
    async finishReturn(doc: LoanDoc): Promise<number | null> {
      const loanId = doc._id.toHexString();
      await charge(doc, 'late-fee', doc.lateFee ?? 0, 'Returned late');
      const bookOid = toObjectId(doc.bookId);
      // The hold it goes to is ready from the return's day (the library's clock), as on SQLite.
      const quantity = bookOid ? await putBack(bookOid, loanId, undefined, doc.returnedAt ?? new Date()) : null;
      await release(doc.userId, loanId);
      if (doc.audit) await insertAuditOnce(c.audit, doc.audit);
      await loans.updateOne(
        { _id: doc._id, status: 'returning' },
        { $set: { status: 'returned', activeKey: loanId }, $unset: { audit: '' } },
      );
      return quantity;
    },
    /** Charges replacement and processing, writes the copy off, releases the member's place, closes the loan. */
    async finishClose(doc: LoanDoc): Promise<number | null> {
      const loanId = doc._id.toHexString();
      const what = doc.loss === 'damaged' ? 'Damaged' : 'Lost';
      await charge(doc, 'replacement', doc.charges?.replacement ?? 0, `${what}: replacement cost`);
      await charge(doc, 'processing-fee', doc.charges?.processing ?? 0, `${what}: processing fee`);
      const bookOid = toObjectId(doc.bookId);
      const quantity = bookOid ? await writeOff(bookOid, loanId) : null;
      await release(doc.userId, loanId);
      if (doc.audit) await insertAuditOnce(c.audit, doc.audit);
      await loans.updateOne(
        { _id: doc._id, status: 'closing' },
        { $set: { status: doc.loss === 'damaged' ? 'damaged' : 'lost', activeKey: loanId }, $unset: { audit: '' } },
      );
      return quantity;
    },
  };
}

/**
 * Runs when the store opens. Books written before the ledger existed get one (their active loans); borrows,
 * returns and losses that a stopped gateway left half done are finished (a pending borrow holding its copy and
 * its place is completed, as if its answer was lost; any other is undone and dropped); then data from before the
 * circulation policy gains copies owned, book versions and member accounts.
 */
export async function recoverLoans(c: LoanCollections, lock: KeyLock): Promise<{ finished: number }> {
  const { loans, books, accounts } = c;
  if ((await books.countDocuments({ loansOut: { $exists: false } }, { limit: 1 })) > 0) {
    const out = await activeLoansBy(loans, 'bookId');
    for await (const book of books.find({ loansOut: { $exists: false } }, { projection: { _id: 1 } })) {
      await books.updateOne(
        { _id: book._id, loansOut: { $exists: false } },
        { $set: { loansOut: out.get(book._id.toHexString()) ?? [] } },
      );
    }
  }
  const steps = loanSteps(c, lock);
  let finished = 0;
  for await (const doc of loans.find({ status: { $in: ['pending', 'returning', 'closing'] } })) {
    if (doc.status === 'pending') await steps.settleBorrow(doc);
    else if (doc.status === 'returning') await steps.finishReturn(doc);
    else await steps.finishClose(doc);
    finished += 1;
  }
  // Copies owned are what is on the shelf plus what is out, read and written together.
  for await (const book of books.find({ copies: { $exists: false } }, { projection: { _id: 1 } })) {
    for (;;) {
      const doc = await books.findOne({ _id: book._id }, { projection: { quantity: 1, loansOut: 1, copies: 1 } });
      if (!doc || doc.copies !== undefined) break;
      const done = await books.updateOne(
        { _id: book._id, copies: { $exists: false }, quantity: doc.quantity },
        { $set: { copies: doc.quantity + (doc.loansOut?.length ?? 0), version: 0 } },
      );
      if (done.matchedCount === 1) break;
    }
  }
  if ((await accounts.countDocuments({ _id: ACCOUNTS_BUILT }, { limit: 1 })) === 0) {
    for (const [userId, ids] of await activeLoansBy(loans, 'userId')) {
      await accounts.updateOne({ _id: userId }, { $set: { onLoan: ids.length, loansOut: ids } }, { upsert: true });
    }
    await accounts.updateOne({ _id: ACCOUNTS_BUILT }, { $set: { onLoan: 0, loansOut: [] } }, { upsert: true });
  }
  return { finished };
}

/** Marks that member accounts have been built from the loans (data from before the loan limit). */
const ACCOUNTS_BUILT = '\u0000accounts-built';

async function activeLoansBy(loans: Collection<LoanDoc>, key: 'bookId' | 'userId'): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for await (const loan of loans.find(
    { status: { $in: ['borrowed', 'returning'] } },
    { projection: { _id: 1, bookId: 1, userId: 1 } },
  )) {
    out.set(loan[key], [...(out.get(loan[key]) ?? []), loan._id.toHexString()]);
  }
  return out;
}
