// The gateway speaks English and Bangla (issue 29), on both stores: a member's chosen language (User.locale,
// setLocale) and else the request's Accept-Language pick the language of refusals over GraphQL and REST, of
// notices and of e-mailed notices; codes and statuses stay the same, and English stays word for word.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server.ts';
import { gqlBorrow, libraryDay, restBorrow } from './factory.ts';
import { en as MESSAGES } from '../../server/library/i18n/en.ts';

const BN_ALREADY_BORROWED = 'আপনি বইটি আগেই ধার নিয়েছেন। ফেরত দেওয়ার পর আবার ধার নিতে পারবেন।';
const BN_UNAUTHORIZED = 'অনুমতি নেই: সাইন ইন করুন';

describeEachStore((kind) => {
  let gw: TestGateway;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    gw = await startTestGateway({ store: kind, env: { SMTP_URL: smtp.url, MAIL_FROM: 'desk@library.test' } });
  });
  afterAll(async () => {
    await gw?.close();
    await smtp?.close();
  });

  const gql = (query: string, variables: Record<string, unknown>, token: string | null, language?: string) =>
    gw.request('POST', '/graphql', {
      body: { query, variables },
      token,
      headers: language ? { 'accept-language': language } : {},
    });
  const setLocale = (m: Member, locale: string) =>
    gql('mutation($l: Locale!) { setLocale(locale: $l) { uid locale } }', { l: locale }, m.token);
  const BORROW = `mutation($id: ID!, $day: String!) { borrow(input: { bookId: $id, returnDate: $day }) { record { id } } }`;

  /** A member who has borrowed a book once already: borrowing it again is refused with ALREADY_BORROWED. */
  async function borrowedOnce(m: Member) {
    const bookId = await gw.addBook({ quantity: 3 });
    expect((await gqlBorrow(gw, m.token, bookId, libraryDay(7))).body.errors).toBeUndefined();
    return bookId;
  }

  it('keeps the language a member chooses on their account, and refuses one it does not speak', async () => {
    const m = await gw.member();
    expect((await gql('{ me { locale } }', {}, m.token)).body.data.me.locale).toBeNull();
    expect((await setLocale(m, 'bn')).body.data.setLocale).toEqual({ uid: m.uid, locale: 'bn' });
    expect((await gql('{ me { locale } }', {}, m.token)).body.data.me.locale).toBe('bn');
    const refused = await setLocale(m, 'fr');
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await gw.store.users.getByUid(m.uid))?.locale).toBe('bn');
    expect((await gql('mutation { setLocale(locale: bn) { uid } }', {}, null)).body.errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('answers a GraphQL refusal in Bangla for Accept-Language: bn, with the same code; English stays as it was', async () => {
    const m = await gw.member();
    const bookId = await borrowedOnce(m);
    const variables = { id: bookId, day: libraryDay(7) };
    const bangla = await gql(BORROW, variables, m.token, 'bn-BD,bn;q=0.9,en;q=0.8');
    expect(bangla.body.errors?.[0]).toMatchObject({
      message: BN_ALREADY_BORROWED,
      extensions: { code: 'ALREADY_BORROWED' },
    });
    const english = await gql(BORROW, variables, m.token, 'en-US,en;q=0.9');
    expect(english.body.errors?.[0]).toMatchObject({
      message: MESSAGES.alreadyBorrowed,
      extensions: { code: 'ALREADY_BORROWED' },
    });
    // Signed out: the header alone decides.
    const visitor = await gql(BORROW, variables, null, 'bn');
    expect(visitor.body.errors?.[0]).toMatchObject({
      message: BN_UNAUTHORIZED,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it("follows the member's chosen language over the browser's Accept-Language", async () => {
    const m = await gw.member();
    const bookId = await borrowedOnce(m);
    await setLocale(m, 'bn');
    const answer = await gql(BORROW, { id: bookId, day: libraryDay(7) }, m.token, 'en-GB,en');
    expect(answer.body.errors?.[0]).toMatchObject({
      message: BN_ALREADY_BORROWED,
      extensions: { code: 'ALREADY_BORROWED' },
    });
    // A sentence with values: the field's name stays as the API spells it.
    const missing = await gql(
      'mutation($id: ID!) { borrow(input: { bookId: $id, returnDate: "" }) { record { id } } }',
      { id: bookId },
      m.token,
    );
    expect(missing.body.errors?.[0]).toMatchObject({
      message: 'ফেরতের একটি তারিখ বেছে নিন',
      extensions: { code: 'BAD_USER_INPUT', field: 'returnDate' },
    });
  });

  it('answers REST refusals in the language of Accept-Language, or of the member, with the same status', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 3 });
    expect((await restBorrow(gw, m, bookId)).status).toBe(201);
    const again = (language: string) =>
      gw.request('POST', '/api/borrow', {
        token: m.token,
        headers: { 'accept-language': language },
        body: { bookId, userId: m.uid, userName: m.name, userEmail: m.email, returnDate: libraryDay(14) },
      });
    const bangla = await again('bn');
    expect(bangla.status).toBe(400);
    expect(bangla.body).toMatchObject({
      message: BN_ALREADY_BORROWED,
      code: 'ALREADY_BORROWED',
      alreadyBorrowed: true,
    });
    expect((await again('en')).body.message).toBe(MESSAGES.alreadyBorrowed);
    const visitor = await gw.request('GET', '/api/users', { headers: { 'accept-language': 'bn-BD' } });
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe(BN_UNAUTHORIZED);
    // Schema failures too: the field's name stays, the words are Bangla.
    const schema = await gw.request('POST', '/api/borrow', {
      token: m.token,
      headers: { 'accept-language': 'bn' },
      body: { userId: m.uid, returnDate: libraryDay(14) },
    });
    expect(schema.status).toBe(400);
    expect(schema.body.message).toBe('bookId দিতে হবে');
    // And the schema's own checks (Ajv's words): a type, a length.
    const typed = await gw.request('POST', '/api/borrow', {
      token: m.token,
      headers: { 'accept-language': 'bn' },
      body: { bookId: 42, userId: m.uid, returnDate: libraryDay(14) },
    });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toBe('bookId-এর মান string ধরনের হতে হবে');
    const english = await gw.request('POST', '/api/borrow', {
      token: m.token,
      body: { bookId: 42, userId: m.uid, returnDate: libraryDay(14) },
    });
    expect(english.body.message).toBe('bookId must be string');
    await setLocale(m, 'bn');
    expect((await again('en')).body.message).toBe(BN_ALREADY_BORROWED);
  });

  it("tells a Bangla member why they cannot borrow in Bangla on the book page, as the borrow's refusal does", async () => {
    const m = await gw.member();
    await setLocale(m, 'bn');
    const reason = 'তিনটি বই ফেরত দেওয়া হয়নি';
    await gw.store.users.setBlock(m.uid, { reason, at: new Date() });
    const bookId = await gw.addBook({ quantity: 1 });
    const refused = (await gql(BORROW, { id: bookId, day: libraryDay(7) }, m.token)).body.errors?.[0];
    const bangla = `আপনার কার্ড বন্ধ রাখা হয়েছে (“${reason}”)`;
    expect(refused?.message).toContain(bangla);
    const told = (await gql('{ me { borrowing { allowed code message } } }', {}, m.token)).body.data.me.borrowing;
    expect(told).toEqual({ allowed: false, code: 'MEMBER_BLOCKED', message: refused?.message });
  });

  it('refuses a REST borrow for someone else in Bangla for Accept-Language: bn, with the same 403', async () => {
    const [m, other] = [await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    const forOther = (language: string) =>
      gw.request('POST', '/api/borrow', {
        token: m.token,
        headers: { 'accept-language': language },
        body: { bookId, userId: other.uid, returnDate: libraryDay(7) },
      });
    expect(await forOther('bn')).toMatchObject({
      status: 403,
      body: { message: 'আপনি শুধু নিজের জন্য বই ধার নিতে পারেন।' },
    });
    expect(await forOther('en')).toMatchObject({
      status: 403,
      body: { message: 'You can only borrow books for yourself.' },
    });
  });

  it('sends a GraphQL refusal with its key and raw values, so a client can say it in the language on its screen', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 1 });
    const tooLate = await gql(BORROW, { id: bookId, day: libraryDay(400) }, m.token, 'bn');
    expect(tooLate.body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'returnDate',
      messageKey: 'returnDateTooLate',
      messageValues: { days: 14, day: libraryDay(14) },
    });
    const borrowedAgain = await gql(BORROW, { id: await borrowedOnce(m), day: libraryDay(7) }, m.token);
    expect(borrowedAgain.body.errors?.[0]?.extensions).toEqual({
      code: 'ALREADY_BORROWED',
      messageKey: 'alreadyBorrowed',
      messageValues: {},
    });
  });

  it("says why a loan cannot be renewed in the reader's language", async () => {
    const [m, other] = [await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 1 });
    expect((await gqlBorrow(gw, m.token, bookId, libraryDay(7))).body.errors).toBeUndefined();
    await gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, other.token);
    const reason = async (language: string) =>
      (await gql('{ borrowedBooks { canRenew renewBlockedReason } }', {}, m.token, language)).body.data
        .borrowedBooks[0];
    expect(await reason('en')).toEqual({ canRenew: false, renewBlockedReason: MESSAGES.bookRequested });
    expect(await reason('bn')).toEqual({
      canRenew: false,
      renewBlockedReason:
        'আরেকজন সদস্য বইটি চেয়েছেন, তাই মেয়াদ বাড়ানো যাবে না। অনুগ্রহ করে ফেরতের তারিখের মধ্যে বইটি ফেরত দিন।',
    });
  });

  it("writes a member's notices, and e-mails them, in their language: Bengali digits and a Bangla date", async () => {
    const [a, b] = [await gw.member(), await gw.member({ name: 'Rina Akter' })];
    await setLocale(b, 'bn');
    const bookId = await gw.addBook({ quantity: 1, title: 'পথের পাঁচালী' });
    const loanId = (await gqlBorrow(gw, a.token, bookId, libraryDay(7))).body.data.borrow.record.id;
    await gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: bookId }, b.token);
    await gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }, a.token);
    const notice = (await gql('{ me { notices { nodes { kind message } } } }', {}, b.token)).body.data.me.notices
      .nodes[0];
    expect(notice.kind).toBe('HOLD_READY');
    expect(notice.message).toMatch(
      /^“পথের পাঁচালী” [০-৯]+ [^\d\s]+ [০-৯]{4} পর্যন্ত আপনার জন্য রাখা আছে। বইয়ের পাতা থেকে ধার নিন।$/,
    );

    await gw.library.mail.deliver();
    const [mail] = smtp.to(b.email) as [ParsedMail];
    expect(mail.subject).toBe('আপনার জন্য রাখা আছে: “পথের পাঁচালী”');
    expect(mail.text).toContain('প্রিয় Rina Akter,');
    expect(mail.text).toContain(notice.message);
    expect(mail.text).toContain(`BookHaven-এ খুলুন: ${gw.url}/book-details/${bookId}`);
    expect(mail.text).toContain('নোটিশ ই-মেইলে পাঠানো বন্ধ করুন: ');
    expect(mail.html).toContain('<html lang="bn">');
    // The member who chose nothing still gets English, word for word.
    expect(notice.message).not.toMatch(/[0-9]/);
  });
});
