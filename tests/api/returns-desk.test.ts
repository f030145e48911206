// Returns the library can trust (RETURNS, docs/decisions/041), on both stores with a test clock: with
// RETURNS=desk a member's Return Book is a claim (the copy stays out, the fee stops that day) that the desk's
// check-in completes; in both modes a closed loan says how (APP or DESK) and by whom.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay, quantityOf, restBorrow, restReturn } from './factory.ts';

const LOAN = 'id status claimedAt returnedVia returnedBy overdueDays fee canRenew';
const CLAIMED = "We'll close this loan when the book reaches the desk or the book drop.";

const returnBook = (gw: TestGateway, m: Member, id: string) =>
  gw.gql(`mutation($id: ID!) { returnBook(borrowId: $id) { ${LOAN} } }`, { id }, m.token);
const checkIn = (gw: TestGateway, staff: Member, id: string) =>
  gw.gql(`mutation($id: ID!) { checkIn(loanId: $id) { ${LOAN} } }`, { id }, staff.token);
const myLoans = async (gw: TestGateway, m: Member) =>
  (await gw.gql(`{ me { loans { ${LOAN} } } }`, {}, m.token)).body.data.me.loans;
const placeHold = (gw: TestGateway, m: Member, bookId: string) =>
  gw.gql(`mutation($id: ID!) { placeHold(bookId: $id) { id status } }`, { id: bookId }, m.token);
const myHoldOf = async (gw: TestGateway, m: Member, bookId: string) =>
  (await gw.gql(`query($id: ID!) { book(id: $id) { myHold { status } } }`, { id: bookId }, m.token)).body.data.book
    .myHold;

