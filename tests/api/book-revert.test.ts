// A book's history at the desk, with revert (issue 40, item 6), on both stores: members edit books as the spec
// says; staff write a member's edited value back with revertBookEdit, which is itself in the book's trail; a
// field changed since that edit is refused with a keyed sentence and changes nothing; members may not revert.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { bookBody } from './factory.ts';
import { expectError } from './gql-assert.ts';

const LOG = `query($bookId: ID!) {
  auditLog(bookId: $bookId, first: 100) { nodes { id actor { uid } action field oldValue newValue bookId } }
}`;
const REVERT = `mutation($auditId: ID!) { revertBookEdit(auditId: $auditId) { id title version } }`;

interface Entry {
  id: string;
  actor: { uid: string };
  action: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

describeEachStore((kind) => {
  const staffEmail = `revert-${randomUUID().slice(0, 8)}@example.com`;
  let gw: TestGateway;
  let staff: Member;
  let member: Member;
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind, env: { ADMIN_EMAILS: staffEmail } });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
    member = await gw.member({ name: 'Eager Editor' });
  });
  afterAll(() => gw.close());

  const trail = async (bookId: string) => {
    const answer = await gw.gql<{ auditLog: { nodes: Entry[] } }>(LOG, { bookId }, staff.token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.auditLog.nodes;
  };
  const retitle = async (id: string, title: string, token: string) => {
    const put = await gw.request('PUT', `/api/books/${id}`, { token, body: bookBody({ title, quantity: 1 }) });
    expect(put.status).toBe(200);
  };
  const editOf = async (bookId: string, newValue: string) => {
    const entry = (await trail(bookId)).find((e) => e.action === 'book-edited' && e.newValue === newValue);
    expect(entry).toBeDefined();
    return entry!;
  };

  describe('revertBookEdit', () => {
    it("writes a member's edited title back, and the trail shows the edit and the revert", async () => {
      const id = await gw.addBook({ title: 'Gitanjali', quantity: 1 });
      await retitle(id, 'Gitanjali (vandalised)', member.token);
      const edit = await editOf(id, 'Gitanjali (vandalised)');
      expect(edit.actor.uid).toBe(member.uid);

      const reverted = await gw.gql<{ revertBookEdit: { title: string } }>(REVERT, { auditId: edit.id }, staff.token);
      expect(reverted.body.errors).toBeUndefined();
      expect(reverted.body.data!.revertBookEdit.title).toBe('Gitanjali');
      expect((await gw.store.books.get(id))!.title).toBe('Gitanjali');

      const [latest, previous] = await trail(id);
      expect(latest).toMatchObject({
        action: 'book-reverted',
        actor: { uid: staff.uid },
        field: 'title',
        oldValue: 'Gitanjali (vandalised)',
        newValue: 'Gitanjali',
      });
      expect(previous).toMatchObject({ id: edit.id, action: 'book-edited', field: 'title', oldValue: 'Gitanjali' });
    });

    it('refuses, with a sentence, to revert a field changed since that edit, and changes nothing', async () => {
      const id = await gw.addBook({ title: 'Chokher Bali', quantity: 1 });
      await retitle(id, 'Chokher Bali!', member.token);
      const first = await editOf(id, 'Chokher Bali!');
      await retitle(id, 'Chokher Bali (2nd ed.)', member.token);
      const before = await gw.store.books.get(id);
      const entries = (await trail(id)).length;

      const refused = await gw.gql(REVERT, { auditId: first.id }, staff.token);
      const error = expectError(refused, 'CONFLICT');
      expect((error.extensions as { messageKey?: string }).messageKey).toBe('revertFieldChanged');
      expect(error.message).toContain('title changed again');
      expect(await gw.store.books.get(id)).toEqual(before);
      expect(await trail(id)).toHaveLength(entries);
    });

    it('refuses a member, and an entry that is not an edit of a descriptive field', async () => {
      const id = await gw.addBook({ title: 'Pather Panchali', quantity: 1 });
      await retitle(id, 'Pather Panchali?', member.token);
      const edit = await editOf(id, 'Pather Panchali?');
      expectError(await gw.gql(REVERT, { auditId: edit.id }, member.token), 'FORBIDDEN');
      expect((await gw.store.books.get(id))!.title).toBe('Pather Panchali?');

      const priced = await gw.request('PUT', `/api/books/${id}`, {
        token: staff.token,
        body: bookBody({ title: 'Pather Panchali?', quantity: 1, replacementCost: 900 }),
      });
      expect(priced.status).toBe(200);
      const cost = (await trail(id)).find((e) => e.field === 'replacementCost')!;
      expectError(await gw.gql(REVERT, { auditId: cost.id }, staff.token), 'BAD_USER_INPUT', 'auditId');
      expectError(await gw.gql(REVERT, { auditId: 'a'.repeat(24) }, staff.token), 'NOT_FOUND');
    });
  });
});
