// Desk writes carry an idempotency key (one per form submission): sent again, the first answer comes back and
// nothing is recorded twice; the same key with another request is refused. And on either store a balance is
// never paid past zero, however the payments arrive. Over GraphQL (the desk has no REST paths), on both stores.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const PAY = `mutation($uid: String!, $amount: Int!, $note: String, $key: String) {
  recordPayment(uid: $uid, amount: $amount, note: $note, idempotencyKey: $key) { id kind amount note }
}`;
/** A payment as the desk sent it before keys existed. */
const PAY_WITHOUT_KEY = `mutation($uid: String!, $amount: Int!, $note: String) {
  recordPayment(uid: $uid, amount: $amount, note: $note) { id kind amount note }
}`;

describeEachStore((kind) => {
  let gw: TestGateway;
  const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const borrow = async (m: Member) => {
    const answer = await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1 }), libraryDay(7));
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  /** A member owing ৳600: a book marked lost (৳500 replacement + ৳100 processing). */
  const owing600 = async () => {
    const m = await gw.member();
    const marked = await gw.gql(`mutation { markLost(loanId: "${await borrow(m)}") { status } }`, {}, staff.token);
    expect(marked.body.data.markLost).toEqual({ status: 'LOST' });
    return m;
  };
  const pay = (m: Member, amount: number, key?: string, note?: string) =>
    key === undefined
      ? gw.gql(PAY_WITHOUT_KEY, { uid: m.uid, amount, note }, staff.token)
      : gw.gql(PAY, { uid: m.uid, amount, note, key }, staff.token);
  const payments = async (m: Member) => (await gw.store.ledger.list(m.uid)).filter((entry) => entry.kind === 'payment');

  describe('a payment sent again with its key', () => {
    it('answers the first payment and records nothing more', async () => {
      const m = await owing600();
      const key = randomUUID();
      const first = await pay(m, 200, key, 'Cash');
      expect(first.body.data.recordPayment).toMatchObject({ kind: 'PAYMENT', amount: 200, note: 'Cash' });
      const again = await pay(m, 200, key, 'Cash');
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data.recordPayment).toEqual(first.body.data.recordPayment);
      expect(await gw.store.ledger.balance(m.uid)).toBe(400);
      expect(await payments(m)).toHaveLength(1);
    });

    it('twice at once with one key: one payment recorded', async () => {
      const m = await owing600();
      const key = randomUUID();
      const both = await Promise.all([pay(m, 600, key), pay(m, 600, key)]);
      const answered = both.filter((a) => a.body.data?.recordPayment);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      for (const a of both.filter((x) => !x.body.data?.recordPayment)) expectError(a, 'REQUEST_IN_PROGRESS');
      expect(await gw.store.ledger.balance(m.uid)).toBe(0);
      expect(await payments(m)).toHaveLength(1);
    });

    it('refuses the same key with a different request, with a code and a sentence, and records nothing', async () => {
      const m = await owing600();
      const key = randomUUID();
      await pay(m, 100, key);
      const other = await pay(m, 150, key);
      expectError(other, 'REQUEST_KEY_REUSED');
      expect(other.body.errors?.[0]?.message).toBe(
        'This request key was already used for a different request. Nothing was recorded; please submit again.',
      );
      const waived = await gw.gql(
        `mutation($uid: String!, $key: String) { waiveFee(uid: $uid, amount: 100, note: "Goodwill", idempotencyKey: $key) { id } }`,
        { uid: m.uid, key },
        staff.token,
      );
      expectError(waived, 'REQUEST_KEY_REUSED');
      expect(await gw.store.ledger.balance(m.uid)).toBe(500);
      const bad = await pay(m, 100, 'has spaces in it');
      expectError(bad, 'BAD_USER_INPUT', 'idempotencyKey');
      expect(await gw.store.ledger.balance(m.uid)).toBe(500);
    });

    it('lets a refused payment be sent again with its key once the member owes it', async () => {
      const m = await owing600();
      const key = randomUUID();
      expectError(await pay(m, 700, key), 'BAD_USER_INPUT', 'amount');
      await borrow(await gw.member()); // nothing to do with m: the key stays m's refused request
      expect((await pay(m, 600, key)).body.data.recordPayment).toMatchObject({ amount: 600 });
      expect(await gw.store.ledger.balance(m.uid)).toBe(0);
    });
  });

  describe('the whole balance paid twice at once without a key', () => {
    it('is recorded once; the other is told the member owes nothing', async () => {
      const m = await owing600();
      const both = await Promise.all([pay(m, 600), pay(m, 600)]);
      expect(both.filter((a) => a.body.data?.recordPayment)).toHaveLength(1);
      const refused = both.find((a) => !a.body.data?.recordPayment)!;
      expectError(refused, 'BAD_USER_INPUT', 'amount');
      expect(refused.body.errors?.[0]?.message).toBe('This member owes nothing.');
      expect(await gw.store.ledger.balance(m.uid)).toBe(0);
    });
  });

  describe('copies added to one book at two desks at once, each sent again', () => {
    const ADD = `mutation($id: ID!, $key: String) { addItems(bookId: $id, count: 2, idempotencyKey: $key) { barcode } }`;
    const barcodes = (answer: { body: { data?: { addItems: { barcode: string }[] } } }) =>
      answer.body.data!.addItems.map((item) => item.barcode);

    it('answers each key the copies its own request added, not the other desk’s', async () => {
      const bookId = await gw.addBook({ quantity: 1 });
      for (let round = 0; round < 3; round++) {
        const keys = [randomUUID(), randomUUID()];
        const add = (key: string) => gw.gql(ADD, { id: bookId, key }, staff.token);
        const first = await Promise.all(keys.map(add));
        for (const answer of first) expect(answer.body.errors).toBeUndefined();
        const [a, b] = first.map(barcodes);
        expect(new Set([...a!, ...b!]).size).toBe(4);
        const again = await Promise.all(keys.map(add));
        expect(again.map(barcodes)).toEqual([a, b]);
      }
      expect(await gw.store.items.listByBook(bookId)).toHaveLength(13);
    });
  });

  describe('check-in and mark lost sent again with their key', () => {
    it('answer the first check-in and the first loss instead of refusing, charging once', async () => {
      const m = await gw.member();
      const [returned, lost] = [await borrow(m), await borrow(m)];
      const checkIn = (key: string) =>
        gw.gql(
          `mutation($id: ID!, $key: String) { checkIn(loanId: $id, idempotencyKey: $key) { id status } }`,
          { id: returned, key },
          staff.token,
        );
      const key = randomUUID();
      expect((await checkIn(key)).body.data.checkIn).toEqual({ id: returned, status: 'RETURNED' });
      const again = await checkIn(key);
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data.checkIn).toEqual({ id: returned, status: 'RETURNED' });
      // Without the key (a new submission) it is refused as before.
      expectError(await checkIn(randomUUID()), 'BAD_USER_INPUT', 'borrowId');

      const markLost = (key: string, damaged = false) =>
        gw.gql(
          `mutation($id: ID!, $d: Boolean, $key: String) { markLost(loanId: $id, damaged: $d, idempotencyKey: $key) { id status } }`,
          { id: lost, d: damaged, key },
          staff.token,
        );
      const lossKey = randomUUID();
      expect((await markLost(lossKey)).body.data.markLost).toEqual({ id: lost, status: 'LOST' });
      expect((await markLost(lossKey)).body.data.markLost).toEqual({ id: lost, status: 'LOST' });
      expectError(await markLost(lossKey, true), 'REQUEST_KEY_REUSED');
      expect(await gw.store.ledger.balance(m.uid)).toBe(600);
    });
  });
});

describe('idempotency keys belong to the caller', () => {
  it('a member cannot use the desk with a key, and keys are checked only after who may call', async () => {
    const gw = await startTestGateway();
    try {
      const m = await gw.member();
      const answer = await gw.gql(PAY, { uid: m.uid, amount: 1, key: 'k' }, m.token);
      expectError(answer, 'FORBIDDEN');
    } finally {
      await gw.close();
    }
  });
});
