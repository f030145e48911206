// Inventory and money are staff fields once the library has staff: on both stores, over GraphQL and REST, a
// member's edit that changes copies owned (copies, or REST's quantity) or the replacement cost is refused with
// FORBIDDEN and a sentence, and changes nothing; the same fields sent unchanged are accepted; a member's new book
// starts with one copy at the default cost. Without staff the original app's rule stands.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { bookBody, restBorrow } from './factory.ts';
import { expectError } from './gql-assert.ts';

const COPIES = 'Only library staff can change how many copies the library owns.';
const COST = "Only library staff can change a book's replacement cost.";
const UPDATE =
  'mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { title copies replacementCost } }';
const ADD = 'mutation($input: BookInput!) { addBook(input: $input) { id copies replacementCost } }';

/** What the Update form sends: every descriptive field, plus whatever the test adds. */
const edit = (overrides: Record<string, unknown> = {}) => {
  const { quantity: _quantity, ...fields } = bookBody({ title: `Edited ${randomUUID().slice(0, 6)}` });
  return { ...fields, ...overrides };
};

describeEachStore((kind) => {
  describe('with staff configured', () => {
    const staffEmail = `stock-${randomUUID().slice(0, 8)}@example.com`;
    let gw: TestGateway;
    let staff: Member;
    let member: Member;
    beforeAll(async () => {
      gw = await startTestGateway({
        store: kind,
        env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      });
      [staff, member] = [await gw.member({ email: staffEmail }), await gw.member()];
    });
    afterAll(() => gw.close());

    const stored = async (id: string) => {
      const book = await gw.store.books.get(id);
      return { title: book?.title, copies: book?.copies, quantity: book?.quantity, cost: book?.replacementCost };
    };

    it('tells the SPA that staff keep the inventory', async () => {
      expect((await gw.gql('{ policy { inventoryEditors catalogueEditors } }')).body.data).toEqual({
        policy: { inventoryEditors: 'STAFF', catalogueEditors: 'MEMBERS' },
      });
    });

    it("refuses a member's GraphQL edit that changes copies or the cost, and changes nothing", async () => {
      const id = await gw.addBook({ quantity: 3 });
      const before = await stored(id);
      const copies = expectError(await gw.gql(UPDATE, { id, input: edit({ copies: 4 }) }, member.token), 'FORBIDDEN');
      expect(copies.message).toBe(COPIES);
      const available = expectError(
        await gw.gql(UPDATE, { id, input: edit({ quantity: 0 }) }, member.token),
        'FORBIDDEN',
      );
      expect(available.message).toBe(COPIES);
      const cost = expectError(
        await gw.gql(UPDATE, { id, input: edit({ replacementCost: 0 }) }, member.token),
        'FORBIDDEN',
      );
      expect(cost.message).toBe(COST);
      expect(await stored(id)).toEqual(before);
    });

    it("accepts a member's edit that sends copies and cost unchanged, and keeps them as they are", async () => {
      const id = await gw.addBook({ quantity: 3 });
      // One copy on loan: the original form's quantity (copies available) is 2, copies owned still 3.
      expect((await restBorrow(gw, staff, id)).status).toBe(201);
      // The book has no cost of its own: the form shows (and sends back) the library's default, 500.
      const answer = await gw.gql(
        UPDATE,
        { id, input: edit({ title: 'Same stock', copies: 3, quantity: 2, replacementCost: 500 }) },
        member.token,
      );
      expect(answer.body).toEqual({ data: { updateBook: { title: 'Same stock', copies: 3, replacementCost: 500 } } });
      expect(await stored(id)).toEqual({ title: 'Same stock', copies: 3, quantity: 2, cost: null });
    });

    it('lets staff change copies and cost', async () => {
      const id = await gw.addBook({ quantity: 3 });
      const answer = await gw.gql(UPDATE, { id, input: edit({ copies: 5, replacementCost: 0 }) }, staff.token);
      expect(answer.body.data?.updateBook).toMatchObject({ copies: 5, replacementCost: 0 });
    });

    it('refuses more copies than a library shelves (each is an item written at once), on GraphQL and REST', async () => {
      const id = await gw.addBook({ quantity: 3 });
      const tooMany = expectError(
        await gw.gql(UPDATE, { id, input: edit({ copies: 51 }) }, staff.token),
        'BAD_USER_INPUT',
        'copies',
      );
      expect(tooMany.message).toBe('copies must be between 0 and 50');
      const added = await gw.gql(ADD, { input: bookBody({ quantity: 881_984 }) }, staff.token);
      expectError(added, 'BAD_USER_INPUT', 'quantity');
      const put = await gw.request('PUT', `/api/books/${id}`, { token: staff.token, body: edit({ quantity: 51 }) });
      expect(put.status).toBe(400);
      const post = await gw.request('POST', '/api/books', { token: staff.token, body: bookBody({ quantity: 51 }) });
      expect(post.status).toBe(400);
      expect(await gw.store.books.get(id)).toMatchObject({ copies: 3 });
      expect(await gw.store.items.listByBook(id)).toHaveLength(3);
      // The most a library may shelve is still taken.
      const most = await gw.gql(UPDATE, { id, input: edit({ copies: 50 }) }, staff.token);
      expect(most.body.data?.updateBook).toMatchObject({ copies: 50 });
    });

    it("refuses a member's REST edit that changes quantity or cost; accepts the whole loaded book sent back", async () => {
      const id = await gw.addBook({ quantity: 3 });
      const loaded = (await gw.request('GET', `/api/books/${id}`)).body as Record<string, unknown>;
      const put = (body: Record<string, unknown>) =>
        gw.request('PUT', `/api/books/${id}`, { token: member.token, body });
      expect(await put({ ...loaded, quantity: 7 })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: COPIES },
      });
      expect(await put({ ...loaded, replacementCost: 1 })).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: COST },
      });
      expect((await stored(id)).copies).toBe(3);
      const { _id: _ignored, ...whole } = loaded;
      const accepted = await put({ ...whole, title: 'Renamed over REST' });
      expect(accepted).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
      expect(await stored(id)).toMatchObject({ title: 'Renamed over REST', copies: 3, cost: null });
    });

    it("starts a member's new book with one copy at the default cost; staff set any", async () => {
      const refusedCopies = expectError(
        await gw.gql(ADD, { input: bookBody({ quantity: 3 }) }, member.token),
        'FORBIDDEN',
      );
      expect(refusedCopies.message).toBe(COPIES);
      const refusedCost = expectError(
        await gw.gql(ADD, { input: bookBody({ quantity: 1, replacementCost: 0 }) }, member.token),
        'FORBIDDEN',
      );
      expect(refusedCost.message).toBe(COST);
      const rest = await gw.request('POST', '/api/books', { token: member.token, body: bookBody({ quantity: 2 }) });
      expect(rest).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: COPIES } });
      const one = await gw.gql(ADD, { input: bookBody({ quantity: 1 }) }, member.token);
      expect(one.body.data?.addBook).toMatchObject({ copies: 1, replacementCost: 500 });
      const restOne = await gw.request('POST', '/api/books', {
        token: member.token,
        body: bookBody({ quantity: 1, replacementCost: 500 }),
      });
      expect(restOne.status).toBe(201);
      const byStaff = await gw.gql(ADD, { input: bookBody({ quantity: 9, replacementCost: 900 }) }, staff.token);
      expect(byStaff.body.data?.addBook).toMatchObject({ copies: 9, replacementCost: 900 });
    });
  });

  describe('without staff (the original app)', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startTestGateway({ store: kind });
    });
    afterAll(() => gw.close());

    it('lets every member change copies and cost, on GraphQL and REST', async () => {
      const member = await gw.member();
      expect((await gw.gql('{ policy { inventoryEditors } }')).body.data).toEqual({
        policy: { inventoryEditors: 'MEMBERS' },
      });
      const id = await gw.addBook({ quantity: 3 });
      const answer = await gw.gql(UPDATE, { id, input: edit({ copies: 6, replacementCost: 0 }) }, member.token);
      expect(answer.body.data?.updateBook).toMatchObject({ copies: 6, replacementCost: 0 });
      const put = await gw.request('PUT', `/api/books/${id}`, { token: member.token, body: edit({ quantity: 1 }) });
      expect(put.status).toBe(200);
      expect((await gw.store.books.get(id))?.copies).toBe(1);
      const added = await gw.gql(ADD, { input: bookBody({ quantity: 4, replacementCost: 50 }) }, member.token);
      expect(added.body.data?.addBook).toMatchObject({ copies: 4, replacementCost: 50 });
    });
  });
});
