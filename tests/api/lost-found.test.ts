// A lost copy found at the desk (decision 059), over GraphQL on both stores: checkInItem of a LOST copy brings it
// back and refunds its lost loan's replacement charge once (LOST_FOUND in the member's ledger, balance below zero
// allowed, the processing fee stays), audited (lost-found); a copy marked lost by hand comes back without one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const RESULT = 'found refunded fee itemStatus loan { id status userId } holdFound { member { name } }';

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const staffEmail = `found-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, LOST_PROCESSING_FEE: '100', BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: 'Found Desk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const checkIn = (barcode: string, idempotencyKey?: string) =>
    gw.gql(
      `mutation($b: String!, $k: String) { checkInItem(barcode: $b, idempotencyKey: $k) { ${RESULT} } }`,
      { b: barcode, k: idempotencyKey },
      staff.token,
    );
  const account = async (uid: string) =>
    (
      await gw.gql(
        `query($u: String!) { member(uid: $u) { balance ledger { kind amount loanId note } } }`,
        { u: uid },
        staff.token,
      )
    ).body.data.member as { balance: number; ledger: { kind: string; amount: number; loanId: string }[] };
  const audited = async (bookId: string) =>
    (
      await gw.gql(
        `query($id: ID!) { auditLog(bookId: $id, first: 50) { nodes { action field oldValue newValue uid } } }`,
        { id: bookId },
        staff.token,
      )
    ).body.data.auditLog.nodes.filter((e: { action: string }) => e.action === 'lost-found');
  const lose = async (m: Member) => {
    const bookId = await gw.addBook({ quantity: 1, replacementCost: 400 });
    const borrowed = await gqlBorrow(gw, m.token, bookId, libraryDay(7));
    expect(borrowed.body.errors).toBeUndefined();
    const loanId = borrowed.body.data.borrow.record.id as string;
    const lost = await gw.gql(`mutation($id: ID!) { markLost(loanId: $id) { status } }`, { id: loanId }, staff.token);
    expect(lost.body.errors).toBeUndefined();
    return { bookId, loanId, barcode: (await gw.store.loans.get(loanId))!.itemBarcode! };
  };

  describe('a lost copy found', () => {
    it('is checked in and its replacement charge refunded once, as a ledger record; audited', async () => {
      const ann = await gw.member({ name: 'Ann Found' });
      const { bookId, loanId, barcode } = await lose(ann);
      expect((await account(ann.uid)).balance).toBe(500);
      const key = randomUUID();
      const found = await checkIn(barcode, key);
      expect(found.body.errors).toBeUndefined();
      const answer = {
        found: true,
        refunded: 400,
        fee: 0,
        itemStatus: 'ON_SHELF',
        loan: { id: loanId, status: 'LOST', userId: ann.uid },
        holdFound: null,
      };
      expect(found.body.data.checkInItem).toEqual(answer);
      // The request retried: the same answer, nothing more recorded. Scanned again without a key: not on loan.
      expect((await checkIn(barcode, key)).body.data.checkInItem).toEqual(answer);
      expectError(await checkIn(barcode), 'NOT_ON_LOAN');
      const after = await account(ann.uid);
      expect(after.balance).toBe(100);
      expect(after.ledger.filter((entry) => entry.kind === 'LOST_FOUND')).toEqual([
        { kind: 'LOST_FOUND', amount: 400, loanId, note: 'Replacement refunded: the lost copy was found' },
      ]);
      expect(await audited(bookId)).toEqual([
        { action: 'lost-found', field: 'refunded', oldValue: 'LOST', newValue: '400', uid: ann.uid },
      ]);
      expect(await gw.store.books.get(bookId)).toMatchObject({ copies: 1, quantity: 1 });
    });

    it('goes to the member waiting, and may leave a credit (balance below zero)', async () => {
      const bea = await gw.member({ name: 'Bea Found' });
      const cal = await gw.member({ name: 'Cal Waiting' });
      const { bookId, barcode } = await lose(bea);
      const paid = await gw.gql(
        `mutation($u: String!) { recordPayment(uid: $u, amount: 500) { amount } }`,
        { u: bea.uid },
        staff.token,
      );
      expect(paid.body.errors).toBeUndefined();
      // The title's other copy is on loan, so Cal may queue (a title with no copy at all takes no holds).
      const added = await gw.gql(
        `mutation($b: ID!) { addItems(bookId: $b, count: 1) { barcode } }`,
        { b: bookId },
        staff.token,
      );
      expect(added.body.errors).toBeUndefined();
      expect((await gqlBorrow(gw, (await gw.member()).token, bookId, libraryDay(7))).body.errors).toBeUndefined();
      const held = await gw.gql(`mutation($b: ID!) { placeHold(bookId: $b) { status } }`, { b: bookId }, cal.token);
      expect(held.body.errors).toBeUndefined();
      const found = await checkIn(barcode);
      expect(found.body.errors).toBeUndefined();
      expect(found.body.data.checkInItem).toMatchObject({
        refunded: 400,
        itemStatus: 'ON_HOLD_SHELF',
        holdFound: { member: { name: 'Cal Waiting' } },
      });
      expect((await account(bea.uid)).balance).toBe(-400);
    });

    // Credits settle the oldest open charge first (replacement 400, then the processing fee 100): the refund is
    // what was paid of the replacement plus what is still owed of it, never a waived part.
    it.each([
      { case: 'all waived', credits: 'waiver 500', refunded: 0, balance: 0 },
      { case: 'the replacement waived', credits: 'waiver 400', refunded: 0, balance: 100 },
      { case: 'partly waived', credits: 'waiver 150', refunded: 250, balance: 100 },
      { case: 'partly paid, the rest waived', credits: 'payment 300, waiver 200', refunded: 300, balance: -300 },
      { case: 'partly paid, partly waived', credits: 'payment 100, waiver 100', refunded: 300, balance: 0 },
      { case: 'partly paid', credits: 'payment 200', refunded: 400, balance: -100 },
    ])('refunds what was paid of the replacement, no waived part: $case', async ({ credits, refunded, balance }) => {
      const dee = await gw.member({ name: 'Dee Waived' });
      const { barcode, bookId } = await lose(dee);
      for (const [kind, amount] of credits.split(', ').map((credit) => credit.split(' '))) {
        const field = kind === 'waiver' ? 'waiveFee' : 'recordPayment';
        const sent = await gw.gql(
          `mutation($u: String!, $a: Int!) { ${field}(uid: $u, amount: $a, note: "Goodwill") { amount } }`,
          { u: dee.uid, a: Number(amount) },
          staff.token,
        );
        expect(sent.body.errors).toBeUndefined();
      }
      const found = await checkIn(barcode);
      expect(found.body.errors).toBeUndefined();
      expect(found.body.data.checkInItem).toMatchObject({ found: true, refunded, itemStatus: 'ON_SHELF' });
      const after = await account(dee.uid);
      expect(after.balance).toBe(balance);
      expect(after.ledger.filter((entry) => entry.kind === 'LOST_FOUND').map((entry) => entry.amount)).toEqual(
        refunded ? [refunded] : [],
      );
      expect(await audited(bookId)).toMatchObject([{ newValue: String(refunded) }]);
    });

    it('brings back a copy marked lost by hand, refunding nothing', async () => {
      const bookId = await gw.addBook({ quantity: 1 });
      const [item] = await gw.store.items.listByBook(bookId);
      await gw.store.items.setStatus(item!.barcode, 'LOST', null, new Date());
      const found = await checkIn(item!.barcode);
      expect(found.body.errors).toBeUndefined();
      expect(found.body.data.checkInItem).toEqual({
        found: true,
        refunded: 0,
        fee: 0,
        itemStatus: 'ON_SHELF',
        loan: null,
        holdFound: null,
      });
      expect(await audited(bookId)).toEqual([
        { action: 'lost-found', field: 'refunded', oldValue: 'LOST', newValue: '0', uid: null },
      ]);
    });
  });
});
