// Loans in SQLite: every borrow, return, renewal and loss runs in one BEGIN IMMEDIATE transaction, so stock,
// loans, the member's limits and their charges (ledger.ts) always move together; the partial unique index backs
// the one-active-loan rule, and ledger_one_charge charges a loan each kind at most once.
import type { DatabaseSync } from 'node:sqlite';
import type {
  CheckinOptions,
  CheckinResult,
  CheckoutResult,
  LedgerKind,
  LoanRecord,
  LoanStatus,
  LoanStore,
  NewAudit,
  NewLoan,
  ReturnChannel,
} from '../port.ts';
import { systemNote } from '../port.ts';
import { checkoutRefusal, NO_LIMITS } from '../../library/rules/checkout.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, newId, parseId } from '../ids.ts';
import { date, dateOrNull, isUniqueViolation, num, text, textOrNull, transaction, wholeRows } from './db.ts';
import type { Row } from './db.ts';
import { auditWriter } from './audit.ts';
import { BALANCE_SQL, referenceTaker } from './ledger.ts';
import { fillHolds } from './holds.ts';
import { itemMoves, toItem } from './item-moves.ts';

function toStatus(row: Row): LoanStatus {
  const status = text(row, 'status');
  const loss = textOrNull(row, 'loss');
  if (status === 'returned' && (loss === 'lost' || loss === 'damaged')) return loss;
  if (status === 'borrowed') return row.claimed_at == null ? 'borrowed' : 'returning';
  if (status === 'returned') return status;
  throw new TypeError(`Unknown loan status ${status}`);
}

const toChannel = (value: string | null): ReturnChannel | null => (value === 'APP' || value === 'DESK' ? value : null);

export function toLoan(row: Row): LoanRecord {
  return {
    id: text(row, 'id'),
    bookId: text(row, 'book_id'),
    userId: text(row, 'user_id'),
    userName: text(row, 'user_name'),
    userEmail: text(row, 'user_email'),
    borrowDate: date(row, 'borrow_date'),
    returnDate: date(row, 'return_date'),
    returnedAt: dateOrNull(row, 'returned_at'),
    status: toStatus(row),
    renewals: num(row, 'renewals'),
    lateFee: num(row, 'late_fee'),
    closedBy: textOrNull(row, 'closed_by'),
    claimedAt: dateOrNull(row, 'claimed_at'),
    returnedVia: toChannel(textOrNull(row, 'returned_via')),
    returnedBy: textOrNull(row, 'returned_by'),
    bookTitle: text(row, 'book_title'),
    bookAuthor: text(row, 'book_author'),
    bookImage: text(row, 'book_image'),
    bookCategory: text(row, 'book_category'),
    itemBarcode: textOrNull(row, 'item_barcode'),
  };
}

const NO_CHARGES: CheckinOptions = { lateFee: () => 0 };
const NONE: readonly NewAudit[] = [];

