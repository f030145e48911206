// Receipts are records (issue 40, decision 074): a payment or waiver keeps the balance it left and a short
// sequential reference, whatever is charged or waived after it; staff find it by that reference; a waiver needs a
// reason. On both stores.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const ENTRY = 'id kind amount note balanceAfter reference';

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const borrow = async (m: Member, replacementCost = 400) => {
    const borrowed = await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1, replacementCost }), libraryDay(7));
    expect(borrowed.body.errors).toBeUndefined();
    return borrowed.body.data.borrow.record.id as string;
  };
  const lose = async (loanId: string) => {
    const lost = await gw.gql(`mutation($id: ID!) { markLost(loanId: $id) { status } }`, { id: loanId }, staff.token);
    expect(lost.body.errors).toBeUndefined();
  };
  const credit = (field: 'recordPayment' | 'waiveFee', m: Member, amount: number, note?: string | null) =>
    gw.gql(
      `mutation($u: String!, $a: Int!, $n: String) { ${field}(uid: $u, amount: $a, note: $n) { ${ENTRY} } }`,
      { u: m.uid, a: amount, n: note },
      staff.token,
    );
  const ledger = async (m: Member) =>
    (await gw.gql(`query($u: String!) { member(uid: $u) { balance ledger { ${ENTRY} } } }`, { u: m.uid }, staff.token))
      .body.data.member as { balance: number; ledger: { id: string; kind: string; balanceAfter: number | null }[] };
  const numberOf = (reference: string) => Number(/^R-\d{4}-(\d{6})$/.exec(reference)?.[1]);

  describe('a payment keeps what was owed when it was recorded', () => {
    it('stays what it said after a later waiver and a later lost copy; reads the same on the member’s own ledger', async () => {
      const m = await gw.member({ name: 'Rahim Uddin' });
      const [first, second] = [await borrow(m), await borrow(m, 250)];
      await lose(first);
      // Owes 400 + the processing fee; pays 100.
      const owed = (await ledger(m)).balance;
      const paid = await credit('recordPayment', m, 100, 'Cash');
      expect(paid.body.errors).toBeUndefined();
      const payment = paid.body.data.recordPayment;
      expect(payment).toMatchObject({ kind: 'PAYMENT', balanceAfter: owed - 100 });
      expect(payment.reference).toMatch(/^R-\d{4}-\d{6}$/);

      expect((await credit('waiveFee', m, 50, 'First time late')).body.data.waiveFee.balanceAfter).toBe(owed - 150);
      await lose(second);
      const after = await ledger(m);
      expect(after.balance).toBeGreaterThan(owed);
      expect(after.ledger.find((e) => e.id === payment.id)).toEqual(payment);
      const mine = (await gw.gql(`{ me { ledger { id balanceAfter reference } } }`, {}, m.token)).body.data.me.ledger;
      expect(mine.find((e: { id: string }) => e.id === payment.id)).toEqual({
        id: payment.id,
        balanceAfter: owed - 100,
        reference: payment.reference,
      });
      // Charges have neither.
      expect(after.ledger.filter((e) => e.kind === 'REPLACEMENT').map((e) => e.balanceAfter)).toEqual([null, null]);
    });
  });

  describe('references', () => {
    it('are sequential and unique, also for payments sent at once; staff find one by it, typed any way', async () => {
      const members = await Promise.all([1, 2, 3].map((n) => gw.member({ name: `Payer ${n}` })));
      for (const m of members) await lose(await borrow(m));
      const sent = await Promise.all(
        members.flatMap((m) => [1, 2, 3, 4].map(() => credit('recordPayment', m, 10, 'Cash'))),
      );
      const references = sent.map((r) => r.body.data.recordPayment.reference as string);
      expect(new Set(references).size).toBe(12);
      const numbers = references.map(numberOf).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));

      const wanted = sent[5]!.body.data.recordPayment;
      const typed = `  ${wanted.reference.toLowerCase().replace(/-/g, '')} `;
      const found = await gw.gql(
        `query($r: String!) { receipt(reference: $r) { id reference balanceAfter memberUid memberName } }`,
        { r: typed },
        staff.token,
      );
      expect(found.body.errors).toBeUndefined();
      expect(found.body.data.receipt).toEqual({
        id: wanted.id,
        reference: wanted.reference,
        balanceAfter: wanted.balanceAfter,
        memberUid: members[1]!.uid,
        memberName: 'Payer 2',
      });
      const none = await gw.gql(`{ receipt(reference: "R-1999-000001") { id } }`, {}, staff.token);
      expect(none.body.data.receipt).toBeNull();
      const member = await gw.gql(`{ receipt(reference: "${wanted.reference}") { id } }`, {}, members[0]!.token);
      expectError(member, 'FORBIDDEN');
    });
  });

  describe('a waiver', () => {
    it('without a reason is refused in the reader’s language and writes nothing', async () => {
      const m = await gw.member({ name: 'Karim Hasan' });
      await lose(await borrow(m));
      const before = await ledger(m);
      for (const note of [undefined, null, '', '   ']) {
        const refused = await credit('waiveFee', m, 50, note);
        expect(expectError(refused, 'BAD_USER_INPUT', 'note').message).toBe('Say why the fee is waived.');
      }
      const bangla = await gw.request('POST', '/graphql', {
        body: {
          query: 'mutation($u: String!) { waiveFee(uid: $u, amount: 50) { id } }',
          variables: { u: m.uid },
        },
        token: staff.token,
        headers: { 'accept-language': 'bn' },
      });
      expect(bangla.body.errors?.[0]?.message).toBe('মাশুল কেন মওকুফ করা হচ্ছে তা লিখুন।');
      expect(await ledger(m)).toEqual(before);
      const waived = await credit('waiveFee', m, 50, 'Flood damage at home');
      expect(waived.body.data.waiveFee).toMatchObject({ kind: 'WAIVER', note: 'Flood damage at home' });
    });
  });
});
