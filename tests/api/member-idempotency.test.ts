// A member's writes carry an idempotency key (one per action): a retry after a lost answer gets the first
// answer, never a refusal ("already borrowed") for something that happened; the same key with another request
// is refused; without a key nothing changes. Over GraphQL and REST, on both stores.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { LOAN_FIELDS, gqlBorrow, libraryDay, quantityOf, restBorrow } from './factory.ts';
import { expectError } from './gql-assert.ts';

const BORROW = `mutation($input: BorrowInput!, $key: String) {
  borrow(input: $input, idempotencyKey: $key) { currentQuantity record { ${LOAN_FIELDS} renewals } }
}`;
const RETURN = `mutation($id: ID!, $key: String) { returnBook(borrowId: $id, idempotencyKey: $key) { id status } }`;
const RENEW = `mutation($id: ID!, $key: String) {
  renewLoan(loanId: $id, idempotencyKey: $key) { id renewals returnDate }
}`;
const PLACE = `mutation($id: ID!, $key: String) { placeHold(bookId: $id, idempotencyKey: $key) { id status position } }`;
const CANCEL = `mutation($id: ID!, $key: String) { cancelHold(holdId: $id, idempotencyKey: $key) { id status } }`;

describeEachStore((kind) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind });
  });
  afterAll(() => gw.close());

  const borrow = (m: Member, bookId: string, key?: string, returnDate = libraryDay(7)) =>
    gw.gql(BORROW, { input: { bookId, returnDate }, key }, m.token);
  const loansOf = async (m: Member) => gw.store.loans.listByUser(m.uid);
  const restWithKey = (m: Member, path: string, body: Record<string, unknown>, key: string) =>
    gw.request('POST', path, { token: m.token, body, headers: { 'Idempotency-Key': key } });

  describe('over GraphQL', () => {
    it('a borrow sent again with its key answers the same loan, not ALREADY_BORROWED, and lends once', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 3 });
      const key = randomUUID();
      const first = await borrow(m, bookId, key);
      expect(first.body.errors).toBeUndefined();
      const again = await borrow(m, bookId, key);
      expect(again.body.errors).toBeUndefined();
      expect(again.body.data.borrow).toEqual(first.body.data.borrow);
      expect(await loansOf(m)).toHaveLength(1);
      expect(await quantityOf(gw, bookId)).toBe(2);
    });

    it('refuses the same key with a different request, and changes nothing', async () => {
      const m = await gw.member();
      const [a, b] = [await gw.addBook({ quantity: 1 }), await gw.addBook({ quantity: 1 })];
      const key = randomUUID();
      await borrow(m, a, key);
      const other = await borrow(m, b, key);
      expectError(other, 'REQUEST_KEY_REUSED');
      const otherDay = await borrow(m, a, key, libraryDay(3));
      expectError(otherDay, 'REQUEST_KEY_REUSED');
      expect(await loansOf(m)).toHaveLength(1);
      expect(await quantityOf(gw, b)).toBe(1);
      expectError(await borrow(m, b, 'has spaces'), 'BAD_USER_INPUT', 'idempotencyKey');
      expect(await quantityOf(gw, b)).toBe(1);
    });

    it('a refused borrow frees its key; without a key a second borrow is still refused', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 1 });
      expect((await gqlBorrow(gw, m.token, bookId)).body.errors).toBeUndefined();
      expectError(await gqlBorrow(gw, m.token, bookId), 'ALREADY_BORROWED');
      const key = randomUUID();
      expectError(await borrow(m, bookId, key), 'ALREADY_BORROWED');
      const other = await gw.member();
      // Another member's key space is their own: the same key string is a fresh request for them.
      expectError(await borrow(other, bookId, key), 'OUT_OF_STOCK');
    });

    it('return, renew, place and cancel a hold sent again answer the first result', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 2 });
      const loanId = (await borrow(m, bookId)).body.data.borrow.record.id as string;

      const renewKey = randomUUID();
      const renewed = await gw.gql(RENEW, { id: loanId, key: renewKey }, m.token);
      expect(renewed.body.data.renewLoan).toMatchObject({ renewals: 1 });
      const renewedAgain = await gw.gql(RENEW, { id: loanId, key: renewKey }, m.token);
      expect(renewedAgain.body.errors).toBeUndefined();
      expect(renewedAgain.body.data.renewLoan).toEqual(renewed.body.data.renewLoan);
      expect((await gw.store.loans.get(loanId))?.renewals).toBe(1);

      const returnKey = randomUUID();
      const returned = await gw.gql(RETURN, { id: loanId, key: returnKey }, m.token);
      expect(returned.body.data.returnBook).toEqual({ id: loanId, status: 'RETURNED' });
      const returnedAgain = await gw.gql(RETURN, { id: loanId, key: returnKey }, m.token);
      expect(returnedAgain.body.errors).toBeUndefined();
      expect(returnedAgain.body.data.returnBook).toEqual({ id: loanId, status: 'RETURNED' });
      expect(await quantityOf(gw, bookId)).toBe(2);
      // Without a key a second return is refused as before.
      expectError(await gw.gql(RETURN, { id: loanId }, m.token), 'BAD_USER_INPUT', 'borrowId');

      const scarce = await gw.addBook({ quantity: 1 });
      expect((await borrow(await gw.member(), scarce)).body.errors).toBeUndefined();
      const placeKey = randomUUID();
      const placed = await gw.gql(PLACE, { id: scarce, key: placeKey }, m.token);
      expect(placed.body.data.placeHold).toMatchObject({ status: 'WAITING', position: 1 });
      const placedAgain = await gw.gql(PLACE, { id: scarce, key: placeKey }, m.token);
      expect(placedAgain.body.errors).toBeUndefined();
      expect(placedAgain.body.data.placeHold).toEqual(placed.body.data.placeHold);
      expect(await gw.store.holds.listByUser(m.uid)).toHaveLength(1);
      expectError(await gw.gql(PLACE, { id: scarce }, m.token), 'ALREADY_ON_HOLD');

      const holdId = placed.body.data.placeHold.id as string;
      const cancelKey = randomUUID();
      const cancelled = await gw.gql(CANCEL, { id: holdId, key: cancelKey }, m.token);
      expect(cancelled.body.data.cancelHold).toEqual({ id: holdId, status: 'CANCELLED' });
      const cancelledAgain = await gw.gql(CANCEL, { id: holdId, key: cancelKey }, m.token);
      expect(cancelledAgain.body.errors).toBeUndefined();
      expect(cancelledAgain.body.data.cancelHold).toEqual({ id: holdId, status: 'CANCELLED' });
    });
  });

  describe('over REST, with an Idempotency-Key header', () => {
    it('a borrow sent again answers 201 with the same body, not "already borrowed"', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 2 });
      const key = randomUUID();
      const body = { bookId, userId: m.uid, returnDate: libraryDay(14) };
      const first = await restWithKey(m, '/api/borrow', body, key);
      expect(first.status).toBe(201);
      const again = await restWithKey(m, '/api/borrow', body, key);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await loansOf(m)).toHaveLength(1);
      expect(await quantityOf(gw, bookId)).toBe(1);
      // Without the header the old answer stands.
      expect((await restBorrow(gw, m, bookId)).status).toBe(400);
    });

    it('documents the header in the OpenAPI document of both writes', async () => {
      const { body } = await gw.request('GET', '/api/openapi.json');
      for (const path of ['/api/borrow', '/api/return-book']) {
        const header = body.paths[path].post.parameters.find((p: { in: string }) => p.in === 'header');
        expect(header, path).toMatchObject({ name: 'idempotency-key', required: false });
      }
    });

    it('a return sent again answers 200 success; another request with the key is refused with 422', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 2 });
      const borrowKey = randomUUID();
      const lent = await restWithKey(m, '/api/borrow', { bookId, returnDate: libraryDay(14) }, borrowKey);
      const borrowId = lent.body.borrowId as string;
      const key = randomUUID();
      const first = await restWithKey(m, '/api/return-book', { borrowId, bookId }, key);
      expect(first).toMatchObject({ status: 200, body: { success: true } });
      const again = await restWithKey(m, '/api/return-book', { borrowId, bookId }, key);
      expect(again).toMatchObject({ status: 200, body: first.body });
      expect(await quantityOf(gw, bookId)).toBe(2);
      const reused = await restWithKey(m, '/api/borrow', { bookId, returnDate: libraryDay(14) }, key);
      expect(reused.status).toBe(422);
      expect(reused.body).toMatchObject({ code: 'REQUEST_KEY_REUSED' });
      expect(await loansOf(m)).toHaveLength(1);
    });
  });
});