export function sqliteLoans(db: DatabaseSync): LoanStore {
  const loans = wholeRows(db, 'loans', toLoan);
  const bookQuantity = db.prepare('SELECT quantity FROM books WHERE id = ?');
  const activeLoan = db.prepare("SELECT * FROM loans WHERE user_id = ? AND book_id = ? AND status = 'borrowed'");
  // A book's loans by the loans_by_book index (book_id, borrow_date).
  const outOfBook = db.prepare("SELECT * FROM loans WHERE book_id = ? AND status = 'borrowed'");
  const returnedOfBook = db.prepare(
    "SELECT * FROM loans WHERE book_id = ? AND status = 'returned' AND loss IS NULL ORDER BY borrow_date DESC LIMIT +?",
  );
  const activeCount = db.prepare("SELECT COUNT(*) AS n FROM loans WHERE user_id = ? AND status = 'borrowed'");
  const allActive = db.prepare("SELECT COUNT(*) AS n FROM loans WHERE status = 'borrowed'");
  const overdueFirst = db.prepare(
    "SELECT * FROM loans WHERE status = 'borrowed' AND return_date < ? ORDER BY return_date, id LIMIT +?",
  );
  const overdueAfter = db.prepare(
    `SELECT * FROM loans WHERE status = 'borrowed' AND return_date < ?
      AND (return_date > ? OR (return_date = ? AND id > ?)) ORDER BY return_date, id LIMIT +?`,
  );
  const overdueCount = db.prepare("SELECT COUNT(*) AS n FROM loans WHERE status = 'borrowed' AND return_date < ?");
  const balanceOf = db.prepare(BALANCE_SQL);
  const takeCopy = db.prepare(
    `UPDATE books SET quantity = quantity - 1, version = version + 1, updated_at = ?
      WHERE id = ? AND quantity > 0 RETURNING quantity`,
  );
  const readyHold = db.prepare(
    "SELECT id, item_barcode FROM holds WHERE user_id = ? AND book_id = ? AND status = 'ready'",
  );
  const takeHeldCopy = db.prepare(
    'UPDATE books SET held = held - 1, version = version + 1, updated_at = ? WHERE id = ? AND held > 0 RETURNING quantity',
  );
  const fulfil = db.prepare(
    "UPDATE holds SET status = 'fulfilled', ended_at = ?, item_barcode = ? WHERE id = ? AND status = 'ready'",
  );
  // A ready hold whose member borrowed another copy: its own copy goes back to the shelf (then to the next member).
  const passOn = db.prepare(
    'UPDATE books SET held = held - 1, quantity = quantity + 1, version = version + 1 WHERE id = ? AND held > 0',
  );
  const itemRow = db.prepare('SELECT * FROM items WHERE barcode = ?');
  const putCopyBack = db.prepare(
    'UPDATE books SET quantity = quantity + 1, version = version + 1, updated_at = ? WHERE id = ? RETURNING quantity',
  );
  // A lost or damaged copy leaves the collection: copies owned go down, copies available stay.
  const dropCopy = db.prepare(
    'UPDATE books SET copies = copies - 1, version = version + 1, updated_at = ? WHERE id = ? RETURNING quantity',
  );
  const insertLoan = db.prepare(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date,
    return_date, returned_at, status, book_title, book_author, book_image, book_category, item_barcode)
    VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 'borrowed', ?, ?, ?, ?, ?) RETURNING *`);
  const endLoan = db.prepare(`UPDATE loans SET status = 'returned', returned_at = ?, late_fee = ?, closed_by = ?,
    loss = ?, returned_via = ?, returned_by = ? WHERE id = ? AND status = 'borrowed' RETURNING *`);
  const claim = db.prepare(`UPDATE loans SET claimed_at = ? WHERE id = ? AND status = 'borrowed'
    AND claimed_at IS NULL RETURNING *`);
  const loanById = db.prepare('SELECT * FROM loans WHERE id = ?');
  const lastOfItem = db.prepare(
    'SELECT * FROM loans WHERE item_barcode = ? ORDER BY borrow_date DESC, id DESC LIMIT 1',
  );
  const charge = db.prepare(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, book_title, note, recorded_by,
    created_at, reference) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const nextReference = referenceTaker(db);

  // A desk loan's audit entries, in its transaction (decision 040).
  const writeAudit = auditWriter(db);

  /** A charge for the loan, with the next reference of its year (the library's, else the UTC year of `at`). */
  const chargeFor = (
    loan: LoanRecord,
    kind: LedgerKind,
    amount: number,
    note: string,
    by: string | null,
    at: Date,
    year = at.getUTCFullYear(),
  ) => {
    if (amount <= 0) return;
    charge.run(
      newId(),
      loan.userId,
      kind,
      amount,
      loan.id,
      loan.bookTitle,
      note,
      by,
      at.getTime(),
      nextReference(year),
    );
  };

  /** Ends an active loan inside the caller's transaction; null when it is not active. */
  const end = (id: string, at: Date, opts: CheckinOptions, loss: string | null) => {
    const row = loanById.get(id);
    if (!row || text(row, 'status') !== 'borrowed') return null;
    const fee = opts.lateFee(toLoan(row));
    const by = opts.by ?? null;
    const via = opts.via ?? (by === null ? 'APP' : 'DESK');
    const ended = endLoan.get(at.getTime(), fee, by, loss, via, opts.returnedBy ?? by, id);
    if (!ended) return null;
    const loan = toLoan(ended);
    chargeFor(loan, 'late-fee', fee, systemNote('ledgerReturnedLate'), null, at, opts.year);
    return loan;
  };

  return {
    async checkout(loan: NewLoan, limits = NO_LIMITS, audit = NONE): Promise<CheckoutResult> {
      const bookId = parseId(loan.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      try {
        return transaction(db, (): CheckoutResult => {
          // Read, then ask the rule (library/rules/checkout.ts) which refusal applies; the transaction keeps it so.
          // The copy set aside for the member's ready hold is theirs, which the loan fulfils; otherwise one from
          // the shelf. A scanned copy must be one of those two; a scanned shelf copy passes the set-aside one on.
          const book = bookQuantity.get(bookId);
          const ready = readyHold.get(loan.userId, bookId);
          const heldCopy = ready ? textOrNull(ready, 'item_barcode') : null;
          const scanned = loan.itemBarcode === undefined ? undefined : itemRow.get(loan.itemBarcode);
          const refusal = checkoutRefusal({
            bookExists: book !== undefined,
            alreadyBorrowed: activeLoan.get(loan.userId, bookId) !== undefined,
            balance: num(balanceOf.get(loan.userId) ?? {}, 'n'),
            onLoan: num(activeCount.get(loan.userId) ?? {}, 'n'),
            limits,
            onShelf: book ? num(book, 'quantity') : 0,
            holdReady: ready !== undefined,
            scan:
              loan.itemBarcode === undefined
                ? null
                : {
                    item: scanned ? toItem(scanned) : null,
                    lendable:
                      loan.itemBarcode === heldCopy ||
                      (scanned !== undefined &&
                        text(scanned, 'book_id') === bookId &&
                        text(scanned, 'status') === 'ON_SHELF'),
                  },
          });
          if (refusal) return refusal;
          const loanId = loan.id ?? newId();
          const items = itemMoves(db);
          let barcode: string;
          let passedOn = false;
          let taken;
          if (loan.itemBarcode === undefined || loan.itemBarcode === heldCopy) {
            taken = ready ? takeHeldCopy.get(Date.now(), bookId) : takeCopy.get(Date.now(), bookId);
            if (!taken) return { ok: false, reason: 'out-of-stock' };
            if (heldCopy !== null) items.lend((barcode = heldCopy), loanId);
            else barcode = items.lendFromShelf(bookId, loanId);
          } else {
            taken = takeCopy.get(Date.now(), bookId);
            if (!taken) throw new Error(`Book ${bookId} has a copy on the shelf but counts none`);
            items.lend((barcode = loan.itemBarcode), loanId);
            if (heldCopy !== null) {
              passOn.run(bookId);
              items.shelve(heldCopy);
              passedOn = true;
            }
          }
          if (ready) fulfil.run(loan.borrowDate.getTime(), barcode, text(ready, 'id'));
          const row = insertLoan.get(
            loanId,
            bookId,
            loan.userId,
            loan.userName,
            loan.userEmail,
            loan.borrowDate.getTime(),
            loan.returnDate.getTime(),
            loan.bookTitle,
            loan.bookAuthor,
            loan.bookImage,
            loan.bookCategory,
            barcode,
          );
          if (!row) throw new Error('Insert returned no row');
          writeAudit(audit);
          if (!passedOn) return { ok: true, loan: toLoan(row), quantity: num(taken, 'quantity') };
          fillHolds(db, bookId, loan.borrowDate);
          return { ok: true, loan: toLoan(row), quantity: num(bookQuantity.get(bookId) ?? {}, 'quantity') };
        });
      } catch (error) {
        // Another connection to the same file won the race between our check and our insert.
        if (isUniqueViolation(error)) return { ok: false, reason: 'already-borrowed' };
        throw error;
      }
    },

    async checkin(loanId, at, opts = NO_CHARGES): Promise<CheckinResult> {
      const id = parseId(loanId);
      if (!id) return { ok: false, reason: 'loan-not-found' };
      return transaction(db, (): CheckinResult => {
        const loan = end(id, at, opts, null);
        if (!loan) return { ok: false, reason: loanById.get(id) ? 'not-active' : 'loan-not-found' };
        writeAudit(opts.audit ?? NONE);
        putCopyBack.get(Date.now(), loan.bookId);
        if (loan.itemBarcode !== null) itemMoves(db).shelve(loan.itemBarcode);
        // The copy goes to the first member waiting, if anyone is.
        fillHolds(db, loan.bookId, at);
        const book = bookQuantity.get(loan.bookId);
        return { ok: true, loan, quantity: book ? num(book, 'quantity') : null };
      });
    },

    async close(loanId, at, opts): Promise<CheckinResult> {
      const id = parseId(loanId);
      if (!id) return { ok: false, reason: 'loan-not-found' };
      return transaction(db, (): CheckinResult => {
        const loan = end(id, at, { lateFee: () => 0, by: opts.by, via: 'DESK' }, opts.as);
        if (!loan) return { ok: false, reason: loanById.get(id) ? 'not-active' : 'loan-not-found' };
        writeAudit(opts.audit ?? NONE);
        const [replacement, processing] =
          opts.as === 'lost'
            ? (['ledgerLostReplacement', 'ledgerLostProcessing'] as const)
            : (['ledgerDamagedReplacement', 'ledgerDamagedProcessing'] as const);
        chargeFor(loan, 'replacement', opts.replacementCost, systemNote(replacement), opts.by, at, opts.year);
        chargeFor(loan, 'processing-fee', opts.processingFee, systemNote(processing), opts.by, at, opts.year);
        const book = dropCopy.get(Date.now(), loan.bookId);
        if (loan.itemBarcode !== null)
          itemMoves(db).leave(
            loan.itemBarcode,
            opts.as === 'lost' ? 'LOST' : 'WITHDRAWN',
            opts.as === 'lost' ? null : 'damaged',
          );
        return { ok: true, loan, quantity: book ? num(book, 'quantity') : null };
      });
    },

    async renew(loanId, opts) {
      const id = parseId(loanId);
      if (!id) return { ok: false, reason: 'loan-not-found' };
      return transaction(db, () => {
        const row = loanById.get(id);
        if (!row) return { ok: false, reason: 'loan-not-found' } as const;
        if (toStatus(row) !== 'borrowed') return { ok: false, reason: 'not-active' } as const;
        if (num(row, 'renewals') >= opts.maxRenewals) return { ok: false, reason: 'renewal-limit' } as const;
        const renewed = db
          .prepare('UPDATE loans SET return_date = ?, renewals = renewals + 1 WHERE id = ? RETURNING *')
          .get(opts.dueDate(toLoan(row)).getTime(), id);
        if (!renewed) throw new Error('Update returned no row');
        return { ok: true, loan: toLoan(renewed) } as const;
      });
    },

    async moveDue(from, through, to) {
      return db
        .prepare(
          "UPDATE loans SET return_date = ? WHERE status = 'borrowed' AND return_date >= ? AND return_date <= ? RETURNING *",
        )
        .all(to.getTime(), from.getTime(), through.getTime())
        .map(toLoan);
    },

    async moveDueOf(moves) {
      const move = db.prepare(
        "UPDATE loans SET return_date = ? WHERE id = ? AND status = 'borrowed' AND return_date = ? RETURNING *",
      );
      return transaction(db, () =>
        moves.flatMap(({ loanId, from, to }) => {
          const id = parseId(loanId);
          const row = id ? move.get(to.getTime(), id, from.getTime()) : undefined;
          return row ? [toLoan(row)] : [];
        }),
      );
    },

    async claimReturn(loanId, at) {
      const id = parseId(loanId);
      if (!id) return { ok: false, reason: 'loan-not-found' };
      return transaction(db, () => {
        const row = claim.get(at.getTime(), id);
        if (!row) return { ok: false, reason: loanById.get(id) ? 'not-active' : 'loan-not-found' } as const;
        const loan = toLoan(row);
        if (loan.itemBarcode !== null) itemMoves(db).claim(loan.itemBarcode);
        return { ok: true, loan } as const;
      });
    },

    async overdue(dueBefore, page) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const due = dueBefore.getTime();
      const rows = after
        ? overdueAfter.all(due, after.time.getTime(), after.time.getTime(), after.id, limit)
        : overdueFirst.all(due, limit);
      const total = num(overdueCount.get(due) ?? {}, 'n');
      return keysetPage(rows, limit, toLoan, (loan) => encodeTimeCursor(loan.returnDate, loan.id), total);
    },

    async get(id) {
      const key = parseId(id);
      const row = key ? loanById.get(key) : undefined;
      return row ? toLoan(row) : null;
    },

    async lastOfItem(itemBarcode) {
      const row = lastOfItem.get(itemBarcode);
      return row ? toLoan(row) : null;
    },

    async listByUser(userId) {
      return loans.all('WHERE user_id = ? ORDER BY borrow_date DESC, id DESC', userId);
    },

    async ofBook(bookId, returned) {
      const id = parseId(bookId);
      if (!id) return { out: [], returned: [] };
      return {
        out: outOfBook.all(id).map(toLoan),
        returned: returnedOfBook.all(id, Math.max(returned, 0)).map(toLoan),
      };
    },

    async countActiveByUser(userId) {
      return num(activeCount.get(userId) ?? {}, 'n');
    },

    async countActive() {
      return num(allActive.get() ?? {}, 'n');
    },
  };
}
