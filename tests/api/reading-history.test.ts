// A reading history only the member owns (issue 42, item 4), over GraphQL on both stores with a test clock: the
// schedule's daily run takes the member off a loan returned more than ANONYMIZE_AFTER_DAYS (30) ago with nothing
// owed; one with a fee stays theirs until it is paid and 30 days more; a member who keeps their history keeps it
// all; deleting it anonymizes at once what nothing is owed on; the loans stay for the statistics.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { isAnonymousMember } from '../../server/store/port.ts';
import { libraryDay } from './factory.ts';

const HISTORY = `{ me { keepsReadingHistory readingHistory(first: 20) {
  totalCount nodes { id bookTitle borrowDate returnedAt status } } } }`;

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  const staffEmail = `history-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, RETURNS: 'self', BORROWING: 'instant' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'History Desk', email: staffEmail });
  });
  afterAll(() => gw.close());
  afterEach(() => clock.set(0));

  const history = async (m: Member) => {
    const read = await gw.gql(HISTORY, {}, m.token);
    expect(read.body.errors).toBeUndefined();
    return read.body.data.me as {
      keepsReadingHistory: boolean;
      readingHistory: { totalCount: number; nodes: { id: string; bookTitle: string; status: string }[] };
    };
  };
  /** Borrows a new book due in a week and returns it (the clock where it stands). */
  const lendAndReturn = async (m: Member, title: string) => {
    const bookId = await gw.addBook({ quantity: 1, title });
    const lent = await gw.gql(
      `mutation($input: BorrowInput!) { borrow(input: $input) { record { id } } }`,
      { input: { bookId, returnDate: libraryDay(7) } },
      m.token,
    );
    expect(lent.body.errors).toBeUndefined();
    return lent.body.data.borrow.record.id as string;
  };
  const giveBack = async (m: Member, loanId: string) => {
    const back = await gw.gql(
      `mutation($id: ID!) { returnBook(borrowId: $id) { id status } }`,
      { id: loanId },
      m.token,
    );
    expect(back.body.errors).toBeUndefined();
  };
  const tickAt = async (days: number) => {
    clock.set(days);
    expect(await gw.schedule.tick()).toBe('ran');
  };

  it('takes the member off a loan returned more than 30 days ago with nothing owed, and keeps it for the statistics', async () => {
    const m = await gw.member();
    const loanId = await lendAndReturn(m, 'Month Old Return');
    await giveBack(m, loanId);
    expect((await history(m)).readingHistory.nodes).toEqual([
      expect.objectContaining({ id: loanId, bookTitle: 'Month Old Return', status: 'RETURNED' }),
    ]);
    await tickAt(29);
    expect((await history(m)).readingHistory.totalCount).toBe(1);
    await tickAt(31);
    clock.set(0);
    expect((await history(m)).readingHistory).toEqual({ totalCount: 0, nodes: [] });
    // The loan stays, without its member: the same book, dates and status, and no name or e-mail.
    const kept = await gw.store.loans.get(loanId);
    expect(kept).toMatchObject({ status: 'returned', bookTitle: 'Month Old Return', userName: '', userEmail: '' });
    expect(isAnonymousMember(kept?.userId ?? '')).toBe(true);
    expect(await gw.store.loans.listByUser(m.uid)).toEqual([]);
  });

  it('keeps a loan with a fee until it is paid and 30 days more', async () => {
    const m = await gw.member();
    const loanId = await lendAndReturn(m, 'Late Return');
    clock.set(10); // three days late
    await giveBack(m, loanId);
    const owed = await gw.store.ledger.balance(m.uid);
    expect(owed).toBeGreaterThan(0);
    await tickAt(45);
    expect((await history(m)).readingHistory.totalCount).toBe(1);
    clock.set(50);
    const paid = await gw.gql(
      `mutation($uid: String!, $amount: Int!) { recordPayment(uid: $uid, amount: $amount) { id } }`,
      { uid: m.uid, amount: owed },
      staff.token,
    );
    expect(paid.body.errors).toBeUndefined();
    await tickAt(70);
    expect((await history(m)).readingHistory.totalCount).toBe(1);
    await tickAt(81);
    expect((await history(m)).readingHistory.totalCount).toBe(0);
    expect(isAnonymousMember((await gw.store.loans.get(loanId))?.userId ?? '')).toBe(true);
  });

  it('keeps every loan of a member who keeps their reading history, and only theirs', async () => {
    const [keeper, other] = [await gw.member(), await gw.member()];
    const set = await gw.gql(`mutation { setReadingHistory(keep: true) { uid } }`, {}, keeper.token);
    expect(set.body.errors).toBeUndefined();
    expect((await history(keeper)).keepsReadingHistory).toBe(true);
    expect((await history(other)).keepsReadingHistory).toBe(false);
    await giveBack(keeper, await lendAndReturn(keeper, 'Kept Reading'));
    await giveBack(other, await lendAndReturn(other, 'Not Kept Reading'));
    await tickAt(120);
    expect((await history(keeper)).readingHistory.nodes).toEqual([
      expect.objectContaining({ bookTitle: 'Kept Reading' }),
    ]);
    expect((await history(other)).readingHistory.totalCount).toBe(0);
    // The download holds the history kept, and the choice.
    clock.set(0);
    const exported = await gw.request('GET', '/api/me/export', { token: keeper.token });
    expect(exported.body.profile).toMatchObject({ keepsReadingHistory: true });
    expect(exported.body.loans).toEqual([expect.objectContaining({ bookTitle: 'Kept Reading', status: 'returned' })]);
  });

  it('deletes a reading history at once, except a loan with something owed', async () => {
    const m = await gw.member();
    const set = await gw.gql(`mutation { setReadingHistory(keep: true) { uid } }`, {}, m.token);
    expect(set.body.errors).toBeUndefined();
    await giveBack(m, await lendAndReturn(m, 'Read Yesterday'));
    const late = await lendAndReturn(m, 'Owed On');
    const onLoan = await lendAndReturn(m, 'Still Out');
    clock.set(10);
    await giveBack(m, late);
    const deleted = await gw.gql(`mutation { deleteReadingHistory }`, {}, m.token);
    expect(deleted.body).toEqual({ data: { deleteReadingHistory: 1 } });
    expect((await history(m)).readingHistory.nodes).toEqual([expect.objectContaining({ bookTitle: 'Owed On' })]);
    // A loan still out is not history: it stays the member's.
    expect((await gw.store.loans.get(onLoan))?.userId).toBe(m.uid);
    // Deleting again changes nothing.
    expect((await gw.gql(`mutation { deleteReadingHistory }`, {}, m.token)).body).toEqual({
      data: { deleteReadingHistory: 0 },
    });
  });

  it('shows a reading history to the member only: staff reading a member get FORBIDDEN', async () => {
    const m = await gw.member();
    const read = await gw.gql(
      `query($uid: String!) { member(uid: $uid) { readingHistory(first: 5) { totalCount } } }`,
      { uid: m.uid },
      staff.token,
    );
    expect(read.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('serves the days a returned loan keeps its member in the policy', async () => {
    expect((await gw.gql('{ policy { anonymizeAfterDays } }', {})).body.data.policy).toEqual({
      anonymizeAfterDays: 30,
    });
  });
});
