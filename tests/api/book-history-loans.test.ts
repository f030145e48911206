// A book's trail lists its loans (issue 40, item 6), on both stores: a member's borrow and return in the app are
// in the book's audit trail as a desk check-out and check-in are, each with when, who and the member's library
// card (staff only); the member reads them among the entries about them, without who recorded them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { gqlBorrow, libraryDay } from './factory.ts';

const TRAIL = `query($id: ID!) {
  auditLog(bookId: $id, first: 20) { nodes { at action field oldValue newValue uid memberCard api actor { uid name } } }
}`;

type Entry = {
  at: string;
  action: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  uid: string | null;
  memberCard: string | null;
  api: string | null;
  actor: { uid: string; name: string };
};

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  beforeAll(async () => {
    const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
    // Members borrow and return in the app here (a self-service way of lending, in a library with staff).
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, RETURNS: 'self', BORROWING: 'instant' },
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const trailOf = async (bookId: string) =>
    (await gw.gql(TRAIL, { id: bookId }, staff.token)).body.data.auditLog.nodes as Entry[];

  it('lists a loan made and ended in the app in the book’s trail: when, by whom, the member’s card', async () => {
    const m = await gw.member({ name: 'Trail Reader' });
    const card = (await gw.gql('{ me { cardNumber } }', {}, m.token)).body.data.me.cardNumber as string;
    expect(card).toMatch(/^BM/);
    const bookId = await gw.addBook({ quantity: 1, title: 'Trail Book' });
    const before = Date.now();
    const lent = await gqlBorrow(gw, m.token, bookId, libraryDay(7));
    expect(lent.body.errors).toBeUndefined();
    const loanId = lent.body.data.borrow.record.id as string;
    const back = await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { status } }', { id: loanId }, m.token);
    expect(back.body.data.returnBook.status).toBe('RETURNED');

    const trail = await trailOf(bookId);
    const loans = trail.filter((e) => e.action === 'borrowed' || e.action === 'returned');
    // Newest first: the return, then the borrow; each by the member, through GraphQL, about them, with their card.
    const who = { uid: m.uid, memberCard: card, api: 'graphql', actor: { uid: m.uid, name: 'Trail Reader' } };
    expect(loans).toEqual([
      {
        ...who,
        at: expect.any(String),
        action: 'returned',
        field: 'status',
        oldValue: 'borrowed',
        newValue: 'returned',
      },
      { ...who, at: expect.any(String), action: 'borrowed', field: 'dueDate', oldValue: null, newValue: libraryDay(7) },
    ]);
    for (const entry of loans) expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);

    // The member reads the entries about them (their export), without who recorded them.
    const mine = (await gw.request('GET', '/api/me/export', { token: m.token })).body.audit as Entry[];
    expect(mine.filter((e) => e.action === 'borrowed' || e.action === 'returned').map((e) => e.action)).toEqual([
      'returned',
      'borrowed',
    ]);
  });

  it('lists a borrow through REST as well, and a member may not read a book’s trail', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 1 });
    const lent = await gw.request('POST', '/api/borrow', {
      body: { bookId, returnDate: libraryDay(5) },
      token: m.token,
    });
    expect(lent.status).toBe(201);
    const borrowed = (await trailOf(bookId)).filter((e) => e.action === 'borrowed');
    expect(borrowed).toEqual([expect.objectContaining({ uid: m.uid, api: 'rest', newValue: libraryDay(5) })]);
    const asMember = await gw.gql(TRAIL, { id: bookId }, m.token);
    expect(asMember.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
