// The REST compatibility layer, circulation paths: borrow, the borrowed list and return, each success
// shape and each failure (the catalogue and account paths are in rest.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type TestGateway } from '../support/gateway.ts';
import {
  FORBIDDEN,
  ISO,
  MISSING_ID,
  UNAUTHORIZED,
  borrowed,
  libraryDay,
  quantityOf,
  restBorrow,
  restReturn,
} from './factory.ts';
import { activeLoan } from '../support/active-loan.ts';

describeEachStore((store) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store });
  });
  afterAll(() => gw.close());

  describe('POST /api/borrow', () => {
    it('lends one copy to the caller, taking name and e-mail from the session', async () => {
      const m = await gw.member({ name: 'Real Name' });
      const bookId = await gw.addBook({ quantity: 2, title: 'Lent' });
      const answer = await restBorrow(gw, m, bookId, { userName: 'Mallory', userEmail: 'mallory@example.com' });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ message: expect.any(String), bookId, currentQuantity: 1 });
      const loan = await activeLoan(gw.store, m.uid, bookId);
      expect(loan).toMatchObject({ userName: 'Real Name', userEmail: m.email, bookTitle: 'Lent', status: 'borrowed' });
      expect(loan?.returnDate.toISOString()).toBe(`${libraryDay(14)}T00:00:00.000Z`);
    });

    it('403 for another userId, 404 for a missing book, 400 alreadyBorrowed, 400 out of stock', async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const bookId = await gw.addBook({ quantity: 1 });
      const forOther = await restBorrow(gw, m, bookId, { userId: other.uid });
      expect(forOther.status).toBe(403);
      expect(await quantityOf(gw, bookId)).toBe(1);
      expect(await restBorrow(gw, m, MISSING_ID)).toMatchObject({ status: 404, body: { message: 'Book not found' } });
      expect((await restBorrow(gw, m, bookId)).status).toBe(201);
      expect(await restBorrow(gw, m, bookId)).toMatchObject({
        status: 400,
        body: {
          message: 'You have already borrowed this book. You can borrow it again after returning it.',
          alreadyBorrowed: true,
        },
      });
      const outOfStock = await restBorrow(gw, other, bookId);
      expect(outOfStock.status).toBe(400);
      expect(outOfStock.body.message).toMatch(/out of stock/i);
      expect(outOfStock.body).not.toHaveProperty('alreadyBorrowed');
      expect(await quantityOf(gw, bookId)).toBe(0);
    });

    it('401 without a token and 403 with an invalid one', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook();
      expect(await gw.request('POST', '/api/borrow', { body: { bookId, returnDate: libraryDay(3) } })).toMatchObject({
        status: 401,
        body: UNAUTHORIZED,
      });
      expect(
        await gw.request('POST', '/api/borrow', {
          token: m.token.slice(0, -2),
          body: { bookId, returnDate: libraryDay(3) },
        }),
      ).toMatchObject({ status: 403, body: FORBIDDEN });
      expect(await quantityOf(gw, bookId)).toBe(3);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['not a date', 'soon'],
      ['an impossible day', '2026-02-30'],
      ['yesterday in Dhaka', libraryDay(-1)],
      ['late yesterday in Dhaka as a date-time', `${libraryDay(-1)}T17:00:00.000Z`],
      ['beyond the 14-day loan period', libraryDay(15)],
      ['a number', 20260101],
    ])('refuses a return date that is %s with 400', async (_label, returnDate) => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 1 });
      const answer = await restBorrow(gw, m, bookId, { returnDate });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/return ?date/i);
      expect(await quantityOf(gw, bookId)).toBe(1);
    });

    it.each([
      ['today', libraryDay(0)],
      ['the last day of the 14-day loan period', libraryDay(14)],
      ['a date-time that is already today in Dhaka', `${libraryDay(-1)}T19:00:00.000Z`],
    ])('accepts a return date of %s', async (_label, returnDate) => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 1 });
      expect((await restBorrow(gw, m, bookId, { returnDate })).status).toBe(201);
    });
  });

  describe('GET /api/borrowed-books/:uid', () => {
    it("lists the caller's loans, newest first, with ISO dates and lower-case status", async () => {
      const m = await gw.member();
      const [first, second] = [await gw.addBook({ title: 'First' }), await gw.addBook({ title: 'Second' })];
      const firstLoan = await borrowed(gw, m, first);
      await borrowed(gw, m, second);
      await restReturn(gw, m, firstLoan, first);
      const answer = await gw.request('GET', `/api/borrowed-books/${m.uid}`, { token: m.token });
      expect(answer.status).toBe(200);
      expect(answer.body.map((r: { bookTitle: string; status: string }) => [r.bookTitle, r.status])).toEqual([
        ['Second', 'borrowed'],
        ['First', 'returned'],
      ]);
      expect(answer.body[1]).toEqual({
        _id: firstLoan,
        bookId: first,
        userId: m.uid,
        userName: m.name,
        userEmail: m.email,
        borrowDate: expect.stringMatching(ISO),
        returnDate: `${libraryDay(14)}T00:00:00.000Z`,
        returnedAt: expect.stringMatching(ISO),
        returnedDate: answer.body[1].returnedAt,
        status: 'returned',
        renewals: 0,
        lateFee: 0,
        bookTitle: 'First',
        bookAuthor: 'Test Author',
        bookImage: 'https://example.com/cover.jpg',
        bookCategory: 'Drama',
      });
    });

    it("refuses another user's list with 403 and a missing session with 401", async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      await borrowed(gw, other, await gw.addBook());
      const answer = await gw.request('GET', `/api/borrowed-books/${other.uid}`, { token: m.token });
      expect(answer.status).toBe(403);
      expect(JSON.stringify(answer.body)).not.toContain(other.email);
      expect(await gw.request('GET', `/api/borrowed-books/${other.uid}`)).toMatchObject({
        status: 401,
        body: UNAUTHORIZED,
      });
    });
  });

  describe('POST /api/return-book', () => {
    it('returns the loan, puts the copy back and answers { success: true, message }', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 1 });
      const loanId = await borrowed(gw, m, bookId);
      const answer = await restReturn(gw, m, loanId, bookId);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: expect.any(String) });
      expect(await quantityOf(gw, bookId)).toBe(1);
      expect((await gw.store.loans.get(loanId))?.status).toBe('returned');
      const again = await restReturn(gw, m, loanId, bookId);
      expect(again).toMatchObject({ status: 400, body: { success: false, message: expect.any(String) } });
      expect(await quantityOf(gw, bookId)).toBe(1);
    });

    it("403 for someone else's loan, 404 { success: false } for a missing one, 400 for another book's id", async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const [bookId, otherBook] = [await gw.addBook({ quantity: 1 }), await gw.addBook({ quantity: 5 })];
      const loanId = await borrowed(gw, m, bookId);
      const byOther = await restReturn(gw, other, loanId, bookId);
      expect(byOther).toMatchObject({ status: 403, body: { success: false, message: expect.any(String) } });
      const claimingOther = await restReturn(gw, other, loanId, bookId, { userId: m.uid });
      expect(claimingOther.status).toBe(403);
      expect(await restReturn(gw, m, MISSING_ID, bookId)).toMatchObject({
        status: 404,
        body: { success: false, message: expect.any(String) },
      });
      const wrongBook = await restReturn(gw, m, loanId, otherBook);
      expect(wrongBook).toMatchObject({ status: 400, body: { success: false } });
      expect([await quantityOf(gw, bookId), await quantityOf(gw, otherBook)]).toEqual([0, 5]);
      expect((await gw.store.loans.get(loanId))?.status).toBe('borrowed');
      expect(await gw.request('POST', '/api/return-book', { body: { borrowId: loanId, bookId } })).toMatchObject({
        status: 401,
      });
    });
  });
});
