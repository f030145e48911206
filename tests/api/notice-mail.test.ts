// Notices by e-mail, end to end on both stores, through a real SMTP server the test starts: one e-mail per notice
// (text and HTML, the link into the app, RFC 8058 unsubscribe headers); a refusing or absent server leaves the
// notice in the app and is retried after the backoff, by the library's clock, and never sends twice; a member who
// turned e-mail off gets none; the unsubscribe link works and a forged one is refused; two gateways on one store
// send each e-mail once.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { BAD_UNSUBSCRIBE_LINK, MAIL_MAX_ATTEMPTS, OUTDATED_UNSUBSCRIBE_LINK } from '../../server/library/mail.ts';
import type { NoticeRecord } from '../../server/store/port.ts';

const MINUTE = 1 / 1440;
const FROM = 'BookHaven Desk <desk@library.test>';
/** Known here, so the test can sign a link as the library did before links carried a version. */
const SESSION_SECRET = randomBytes(32).toString('hex');
const legacyToken = (uid: string) =>
  `${Buffer.from(uid).toString('base64url')}.${createHmac('sha256', SESSION_SECRET).update(`email-notices-off:${uid}`).digest('base64url')}`;

function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .slice(line.indexOf(':') + 1)
    .trim();
}

const unsubscribeUrlOf = (mail: ParsedMail) => /<([^>]+)>/.exec(header(mail, 'list-unsubscribe') ?? '')?.[1] ?? '';

