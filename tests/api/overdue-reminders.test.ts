// Overdue reminders in bulk (library/overdue-reminders.ts, decision 086), on both stores with a test clock and a
// real SMTP server: the preview counts the members and loans at least N days late; sending records one notice a
// member a library day listing all of them (in English and in Bangla), e-mailed to those who take e-mail; a second
// send that day records nothing new, the next day reminds again; one audit entry an action; staff only; two
// gateways sending at once on one store record one notice a member.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const PREVIEW = `query($minDays: Int!) { overdueReminderPreview(minDays: $minDays) { members loans alreadyToday } }`;
const SEND = `mutation($minDays: Int!) { sendOverdueReminders(minDays: $minDays) { members loans skipped } }`;
const NOTICES = '{ me { notices { nodes { kind message bookTitle day } } } }';
const SESSION_SECRET = randomBytes(32).toString('hex');

describeEachStore((kind) => {
  let gw: TestGateway;
  let smtp: TestSmtp;
  const clock = libraryClock();
  const clerkEmail = `remind-${randomUUID().slice(0, 8)}@example.com`;
  const pairClerkEmail = `remind-pair-${randomUUID().slice(0, 8)}@example.com`;
  let clerk: Member;
  const env = () => ({
    ADMIN_EMAILS: `${clerkEmail},${pairClerkEmail}`,
    BORROWING: 'instant',
    RETURNS: 'self',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'BookHaven <desk@library.test>',
    SESSION_SECRET,
  });
  beforeAll(async () => {
    smtp = await startTestSmtp();
    gw = await startTestGateway({ store: kind, libraryNow: clock.now, schedule: false, env: env() });
    clerk = await gw.member({ name: 'Rina Clerk', email: clerkEmail });
  });
  afterAll(async () => {
    await gw?.close();
    await smtp?.close();
  });

  /** A loan of a new book due `days` from today (or the next open day). */
  const lend = async (on: TestGateway, m: Member, days: number, title: string) => {
    const answer = await gqlBorrow(on, m.token, await on.addBook({ quantity: 1, title }), libraryDay(days));
    expect(answer.body.errors).toBeUndefined();
  };
  const summaries = async (m: Member) =>
    ((await gw.gql(NOTICES, {}, m.token)).body.data.me.notices.nodes as { kind: string; message: string }[]).filter(
      (n) => n.kind === 'OVERDUE_SUMMARY',
    );
  const ask = async (query: string, minDays: number, on = gw, token = clerk.token) => {
    const answer = await on.gql(query, { minDays }, token);
    expect(answer.body.errors).toBeUndefined();
    return Object.values(answer.body.data as object)[0] as Record<string, number>;
  };

  it('reminds each member at least N days late once a day, listing their loans, by e-mail when they take it', async () => {
    const [ada, ben, carl] = [
      await gw.member({ name: 'Ada Late' }),
      await gw.member({ name: 'Ben Lately' }),
      await gw.member({ name: 'Carl Quiet' }),
    ];
    await lend(gw, ada, 1, 'Late Ledger');
    await lend(gw, ada, 1, 'Second Sorrow');
    await lend(gw, ben, 8, 'Barely Late');
    await lend(gw, carl, 1, 'Quiet Quarto');
    const off = await gw.gql('mutation { setEmailNotices(enabled: false) { emailNotices } }', {}, carl.token);
    expect(off.body.errors).toBeUndefined();
    const audit = vi.spyOn(gw.store.audit, 'record');

    // Eleven days on: Ada's two loans and Carl's are about ten days late, Ben's about three.
    await clock.at(11, async () => {
      expect(await ask(PREVIEW, 7)).toEqual({ members: 2, loans: 3, alreadyToday: 0 });
      expect(await ask(PREVIEW, 1)).toEqual({ members: 3, loans: 4, alreadyToday: 0 });
      expect(await ask(SEND, 7)).toEqual({ members: 2, loans: 3, skipped: 0 });

      const [toAda, ...more] = await summaries(ada);
      expect(more).toEqual([]);
      expect(toAda).toMatchObject({ bookTitle: 'Late Ledger', day: libraryDay(0, clock.now()) });
      expect(toAda?.message).toMatch(
        /^You have 2 overdue books: “Late Ledger”, \d+ days late; “Second Sorrow”, \d+ days late\. Please return them\.$/,
      );
      expect(await summaries(ben)).toEqual([]);
      // E-mail off: the bell's notice all the same, and no e-mail.
      expect(await summaries(carl)).toHaveLength(1);

      const [record] = (await gw.store.notices.list(ada.uid, { unreadOnly: false, page: { first: 5 } })).nodes;
      const bn = await gw.library.notices.message(record!, 'bn');
      expect(bn).toMatch(
        /^আপনার ২টি বই ফেরত দেওয়ার তারিখ পেরিয়ে গেছে: “Late Ledger”, [০-৯]+ দিন দেরি; “Second Sorrow”/,
      );
      expect(bn).not.toMatch(/[0-9]/);

      await gw.library.mail.deliver();
      // (Besides the due-soon e-mails of the days before.)
      const mails = smtp.to(ada.email).filter((m) => m.subject?.startsWith('Overdue'));
      expect(mails.map((m) => m.subject)).toEqual(['Overdue: 2 books']);
      expect(mails[0]?.text).toContain(toAda?.message);
      expect(smtp.to(carl.email)).toEqual([]);

      // Again the same day (by another click): nothing new, and said so.
      expect(await ask(PREVIEW, 7)).toEqual({ members: 2, loans: 3, alreadyToday: 2 });
      expect(await ask(SEND, 7)).toEqual({ members: 0, loans: 0, skipped: 2 });
      expect(await summaries(ada)).toHaveLength(1);
    });
    const entries = audit.mock.calls.flatMap(([list]) => list).filter((e) => e.action === 'overdue-reminders-sent');
    expect(entries.map((e) => [e.uid, e.field, JSON.parse(e.newValue ?? '')])).toEqual([
      [null, 'minDays', { minDays: 7, members: 2, loans: 3, skipped: 0 }],
      [null, 'minDays', { minDays: 7, members: 0, loans: 0, skipped: 2 }],
    ]);
    expect(entries[0]?.actorName).toBe('Rina Clerk');
    audit.mockRestore();

    // The next library day, a new reminder.
    await clock.at(12, async () => {
      expect(await ask(SEND, 7)).toEqual({ members: 2, loans: 3, skipped: 0 });
      expect(await summaries(ada)).toHaveLength(2);
    });
  });

  it('is for staff only, and refuses minDays outside 1 to 3650', async () => {
    const member = await gw.member();
    for (const query of [PREVIEW, SEND]) {
      expectError(await gw.gql(query, { minDays: 7 }, member.token), 'FORBIDDEN');
      for (const minDays of [0, 3651])
        expectError(await gw.gql(query, { minDays }, clerk.token), 'BAD_USER_INPUT', 'minDays');
    }
  });

  it('records one notice a member when two gateways send at once on one store', async () => {
    const shared =
      kind === 'sqlite'
        ? { dataDir: await mkdtemp(path.join(tmpdir(), 'bookhaven-remind-')) }
        : { env: { MONGODB_DB: `bookhaven_remind_${randomUUID().slice(0, 8)}` } };
    const start = () =>
      startTestGateway({
        store: kind,
        dataDir: shared.dataDir,
        libraryNow: clock.now,
        schedule: false,
        env: { ...env(), ...shared.env },
      });
    const one = await start();
    const two = await start();
    try {
      const late: Member[] = [];
      for (let i = 0; i < 6; i += 1) {
        const m = await one.member({ name: `Pair ${i}` });
        await lend(one, m, 1, `Pair Book ${i}`);
        late.push(m);
      }
      const { token } = await one.member({ name: 'Pia Clerk', email: pairClerkEmail });
      await clock.at(11, async () => {
        const [a, b] = await Promise.all([ask(SEND, 7, one, token), ask(SEND, 7, two, token)]);
        expect((a?.members ?? 0) + (b?.members ?? 0)).toBe(6);
        expect((a?.skipped ?? 0) + (b?.skipped ?? 0)).toBe(6);
        for (const m of late) {
          const notices = await one.store.notices.list(m.uid, { unreadOnly: false, page: { first: 5 } });
          expect(notices.nodes.filter((n) => n.kind === 'overdue-summary')).toHaveLength(1);
        }
      });
    } finally {
      await one.close();
      await two.close();
    }
  });
});
