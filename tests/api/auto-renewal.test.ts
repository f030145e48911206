// Auto-renewal (issue 42 item 3, AUTO_RENEW), over GraphQL on both stores with a clock the test sets: a loan that
// may be renewed is renewed by the daily run at AUTO_RENEW_AT the day before it is due, with a "renewed" notice;
// one with someone waiting, at the renewal limit or of a blocked member is not, and its due-soon notice says why;
// a gateway that missed a day's run catches up, and a loan already overdue is never renewed backwards. Each loan
// says the day it will be renewed (autoRenewsOn). Off by default.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../server/library/calendar.ts';
import { dueDayOf } from '../../server/library/circulation.ts';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryDay } from './factory.ts';

/** An instant at `time` (HH:MM) of `day` in the library's zone (Asia/Dhaka, UTC+6 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+06:00`);

/** A clock the test sets to an instant; real time until then. */
function setClock() {
  let fixed: Date | null = null;
  return { now: () => fixed ?? new Date(), set: (instant: Date) => void (fixed = instant) };
}

describeEachStore((kind) => {
  const lend = async (gw: TestGateway, m: Member, bookId: string, returnDate: string) => {
    const lent = await gw.gql(
      'mutation($input: BorrowInput!) { borrow(input: $input) { record { id } } }',
      { input: { bookId, returnDate } },
      m.token,
    );
    expect(lent.body.errors).toBeUndefined();
    return lent.body.data.borrow.record.id as string;
  };
  const loan = async (gw: TestGateway, id: string) => {
    const record = await gw.store.loans.get(id);
    return { due: record ? dueDayOf(record) : null, renewals: record?.renewals };
  };
  /** What the member's Loans tab reads of a loan: the day the run will renew it, or null. */
  const autoRenewsOn = async (gw: TestGateway, m: Member, id: string) => {
    const loans = await gw.gql('{ borrowedBooks { id autoRenewsOn } }', {}, m.token);
    expect(loans.body.errors).toBeUndefined();
    return (loans.body.data.borrowedBooks as { id: string; autoRenewsOn: string | null }[]).find((l) => l.id === id)
      ?.autoRenewsOn;
  };
  /** The member's notices, newest first, as kind and English sentence (and the Bangla one when asked). */
  const notices = async (gw: TestGateway, uid: string, locale: 'en' | 'bn' = 'en') => {
    const page = await gw.store.notices.list(uid, { unreadOnly: false, page: { first: 20 } });
    return Promise.all(page.nodes.map(async (n) => `${n.kind}: ${await gw.library.notices.message(n, locale)}`));
  };

  describe('with AUTO_RENEW on', () => {
    let gw: TestGateway;
    const clock = setClock();
    const staffEmail = `renew-${randomUUID().slice(0, 8)}@example.com`;
    let staff: Member;
    beforeAll(async () => {
      const env = { AUTO_RENEW: 'true', ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' };
      gw = await startTestGateway({ store: kind, env, libraryNow: clock.now, schedule: false });
      staff = await gw.member({ name: 'Renewal Desk', email: staffEmail });
    });
    afterAll(() => gw.close());

    it('serves the setting in the policy', async () => {
      expect((await gw.gql('{ policy { autoRenew } }', {})).body.data.policy).toEqual({ autoRenew: true });
    });

    it('renews the day before it is due at the time, or tells the member why not in the due-soon notice', async () => {
      const [plain, waited, limit, blocked, holder] = (await Promise.all([1, 2, 3, 4, 5].map(() => gw.member()))) as [
        Member,
        Member,
        Member,
        Member,
        Member,
      ];
      const books = await Promise.all([1, 2, 3, 4].map((n) => gw.addBook({ quantity: 1, title: `Renewal ${n}` })));
      const [b1, b2, b3, b4] = books as [string, string, string, string];
      const due = libraryDay(10);
      const ids = {
        plain: await lend(gw, plain, b1, due),
        waited: await lend(gw, waited, b2, due),
        limit: await lend(gw, limit, b3, libraryDay(3)),
        blocked: await lend(gw, blocked, b4, due),
      };
      // At the renewal limit (one renewal): renewed by hand, now due the same day as the others.
      const renewed = await gw.gql(
        'mutation($id: ID!) { renewLoan(loanId: $id) { id } }',
        { id: ids.limit },
        limit.token,
      );
      expect(renewed.body.errors).toBeUndefined();
      expect(await loan(gw, ids.limit)).toEqual({ due, renewals: 1 });
      expect(
        (await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: b2 }, holder.token)).body.errors,
      ).toBeUndefined();
      const block = await gw.gql(
        'mutation($uid: String!, $reason: String!) { blockMember(uid: $uid, reason: $reason) { uid } }',
        { uid: blocked.uid, reason: 'Card reported stolen' },
        staff.token,
      );
      expect(block.body.errors).toBeUndefined();

      // Each loan says whether the run will renew it, by the run's own refusals.
      const dayBefore = addDays(due, -1);
      for (const [who, id, day] of [
        [plain, ids.plain, dayBefore],
        [waited, ids.waited, null],
        [limit, ids.limit, null],
        [blocked, ids.blocked, null],
      ] as const)
        expect(await autoRenewsOn(gw, who, id), id).toBe(day);

      // The day before, a minute before the time: nothing yet.
      clock.set(at(dayBefore, '05:59'));
      expect(await gw.schedule.tick()).toBe('ran');
      expect(await loan(gw, ids.plain)).toEqual({ due, renewals: 0 });
      expect(await notices(gw, plain.uid)).toEqual([]);

      expect(await autoRenewsOn(gw, plain, ids.plain)).toBe(dayBefore);
      clock.set(at(dayBefore, '06:00'));
      expect(await gw.schedule.tick()).toBe('ran');
      const newDue = addDays(due, 7);
      expect(await loan(gw, ids.plain)).toEqual({ due: newDue, renewals: 1 });
      // Renewed once, the most the policy allows: it will not be renewed by itself again.
      expect(await autoRenewsOn(gw, plain, ids.plain)).toBeNull();
      expect(await notices(gw, plain.uid)).toEqual([
        `renewed: “Renewal 1” was renewed for you: it is now due back on ${newDue}.`,
      ]);
      expect((await notices(gw, plain.uid, 'bn'))[0]).toMatch(/^renewed: “Renewal 1”-এর মেয়াদ আপনার হয়ে বাড়ানো হয়েছে/);
      // Its e-mail and SMS go as every notice's do: the notice is in the outbox with the others.
      for (const [who, id, title, renewals, why] of [
        [waited, ids.waited, 'Renewal 2', 0, 'Another member has requested this book, so it cannot be renewed.'],
        [limit, ids.limit, 'Renewal 3', 1, 'This loan has already been renewed once, the most the library allows.'],
        [blocked, ids.blocked, 'Renewal 4', 0, 'It was not renewed for you: your card is blocked.'],
      ] as const) {
        expect(await loan(gw, id), title).toEqual({ due, renewals });
        const said = await notices(gw, who.uid);
        expect(said, title).toHaveLength(1);
        expect(said[0], title).toContain(`due-soon: “${title}” is due back on ${due}. ${why}`);
      }

      // Later runs the same day, and the next minute's: renewed once, told once.
      clock.set(at(dayBefore, '06:01'));
      await gw.schedule.tick();
      expect(await loan(gw, ids.plain)).toEqual({ due: newDue, renewals: 1 });
      expect(await notices(gw, plain.uid)).toHaveLength(1);
      expect(await notices(gw, waited.uid)).toHaveLength(1);
    });

    it('catches up a missed day: a loan due today is renewed at the next run, an overdue one is not', async () => {
      // Two members: an overdue loan keeps its own member from auto-renewal (not in good standing).
      const [member, other] = [await gw.member(), await gw.member()];
      const [today, late] = [
        await gw.addBook({ quantity: 1, title: 'Due Today' }),
        await gw.addBook({ quantity: 1, title: 'Late' }),
      ];
      const base = libraryDay(40);
      clock.set(at(base, '12:00'));
      const ids = {
        today: await lend(gw, member, today, addDays(base, 3)),
        late: await lend(gw, other, late, addDays(base, 2)),
      };
      // No gateway ran on the day before the first is due (nor on the day before the second): the next one starts
      // at 03:00 on the first's due day, before the day's time, and does the missed run at its first minute.
      clock.set(at(addDays(base, 3), '03:00'));
      expect(await gw.schedule.tick()).toBe('ran');
      expect(await loan(gw, ids.today)).toEqual({ due: addDays(base, 10), renewals: 1 });
      expect(await notices(gw, member.uid)).toEqual([
        `renewed: “Due Today” was renewed for you: it is now due back on ${addDays(base, 10)}.`,
      ]);
      expect(await loan(gw, ids.late)).toEqual({ due: addDays(base, 2), renewals: 0 });
      expect(await notices(gw, other.uid)).toEqual([
        `overdue: “Late” was due back on ${addDays(base, 2)}. Late fees are ৳50 for each day the library is open: please return it.`,
      ]);
    });
  });

  describe('by default', () => {
    let gw: TestGateway;
    const clock = setClock();
    beforeAll(async () => {
      gw = await startTestGateway({ store: kind, libraryNow: clock.now, schedule: false });
    });
    afterAll(() => gw.close());

    it('is off: a loan is not renewed by itself, and its due-soon notice is the plain one', async () => {
      expect((await gw.gql('{ policy { autoRenew } }', {})).body.data.policy).toEqual({ autoRenew: false });
      const member = await gw.member();
      const due = libraryDay(10);
      const id = await lend(gw, member, await gw.addBook({ quantity: 1, title: 'By Hand' }), due);
      expect(await autoRenewsOn(gw, member, id)).toBeNull();
      clock.set(at(addDays(due, -1), '06:00'));
      await gw.schedule.tick();
      expect(await loan(gw, id)).toEqual({ due, renewals: 0 });
      expect(await notices(gw, member.uid)).toEqual([`due-soon: “By Hand” is due back on ${due}.`]);
    });
  });
});
