// Claims returned at the desk (issue 31), over GraphQL on both stores with a test clock, with RETURNS=self (the
// member's own Return closes a loan at once, so only the desk can set one aside): the loan becomes RETURNING, its
// fee stops that day, a later scan of the copy closes it, or staff mark it lost; audited once; members refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const LOAN = 'id status claimedAt';

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const clock = libraryClock();
  const staffEmail = `claims-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: {
        ADMIN_EMAILS: staffEmail,
        RETURNS: 'self',
        LATE_FEE_PER_DAY: '50',
        FEE_DAYS: 'calendar',
        BORROWING: 'instant',
      },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Claims Desk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const claim = (loanId: string, note?: string, token = staff.token) =>
    gw.gql(
      `mutation($id: ID!, $n: String) { markClaimsReturned(loanId: $id, note: $n) { ${LOAN} } }`,
      { id: loanId, n: note },
      token,
    );
  const lend = async (m: Member, due = libraryDay(1)) => {
    const bookId = await gw.addBook({ quantity: 1 });
    const borrowed = await gqlBorrow(gw, m.token, bookId, due);
    expect(borrowed.body.errors).toBeUndefined();
    const loanId = borrowed.body.data.borrow.record.id as string;
    return { bookId, loanId, barcode: (await gw.store.loans.get(loanId))!.itemBarcode! };
  };
  const claimsAudited = async (bookId: string) =>
    (
      await gw.gql(
        `query($id: ID!) { auditLog(bookId: $id, first: 50) { nodes { action field oldValue newValue uid } } }`,
        { id: bookId },
        staff.token,
      )
    ).body.data.auditLog.nodes.filter((e: { action: string }) => e.action === 'claims-returned');

  describe('claims returned', () => {
    it('sets the loan aside (RETURNING, fee stopped that day); scanning the copy later closes it', async () => {
      const ann = await gw.member({ name: 'Ann Claims' });
      const { bookId, loanId, barcode } = await lend(ann);
      clock.set(2);
      try {
        const claimed = await claim(loanId, 'Says she used the book drop on Monday');
        expect(claimed.body.errors).toBeUndefined();
        expect(claimed.body.data.markClaimsReturned).toMatchObject({ id: loanId, status: 'RETURNING' });
        const claimedAt = claimed.body.data.markClaimsReturned.claimedAt as string;
        expect(claimedAt).toEqual(expect.any(String));
        expect((await gw.store.items.get(barcode))?.status).toBe('RETURNING');
        // Again (a retry, a second desk): the same loan, one audit entry.
        expect((await claim(loanId)).body.data.markClaimsReturned).toEqual({
          id: loanId,
          status: 'RETURNING',
          claimedAt,
        });
        expect(await claimsAudited(bookId)).toEqual([
          {
            action: 'claims-returned',
            field: 'status',
            oldValue: 'borrowed',
            newValue: 'Says she used the book drop on Monday',
            uid: ann.uid,
          },
        ]);

        // Found three days later: the fee is one day's (due day 1, claimed day 2), not four.
        clock.set(5);
        const done = await gw.gql(
          `mutation($b: String!) { checkInItem(barcode: $b) { loan { id status } fee daysLate itemStatus } }`,
          { b: barcode },
          staff.token,
        );
        expect(done.body.errors).toBeUndefined();
        expect(done.body.data.checkInItem).toEqual({
          loan: { id: loanId, status: 'RETURNED' },
          fee: 50,
          daysLate: 1,
          itemStatus: 'ON_SHELF',
        });
      } finally {
        clock.set(0);
      }
    });

    it('lets staff mark a claimed loan lost when the book is not found', async () => {
      const bea = await gw.member({ name: 'Bea Claims' });
      const { loanId, barcode } = await lend(bea, libraryDay(7));
      expect((await claim(loanId)).body.errors).toBeUndefined();
      const lost = await gw.gql(
        `mutation($id: ID!) { markLost(loanId: $id) { id status } }`,
        { id: loanId },
        staff.token,
      );
      expect(lost.body.errors).toBeUndefined();
      expect(lost.body.data.markLost).toEqual({ id: loanId, status: 'LOST' });
      expect((await gw.store.items.get(barcode))?.status).toBe('LOST');
    });

    it('refuses an ended loan, an unknown one and a member, changing nothing', async () => {
      const cal = await gw.member({ name: 'Cal Claims' });
      const { bookId, loanId } = await lend(cal, libraryDay(7));
      expectError(await claim(loanId, undefined, cal.token), 'FORBIDDEN');
      expect((await gw.store.loans.get(loanId))?.status).toBe('borrowed');
      const back = await gw.gql(
        `mutation($id: ID!) { returnBook(borrowId: $id) { status } }`,
        { id: loanId },
        cal.token,
      );
      expect(back.body.errors).toBeUndefined();
      const ended = expectError(await claim(loanId), 'LOAN_NOT_ACTIVE');
      expect(ended.message).toBe('This loan has already ended.');
      expectError(await claim('0123456789abcdef01234567'), 'NOT_FOUND');
      expectError(await claim('nope'), 'BAD_USER_INPUT', 'loanId');
      expect(await claimsAudited(bookId)).toEqual([]);
    });
  });
});
