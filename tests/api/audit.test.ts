// The audit trail over HTTP, on both stores: catalogue edits (one entry per field changed), desk actions and
// role changes are recorded with who, when (the library's clock) and which API; staff read a book's or a
// member's history page by page; members and visitors are refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { bookBody, gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const LOG = `query($bookId: ID, $uid: String, $first: Int, $after: String) {
  auditLog(bookId: $bookId, uid: $uid, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { id at actor { uid name } api action field oldValue newValue bookId uid }
  }
}`;
const UPDATE = `mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { id } }`;

interface Entry {
  id: string;
  at: string;
  actor: { uid: string; name: string };
  api: string | null;
  action: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  bookId: string | null;
  uid: string | null;
}

describeEachStore((kind) => {
  const clock = new Date('2026-05-10T06:00:00.000Z');
  const staffEmail = `audit-${randomUUID().slice(0, 8)}@example.com`;
  const promotedEmail = `promoted-${randomUUID().slice(0, 8)}@example.com`;
  let gw: TestGateway;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: `${staffEmail},${promotedEmail}`, BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: () => clock,
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const log = async (
    args: { bookId?: string; uid?: string; first?: number; after?: string | null },
    token = staff.token,
  ) =>
    gw.gql<{
      auditLog: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: Entry[] };
    }>(LOG, args, token);
  const entries = async (args: { bookId?: string; uid?: string }) => {
    const answer = await log({ ...args, first: 100 });
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.auditLog.nodes;
  };

  describe('catalogue edits', () => {
    it('records one entry per field changed, with old and new values, who, when and the API', async () => {
      const id = await gw.addBook({ title: 'Dracula', rating: 4, quantity: 2 });
      const put = await gw.request('PUT', `/api/books/${id}`, {
        token: staff.token,
        body: bookBody({ title: 'Dracula (annotated)', author: 'Test Author', rating: 4.5, quantity: 2 }),
      });
      expect(put.status).toBe(200);
      const book = await gw.store.books.get(id);
      const input = {
        ...bookBody(),
        title: 'Dracula (annotated)',
        rating: 4.5,
        copies: 5,
        description: book!.description,
      };
      const { quantity: _q, ...gqlInput } = { ...input, image: book!.image, genre: book!.genre, author: book!.author };
      const edited = await gw.gql(UPDATE, { id, input: gqlInput }, staff.token);
      expect(edited.body.errors).toBeUndefined();

      const history = await entries({ bookId: id });
      const common = {
        at: clock.toISOString(),
        actor: { uid: staff.uid, name: 'Desk Clerk' },
        action: 'book-edited',
        bookId: id,
        uid: null,
      };
      expect(history.map(({ id: _id, ...rest }) => rest)).toEqual([
        { ...common, api: 'graphql', field: 'copies', oldValue: '2', newValue: '5' },
        { ...common, api: 'rest', field: 'rating', oldValue: '4', newValue: '4.5' },
        { ...common, api: 'rest', field: 'title', oldValue: 'Dracula', newValue: 'Dracula (annotated)' },
      ]);
    });

    it('records a new book field by field, and nothing for an edit that changes nothing', async () => {
      const added = await gw.request('POST', '/api/books', {
        token: staff.token,
        body: bookBody({ title: 'Carmilla', quantity: 1 }),
      });
      expect(added.status).toBe(201);
      const id = added.body.insertedId as string;
      const history = await entries({ bookId: id });
      expect(history.every((e) => e.action === 'book-added' && e.oldValue === null && e.api === 'rest')).toBe(true);
      expect(history.find((e) => e.field === 'title')?.newValue).toBe('Carmilla');
      expect(history.find((e) => e.field === 'copies')?.newValue).toBe('1');
      const same = await gw.request('PUT', `/api/books/${id}`, {
        token: staff.token,
        body: bookBody({ title: 'Carmilla', quantity: 1 }),
      });
      expect(same.status).toBe(200);
      expect(await entries({ bookId: id })).toHaveLength(history.length);
    });
  });

  describe('desk actions', () => {
    it('records a check-in and a payment with the staff member, the API, the book and the member', async () => {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 1 });
      const borrowed = await gqlBorrow(gw, m.token, bookId, libraryDay(7, clock));
      const loanId = borrowed.body.data.borrow.record.id as string;
      expect(
        (await gw.gql(`mutation { markLost(loanId: "${loanId}") { status } }`, {}, staff.token)).body.errors,
      ).toBeUndefined();
      const paid = await gw.gql(
        `mutation($uid: String!) { recordPayment(uid: $uid, amount: 200) { id } }`,
        { uid: m.uid },
        staff.token,
      );
      expect(paid.body.errors).toBeUndefined();

      const waived = await gw.gql(
        `mutation($uid: String!) { waiveFee(uid: $uid, amount: 400, note: "Goodwill") { id } }`,
        { uid: m.uid },
        staff.token,
      );
      expect(waived.body.errors).toBeUndefined();
      const second = await gw.addBook({ quantity: 1 });
      const loan2 = (await gqlBorrow(gw, m.token, second, libraryDay(7, clock))).body.data.borrow.record.id as string;
      const checkedIn = await gw.gql(`mutation { checkIn(loanId: "${loan2}") { status } }`, {}, staff.token);
      expect(checkedIn.body.errors).toBeUndefined();

      // The member's own borrows in the app are in it too, by the member (issue 40, item 6).
      const all = await entries({ uid: m.uid });
      const history = all.filter((e) => e.action !== 'borrowed');
      expect(all.filter((e) => e.action === 'borrowed').map((e) => [e.bookId, e.actor.uid])).toEqual([
        [second, m.uid],
        [bookId, m.uid],
      ]);
      const actions = history.map((e) => [e.action, e.field, e.oldValue, e.newValue, e.bookId]);
      expect(actions).toEqual([
        ['check-in', 'status', 'borrowed', 'returned', second],
        ['waiver', 'balance', '400', '0', null],
        ['payment', 'balance', '600', '400', null],
        ['mark-lost', 'status', 'borrowed', 'lost', bookId],
      ]);
      for (const e of history)
        expect(e).toMatchObject({ actor: { uid: staff.uid, name: 'Desk Clerk' }, api: 'graphql', uid: m.uid });
      // The book's history shows the loan, from its borrow to its check-in.
      expect((await entries({ bookId: second })).map((e) => e.action)).toEqual(['check-in', 'borrowed']);
    });

    it("records staff cancelling a member's hold, but not a member leaving a queue", async () => {
      const [m, other] = [await gw.member(), await gw.member()];
      const bookId = await gw.addBook({ quantity: 1 });
      await gqlBorrow(gw, other.token, bookId, libraryDay(7, clock));
      const place = (token: string) => gw.gql(`mutation { placeHold(bookId: "${bookId}") { id } }`, {}, token);
      const cancel = (id: string, token: string) =>
        gw.gql(`mutation { cancelHold(holdId: "${id}") { status } }`, {}, token);
      const own = (await place(m.token)).body.data.placeHold.id as string;
      expect((await cancel(own, m.token)).body.errors).toBeUndefined();
      const second = (await place(m.token)).body.data.placeHold.id as string;
      expect((await cancel(second, staff.token)).body.errors).toBeUndefined();
      const history = await entries({ uid: m.uid });
      expect(history.map((e) => [e.action, e.oldValue, e.newValue, e.actor.uid])).toEqual([
        ['hold-cancelled', 'waiting', 'cancelled', staff.uid],
      ]);
    });
  });

  describe('roles', () => {
    it('records a member becoming staff when ADMIN_EMAILS names them at sign-in, once', async () => {
      const user = await gw.firebaseUser({ email: promotedEmail, name: 'Pat Promoted' });
      await gw.store.users.upsert({
        uid: user.uid,
        email: user.email,
        name: user.name,
        photoURL: null,
        role: 'member',
      });
      const signIn = () =>
        gw.request('POST', '/api/jwt', { body: { idToken: user.idToken, uid: user.uid, displayName: user.name } });
      expect((await signIn()).status).toBe(200);
      expect((await signIn()).status).toBe(200);
      const history = await entries({ uid: user.uid });
      expect(history.map(({ id: _id, ...rest }) => rest)).toEqual([
        {
          at: clock.toISOString(),
          actor: { uid: user.uid, name: 'Pat Promoted' },
          api: 'rest',
          action: 'role-changed',
          field: 'role',
          oldValue: 'member',
          newValue: 'admin',
          bookId: null,
          uid: user.uid,
        },
      ]);
    });
  });

  describe('who may read it', () => {
    it('refuses members with FORBIDDEN and visitors with UNAUTHENTICATED, even about themselves', async () => {
      const m = await gw.member();
      expectError(await log({ uid: m.uid }, m.token), 'FORBIDDEN');
      expectError(await gw.gql(LOG, { uid: m.uid }), 'UNAUTHENTICATED');
    });

    it('asks for exactly one of bookId and uid, and a valid cursor', async () => {
      const bookId = await gw.addBook();
      expectError(await log({}), 'BAD_USER_INPUT', 'bookId');
      expectError(await log({ bookId, uid: staff.uid }), 'BAD_USER_INPUT', 'bookId');
      expectError(await log({ bookId, after: 'nonsense' }), 'BAD_USER_INPUT', 'after');
      expectError(await log({ bookId, first: 0 }), 'BAD_USER_INPUT', 'first');
    });
  });

  describe('paging', () => {
    it('walks a history newest first, each entry once, while more is recorded between pages', async () => {
      const id = await gw.addBook({ title: 'T0' });
      const book = await gw.store.books.get(id);
      const rename = (title: string) =>
        gw.gql(
          UPDATE,
          { id, input: { title, author: book!.author, genre: book!.genre, image: book!.image, rating: book!.rating } },
          staff.token,
        );
      for (let i = 1; i <= 5; i++) expect((await rename(`T${i}`)).body.errors).toBeUndefined();
      const seen: string[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 5; pages++) {
        const page: { nodes: Entry[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } = (
          await log({ bookId: id, first: 2, after })
        ).body.data!.auditLog;
        seen.push(...page.nodes.map((e) => e.newValue ?? ''));
        if (pages === 0) expect((await rename('T6')).body.errors).toBeUndefined();
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen).toEqual(['T5', 'T4', 'T3', 'T2', 'T1']);
      expect((await log({ bookId: id, first: 2 })).body.data!.auditLog.totalCount).toBe(6);
    });
  });
});
