// Notices: one per event key, newest first per member, read and unread.
import { describe, expect, it } from 'vitest';
import { newNotice as notice, useStore, type StoreFactory } from './harness.ts';

export function noticesContract(factory: StoreFactory): void {
  describe('notices', () => {
    const store = useStore(factory);

    it('sets the day of a notice by its key, read or not, and of no other', async () => {
      const hold = { kind: 'hold-ready', holdId: 'bbbbbbbbbbbbbbbbbbbbbbbb', loanId: null } as const;
      await store().notices.record([
        notice('hold-ready:h1', 'u1', 1000, hold),
        notice('hold-ready:h2', 'u1', 2000, hold),
      ]);
      await store().notices.markRead('u1', null, new Date(3000));
      expect(await store().notices.redate('hold-ready:h1', '2026-12-04')).toBe(true);
      expect(await store().notices.redate('hold-ready:none', '2026-12-04')).toBe(false);
      const listed = await store().notices.list('u1', { unreadOnly: false, page: { first: 5 } });
      expect(listed.nodes.map((n) => [n.key, n.day])).toEqual([
        ['hold-ready:h2', '2026-12-01'],
        ['hold-ready:h1', '2026-12-04'],
      ]);
    });

    it("keeps an overdue summary's loans with it, and null on every other kind", async () => {
      const overdue = [
        {
          loanId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          bookId: '0123456789abcdef01234567',
          bookTitle: 'Dracula',
          day: '2026-11-20',
        },
        {
          loanId: 'cccccccccccccccccccccccc',
          bookId: '0123456789abcdef01234568',
          bookTitle: 'Emma',
          day: '2026-11-25',
        },
      ];
      const [added] = await store().notices.record([
        notice('overdue-reminders:u1:2026-12-01', 'u1', 1000, { kind: 'overdue-summary', overdue }),
        notice('due-soon:x', 'u1', 2000),
      ]);
      expect(added).toMatchObject({ kind: 'overdue-summary', overdue });
      const listed = await store().notices.list('u1', { unreadOnly: false, page: { first: 5 } });
      expect(listed.nodes.map((n) => [n.kind, n.overdue])).toEqual([
        ['due-soon', null],
        ['overdue-summary', overdue],
      ]);
    });

    it('records each event once, lists a member newest first in pages, and counts and marks what is unread', async () => {
      const added = await store().notices.record([
        notice('a', 'u1', 1000),
        notice('b', 'u1', 2000),
        notice('c', 'u2', 3000),
      ]);
      expect(added.map((n) => n.key)).toEqual(['a', 'b', 'c']);
      const again = await store().notices.record([
        notice('a', 'u1', 5000),
        notice('d', 'u1', 4000, { kind: 'hold-ready', holdId: 'bbbbbbbbbbbbbbbbbbbbbbbb', loanId: null }),
      ]);
      expect(again.map((n) => n.key)).toEqual(['d']);
      expect(await store().notices.recorded(['a', 'd', 'zz'])).toEqual(new Set(['a', 'd']));
      expect(await store().notices.recorded([])).toEqual(new Set());
      const first = await store().notices.list('u1', { unreadOnly: false, page: { first: 2 } });
      expect([first.totalCount, first.hasNextPage, first.nodes.map((n) => n.key)]).toEqual([3, true, ['d', 'b']]);
      expect(first.nodes[0]).toMatchObject({ kind: 'hold-ready', holdId: 'bbbbbbbbbbbbbbbbbbbbbbbb', readAt: null });
      const rest = await store().notices.list('u1', { unreadOnly: false, page: { first: 2, after: first.endCursor } });
      expect(rest.nodes.map((n) => n.key)).toEqual(['a']);
      expect((await store().users.summary('u1')).unreadNotices).toBe(3);
      // Another member's id marks nothing; the member's own does.
      const other = (await store().notices.list('u2', { unreadOnly: false, page: { first: 5 } })).nodes[0]!;
      expect(await store().notices.markRead('u1', [other.id, first.nodes[0]!.id, 'not-an-id'], new Date())).toBe(1);
      expect((await store().users.summary('u2')).unreadNotices).toBe(1);
      const unread = await store().notices.list('u1', { unreadOnly: true, page: { first: 5 } });
      expect([unread.totalCount, unread.nodes.map((n) => n.key)]).toEqual([2, ['b', 'a']]);
      expect(await store().notices.markRead('u1', null, new Date())).toBe(2);
      expect((await store().users.summary('u1')).unreadNotices).toBe(0);
      expect(await store().notices.markRead('u1', [], new Date())).toBe(0);
    });

    it('queues an e-mail with a notice only when asked, in the same write', async () => {
      const [quiet] = await store().notices.record([notice('q', 'u1', 1000)]);
      const [mailed] = await store().notices.record([notice('m', 'u1', 2000)], { mail: true });
      expect(quiet!.mail).toBeNull();
      expect(mailed!.mail).toEqual({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(2000),
        lastError: null,
        settledAt: null,
      });
      // Recording the event again (with mail) neither adds a notice nor queues a second e-mail.
      expect(await store().notices.record([notice('m', 'u1', 9000)], { mail: true })).toEqual([]);
      expect((await store().notices.mailDue(new Date(1999), 10)).map((n) => n.key)).toEqual([]);
      expect((await store().notices.mailDue(new Date(5000), 10)).map((n) => n.key)).toEqual(['m']);
    });

    it("keeps a moved-dates notice's dates, finds the newest one a new move may join, and changes it only while unread and unsent", async () => {
      const date = (loanId: string, day: string) => ({ loanId, holdId: null, bookId: 'b1', bookTitle: 'Titas', day });
      const moved = { from: '2026-12-01', to: '2026-12-01', dates: [date('aaaaaaaaaaaaaaaaaaaaaaaa', '2026-12-02')] };
      const kind = 'due-date-moved' as const;
      const [first] = await store().notices.record([notice('m1', 'u1', 1000, { kind, moved })], {
        mail: true,
        mailAfterMs: 500,
      });
      await store().notices.record([notice('other', 'u1', 3000)]);
      expect(first).toMatchObject({ moved, mail: { status: 'pending', nextAttemptAt: new Date(1500) } });
      expect(await store().notices.movedSince('u1', new Date(1001))).toBeNull();
      expect((await store().notices.movedSince('u1', new Date(1000)))?.key).toBe('m1');
      const wider = { ...moved, to: '2026-12-02', dates: [date('aaaaaaaaaaaaaaaaaaaaaaaa', '2026-12-03')] };
      expect(await store().notices.updateMoved(first!.id, wider, '2026-12-03')).toBe(true);
      expect(await store().notices.movedSince('u1', new Date(0))).toMatchObject({ moved: wider, day: '2026-12-03' });
      // Its e-mail tried: the words it went out with stay, and no new move joins it.
      expect((await store().notices.claimMail(first!.id, 0, new Date(2000), new Date(9000)))?.key).toBe('m1');
      expect(await store().notices.movedSince('u1', new Date(0))).toBeNull();
      expect(await store().notices.updateMoved(first!.id, moved, '2026-12-02')).toBe(false);
      // Read: the same.
      const [quiet] = await store().notices.record([notice('m2', 'u1', 4000, { kind, moved })]);
      expect(quiet?.mail).toBeNull();
      expect((await store().notices.movedSince('u1', new Date(0)))?.key).toBe('m2');
      await store().notices.markRead('u1', [quiet!.id], new Date(5000));
      expect(await store().notices.movedSince('u1', new Date(0))).toBeNull();
      expect(await store().notices.updateMoved(quiet!.id, wider, '2026-12-03')).toBe(false);
      expect(
        (await store().notices.list('u1', { unreadOnly: false, page: { first: 5 } })).nodes.map((n) => n.moved),
      ).toEqual([moved, null, wider]);
    });

    it('lets one sender claim an e-mail, holds it for the claim, and backs off, fails or settles it once', async () => {
      await store().notices.record([notice('a', 'u1', 1000), notice('b', 'u1', 1500)], { mail: true });
      const due = await store().notices.mailDue(new Date(3000), 10);
      expect(due.map((n) => n.key)).toEqual(['a', 'b']);
      const a = due[0]!;
      // Two senders read the same entry: one claim succeeds.
      const claims = await Promise.all([
        store().notices.claimMail(a.id, 0, new Date(3000), new Date(60_000)),
        store().notices.claimMail(a.id, 0, new Date(3000), new Date(60_000)),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(claims.find(Boolean)!.mail).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: new Date(60_000),
      });
      // Claimed: not due again until the claim runs out; malformed ids claim nothing.
      expect((await store().notices.mailDue(new Date(30_000), 10)).map((n) => n.key)).toEqual(['b']);
      expect(await store().notices.claimMail('not-an-id', 0, new Date(3000), new Date(4000))).toBeNull();
      // A failed attempt comes back later; a stale claim (wrong attempt count) changes nothing.
      const retryAt = new Date(120_000);
      expect(await store().notices.settleMail(a.id, 0, { status: 'sent', at: new Date(4000) })).toBe(false);
      expect(
        await store().notices.settleMail(a.id, 1, {
          status: 'pending',
          at: new Date(4000),
          nextAttemptAt: retryAt,
          error: '451 try later',
        }),
      ).toBe(true);
      expect((await store().notices.mailDue(new Date(119_999), 10)).map((n) => n.key)).toEqual(['b']);
      const [again] = (await store().notices.mailDue(retryAt, 10)).filter((n) => n.key === 'a');
      expect(again!.mail).toMatchObject({ status: 'pending', attempts: 1, lastError: '451 try later' });
      expect(await store().notices.claimMail(a.id, 0, retryAt, new Date(200_000))).toBeNull();
      expect(await store().notices.claimMail(a.id, 1, retryAt, new Date(200_000))).not.toBeNull();
      expect(await store().notices.settleMail(a.id, 2, { status: 'sent', at: new Date(130_000) })).toBe(true);
      // Settled once: a second settle of the same claim, or any other outcome, changes nothing.
      expect(await store().notices.settleMail(a.id, 2, { status: 'failed', at: new Date(1), error: 'x' })).toBe(false);
      const b = due[1]!;
      expect(await store().notices.claimMail(b.id, 0, new Date(3000), new Date(4000))).not.toBeNull();
      expect(await store().notices.settleMail(b.id, 1, { status: 'failed', at: new Date(5000), error: '550 no' })).toBe(
        true,
      );
      expect(await store().notices.mailDue(new Date(10_000_000), 10)).toEqual([]);
      const listed = (await store().notices.list('u1', { unreadOnly: false, page: { first: 5 } })).nodes;
      expect(listed.map((n) => [n.key, n.mail?.status, n.mail?.attempts, n.mail?.settledAt])).toEqual([
        ['b', 'failed', 1, new Date(5000)],
        ['a', 'sent', 2, new Date(130_000)],
      ]);
      expect(listed[1]!.mail!.lastError).toBeNull();
      expect(listed[0]!.mail!.lastError).toBe('550 no');
    });

    it("keeps a notice's SMS as a second outbox beside its e-mail, claimed and settled on its own", async () => {
      const [both] = await store().notices.record([notice('s', 'u1', 1000)], { mail: true, sms: true });
      const [mailOnly] = await store().notices.record([notice('e', 'u1', 1500)], { mail: true });
      expect(both!.sms).toEqual({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(1000),
        lastError: null,
        settledAt: null,
      });
      expect(mailOnly!.sms).toBeNull();
      expect((await store().notices.mailDue(new Date(3000), 10, 'sms')).map((n) => n.key)).toEqual(['s']);
      expect((await store().notices.mailDue(new Date(3000), 10)).map((n) => n.key)).toEqual(['s', 'e']);
      // Claiming and settling the SMS leaves the e-mail as it was, and the other way round.
      const claimed = await store().notices.claimMail(both!.id, 0, new Date(3000), new Date(60_000), 'sms');
      expect([claimed?.sms?.attempts, claimed?.mail?.attempts]).toEqual([1, 0]);
      expect(await store().notices.claimMail(both!.id, 0, new Date(3000), new Date(60_000), 'sms')).toBeNull();
      expect(await store().notices.claimMail(both!.id, 0, new Date(3000), new Date(60_000))).not.toBeNull();
      expect(await store().notices.settleMail(both!.id, 1, { status: 'sent', at: new Date(4000) }, 'sms')).toBe(true);
      expect(await store().notices.mailDue(new Date(10_000_000), 10, 'sms')).toEqual([]);
      const [listed] = (await store().notices.list('u1', { unreadOnly: false, page: { first: 5 } })).nodes.filter(
        (n) => n.key === 's',
      );
      expect([listed!.sms?.status, listed!.sms?.settledAt, listed!.mail?.status, listed!.mail?.attempts]).toEqual([
        'sent',
        new Date(4000),
        'pending',
        1,
      ]);
    });
  });
}