describeEachStore((kind) => {
  describe('RETURNS=desk', () => {
    let gw: TestGateway;
    let staff: Member;
    const clock = libraryClock();
    const staffEmail = `returns-${randomUUID().slice(0, 8)}@example.com`;
    beforeAll(async () => {
      gw = await startTestGateway({
        store: kind,
        env: { ADMIN_EMAILS: staffEmail, RETURNS: 'desk', LATE_FEE_PER_DAY: '50', BORROWING: 'instant' },
        libraryNow: clock.now,
      });
      staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
    });
    afterAll(() => gw.close());

    it('publishes the mode in the policy', async () => {
      expect((await gw.gql('{ policy { returns } }')).body.data.policy.returns).toBe('DESK');
    });

    it('a claim keeps the copy out and from the queue, stops the fee; the check-in closes it and serves the hold', async () => {
      const [ann, ben] = [await gw.member({ name: 'Ann Claim' }), await gw.member({ name: 'Ben Wait' })];
      const bookId = await gw.addBook({ quantity: 1 });
      const loanId = (await gqlBorrow(gw, ann.token, bookId, libraryDay(1))).body.data.borrow.record.id;
      expect((await placeHold(gw, ben, bookId)).body.data.placeHold.status).toBe('WAITING');

      // Two days late, Ann taps Return Book.
      clock.set(3);
      try {
        const claimed = await returnBook(gw, ann, loanId);
        expect(claimed.body.errors).toBeUndefined();
        expect(claimed.body.data.returnBook).toMatchObject({
          status: 'RETURNING',
          claimedAt: expect.any(String),
          returnedVia: null,
          returnedBy: null,
          overdueDays: 2,
          fee: 100,
          canRenew: false,
        });
        // Tapped again: the same claim, nothing moves.
        expect((await returnBook(gw, ann, loanId)).body.data.returnBook.status).toBe('RETURNING');
        expect(await quantityOf(gw, bookId)).toBe(0);
        expect(await myHoldOf(gw, ben, bookId)).toEqual({ status: 'WAITING' });
        await gw.library.notices.sweep();
        const { me } = (await gw.gql('{ me { notices(first: 20) { nodes { kind } } } }', {}, ann.token)).body.data;
        // "Due soon" was told at the borrow (due the next day); the claim brings no "overdue" nudge.
        expect(me.notices.nodes).toEqual([{ kind: 'DUE_SOON' }]);

        // Three days later the book reaches the desk: the fee stopped at the claim's day.
        clock.set(6);
        const [stillClaimed] = await myLoans(gw, ann);
        expect(stillClaimed).toMatchObject({ status: 'RETURNING', overdueDays: 2, fee: 100 });
        const desk = await checkIn(gw, staff, loanId);
        expect(desk.body.errors).toBeUndefined();
        expect(desk.body.data.checkIn).toMatchObject({
          status: 'RETURNED',
          returnedVia: 'DESK',
          returnedBy: `Desk Clerk (${staffEmail})`,
          fee: 100,
        });
        const ledger = await gw.store.ledger.list(ann.uid);
        expect(ledger.filter((e) => e.kind === 'late-fee').map((e) => e.amount)).toEqual([100]);
        expect(await myHoldOf(gw, ben, bookId)).toEqual({ status: 'READY' });
        // The audit trail records the check-in on its own day, from the claim, after the borrow in the app.
        const log = await gw.gql(
          `query($id: ID) { auditLog(bookId: $id) { nodes { at action oldValue newValue } } }`,
          { id: bookId },
          staff.token,
        );
        expect(log.body.data.auditLog.nodes).toEqual([
          { at: expect.any(String), action: 'check-in', oldValue: 'returning', newValue: 'returned' },
          { at: expect.any(String), action: 'borrowed', oldValue: null, newValue: expect.any(String) },
        ]);
        expect(libraryDay(0, new Date(log.body.data.auditLog.nodes[0].at))).toBe(libraryDay(6));
        // The member sees who closed it by name only.
        expect((await myLoans(gw, ann))[0]).toMatchObject({ returnedVia: 'DESK', returnedBy: 'Desk Clerk' });
      } finally {
        clock.set(0);
      }
    });

    it('a check-in of an unclaimed loan records DESK; a claim with no one waiting goes back to the shelf', async () => {
      const cat = await gw.member({ name: 'Cat Shelf' });
      const bookId = await gw.addBook({ quantity: 1 });
      const loanId = (await gqlBorrow(gw, cat.token, bookId, libraryDay(7))).body.data.borrow.record.id;
      await returnBook(gw, cat, loanId);
      expect(await quantityOf(gw, bookId)).toBe(0);
      expect((await checkIn(gw, staff, loanId)).body.data.checkIn).toMatchObject({ status: 'RETURNED', fee: 0 });
      expect(await quantityOf(gw, bookId)).toBe(1);
    });

    it('REST: the return answers the claim sentence, and the record says status "returning"', async () => {
      const dan = await gw.member({ name: 'Dan Rest' });
      const bookId = await gw.addBook({ quantity: 2 });
      expect((await restBorrow(gw, dan, bookId)).status).toBe(201);
      const loan = (await gw.store.loans.listByUser(dan.uid))[0]!;
      const answer = await restReturn(gw, dan, loan.id, bookId);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: CLAIMED });
      expect((await restReturn(gw, dan, loan.id, bookId)).body).toEqual({ success: true, message: CLAIMED });
      const records = (await gw.request('GET', `/api/borrowed-books/${dan.uid}`, { token: dan.token })).body;
      expect(records).toEqual([expect.objectContaining({ _id: loan.id, status: 'returning', returnedAt: null })]);
      expect(await quantityOf(gw, bookId)).toBe(1);
    });
  });

  describe('RETURNS=self', () => {
    let gw: TestGateway;
    let staff: Member;
    const staffEmail = `self-${randomUUID().slice(0, 8)}@example.com`;
    beforeAll(async () => {
      gw = await startTestGateway({
        store: kind,
        env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      });
      staff = await gw.member({ name: 'Self Clerk', email: staffEmail });
    });
    afterAll(() => gw.close());

    it("closes the loan at once, recorded as APP by the member; the desk's check-in as DESK by the clerk", async () => {
      expect((await gw.gql('{ policy { returns } }')).body.data.policy.returns).toBe('SELF');
      const eve = await gw.member({ name: 'Eve Self' });
      const bookId = await gw.addBook({ quantity: 2 });
      const first = (await gqlBorrow(gw, eve.token, bookId)).body.data.borrow.record.id;
      expect((await returnBook(gw, eve, first)).body.data.returnBook).toMatchObject({
        status: 'RETURNED',
        claimedAt: null,
        returnedVia: 'APP',
        returnedBy: 'Eve Self',
      });
      expect(await quantityOf(gw, bookId)).toBe(2);
      const second = (await gqlBorrow(gw, eve.token, bookId)).body.data.borrow.record.id;
      expect((await checkIn(gw, staff, second)).body.data.checkIn).toMatchObject({
        status: 'RETURNED',
        returnedVia: 'DESK',
        returnedBy: `Self Clerk (${staffEmail})`,
      });
    });
  });
});
