// The desk's lists and reports (library/desk-reports.ts), on both stores with a test clock: the day's cash-up by
// staff member, the overdue list filtered by days late and exported as CSV, and reminders of an overdue loan.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const CASH_UP = `query($day: String!) {
  cashUp(day: $day) {
    day payments waivers
    byStaff { recordedBy payments waivers count }
    entries { kind amount note recordedBy memberUid memberName }
  }
}`;
const OVERDUE = `query($minDays: Int) {
  overdueLoans(first: 100, minDays: $minDays) { nodes { id overdueDays } totalCount }
}`;
const REMIND = `mutation($id: ID!) { sendOverdueReminder(loanId: $id) { alreadySent loan { id bookTitle } } }`;

describeEachStore((kind) => {
  let gw: TestGateway;
  const clock = libraryClock();
  const emails = [`desk-a-${randomUUID().slice(0, 8)}@example.com`, `desk-b-${randomUUID().slice(0, 8)}@example.com`];
  let clerkA: Member;
  let clerkB: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: emails.join(','), LATE_FEE_PER_DAY: '10', BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: clock.now,
    });
    clerkA = await gw.member({ name: 'Anwar Clerk', email: emails[0] });
    clerkB = await gw.member({ name: 'Bina Clerk', email: emails[1] });
  });
  afterAll(() => gw.close());

  /** A loan of a new book due `days` from today (the next open day, if the library is closed then). */
  const loan = async (m: Member, days: number, title?: string) => {
    const bookId = await gw.addBook({ quantity: 1, ...(title ? { title } : {}) });
    const answer = await gqlBorrow(gw, m.token, bookId, libraryDay(days));
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  /** A member owing ৳600: a book marked lost (৳500 replacement + ৳100 processing). */
  const owing600 = async (name: string) => {
    const m = await gw.member({ name });
    const marked = await gw.gql(`mutation { markLost(loanId: "${await loan(m, 7)}") { status } }`, {}, clerkA.token);
    expect(marked.body.errors).toBeUndefined();
    return m;
  };
  const credit = (by: Member, what: 'recordPayment' | 'waiveFee', m: Member, amount: number) =>
    gw.gql(
      `mutation($uid: String!, $amount: Int!) { ${what}(uid: $uid, amount: $amount, note: "at the desk") { id } }`,
      { uid: m.uid, amount },
      by.token,
    );

  describe('the cash-up', () => {
    it("adds up a day's payments and waivers by staff member, and leaves other days out", async () => {
      const [rahim, sumi] = [await owing600('Rahim Uddin'), await owing600('Sumi Akter')];
      // Forty days on: a library day no other test of this file pays on.
      await clock.at(40, async () => {
        for (const answer of [
          await credit(clerkA, 'recordPayment', rahim, 100),
          await credit(clerkB, 'waiveFee', rahim, 50),
          await credit(clerkA, 'recordPayment', sumi, 200),
          await credit(clerkB, 'recordPayment', sumi, 25),
        ])
          expect(answer.body.errors).toBeUndefined();
        const day = libraryDay(0, clock.now());
        const answer = await gw.gql(CASH_UP, { day }, clerkA.token);
        expect(answer.body.errors).toBeUndefined();
        const cashUp = answer.body.data.cashUp;
        expect(cashUp).toMatchObject({ day, payments: 325, waivers: 50 });
        expect(cashUp.byStaff).toEqual([
          { recordedBy: `Anwar Clerk (${emails[0]})`, payments: 300, waivers: 0, count: 2 },
          { recordedBy: `Bina Clerk (${emails[1]})`, payments: 25, waivers: 50, count: 2 },
        ]);
        expect(
          cashUp.entries.map((e: { kind: string; amount: number; memberName: string }) => [
            e.kind,
            e.amount,
            e.memberName,
          ]),
        ).toEqual([
          ['PAYMENT', 100, 'Rahim Uddin'],
          ['WAIVER', 50, 'Rahim Uddin'],
          ['PAYMENT', 200, 'Sumi Akter'],
          ['PAYMENT', 25, 'Sumi Akter'],
        ]);
        // The day before holds none of them (the charges themselves are never in a cash-up).
        const before = await gw.gql(CASH_UP, { day: libraryDay(-1, clock.now()) }, clerkA.token);
        expect(before.body.data.cashUp).toMatchObject({ payments: 0, waivers: 0, byStaff: [], entries: [] });
      });
    });

    it('refuses a day that is not a date or has not come yet, and members', async () => {
      expectError(await gw.gql(CASH_UP, { day: '2026-02-30' }, clerkA.token), 'BAD_USER_INPUT', 'day');
      expectError(await gw.gql(CASH_UP, { day: libraryDay(1) }, clerkA.token), 'BAD_USER_INPUT', 'day');
      const member = await gw.member();
      expectError(await gw.gql(CASH_UP, { day: libraryDay(0) }, member.token), 'FORBIDDEN');
    });
  });

  describe('the overdue list', () => {
    let late: { long: string; short: string; member: Member };
    beforeAll(async () => {
      const member = await gw.member({ name: 'Lina Late' });
      late = {
        long: await loan(member, 1, 'Long Late, "Quoted" Book'),
        short: await loan(member, 9, '=SUM(A1)'),
        member,
      };
    });

    it('filters by days late', async () => {
      await clock.at(15, async () => {
        const all = (await gw.gql(OVERDUE, { minDays: 1 }, clerkA.token)).body.data.overdueLoans.nodes as {
          id: string;
          overdueDays: number;
        }[];
        const long = all.find((n) => n.id === late.long);
        const short = all.find((n) => n.id === late.short);
        expect(long && short, 'both loans are overdue').toBeTruthy();
        // At least one day more than the shorter loan is late: only the longer one is left.
        const minDays = (short?.overdueDays ?? 0) + 1;
        expect(long?.overdueDays).toBeGreaterThanOrEqual(minDays);
        const filtered = (await gw.gql(OVERDUE, { minDays }, clerkA.token)).body.data.overdueLoans.nodes;
        expect(filtered.map((n: { id: string }) => n.id)).toContain(late.long);
        expect(filtered.map((n: { id: string }) => n.id)).not.toContain(late.short);
        expect(filtered.every((n: { overdueDays: number }) => n.overdueDays >= minDays)).toBe(true);
        expectError(await gw.gql(OVERDUE, { minDays: 0 }, clerkA.token), 'BAD_USER_INPUT', 'minDays');
      });
    });

    it("exports the list as CSV for staff with each member's phone, fields quoted and formulas defused", async () => {
      const phoned = await gw.gql('mutation { setMyPhone(phone: "01711-000 321") { phone } }', {}, late.member.token);
      expect(phoned.body.data?.setMyPhone).toEqual({ phone: '+8801711000321' });
      await clock.at(15, async () => {
        const answer = await gw.request('GET', '/api/desk/overdue.csv', { token: clerkA.token });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
        expect(answer.headers.get('content-disposition')).toMatch(/attachment/);
        const text = answer.body as unknown as string;
        const lines = text.split('\r\n');
        expect(lines[0]).toBe('Member,Card,E-mail,Phone,Book,Due date,Days late,Fee so far,Return claimed,Loan');
        const long = lines.find((line) => line.endsWith(late.long));
        // A phone starts with +, which a spreadsheet would read as a formula: kept as text. The fee so far is the
        // one fee rule's (the member's standing), and the card the member's own.
        const card = (await gw.store.users.getByUid(late.member.uid))?.cardNumber;
        expect(card).toMatch(/^BM\d{8}$/);
        const listed = await gw.gql('{ overdueLoans(first: 100) { nodes { id fee } } }', {}, clerkA.token);
        const fee = listed.body.data.overdueLoans.nodes.find((n: { id: string }) => n.id === late.long)?.fee;
        const fields =
          /^Lina Late,(BM\d+),[^,]+,'\+8801711000321,"Long Late, ""Quoted"" Book",\d{4}-\d{2}-\d{2},(\d+),(\d+),,/.exec(
            long ?? '',
          );
        expect(fields?.[1]).toBe(card);
        expect(Number(fields?.[3])).toBeGreaterThan(0);
        expect(Number(fields?.[3])).toBe(fee);
        expect(lines.find((line) => line.endsWith(late.short))).toContain(",'=SUM(A1),");

        const few = await gw.request('GET', '/api/desk/overdue.csv?minDays=3650', { token: clerkA.token });
        expect(few.status, JSON.stringify(few.body)).toBe(200);
        expect((few.body as unknown as string).split('\r\n').filter(Boolean)).toHaveLength(1);
        expect((await gw.request('GET', '/api/desk/overdue.csv?minDays=0', { token: clerkA.token })).status).toBe(400);
        expect((await gw.request('GET', '/api/desk/overdue.csv', { token: late.member.token })).status).toBe(403);
        expect((await gw.request('GET', '/api/desk/overdue.csv')).status).toBe(401);
      });
    });
  });

  describe('overdue reminders', () => {
    it('records one OVERDUE notice a day for the member, in the audit trail; not for a loan not yet due', async () => {
      const member = await gw.member({ name: 'Rema Reminded' });
      const loanId = await loan(member, 1, 'Reminded Book');
      const notYet = expectError(await gw.gql(REMIND, { id: loanId }, clerkA.token), 'BAD_USER_INPUT', 'loanId');
      expect(notYet.message).toMatch(/^“Reminded Book” is not overdue yet: it is due on \d{4}-\d{2}-\d{2}\.$/);

      await clock.at(12, async () => {
        const first = await gw.gql(REMIND, { id: loanId }, clerkA.token);
        expect(first.body.errors).toBeUndefined();
        expect(first.body.data.sendOverdueReminder).toEqual({
          alreadySent: false,
          loan: { id: loanId, bookTitle: 'Reminded Book' },
        });
        const again = await gw.gql(REMIND, { id: loanId }, clerkB.token);
        expect(again.body.data.sendOverdueReminder.alreadySent).toBe(true);

        const reminders = (
          await gw.store.notices.list(member.uid, { unreadOnly: false, page: { first: 50 } })
        ).nodes.filter((n) => n.key.startsWith(`reminder:${loanId}:`));
        expect(reminders).toHaveLength(1);
        expect(reminders[0]).toMatchObject({ kind: 'overdue', loanId, bookTitle: 'Reminded Book' });
        const audit = await gw.store.audit.listByUid(member.uid, { first: 20 });
        expect(audit.nodes.filter((e) => e.action === 'reminder-sent')).toHaveLength(1);
      });
      // The next day, a new reminder.
      await clock.at(13, async () => {
        expect((await gw.gql(REMIND, { id: loanId }, clerkA.token)).body.data.sendOverdueReminder.alreadySent).toBe(
          false,
        );
      });
      expectError(await gw.gql(REMIND, { id: loanId }, member.token), 'FORBIDDEN');
    });
  });
});
