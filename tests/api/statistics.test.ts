// The library's statistics over GraphQL (library/statistics.ts), on both stores: staff only; periods checked;
// days, Saturday weeks and months of the library's calendar (a loan at 00:30 in Dhaka is that day's, though it
// is the day before in UTC); overdue loans by age agree with each loan's fee as its standing says it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const LOAN_STATS = `query($from: String!, $to: String!, $interval: StatsInterval!) {
  loanStats(from: $from, to: $to, interval: $interval) { buckets { start loans returns newMembers activeMembers } }
}`;
const TOP = `query($from: String!, $to: String!, $first: Int) {
  topBooks(from: $from, to: $to, first: $first) { book { id title } loans }
  topGenres(from: $from, to: $to) { genre loans }
}`;
const AGING = `{
  overdueAging { bucket count amount }
  overdueLoans(first: 100, minDays: 1) { nodes { overdueDays fee } totalCount }
}`;
const DAY_MS = 86_400_000;

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  /** The library's clock: real time, or an instant a test sets. */
  let fixed: Date | null = null;
  const now = () => fixed ?? new Date();
  const email = `stats-${kind}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: email, LATE_FEE_PER_DAY: '10', BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: now,
    });
    staff = await gw.member({ name: 'Staff Stats', email });
  });
  afterAll(() => gw.close());

  /** A new member borrows a new book (genre as given) at the library's instant `at`, due a week later. */
  const borrowAt = async (at: Date, overrides: { title?: string; genre?: string } = {}) => {
    fixed = at;
    try {
      const m = await gw.member();
      const bookId = await gw.addBook({ quantity: 1, ...overrides });
      const answer = await gqlBorrow(gw, m.token, bookId, libraryDay(7, at));
      expect(answer.body.errors).toBeUndefined();
      return bookId;
    } finally {
      fixed = null;
    }
  };

  describe('access', () => {
    it('refuses a member and answers staff', async () => {
      const m = await gw.member();
      const vars = { from: '2031-03-01', to: '2031-03-31', interval: 'WEEK' };
      expectError(await gw.gql(LOAN_STATS, vars, m.token), 'FORBIDDEN');
      expectError(await gw.gql('{ overdueAging { bucket } }', {}, m.token), 'FORBIDDEN');
      const answer = await gw.gql(LOAN_STATS, vars, staff.token);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.data.loanStats.buckets.map((b: { start: string }) => b.start)).toEqual([
        // 1 March 2031 is a Saturday: the library's weeks start on it, the last is cut short at the 31st.
        '2031-03-01',
        '2031-03-08',
        '2031-03-15',
        '2031-03-22',
        '2031-03-29',
      ]);
    });
  });

  describe('the period', () => {
    const refusal = async (vars: Record<string, unknown>, field: string, key: string, query = LOAN_STATS) => {
      const error = expectError(await gw.gql(query, vars, staff.token), 'BAD_USER_INPUT', field);
      expect((error.extensions as { messageKey?: string }).messageKey).toBe(key);
    };

    it('refuses a day that is not one, a period ending before it starts, or over five years', async () => {
      await refusal({ from: '2031-02-30', to: '2031-03-01', interval: 'DAY' }, 'from', 'fieldDay');
      await refusal({ from: '2031-03-01', to: '1 March', interval: 'DAY' }, 'to', 'fieldDay');
      await refusal({ from: '2031-03-02', to: '2031-03-01', interval: 'DAY' }, 'to', 'reportPeriodBackwards');
      await refusal({ from: '2026-01-01', to: '2031-01-01', interval: 'MONTH' }, 'to', 'reportPeriodTooLong');
      // A day short of five years is a period; cut by day it is too many bars.
      await refusal({ from: '2026-01-02', to: '2031-01-01', interval: 'DAY' }, 'interval', 'reportTooManyBuckets');
      const months = await gw.gql(LOAN_STATS, { from: '2026-01-02', to: '2031-01-01', interval: 'MONTH' }, staff.token);
      expect(months.body.data.loanStats.buckets).toHaveLength(61);
      expect(months.body.data.loanStats.buckets[0].start).toBe('2026-01-02');
      expect(months.body.data.loanStats.buckets[1].start).toBe('2026-02-01');
      await refusal({ from: '2031-03-01', to: '2031-03-31', first: 51 }, 'first', 'fieldRange', TOP);
    });
  });

  describe('circulation', () => {
    it("counts a loan at 00:30 in Dhaka on that library day, and ranks the period's books and genres", async () => {
      // 4 March 2031, 16:00 in Dhaka; then 18:30 UTC, which is 00:30 on 5 March there.
      const first = await borrowAt(new Date('2031-03-04T10:00:00Z'), { title: 'Padma Nadir Majhi', genre: 'Drama' });
      const late = await borrowAt(new Date('2031-03-04T18:30:00Z'), { title: 'Gitanjali', genre: 'Poetry' });
      const days = await gw.gql(LOAN_STATS, { from: '2031-03-04', to: '2031-03-06', interval: 'DAY' }, staff.token);
      expect(days.body.errors).toBeUndefined();
      expect(days.body.data.loanStats.buckets).toEqual([
        { start: '2031-03-04', loans: 1, returns: 0, newMembers: 0, activeMembers: 1 },
        { start: '2031-03-05', loans: 1, returns: 0, newMembers: 0, activeMembers: 1 },
        { start: '2031-03-06', loans: 0, returns: 0, newMembers: 0, activeMembers: 0 },
      ]);
      const top = await gw.gql(TOP, { from: '2031-03-05', to: '2031-03-05', first: 5 }, staff.token);
      expect(top.body.data).toEqual({
        topBooks: [{ book: { id: late, title: 'Gitanjali' }, loans: 1 }],
        topGenres: [{ genre: 'Poetry', loans: 1 }],
      });
      const both = await gw.gql(TOP, { from: '2031-03-04', to: '2031-03-05' }, staff.token);
      expect(both.body.data.topBooks.map((row: { book: { id: string } }) => row.book.id).sort()).toEqual(
        [first, late].sort(),
      );
    });
  });

  describe('overdue loans by age', () => {
    it("adds up each overdue loan's fee so far as its standing says it, by how late it is", async () => {
      // Due a week after borrowing: 93, 33, 13 and 3 days late now (the library's open days move a due date).
      for (const daysAgo of [100, 40, 20, 10]) await borrowAt(new Date(Date.now() - daysAgo * DAY_MS));
      const answer = await gw.gql(AGING, {}, staff.token);
      expect(answer.body.errors).toBeUndefined();
      const { overdueAging, overdueLoans } = answer.body.data;
      const loans = overdueLoans.nodes as { overdueDays: number; fee: number }[];
      const expected = [
        ['DAYS_1_7', 1, 7],
        ['DAYS_8_30', 8, 30],
        ['DAYS_31_90', 31, 90],
        ['OVER_90', 91, Infinity],
      ].map(([bucket, least, most]) => {
        const inIt = loans.filter((loan) => loan.overdueDays >= Number(least) && loan.overdueDays <= Number(most));
        return { bucket, count: inIt.length, amount: inIt.reduce((sum, loan) => sum + loan.fee, 0) };
      });
      expect(overdueAging).toEqual(expected);
      expect(overdueAging.every((age: { count: number; amount: number }) => age.count > 0)).toBe(true);
      expect(overdueAging.reduce((sum: number, age: { count: number }) => sum + age.count, 0)).toBe(
        overdueLoans.totalCount,
      );
    });
  });
});
