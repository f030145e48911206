// A loan that loses its member loses them from the audit trail too (issue 42, item 4; decision 083), on both stores
// with a test clock: after the daily run (or the member deleting their history), the book's trail still lists the
// loan's check-out and check-in, its borrow and return, but about an anonymous member: no uid, card or name of the
// member; the member's other entries (a loan still out) stay theirs, and a member who keeps their history keeps all.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { isAnonymousMember } from '../../server/store/port.ts';
import { gqlBorrow, libraryDay } from './factory.ts';

const TRAIL = `query($bookId: ID, $uid: String) {
  auditLog(bookId: $bookId, uid: $uid, first: 50) { nodes { action uid memberCard actor { uid name } } }
}`;

type Entry = { action: string; uid: string | null; memberCard: string | null; actor: { uid: string; name: string } };

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  const staffEmail = `trail-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, RETURNS: 'self', BORROWING: 'instant' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Trail Desk', email: staffEmail });
  });
  afterAll(() => gw.close());
  afterEach(() => clock.set(0));

  const trail = async (about: { bookId?: string; uid?: string }) => {
    const read = await gw.gql(TRAIL, about, staff.token);
    expect(read.body.errors).toBeUndefined();
    return read.body.data.auditLog.nodes as Entry[];
  };
  const ok = async (query: string, variables: Record<string, unknown>, token: string) => {
    const sent = await gw.gql(query, variables, token);
    expect(sent.body.errors).toBeUndefined();
    return sent.body.data;
  };
  /** A book borrowed and returned in the app: its id and the loan's. */
  const inTheApp = async (m: Member, title: string) => {
    const bookId = await gw.addBook({ quantity: 1, title });
    const lent = await gqlBorrow(gw, m.token, bookId, libraryDay(7));
    expect(lent.body.errors).toBeUndefined();
    const loanId = lent.body.data.borrow.record.id as string;
    await ok('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, m.token);
    return { bookId, loanId };
  };
  /** A copy checked out to the member at the desk by card and checked in: the book's id and the loan's. */
  const atTheDesk = async (m: Member, title: string) => {
    const bookId = await gw.addBook({ quantity: 1, title });
    const { book } = await ok('query($id: ID!) { book(id: $id) { items { barcode } } }', { id: bookId }, staff.token);
    const barcode = book.items[0].barcode as string;
    const card = (await gw.store.users.getByUid(m.uid))?.cardNumber;
    const { checkOut } = await ok(
      'mutation($c: String!, $b: String!) { checkOut(card: $c, barcode: $b) { id } }',
      { c: card, b: barcode },
      staff.token,
    );
    await ok('mutation($b: String!) { checkInItem(barcode: $b) { loan { id } } }', { b: barcode }, staff.token);
    return { bookId, loanId: checkOut.id as string };
  };
  /** The book's trail names nobody of the member: each entry of the loan is about the loan's marker. */
  const anonymousIn = async (m: Member, card: string, book: { bookId: string; loanId: string }) => {
    const marker = (await gw.store.loans.get(book.loanId))?.userId ?? '';
    expect(isAnonymousMember(marker)).toBe(true);
    const entries = await trail({ bookId: book.bookId });
    const loans = entries.filter((e) => e.uid !== null);
    expect(loans.length).toBeGreaterThanOrEqual(2);
    expect(new Set(loans.map((e) => e.uid))).toEqual(new Set([marker]));
    const seen = JSON.stringify(entries);
    for (const named of [m.uid, card, m.name]) expect(seen).not.toContain(named);
  };

  it('takes the member off the book’s trail of loans returned 31 days ago, in the app and at the desk', async () => {
    const m = await gw.member({ name: `Trail Reader ${randomUUID().slice(0, 6)}` });
    const card = (await gw.store.users.getByUid(m.uid))?.cardNumber ?? '';
    expect(card).toMatch(/^BM/);
    const app = await inTheApp(m, 'Read In The App');
    const desk = await atTheDesk(m, 'Read At The Desk');
    // Still out: its entries stay the member's.
    const outBook = await gw.addBook({ quantity: 1, title: 'Still Reading' });
    expect((await gqlBorrow(gw, m.token, outBook, libraryDay(7))).body.errors).toBeUndefined();
    expect((await trail({ uid: m.uid })).length).toBe(5);

    clock.set(31);
    expect(await gw.schedule.tick()).toBe('ran');
    clock.set(0);
    await anonymousIn(m, card, app);
    await anonymousIn(m, card, desk);
    // The desk's check-out and check-in stay staff's; the member's own borrow and return are a marker's.
    const deskTrail = await trail({ bookId: desk.bookId });
    expect(deskTrail.filter((e) => e.uid !== null).map((e) => [e.action, e.actor.name])).toEqual([
      ['check-in', 'Trail Desk'],
      ['check-out', 'Trail Desk'],
    ]);
    const appTrail = await trail({ bookId: app.bookId });
    expect(appTrail.filter((e) => e.uid !== null).map((e) => [e.action, e.actor.name])).toEqual([
      ['returned', ''],
      ['borrowed', ''],
    ]);
    expect(appTrail.every((e) => e.memberCard === null)).toBe(true);
    // The member's entries now: the loan still out, with their card.
    expect(await trail({ uid: m.uid })).toEqual([
      { action: 'borrowed', uid: m.uid, memberCard: card, actor: { uid: m.uid, name: m.name } },
    ]);
  });

  it('takes the member off the trail at once when they delete their reading history', async () => {
    const m = await gw.member({ name: `Deleting Reader ${randomUUID().slice(0, 6)}` });
    const card = (await gw.store.users.getByUid(m.uid))?.cardNumber ?? '';
    const app = await inTheApp(m, 'Deleted In The App');
    const desk = await atTheDesk(m, 'Deleted At The Desk');
    expect(await ok('mutation { deleteReadingHistory }', {}, m.token)).toEqual({ deleteReadingHistory: 2 });
    await anonymousIn(m, card, app);
    await anonymousIn(m, card, desk);
    expect(await trail({ uid: m.uid })).toEqual([]);
  });

  it('leaves the trail of a member who keeps their reading history as it was', async () => {
    const m = await gw.member({ name: `Keeping Reader ${randomUUID().slice(0, 6)}` });
    await ok('mutation { setReadingHistory(keep: true) { uid } }', {}, m.token);
    const app = await inTheApp(m, 'Kept In The App');
    clock.set(120);
    expect(await gw.schedule.tick()).toBe('ran');
    clock.set(0);
    expect((await gw.store.loans.get(app.loanId))?.userId).toBe(m.uid);
    expect((await trail({ bookId: app.bookId })).filter((e) => e.uid === m.uid).map((e) => e.action)).toEqual([
      'returned',
      'borrowed',
    ]);
  });
});
