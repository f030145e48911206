// Notices by SMS, end to end on both stores, through a real SMPP server the test starts (the `smpp` package's
// server side): a member in Bangla who chose SMS gets the hold-ready notice in Bangla as UCS-2, in concatenated
// parts the phone joins; in English as GSM text in one part; nobody who did not choose SMS gets one; a refusing
// SMS centre leaves the notice and the member's action alone and is retried after the backoff; a notice too long
// for the cap arrives shortened within it; staff's reminder of every overdue book arrives as one SMS.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { startTestSmpp, type TestSmpp } from '../support/smpp-server.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import type { NoticeRecord } from '../../server/store/port.ts';

const MINUTE = 1 / 1440;
let number = 100_000;
/** A fresh mobile number for each member, as typed (local form) and as the SMS centre sees it. */
const nextPhone = () => {
  number += 1;
  return { typed: `01711-${number}`, digits: `8801711${number}` };
};

describeEachStore((kind) => {
  let gw: TestGateway;
  let smpp: TestSmpp;
  const clock = libraryClock();
  beforeAll(async () => {
    smpp = await startTestSmpp();
    gw = await startTestGateway({ store: kind, libraryNow: clock.now, env: { ...smpp.env, SMS_MAX_PARTS: '3' } });
  });
  afterAll(async () => {
    await gw?.close();
    await smpp?.close();
  });

  /** A member with a mobile number who chose SMS, in a language. */
  async function smsMember(locale: 'en' | 'bn', name = 'Rina Akter') {
    const member = await gw.member({ name });
    const phone = nextPhone();
    await gw.gql('mutation($l: Locale!) { setLocale(locale: $l) { locale } }', { l: locale }, member.token);
    const set = await gw.gql(
      'mutation($p: String) { setMyPhone(phone: $p) { phone } setSmsNotices(enabled: true) { smsNotices } }',
      { p: phone.typed },
      member.token,
    );
    expect(set.body.errors, JSON.stringify(set.body)).toBeUndefined();
    return { member, phone: phone.digits };
  }

  /** `waiting` waits for the only copy, another member returns it: the hold is ready (a notice recorded). */
  async function holdReady(title: string, waiting: Member) {
    const other = await gw.member();
    const bookId = await gw.addBook({ quantity: 1, title });
    const loanId = (await gqlBorrow(gw, other.token, bookId, libraryDay(7))).body.data.borrow.record.id;
    await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, waiting.token);
    const returned = await gw.gql(
      'mutation($id: ID!) { returnBook(borrowId: $id) { id } }',
      { id: loanId },
      other.token,
    );
    expect(returned.body.errors).toBeUndefined();
  }

  const noticesOf = async (m: Member): Promise<NoticeRecord[]> =>
    (await gw.store.notices.list(m.uid, { unreadOnly: false, page: { first: 20 } })).nodes;
  const messageOf = async (m: Member): Promise<string> =>
    (await gw.gql('{ me { notices { nodes { message } } } }', {}, m.token)).body.data.me.notices.nodes[0].message;

  it('sends a ready hold to a member in Bangla as UCS-2, in parts joined by their concatenation header', async () => {
    const { member, phone } = await smsMember('bn');
    await holdReady('গীতাঞ্জলি', member);
    expect(await gw.library.sms.deliver()).toEqual({ sent: 1, retrying: 0, failed: 0, skipped: 0 });
    expect(await gw.library.sms.deliver()).toEqual({ sent: 0, retrying: 0, failed: 0, skipped: 0 });
    const [sms, ...more] = smpp.to(phone);
    expect(more).toHaveLength(0);
    const expected = await messageOf(member);
    expect(expected).toMatch(/^“গীতাঞ্জলি” .*[০-৯].* পর্যন্ত আপনার জন্য রাখা আছে।/);
    expect(sms).toMatchObject({ from: 'BookHaven', dataCoding: 8, text: expected });
    // 67 UTF-16 units a part once split: the Bangla sentence takes two.
    expect(sms!.parts.map((p) => [p.esmClass & 0x40, p.concat?.total, p.concat?.number])).toEqual([
      [0x40, 2, 1],
      [0x40, 2, 2],
    ]);
    expect(sms!.parts.every((p) => p.text.length <= 67)).toBe(true);
    expect(new Set(sms!.parts.map((p) => p.concat?.reference)).size).toBe(1);
    const [notice] = await noticesOf(member);
    expect(notice!.sms).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('sends English as GSM text in one part, and nothing to a member who did not choose SMS', async () => {
    const { member, phone } = await smsMember('en');
    await holdReady('Short Title', member);
    const quiet = await gw.member();
    const quietPhone = nextPhone();
    await gw.gql('mutation($p: String) { setMyPhone(phone: $p) { phone } }', { p: quietPhone.typed }, quiet.token);
    await holdReady('Unsent', quiet);
    expect(await gw.library.sms.deliver()).toMatchObject({ sent: 1, skipped: 1 });
    const [sms] = smpp.to(phone);
    // The curly quotes English writes are not GSM: the SMS has straight ones, and stays GSM.
    const said = (await messageOf(member)).replace(/[“”]/g, '"');
    expect(sms).toMatchObject({ dataCoding: 0, text: said });
    expect(said).toMatch(/^"Short Title" is ready for you until \d{4}-\d{2}-\d{2}\. Borrow it from the book's page\.$/);
    expect(sms!.parts).toEqual([expect.objectContaining({ concat: null, esmClass: 0 })]);
    expect(smpp.to(quietPhone.digits)).toEqual([]);
    expect((await noticesOf(quiet))[0]!.sms).toMatchObject({ status: 'skipped' });
  });

  it('keeps the notice when the SMS centre refuses, never blocks the return, and sends after the backoff', async () => {
    const { member, phone } = await smsMember('bn');
    smpp.refuse(0x58); // throttled
    try {
      await holdReady('ধৈর্য', member);
      expect(await gw.library.sms.deliver()).toMatchObject({ sent: 0, retrying: 1 });
      expect((await noticesOf(member))[0]!.sms).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await noticesOf(member))[0]!.sms!.lastError).toMatch(/0x58/);
    } finally {
      smpp.refuse(null);
    }
    // Not due again before the backoff (a minute), then sent once.
    expect(await gw.library.sms.deliver()).toMatchObject({ sent: 0, retrying: 0 });
    clock.set(2 * MINUTE);
    try {
      expect(await gw.library.sms.deliver()).toMatchObject({ sent: 1 });
    } finally {
      clock.set(0);
    }
    expect(smpp.to(phone)).toHaveLength(1);
    expect((await noticesOf(member))[0]!.sms).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('shortens a notice longer than the cap to the cap, ending with an ellipsis', async () => {
    const { member, phone } = await smsMember('bn');
    await holdReady(`রবীন্দ্রনাথ ঠাকুরের ${'গল্পগুচ্ছ '.repeat(15).trim()}`, member);
    await gw.library.sms.deliver();
    const [sms] = smpp.to(phone);
    expect(sms!.parts.map((p) => p.concat?.total)).toEqual([3, 3, 3]);
    expect(sms!.text.endsWith('…')).toBe(true);
    expect((await messageOf(member)).startsWith(sms!.text.slice(0, -1))).toBe(true);
  });

  it("sends staff's reminder of every overdue book as one SMS in the member's language (decision 086)", async () => {
    const { member, phone } = await smsMember('bn', 'Karim Late');
    for (const title of ['পথের পাঁচালী', 'দেবদাস']) {
      const answer = await gqlBorrow(gw, member.token, await gw.addBook({ quantity: 1, title }), libraryDay(1));
      expect(answer.body.errors).toBeUndefined();
    }
    const staff = { uid: 'sms-staff', email: 'desk@example.com', name: 'Desk', role: 'admin' as const };
    await clock.at(11, async () => {
      await gw.library.sms.deliver();
      const before = smpp.to(phone).length;
      await gw.library.overdueReminders.send(staff, 7);
      await gw.library.sms.deliver();
      const sent = smpp.to(phone).slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.text).toMatch(
        /^আপনার ২টি বই ফেরত দেওয়ার তারিখ পেরিয়ে গেছে: “(পথের পাঁচালী|দেবদাস)”, [০-৯]+ দিন দেরি; /,
      );
      const told = (await gw.gql('{ me { notices { nodes { kind message } } } }', {}, member.token)).body.data.me
        .notices.nodes as { kind: string; message: string }[];
      expect(sent[0]!.text).toBe(told.find((n) => n.kind === 'OVERDUE_SUMMARY')?.message);
    });
  });
});