describeEachStore((kind) => {
  let gw: TestGateway;
  let smtp: TestSmtp;
  const clock = libraryClock();
  beforeAll(async () => {
    smtp = await startTestSmtp();
    gw = await startTestGateway({
      store: kind,
      libraryNow: clock.now,
      env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, SESSION_SECRET },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await smtp?.close();
  });

  const noticesOf = async (m: Member) =>
    (await gw.gql('{ me { emailNotices unreadNoticeCount notices { nodes { id kind } } } }', {}, m.token)).body.data.me;
  const mailOf = async (m: Member): Promise<NoticeRecord[]> =>
    (await gw.store.notices.list(m.uid, { unreadOnly: false, page: { first: 20 } })).nodes;

  /** b waits for the only copy, a returns it: b's hold is ready (a notice recorded at the return). */
  async function holdReady(title: string, waiting?: Member) {
    const [a, b] = [await gw.member(), waiting ?? (await gw.member({ name: 'Bea Reader' }))];
    const bookId = await gw.addBook({ quantity: 1, title });
    const loanId = (await gqlBorrow(gw, a.token, bookId, libraryDay(7))).body.data.borrow.record.id;
    await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, b.token);
    await gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, a.token);
    return { member: b, bookId };
  }

  it('e-mails a ready hold once, in text and HTML, with a link to the book and one-click unsubscribe headers', async () => {
    const { member, bookId } = await holdReady('Awaited <Book> & Co');
    await gw.library.mail.deliver();
    await gw.library.mail.deliver();
    const mails = smtp.to(member.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [ParsedMail];
    expect(mail.subject).toBe('Ready for you: “Awaited <Book> & Co”');
    expect(mail.from?.value).toEqual([{ name: 'BookHaven Desk', address: 'desk@library.test' }]);
    expect(mail.text).toContain(`Hello Bea Reader,`);
    expect(mail.text).toContain(`“Awaited <Book> & Co” is ready for you until ${libraryDay(3)}.`);
    expect(mail.text).toContain(`${gw.url}/book-details/${bookId}`);
    expect(mail.html).toContain(`href="${gw.url}/book-details/${bookId}"`);
    expect(mail.html).toContain('“Awaited &lt;Book&gt; &amp; Co” is ready for you');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(mail)).toMatch(new RegExp(`^${gw.url}/api/unsubscribe\\?token=[\\w-]+\\.\\d+\\.[\\w-]+$`));
    expect(mail.text).toContain(unsubscribeUrlOf(mail));
    const [notice] = await mailOf(member);
    expect(notice!.mail).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(mail.messageId).toBe(`<notice-${notice!.id}@127.0.0.1>`);
    expect((await noticesOf(member)).unreadNoticeCount).toBe(1);
  });

  it('e-mails a loan due soon found by the schedule', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 1, title: 'Soon Due' });
    await gqlBorrow(gw, m.token, bookId, libraryDay(2));
    await gw.library.notices.sweep();
    await gw.library.mail.deliver();
    const [mail, ...more] = smtp.to(m.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Due soon: “Soon Due”');
    expect(mail?.text).toContain(`${gw.url}/borrowed-books`);
  });

  it('keeps the notice when the server refuses or is down, retries after the backoff, and sends once', async () => {
    smtp.refuse(451);
    let member: Member;
    try {
      ({ member } = await holdReady('Patience'));
      expect(await gw.library.mail.deliver()).toMatchObject({ sent: 0, retrying: 1 });
      // Not due again before the backoff (1 minute), whatever is asked.
      expect(await gw.library.mail.deliver()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
      expect((await mailOf(member))[0]!.mail).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await mailOf(member))[0]!.mail!.lastError).toMatch(/451/);
      // The in-app notice is there all along.
      expect((await noticesOf(member)).notices.nodes).toEqual([expect.objectContaining({ kind: 'HOLD_READY' })]);
    } finally {
      smtp.refuse(null);
    }
    await smtp.down();
    try {
      clock.set(2 * MINUTE);
      expect(await gw.library.mail.deliver()).toMatchObject({ sent: 0, retrying: 1 });
      // Second backoff is 5 minutes: at +6 (less than 2 + 5) nothing is tried.
      clock.set(6 * MINUTE);
      expect(await gw.library.mail.deliver()).toMatchObject({ sent: 0, retrying: 0 });
    } finally {
      await smtp.up();
    }
    try {
      clock.set(8 * MINUTE);
      expect(await gw.library.mail.deliver()).toMatchObject({ sent: 1 });
      clock.set(24 * 60 * MINUTE);
      await gw.library.mail.deliver();
    } finally {
      clock.set(0);
    }
    expect(smtp.to(member.email)).toHaveLength(1);
    expect(smtp.attempts.filter((a) => a === member.email)).toHaveLength(2); // refused once, accepted once
    expect((await mailOf(member))[0]!.mail).toMatchObject({ status: 'sent', attempts: 3 });
    expect((await noticesOf(member)).unreadNoticeCount).toBe(1);
  });

  it('gives up after the last attempt, and the notice stays in the app', async () => {
    smtp.refuse(550);
    let member: Member;
    try {
      ({ member } = await holdReady('Never Arrives'));
      let minutes = 0;
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS + 1; attempt += 1) {
        clock.set(minutes * MINUTE);
        await gw.library.mail.deliver();
        minutes += 24 * 60; // past any backoff
      }
    } finally {
      smtp.refuse(null);
      clock.set(0);
    }
    expect(smtp.attempts.filter((a) => a === member.email)).toHaveLength(MAIL_MAX_ATTEMPTS);
    expect(smtp.to(member.email)).toHaveLength(0);
    expect((await mailOf(member))[0]!.mail).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect((await noticesOf(member)).notices.nodes).toHaveLength(1);
  });

  it('e-mails no one who turned it off, and again once they turn it back on', async () => {
    const { member: quiet } = await holdReady('Quiet Please');
    const off = await gw.gql('mutation { setEmailNotices(enabled: false) { emailNotices } }', {}, quiet.token);
    expect(off.body).toEqual({ data: { setEmailNotices: { emailNotices: false } } });
    expect(await gw.library.mail.deliver()).toMatchObject({ skipped: 1, sent: 0 });
    expect(smtp.to(quiet.email)).toHaveLength(0);
    expect((await mailOf(quiet))[0]!.mail).toMatchObject({ status: 'skipped' });
    expect((await noticesOf(quiet)).notices.nodes).toHaveLength(1);
    await gw.gql('mutation { setEmailNotices(enabled: true) { emailNotices } }', {}, quiet.token);
    expect((await noticesOf(quiet)).emailNotices).toBe(true);
    clock.set(4);
    try {
      await gw.library.holds.expireDue(); // "hold expired"
      await gw.library.mail.deliver();
    } finally {
      clock.set(0);
    }
    expect(smtp.to(quiet.email).map((m) => m.subject)).toEqual(['Hold expired: “Quiet Please”']);
  });

  it('turns e-mail off from the link (GET asks, POST does it) and refuses a forged link, changing nothing', async () => {
    const { member } = await holdReady('Unsubscribe Me');
    await gw.library.mail.deliver();
    const link = unsubscribeUrlOf(smtp.to(member.email)[0]!).slice(gw.url.length);
    const asked = await gw.request('GET', link);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-type')).toMatch(/text\/html/);
    expect(asked.body).toContain('<button type="submit">Stop e-mailing me notices</button>');
    expect(asked.body).toContain('<html lang="en">');
    // Opened in a Bangla browser, the page speaks Bangla; a bad link says why in Bangla too.
    const bangla = await gw.request('GET', link, { headers: { 'accept-language': 'bn-BD,bn;q=0.9' } });
    expect(bangla.body).toContain('<html lang="bn">');
    expect(bangla.body).toContain('<button type="submit">নোটিশ ই-মেইলে পাঠানো বন্ধ করুন</button>');
    expect(bangla.body).toContain('<h1>নোটিশ ই-মেইলে পাঠানো বন্ধ করবেন?</h1>');
    const badInBangla = await gw.request('GET', '/api/unsubscribe?token=nonsense', {
      headers: { 'accept-language': 'bn' },
    });
    expect(badInBangla.body).toContain('<h1>এই লিংকটি কাজ করছে না</h1>');
    expect(badInBangla.body).not.toContain('This unsubscribe link is not valid');
    expect((await noticesOf(member)).emailNotices).toBe(true);

    const [encoded, version, signature] = link.split('token=')[1]!.split('.') as [string, string, string];
    const forged = `${encoded}.${version}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const other = await gw.member();
    const otherUid = Buffer.from(other.uid).toString('base64url');
    for (const token of [
      forged,
      `${otherUid}.${version}.${signature}`,
      `${encoded}.${Number(version) + 1}.${signature}`,
      `${encoded}.${signature}`,
      'nonsense',
      '',
    ]) {
      for (const method of ['GET', 'POST']) {
        const refused = await gw.request(method, `/api/unsubscribe?token=${encodeURIComponent(token)}`, {
          headers: { accept: 'application/json' },
        });
        expect([method, token, refused.status, refused.body]).toEqual([
          method,
          token,
          400,
          { message: BAD_UNSUBSCRIBE_LINK },
        ]);
      }
    }
    expect((await noticesOf(member)).emailNotices).toBe(true);
    expect((await noticesOf(other)).emailNotices).toBe(true);

    // RFC 8058: the mail program POSTs List-Unsubscribe=One-Click to the header's address.
    const done = await gw.request('POST', link, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain(`Notices are no longer e-mailed to ${member.email}.`);
    expect((await noticesOf(member)).emailNotices).toBe(false);
  });

  it('keeps a title and a name with line breaks (recorded before they were refused) on one line', async () => {
    const { member } = await holdReady('Old Title\r\nSubject: forged\nline');
    const user = (await gw.store.users.getByUid(member.uid))!;
    await gw.store.users.upsert({ ...user, name: 'Bea\nReader' });
    await gw.library.mail.deliver();
    const [mail] = smtp.to(member.email) as [ParsedMail];
    expect(mail.subject).toBe('Ready for you: “Old Title Subject: forged line”');
    const lines = mail.text!.split(/\r?\n/);
    expect(lines).toContain('Hello Bea Reader,');
    expect(lines.some((l) => l.startsWith('“Old Title Subject: forged line” is ready for you until'))).toBe(true);
    expect(lines.filter((l) => /^(Subject|line|Reader)/.test(l))).toEqual([]);
  });

  it('an unsubscribe link older than the last change of the setting does nothing, and the page says so', async () => {
    const { member } = await holdReady('Changed My Mind');
    await gw.library.mail.deliver();
    const link = unsubscribeUrlOf(smtp.to(member.email).at(-1)!).slice(gw.url.length);
    // Off in the app, then on again: the e-mail's link was made before both changes.
    for (const enabled of [false, true]) {
      const set = await gw.gql(
        'mutation($on: Boolean!) { setEmailNotices(enabled: $on) { emailNotices } }',
        { on: enabled },
        member.token,
      );
      expect(set.body.data.setEmailNotices.emailNotices).toBe(enabled);
    }
    for (const method of ['GET', 'POST']) {
      const form = {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        raw: 'List-Unsubscribe=One-Click',
      };
      const page = await gw.request<string>(method, link, method === 'POST' ? form : {});
      expect([method, page.status]).toEqual([method, 409]);
      expect(page.body).toContain(
        'This unsubscribe link is older than your last change to &quot;E-mail me notices&quot;',
      );
      expect(page.body).not.toContain('<button');
      const json = await gw.request(method, link, { headers: { accept: 'application/json' } });
      expect([method, json.status, json.body]).toEqual([method, 409, { message: OUTDATED_UNSUBSCRIBE_LINK }]);
    }
    expect((await noticesOf(member)).emailNotices).toBe(true);

    // The next e-mail carries a link made now, which works once; used again, it finds e-mail already off.
    await holdReady('Changed My Mind Again', member);
    await gw.library.mail.deliver();
    const fresh = unsubscribeUrlOf(smtp.to(member.email).at(-1)!).slice(gw.url.length);
    expect(fresh).not.toBe(link);
    for (let i = 0; i < 2; i++) {
      const done = await gw.request<string>('POST', fresh, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        raw: 'List-Unsubscribe=One-Click',
      });
      expect(done.status).toBe(200);
      expect(done.body).toContain(`Notices are no longer e-mailed to ${member.email}.`);
    }
    expect((await noticesOf(member)).emailNotices).toBe(false);
    // The old link stays powerless: e-mail is off, and it says nothing else.
    const old = await gw.request('POST', link, { headers: { accept: 'application/json' } });
    expect(old.status).toBe(200);
    expect((await noticesOf(member)).emailNotices).toBe(false);
  });

  it('a link sent before links carried a version stands for version 0: it works until the setting first changes', async () => {
    const [kept, changed] = [await gw.member(), await gw.member()];
    for (const enabled of [false, true])
      await gw.gql(
        'mutation($on: Boolean!) { setEmailNotices(enabled: $on) { emailNotices } }',
        { on: enabled },
        changed.token,
      );
    const post = (uid: string) =>
      gw.request('POST', `/api/unsubscribe?token=${legacyToken(uid)}`, { headers: { accept: 'application/json' } });
    expect(await post(changed.uid)).toMatchObject({ status: 409, body: { message: OUTDATED_UNSUBSCRIBE_LINK } });
    expect((await noticesOf(changed)).emailNotices).toBe(true);
    expect(await post(kept.uid)).toMatchObject({ status: 200, body: { emailNotices: false } });
    expect((await noticesOf(kept)).emailNotices).toBe(false);
  });

  it("shows a member's setting only to them and staff", async () => {
    const name = `Private ${randomUUID()}`;
    const [a] = [await gw.member(), await gw.member({ name })];
    const answer = await gw.gql('query($s: String!) { users(search: $s) { uid emailNotices } }', { s: name }, a.token);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('two gateways on one store send each e-mail once', async () => {
    const shared =
      kind === 'sqlite'
        ? { dataDir: await mkdtemp(path.join(tmpdir(), 'bookhaven-mail-')) }
        : { env: { MONGODB_DB: `bookhaven_mail_${randomUUID().slice(0, 8)}` } };
    const env = { SMTP_URL: smtp.url, MAIL_FROM: FROM };
    const one = await startTestGateway({ store: kind, dataDir: shared.dataDir, env: { ...env, ...shared.env } });
    const two = await startTestGateway({ store: kind, dataDir: shared.dataDir, env: { ...env, ...shared.env } });
    try {
      const run = randomUUID().slice(0, 8);
      const emails = Array.from({ length: 12 }, (_, i) => `pair-${run}-${i}@example.com`);
      for (const email of emails)
        await one.store.users.upsert({ uid: email, email, name: 'Pair', photoURL: null, role: 'member' });
      await one.store.notices.record(
        emails.map((email, i) => ({
          userId: email,
          kind: 'due-soon',
          key: `pair:${run}:${i}`,
          bookId: '0123456789abcdef01234567',
          bookTitle: 'Twice Told',
          loanId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          holdId: null,
          day: libraryDay(2),
          createdAt: new Date(),
        })),
        { mail: true },
      );
      const reports = await Promise.all([one.library.mail.deliver(), two.library.mail.deliver()]);
      expect(reports[0].sent + reports[1].sent).toBe(emails.length);
      expect(emails.map((email) => smtp.to(email).length)).toEqual(emails.map(() => 1));
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('e-mails a member once for all the dates a closure moved, as a range or day by day, with the dates they end up with', async () => {
    const desk = { uid: `desk-${randomUUID()}`, email: 'desk@library.test', name: 'Desk', role: 'admin' } as const;
    const close = (from: number, to?: number) =>
      gw.library.calendar.addClosure(desk, libraryDay(from), 'Flood', to === undefined ? undefined : libraryDay(to));
    const [ranged, daily] = [await gw.member({ name: 'Rana' }), await gw.member({ name: 'Dina' })];
    for (const title of ['Closed First', 'Closed Second'])
      await gqlBorrow(gw, ranged.token, await gw.addBook({ quantity: 1, title }), libraryDay(4));
    await gqlBorrow(gw, daily.token, await gw.addBook({ quantity: 1, title: 'Closed Daily' }), libraryDay(10));
    try {
      await close(4, 6);
      // Staff enter a week day by day: each day moves the loan on once more.
      for (let d = 10; d <= 16; d += 1) await close(d);
      // The e-mails wait while moves may still join their notices.
      await gw.library.mail.deliver();
      expect([smtp.to(ranged.email), smtp.to(daily.email)]).toEqual([[], []]);
      await clock.at(31 * MINUTE, () => gw.library.mail.deliver());
      await clock.at(62 * MINUTE, () => gw.library.mail.deliver());
      const [rangedMail, dailyMail] = [smtp.to(ranged.email), smtp.to(daily.email)];
      expect([rangedMail.length, dailyMail.length]).toEqual([1, 1]);
      expect([rangedMail[0]?.subject, dailyMail[0]?.subject]).toEqual([
        'The library is closed: new dates for 2 of your books',
        'The library is closed: a new date for “Closed Daily”',
      ]);
      const day = (d: number) =>
        new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
          new Date(`${libraryDay(d)}T00:00:00.000Z`),
        );
      expect(rangedMail[0]?.text).toContain(
        `The library is closed from ${day(4)} to ${day(6)}. Your loan of “Closed First” is now due on ${day(7)}. Your loan of “Closed Second” is now due on ${day(7)}.`,
      );
      expect(dailyMail[0]?.text).toContain(
        `The library is closed from ${day(10)} to ${day(16)}. Your loan of “Closed Daily” is now due on ${day(17)}.`,
      );
      expect((await mailOf(daily)).map((n) => n.kind)).toEqual(['due-date-moved']);
    } finally {
      for (const c of await gw.store.calendar.closures(libraryDay(0), libraryDay(20)))
        await gw.store.calendar.removeClosure(c.day);
    }
  });
});

describeEachStore((kind) => {
  let gw: TestGateway;
  let smtp: TestSmtp;
  const clock = libraryClock();
  beforeAll(async () => {
    smtp = await startTestSmtp();
    gw = await startTestGateway({ store: kind, libraryNow: clock.now, env: { SMTP_URL: smtp.url, MAIL_FROM: FROM } });
  });
  afterAll(async () => {
    await gw?.close();
    await smtp?.close();
  });

  const BN_LONG = new Intl.DateTimeFormat('bn-BD', { day: 'numeric', month: 'long', timeZone: 'UTC' });
  /** "১০ এপ্রিল": a day of a Bangla notice about days soon to come. */
  const bnLong = (day: string) => BN_LONG.format(new Date(`${day}T00:00:00.000Z`));
  const LATIN_MONTH = /January|February|March|April|May|June|July|August|September|October|November|December/;

  it('says a due date a closure moved in Bangla, in the app and by e-mail: Bangla months, Bengali digits', async () => {
    const desk = { uid: `desk-${randomUUID()}`, email: 'desk@library.test', name: 'Desk', role: 'admin' } as const;
    const m = await gw.member({ name: 'Rina Akter' });
    await gw.gql('mutation { setLocale(locale: bn) { locale } }', {}, m.token);
    await gqlBorrow(gw, m.token, await gw.addBook({ quantity: 1, title: 'Padma 7' }), libraryDay(4));
    try {
      await gw.library.calendar.addClosure(desk, libraryDay(4), 'Flood');
      const notices = (await gw.gql('{ me { notices { nodes { kind message day } } } }', {}, m.token)).body.data.me
        .notices.nodes as { kind: string; message: string; day: string }[];
      const moved = notices.find((n) => n.kind === 'DUE_DATE_MOVED');
      expect(moved?.message).toBe(
        `লাইব্রেরি ${bnLong(libraryDay(4))} বন্ধ থাকবে; “Padma 7” ফেরত দেওয়ার নতুন তারিখ ${bnLong(moved?.day ?? '')}।`,
      );
      const words = moved?.message.replace('“Padma 7”', '') ?? '';
      expect(words).not.toMatch(LATIN_MONTH);
      expect(words).not.toMatch(/[0-9]/);
      await clock.at(31 * MINUTE, () => gw.library.mail.deliver());
      const [mail] = smtp.to(m.email) as [ParsedMail];
      expect(mail.subject).toBe('লাইব্রেরি বন্ধ: “Padma 7” ফেরতের নতুন তারিখ');
      expect(mail.text).toContain(moved?.message);
      expect(mail.text).not.toMatch(LATIN_MONTH);
    } finally {
      for (const c of await gw.store.calendar.closures(libraryDay(0), libraryDay(20)))
        await gw.store.calendar.removeClosure(c.day);
    }
  });
});
