// Copies as items: every copy has a barcode and one status; loans and ready holds hold their item, and the
// book's counters are the items' counts after every step (expectItemsAgree).
import { describe, expect, it } from 'vitest';
import { isItemBarcode } from '../../../shared/barcodes.ts';
import type { CheckoutResult, Store } from '../../../server/store/port.ts';
import { bookFields, newHold, newLoan, useStore, type StoreFactory } from './harness.ts';
import { expectAllItemsAgree, expectItemsAgree } from './items-agree.ts';

const LIMITS = { loanLimit: 5, maxBalance: 0 };
const HOLDS = { holdLimit: 5 };
const AT = new Date('2026-03-02T10:00:00.000Z');
const NO_BOOK = '0123456789abcdef01234567';

async function book(store: Store, copies: number): Promise<string> {
  return (await store.books.insert(bookFields({ quantity: copies }))).id;
}

async function lend(store: Store, bookId: string, userId: string, itemBarcode?: string) {
  const result = await store.loans.checkout(
    newLoan(bookId, { userId, ...(itemBarcode ? { itemBarcode } : {}) }),
    LIMITS,
  );
  if (!result.ok) throw new Error(`checkout failed: ${result.reason}`);
  return result.loan;
}

async function place(store: Store, bookId: string, userId: string, at: Date) {
  const result = await store.holds.place(newHold(bookId, userId, at), HOLDS);
  if (!result.ok) throw new Error(`hold refused: ${result.reason}`);
  return result.hold;
}

const barcodesOf = async (store: Store, bookId: string) =>
  (await store.items.listByBook(bookId)).map((item) => item.barcode);

const refusal = (result: CheckoutResult) => (result.ok ? 'ok' : result.reason);

