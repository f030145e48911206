// Loans, member limits and the ledger in MongoDB without multi-document transactions (standalone servers,
// FerretDB). Two documents are ledgers of active loans, each changed by one atomic conditional update:
// - the book: a borrow takes a copy and adds the loan's id to book.loansOut, a return does the reverse, so
//   quantity + loansOut never drift apart (and copies owned = quantity + loansOut.length);
// - the member's account: a borrow reserves a place under the loan limit (onLoan < limit) and adds the loan's
//   id to account.loansOut, the end of a loan releases it.
// A borrow commits when its loan holds both a copy and a place. Around those updates the loan moves
// pending -> borrowed, and borrowed -> returning -> returned (or closing -> lost / damaged). The late fee is
// fixed on the loan as it starts returning and charged to the ledger with a per-loan unique key, so a charge
// happens once however often a step runs. A gateway killed between writes leaves a pending, returning or
// closing loan; recoverLoans() (loan-recovery.ts) finishes it on the next start. Every step (loan-steps.ts,
// loan-copies.ts) is conditional on the ledgers, so running one twice (a retry, a recovery) changes nothing. On
// FerretDB v1 writes to one book or account are also queued through the KeyLock (see key-lock.ts). A desk
// loan's audit entries ride on the loan from its first write, ids fixed, and the step that completes it inserts
// them (insertAuditOnce) before it clears them: a loan that stands, live or recovered, has its entries
// (decision 040). Here: the store's methods; a borrow is loan-checkout.ts.
import { ObjectId } from 'mongodb';
import type { Filter } from 'mongodb';
import type { CheckinOptions, CheckinResult, LossOptions, LoanRecord, LoanStore } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, parseId } from '../ids.ts';
import { toLoan, toObjectId } from './documents.ts';
import type { LoanDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';
import { loanCheckout } from './loan-checkout.ts';
import { carried, loanSteps, type LoanCollections } from './loan-steps.ts';

const ACTIVE: { $in: LoanDoc['status'][] } = { $in: ['borrowed', 'returning', 'closing'] };

export function mongoLoans(c: LoanCollections, lock: KeyLock): LoanStore {
  const { loans } = c;
  const steps = loanSteps(c, lock);
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

  async function notEnded(_id: ObjectId): Promise<CheckinResult> {
    const current = await loans.findOne({ _id });
    return { ok: false, reason: current && current.status !== 'pending' ? 'not-active' : 'loan-not-found' };
  }

  return {
    checkout: loanCheckout(c, lock),

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
        ...(opts?.year === undefined ? {} : { chargeYear: opts.year }),
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
        ...(opts.year === undefined ? {} : { chargeYear: opts.year }),
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

    async moveDueOf(moves) {
      const moved: LoanRecord[] = [];
      for (const { loanId, from, to } of moves) {
        const _id = toObjectId(loanId);
        if (!_id) continue;
        const updated = await loanLock(_id, () =>
          loans.findOneAndUpdate(
            { _id, status: 'borrowed', returnDate: from },
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

    async ofBook(bookId, returned) {
      const id = parseId(bookId);
      if (!id) return { out: [], returned: [] };
      // The book_borrowed index (bookId, borrowDate).
      const [out, back] = await Promise.all([
        loans.find({ bookId: id, status: ACTIVE }).toArray(),
        // limit(0) would be no limit.
        returned > 0
          ? loans.find({ bookId: id, status: 'returned' }).sort({ borrowDate: -1 }).limit(returned).toArray()
          : [],
      ]);
      return { out: out.map(toLoan), returned: back.map(toLoan) };
    },

    async countActiveByUser(userId) {
      return loans.countDocuments({ userId: String(userId), status: ACTIVE });
    },

    async countActive() {
      return loans.countDocuments({ status: ACTIVE });
    },
  };
}