export function itemsContract(factory: StoreFactory): void {
  describe('items: copies with barcodes', () => {
    const store = useStore(factory);

    it('gives a new book its copies as items on the shelf, with valid, unique barcodes in order of addition', async () => {
      const id = await book(store(), 3);
      const items = await expectItemsAgree(store(), id);
      expect(items.map((item) => [item.status, item.note, item.loanId, item.holdId])).toEqual(
        Array.from({ length: 3 }, () => ['ON_SHELF', '', null, null]),
      );
      expect(items.every((item) => isItemBarcode(item.barcode) && item.addedAt instanceof Date)).toBe(true);
      expect(await store().items.get(items[1]!.barcode)).toEqual(items[1]);
      expect(await store().items.get('BH00000000')).toBeNull();
      expect(await store().items.get('not a barcode')).toBeNull();
      expect(await store().items.listByBook(NO_BOOK)).toEqual([]);
      expect(await store().items.listByBook('nonsense')).toEqual([]);
      const none = await book(store(), 0);
      expect(await store().items.listByBook(none)).toEqual([]);
    });

    it('adds copies under barcodes reserved before, which no other add is given; refuses any other run', async () => {
      const bookId = await book(store(), 1);
      const reserved = await store().items.reserve(2);
      expect(reserved).toHaveLength(2);
      // Another add between the reservation and its own add takes other numbers.
      const between = await store().items.add(bookId, 2, AT);
      expect(between!.map((item) => item.barcode).filter((code) => reserved.includes(code))).toEqual([]);
      const added = await store().items.add(bookId, 2, AT, 'Donated', reserved);
      expect(added!.map((item) => [item.barcode, item.status, item.note])).toEqual(
        reserved.map((code) => [code, 'ON_SHELF', 'Donated']),
      );
      await expect(store().items.add(bookId, 1, AT, undefined, reserved)).rejects.toThrow(RangeError);
      await expect(store().items.add(bookId, 2, AT, undefined, [reserved[1]!, reserved[0]!])).rejects.toThrow(
        RangeError,
      );
      expect(await store().items.listByBook(bookId)).toHaveLength(5);
      await expectItemsAgree(store(), bookId);
    });

    it('insertMany gives every book its items, barcodes unique across them', async () => {
      expect(await store().books.insertMany([2, 0, 3].map((quantity) => bookFields({ quantity })))).toBe(3);
      const ids: string[] = [];
      for await (const b of store().books.all()) ids.push(b.id);
      expect(await Promise.all(ids.map(async (id) => (await store().items.listByBook(id)).length))).toEqual([2, 0, 3]);
      await expectAllItemsAgree(store(), ids);
      // A later book's barcodes come after an earlier one's: handed out in order.
      const later = await book(store(), 1);
      const [last] = await barcodesOf(store(), later);
      expect(last! > (await barcodesOf(store(), ids[2]!)).at(-1)!).toBe(true);
    });

    it('lends a copy from the shelf, or the scanned one, and records it on the loan', async () => {
      const id = await book(store(), 3);
      const codes = await barcodesOf(store(), id);
      const first = await lend(store(), id, 'a');
      expect(codes).toContain(first.itemBarcode);
      expect(await store().items.get(first.itemBarcode!)).toMatchObject({ status: 'ON_LOAN', loanId: first.id });
      expect((await store().loans.get(first.id))?.itemBarcode).toBe(first.itemBarcode);
      const scanned = codes.find((code) => code !== first.itemBarcode)!;
      const second = await lend(store(), id, 'b', scanned);
      expect(second.itemBarcode).toBe(scanned);
      expect(await store().items.get(scanned)).toMatchObject({ status: 'ON_LOAN', loanId: second.id, holdId: null });
      expect(await store().books.get(id)).toMatchObject({ copies: 3, quantity: 1 });
      await expectItemsAgree(store(), id);
    });

    it("refuses a scanned copy that is another book's, on loan, in repair, lost, withdrawn or unknown", async () => {
      const id = await book(store(), 5);
      const other = await book(store(), 1);
      const codes = await barcodesOf(store(), id);
      const [otherCode] = await barcodesOf(store(), other);
      const onLoan = (await lend(store(), id, 'a', codes[0])).itemBarcode!;
      expect(await store().items.setStatus(codes[1]!, 'IN_REPAIR', 'spine', AT)).toMatchObject({ ok: true });
      expect(await store().items.setStatus(codes[2]!, 'LOST', null, AT)).toMatchObject({ ok: true });
      expect(await store().items.setStatus(codes[3]!, 'WITHDRAWN', null, AT)).toMatchObject({ ok: true });
      const before = await store().books.get(id);
      for (const code of [otherCode!, onLoan, codes[1]!, codes[2]!, codes[3]!]) {
        const result = await store().loans.checkout(newLoan(id, { userId: 'b', itemBarcode: code }), LIMITS);
        expect(result, code).toMatchObject({ ok: false, reason: 'item-unavailable', item: { barcode: code } });
      }
      for (const code of ['BH99999997', 'BH00000000', 'nonsense']) {
        const result = await store().loans.checkout(newLoan(id, { userId: 'b', itemBarcode: code }), LIMITS);
        expect(result, code).toEqual({ ok: false, reason: 'item-unavailable', item: null });
      }
      expect(await store().books.get(id)).toEqual(before);
      expect(await store().loans.countActiveByUser('b')).toBe(0);
      // The member's own rules still come first: a second loan of the same book is refused as such.
      expect(refusal(await store().loans.checkout(newLoan(id, { userId: 'a', itemBarcode: codes[4] }), LIMITS))).toBe(
        'already-borrowed',
      );
      await expectAllItemsAgree(store(), [id, other]);
    });

    it('lends one copy scanned at two desks at once to exactly one member', async () => {
      const id = await book(store(), 2);
      const [code] = await barcodesOf(store(), id);
      const results = await Promise.all(
        ['a', 'b'].map((userId) => store().loans.checkout(newLoan(id, { userId, itemBarcode: code }), LIMITS)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.map(refusal).sort()).toEqual(['item-unavailable', 'ok']);
      expect(await store().books.get(id)).toMatchObject({ copies: 2, quantity: 1 });
      await expectItemsAgree(store(), id);
    });

    it('follows the loan: a claimed return is RETURNING, a return puts the copy back on the shelf', async () => {
      const id = await book(store(), 1);
      const loan = await lend(store(), id, 'a');
      expect(await store().loans.claimReturn(loan.id, AT)).toMatchObject({ ok: true });
      expect(await store().items.get(loan.itemBarcode!)).toMatchObject({ status: 'RETURNING', loanId: loan.id });
      await expectItemsAgree(store(), id);
      const back = await store().loans.checkin(loan.id, AT);
      expect(back).toMatchObject({ ok: true, loan: { itemBarcode: loan.itemBarcode }, quantity: 1 });
      expect(await store().items.get(loan.itemBarcode!)).toMatchObject({ status: 'ON_SHELF', loanId: null });
      await expectItemsAgree(store(), id);
    });

    it('sets a returned copy aside for the first member waiting; their borrow takes that copy', async () => {
      const id = await book(store(), 1);
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', new Date(1000));
      const c = await place(store(), id, 'c', new Date(2000));
      expect((await store().holds.get(b.id))?.itemBarcode).toBeNull();
      await store().loans.checkin(loan.id, AT);
      expect(await store().items.get(loan.itemBarcode!)).toMatchObject({ status: 'ON_HOLD_SHELF', holdId: b.id });
      expect(await store().holds.get(b.id)).toMatchObject({ status: 'ready', itemBarcode: loan.itemBarcode });
      expect(await store().holds.get(c.id)).toMatchObject({ status: 'waiting', itemBarcode: null });
      await expectItemsAgree(store(), id);
      // Nobody else can take it, scanned or not.
      const scannedByC = await store().loans.checkout(newLoan(id, { userId: 'c', itemBarcode: loan.itemBarcode! }));
      expect(refusal(scannedByC)).toBe('item-unavailable');
      const borrowed = await lend(store(), id, 'b');
      expect(borrowed.itemBarcode).toBe(loan.itemBarcode);
      expect(await store().holds.get(b.id)).toMatchObject({ status: 'fulfilled', itemBarcode: loan.itemBarcode });
      expect(await store().items.get(loan.itemBarcode!)).toMatchObject({
        status: 'ON_LOAN',
        loanId: borrowed.id,
        holdId: null,
      });
      await expectItemsAgree(store(), id);
    });

    it("lends the hold's own copy when scanned, and a different shelf copy passes the set-aside one on", async () => {
      const id = await book(store(), 1);
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', new Date(1000));
      await store().loans.checkin(loan.id, AT);
      const setAside = loan.itemBarcode!;
      // One more copy reaches the shelf with nobody else waiting.
      const [added] = (await store().items.add(id, 1, AT))!;
      expect(added).toMatchObject({ status: 'ON_SHELF' });
      await expectItemsAgree(store(), id);
      const borrowed = await lend(store(), id, 'b', added!.barcode);
      expect(borrowed.itemBarcode).toBe(added!.barcode);
      expect(await store().holds.get(b.id)).toMatchObject({ status: 'fulfilled', itemBarcode: added!.barcode });
      expect(await store().items.get(setAside)).toMatchObject({ status: 'ON_SHELF', holdId: null, loanId: null });
      expect(await store().books.get(id)).toMatchObject({ copies: 2, quantity: 1 });
      await expectItemsAgree(store(), id);

      // Scanning the set-aside copy itself fulfils the hold as a plain borrow does.
      const other = await book(store(), 1);
      const first = await lend(store(), other, 'a');
      const c = await place(store(), other, 'c', new Date(1000));
      await store().loans.checkin(first.id, AT);
      const own = await lend(store(), other, 'c', first.itemBarcode!);
      expect(own.itemBarcode).toBe(first.itemBarcode);
      expect(await store().holds.get(c.id)).toMatchObject({ status: 'fulfilled' });
      await expectAllItemsAgree(store(), [id, other]);
    });

    it('passes the item of a cancelled or expired ready hold to the next member, then to the shelf', async () => {
      const id = await book(store(), 1);
      const loan = await lend(store(), id, 'a');
      const b = await place(store(), id, 'b', new Date(1000));
      const c = await place(store(), id, 'c', new Date(2000));
      await store().loans.checkin(loan.id, AT);
      await store().holds.cancel(b.id, AT);
      expect(await store().items.get(loan.itemBarcode!)).toMatchObject({ status: 'ON_HOLD_SHELF', holdId: c.id });
      expect(await store().holds.get(c.id)).toMatchObject({ status: 'ready', itemBarcode: loan.itemBarcode });
      await expectItemsAgree(store(), id);
      await store().holds.expire(new Date(Date.now() + 60_000), AT);
      expect(await store().items.get(loan.itemBarcode!)).toMatchObject({ status: 'ON_SHELF', holdId: null });
      expect(await store().books.get(id)).toMatchObject({ copies: 1, quantity: 1 });
      await expectItemsAgree(store(), id);
    });

    it('closes a loan as lost (the item is LOST) or damaged (WITHDRAWN), out of copies owned', async () => {
      const id = await book(store(), 3);
      const lost = await lend(store(), id, 'a');
      const damaged = await lend(store(), id, 'b');
      const charges = { replacementCost: 0, processingFee: 0, by: 'staff-1' };
      expect(await store().loans.close(lost.id, AT, { as: 'lost', ...charges })).toMatchObject({ ok: true });
      expect(await store().loans.close(damaged.id, AT, { as: 'damaged', ...charges })).toMatchObject({ ok: true });
      expect(await store().items.get(lost.itemBarcode!)).toMatchObject({ status: 'LOST', loanId: null });
      expect(await store().items.get(damaged.itemBarcode!)).toMatchObject({
        status: 'WITHDRAWN',
        loanId: null,
        note: 'damaged',
      });
      expect(await store().books.get(id)).toMatchObject({ copies: 1, quantity: 1 });
      expect((await store().loans.get(lost.id))?.itemBarcode).toBe(lost.itemBarcode);
      await expectItemsAgree(store(), id);
    });

    it('adds items on the shelf (to a member waiting first), with new barcodes after the others', async () => {
      const id = await book(store(), 1);
      expect(await store().items.add(NO_BOOK, 1, AT)).toBeNull();
      // A count out of 1..100 is refused (RangeError) and adds nothing.
      for (const count of [0, 101, 1.5]) await expect(store().items.add(id, count, AT)).rejects.toThrow(RangeError);
      expect(await store().books.get(id)).toMatchObject({ copies: 1, quantity: 1 });
      const before = await barcodesOf(store(), id);
      const added = (await store().items.add(id, 2, AT, 'donated'))!;
      expect(added.map((item) => [item.status, item.note, item.addedAt.getTime()])).toEqual([
        ['ON_SHELF', 'donated', AT.getTime()],
        ['ON_SHELF', 'donated', AT.getTime()],
      ]);
      expect(await barcodesOf(store(), id)).toEqual([...before, ...added.map((item) => item.barcode)]);
      expect(await store().books.get(id)).toMatchObject({ copies: 3, quantity: 3 });
      await expectItemsAgree(store(), id);

      const scarce = await book(store(), 0);
      const waiting = await place(store(), scarce, 'b', new Date(1000));
      const [copy] = (await store().items.add(scarce, 1, AT))!;
      expect(copy).toMatchObject({ status: 'ON_HOLD_SHELF', holdId: waiting.id });
      expect(await store().holds.get(waiting.id)).toMatchObject({ status: 'ready', itemBarcode: copy!.barcode });
      expect(await store().books.get(scarce)).toMatchObject({ copies: 1, quantity: 0 });
      await expectAllItemsAgree(store(), [id, scarce]);
    });

    it('sets a status by hand: out of the collection and back, only on a copy nobody has', async () => {
      const id = await book(store(), 3);
      const codes = await barcodesOf(store(), id);
      const repair = await store().items.setStatus(codes[0]!, 'IN_REPAIR', 'loose pages', AT);
      expect(repair).toMatchObject({ ok: true, quantity: 2, item: { status: 'IN_REPAIR', note: 'loose pages' } });
      expect(await store().books.get(id)).toMatchObject({ copies: 2, quantity: 2 });
      await expectItemsAgree(store(), id);
      // The same status again changes only the note; a null note keeps it.
      const version = (await store().books.get(id))!.version;
      expect(await store().items.setStatus(codes[0]!, 'IN_REPAIR', 'glued', AT)).toMatchObject({
        ok: true,
        item: { status: 'IN_REPAIR', note: 'glued' },
      });
      expect(await store().items.setStatus(codes[0]!, 'IN_REPAIR', null, AT)).toMatchObject({
        item: { note: 'glued' },
      });
      expect(await store().books.get(id)).toMatchObject({ copies: 2, quantity: 2, version });
      expect(await store().items.setStatus(codes[0]!, 'LOST', null, AT)).toMatchObject({ ok: true, quantity: 2 });
      expect(await store().books.get(id)).toMatchObject({ copies: 2, quantity: 2 });
      expect(await store().items.setStatus(codes[0]!, 'ON_SHELF', 'found', AT)).toMatchObject({
        ok: true,
        quantity: 3,
        item: { status: 'ON_SHELF', note: 'found' },
      });
      expect(await store().books.get(id)).toMatchObject({ copies: 3, quantity: 3 });
      await expectItemsAgree(store(), id);

      const loan = await lend(store(), id, 'a', codes[1]);
      expect(await store().items.setStatus(codes[1]!, 'LOST', null, AT)).toEqual({ ok: false, reason: 'item-busy' });
      expect(await store().items.setStatus('BH99999997', 'LOST', null, AT)).toEqual({
        ok: false,
        reason: 'item-not-found',
      });
      // Only staff's statuses: a loan's or a hold's is refused (RangeError) and changes nothing.
      await expect(store().items.setStatus(codes[2]!, 'ON_LOAN' as never, null, AT)).rejects.toThrow(RangeError);
      expect(await store().items.get(codes[2]!)).toMatchObject({ status: 'ON_SHELF' });
      expect(await store().items.setStatus('nonsense', 'LOST', null, AT)).toEqual({
        ok: false,
        reason: 'item-not-found',
      });
      expect(await store().items.get(codes[1]!)).toMatchObject({ status: 'ON_LOAN', loanId: loan.id });
      await expectItemsAgree(store(), id);
    });

    it('a copy found goes to a member waiting; a set-aside copy is busy', async () => {
      const id = await book(store(), 1);
      const [code] = await barcodesOf(store(), id);
      await store().items.setStatus(code!, 'LOST', 'not on the shelf', AT);
      const b = await place(store(), id, 'b', new Date(1000));
      const found = await store().items.setStatus(code!, 'ON_SHELF', 'found', AT);
      expect(found).toMatchObject({ ok: true, quantity: 0, item: { status: 'ON_HOLD_SHELF', holdId: b.id } });
      expect(await store().holds.get(b.id)).toMatchObject({ status: 'ready', itemBarcode: code });
      expect(await store().items.setStatus(code!, 'IN_REPAIR', null, AT)).toEqual({ ok: false, reason: 'item-busy' });
      await expectItemsAgree(store(), id);
    });

    it('an edit of copies owned, and changeStock, add items or withdraw the most recent ones on the shelf', async () => {
      const id = await book(store(), 2);
      const loan = await lend(store(), id, 'a');
      const grown = await store().books.update(id, { ...bookFields(), copies: 4 });
      expect(grown?.book).toMatchObject({ copies: 4, quantity: 3 });
      const four = await expectItemsAgree(store(), id);
      expect(four).toHaveLength(4);
      const shrunk = await store().books.update(id, { ...bookFields(), copies: 2 });
      expect(shrunk?.book).toMatchObject({ copies: 2, quantity: 1 });
      const after = await expectItemsAgree(store(), id);
      expect(after.slice(2).map((item) => item.status)).toEqual(['WITHDRAWN', 'WITHDRAWN']);
      expect(after.find((item) => item.barcode === loan.itemBarcode)?.status).toBe('ON_LOAN');
      expect(await store().books.update(id, { ...bookFields(), copies: 0 })).toMatchObject({
        refused: 'copies-on-loan',
      });
      await expectItemsAgree(store(), id);

      expect(await store().books.changeStock(id, 2)).toBe(3);
      const stocked = await expectItemsAgree(store(), id);
      expect(stocked).toHaveLength(6);
      expect(await store().books.changeStock(id, -4)).toBeNull();
      expect(await store().books.changeStock(id, -3)).toBe(0);
      const emptied = await expectItemsAgree(store(), id);
      expect(emptied.filter((item) => item.status === 'ON_SHELF')).toHaveLength(0);
      expect(emptied.filter((item) => item.status === 'WITHDRAWN')).toHaveLength(5);
      expect(await store().books.get(id)).toMatchObject({ copies: 1, quantity: 0 });
    });

    it('lists a book’s items in the order they were added, every status', async () => {
      const id = await book(store(), 2);
      const first = await barcodesOf(store(), id);
      await store().items.setStatus(first[0]!, 'WITHDRAWN', null, AT);
      const added = (await store().items.add(id, 3, AT))!.map((item) => item.barcode);
      await store().books.changeStock(id, 1);
      const listed = await store().items.listByBook(id);
      expect(listed.slice(0, 5).map((item) => item.barcode)).toEqual([...first, ...added]);
      expect(listed).toHaveLength(6);
      expect(listed.map((item) => item.status)).toEqual([
        'WITHDRAWN',
        'ON_SHELF',
        'ON_SHELF',
        'ON_SHELF',
        'ON_SHELF',
        'ON_SHELF',
      ]);
      await expectItemsAgree(store(), id);
    });
  });
}
