// A member's own data on both stores: the download (GET /api/me/export) holds everything about them and nothing
// about anyone else, and of the audit trail only what they may read; deleteMyAccount is refused while loans, holds
// or a balance are open, and otherwise keeps the loans without name or e-mail, empties the personal values of the
// audit entries about them and deletes the member's Firebase account (checked in the Auth emulator itself).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';
import { systemNote } from '../../server/store/port.ts';

const DELETE = 'mutation { deleteMyAccount }';
const NOTE = 'mutation($uid: String!, $text: String!) { addMemberNote(uid: $uid, text: $text) { id } }';
const BLOCK = 'mutation($uid: String!, $reason: String!) { blockMember(uid: $uid, reason: $reason) { uid } }';
const UNBLOCK = 'mutation($uid: String!) { unblockMember(uid: $uid) { uid } }';
const EDIT = `mutation($uid: String!, $input: EditMemberInput!) { editMember(uid: $uid, input: $input) { uid } }`;
const CLAIMED = 'mutation($id: ID!, $note: String) { markClaimsReturned(loanId: $id, note: $note) { status } }';
const PAY = `mutation($uid: String!, $amount: Int!, $note: String) {
  recordPayment(uid: $uid, amount: $amount, note: $note) { id }
}`;
const AUDIT = `query($uid: String!) {
  auditLog(uid: $uid, first: 100) { nodes { action field oldValue newValue actor { uid name } } }
}`;

/** The emulator's own record of a uid (its admin REST API, as firebase-admin reads it); null when there is none. */
async function firebaseAccount(uid: string): Promise<{ email?: string } | null> {
  const response = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/demo-bookhaven/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: [uid] }),
    },
  );
  const body = (await response.json()) as { users?: { email?: string }[] };
  if (!response.ok) throw new Error(`emulator lookup failed: ${response.status} ${JSON.stringify(body)}`);
  return body.users?.[0] ?? null;
}

describeEachStore((kind) => {
  const tag = randomUUID().slice(0, 8);
  const staffEmail = `desk-${tag}@example.com`;
  let gw: TestGateway;
  let staff: Member;
  const clock = libraryClock();
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      libraryNow: clock.now,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: `Desk ${tag}`, email: staffEmail });
  });
  afterAll(() => gw.close());

  const exportOf = (m: Member | null) => gw.request('GET', '/api/me/export', { token: m?.token ?? null });
  const giveBack = (m: Member, loanId: string) =>
    gw.gql('mutation($id: ID!) { returnBook(borrowId: $id) { status } }', { id: loanId }, m.token);
  const borrow = async (m: Member, bookId: string, due = libraryDay(14)) => {
    const answer = await gqlBorrow(gw, m.token, bookId, due);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.record.id as string;
  };
  /** A desk write by staff, which must succeed. */
  const desk = async (query: string, variables: Record<string, unknown>) => {
    const answer = await gw.gql(query, variables, staff.token);
    expect(answer.body.errors).toBeUndefined();
  };
  const trailOf = async (uid: string) => {
    const answer = await gw.gql(AUDIT, { uid }, staff.token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.auditLog.nodes as {
      action: string;
      field: string | null;
      oldValue: string | null;
      newValue: string | null;
      actor: { uid: string; name: string };
    }[];
  };

  it('downloads the caller’s profile, loans with titles, holds, ledger and notices, privately', async () => {
    const [m, other] = [await gw.member({ name: 'Export Reader' }), await gw.member({ name: 'Someone Else' })];
    const late = await gw.addBook({ quantity: 1, title: 'Late Export Book' });
    const wanted = await gw.addBook({ quantity: 1, title: 'Wanted Export Book' });
    const lateLoan = await borrow(m, late, libraryDay(2));
    await clock.at(5, () => giveBack(m, lateLoan));
    const otherLoan = await borrow(other, wanted);
    await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: wanted }, m.token);
    await giveBack(other, otherLoan); // the copy is set aside for m: a hold-ready notice
    // A desk payment recorded about m (staff's name is not part of the download).
    await gw.store.audit.record([
      {
        at: new Date(),
        actorUid: 'desk-clerk',
        actorName: 'Desk Clerk',
        api: 'graphql',
        action: 'payment',
        field: 'balance',
        oldValue: '200',
        newValue: '150',
        bookId: null,
        uid: m.uid,
      },
    ]);

    const answer = await exportOf(m);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="bookhaven-my-data.json"');
    const data = answer.body;
    expect(Object.keys(data).sort()).toEqual([
      'audit',
      'holds',
      'ledger',
      'loans',
      'notices',
      'profile',
      'suggestions',
    ]);
    expect(data.suggestions).toEqual([]);
    expect(data.audit).toEqual([
      expect.objectContaining({
        action: 'payment',
        field: 'balance',
        oldValue: '200',
        newValue: '150',
        api: 'graphql',
      }),
      // Their own loan, borrowed and returned in the app, as the book's trail has it.
      expect.objectContaining({ action: 'returned', field: 'status', oldValue: 'borrowed', newValue: 'returned' }),
      expect.objectContaining({ action: 'borrowed', field: 'dueDate', bookId: late }),
    ]);
    expect(JSON.stringify(data.audit)).not.toContain('Desk Clerk');
    expect(data.profile).toMatchObject({
      uid: m.uid,
      name: 'Export Reader',
      email: m.email,
      role: 'member',
      keepsReadingHistory: false,
    });
    expect(data.loans).toEqual([
      expect.objectContaining({
        id: lateLoan,
        bookId: late,
        bookTitle: 'Late Export Book',
        status: 'returned',
        lateFee: 150,
      }),
    ]);
    expect(data.holds).toEqual([
      expect.objectContaining({ bookId: wanted, bookTitle: 'Wanted Export Book', status: 'ready' }),
    ]);
    expect(data.ledger).toEqual({
      balance: 150,
      entries: [expect.objectContaining({ kind: 'late-fee', amount: 150, bookTitle: 'Late Export Book' })],
    });
    // "Due soon" was told at the borrow (due in 2 days); "ready" when the copy was set aside.
    expect(data.notices).toHaveLength(2);
    expect(data.notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'due-soon', bookTitle: 'Late Export Book' }),
        expect.objectContaining({
          kind: 'hold-ready',
          bookTitle: 'Wanted Export Book',
          message: expect.stringContaining('is ready for you'),
        }),
      ]),
    );
    // Nothing of the other member's.
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(JSON.stringify(data)).not.toContain(other.uid);

    expect((await exportOf(null)).status).toBe(401);
    expect((await gw.request('GET', '/api/me/export', { token: 'not-a-token' })).status).toBe(403);
  });

  it('downloads the caller’s library card number with their profile', async () => {
    const m = await gw.member({ name: 'Card Exporter' });
    const card = (await gw.store.users.getByUid(m.uid))!.cardNumber;
    expect(card).toMatch(/^BM\d{8}$/);
    const answer = await exportOf(m);
    expect(answer.status).toBe(200);
    expect(answer.body.profile.cardNumber).toBe(card);
  });

  it("downloads of the audit trail only what the member may read: no staff note, no staff's words, no staff name", async () => {
    const m = await gw.member({ name: `Noted Reader ${tag}` });
    const note = `Argues at the desk ${tag}`;
    const claim = `Says it went back on Monday, doubtful ${tag}`;
    await desk(NOTE, { uid: m.uid, text: note });
    await desk(BLOCK, { uid: m.uid, reason: `Damaged a book ${tag}` });
    await desk(UNBLOCK, { uid: m.uid });
    await desk(CLAIMED, { id: await borrow(m, await gw.addBook({ quantity: 1 })), note: claim });

    const answer = await exportOf(m);
    expect(answer.status).toBe(200);
    const audit = answer.body.audit as { action: string; field: string; oldValue: unknown; newValue: unknown }[];
    expect(audit.map((e) => [e.action, e.field, e.oldValue, e.newValue])).toEqual([
      // A claim's note is staff's words: the entry without its values.
      ['claims-returned', 'status', null, null],
      // The loan claimed, borrowed in the app.
      ['borrowed', 'dueDate', null, expect.any(String)],
      // The reason of a block is the member's to read (a refused borrow quotes it).
      ['member-unblocked', 'blockedReason', `Damaged a book ${tag}`, null],
      ['member-blocked', 'blockedReason', null, `Damaged a book ${tag}`],
    ]);
    const text = JSON.stringify(answer.body);
    for (const secret of [note, claim, `Desk ${tag}`, staff.uid]) expect(text).not.toContain(secret);
    // As `me { notes }` refuses them.
    expectError(await gw.gql('{ me { notes { text } } }', {}, m.token), 'FORBIDDEN');
    // Staff read every entry whole, by whom.
    const trail = await trailOf(m.uid);
    expect(trail.map((e) => [e.action, e.newValue, e.actor.name])).toEqual([
      ['claims-returned', claim, `Desk ${tag}`],
      ['borrowed', expect.any(String), m.name],
      ['member-unblocked', null, `Desk ${tag}`],
      ['member-blocked', `Damaged a book ${tag}`, `Desk ${tag}`],
      ['member-note-added', note, `Desk ${tag}`],
    ]);
  });

  it("deleting an account empties the audit trail's personal values about the member and staff's notes on payments", async () => {
    const m = await gw.member({ name: `Erased Reader ${tag}` });
    const personal = ['+8801711000111', '+8801999000222', `Erased Reader ${tag}`, `Renamed Reader ${tag}`];
    const words = [`Prefers large print ${tag}`, `Lost two books before ${tag}`, `Paid by her brother ${tag}`];
    await desk(EDIT, { uid: m.uid, input: { phone: personal[0] } });
    await desk(EDIT, { uid: m.uid, input: { phone: personal[1], name: personal[3] } });
    await desk(NOTE, { uid: m.uid, text: words[0] });
    await desk(BLOCK, { uid: m.uid, reason: words[1] });
    await desk(UNBLOCK, { uid: m.uid });
    const lateLoan = await borrow(m, await gw.addBook({ quantity: 1 }), libraryDay(1));
    await clock.at(3, () => giveBack(m, lateLoan));
    await desk(PAY, { uid: m.uid, amount: 100, note: words[2] });
    const before = JSON.stringify(await trailOf(m.uid));
    for (const value of [...personal.slice(0, 2), personal[3]!, words[0]!, words[1]!]) expect(before).toContain(value);

    expect((await gw.gql(DELETE, {}, m.token)).body).toEqual({ data: { deleteMyAccount: true } });

    const trail = await trailOf(m.uid);
    const after = JSON.stringify(trail);
    for (const value of [...personal, ...words]) expect(after).not.toContain(value);
    // The entries stay, with who did what and when; the library's own facts (a balance) stay too.
    expect(trail.map((e) => [e.action, e.field])).toEqual([
      ['payment', 'balance'],
      // The loan's start and end are the library's facts: they keep their values, not who the member was.
      ['returned', 'status'],
      ['borrowed', 'dueDate'],
      ['member-unblocked', 'blockedReason'],
      ['member-blocked', 'blockedReason'],
      ['member-note-added', 'note'],
      // One edit's entries, newest first: recorded in the order of the fields.
      ['member-edited', 'phone'],
      ['member-edited', 'name'],
      ['member-edited', 'phone'],
    ]);
    expect(trail[0]).toMatchObject({ oldValue: '100', newValue: '0', actor: { name: `Desk ${tag}` } });
    expect(trail[1]).toMatchObject({ oldValue: 'borrowed', newValue: 'returned', actor: { name: '' } });
    expect(trail.slice(3).every((e) => e.oldValue === null && e.newValue === null)).toBe(true);
    // The ledger keeps the amounts and the library's own words (a key), not staff's note on the payment.
    const ledger = await gw.store.ledger.list(m.uid);
    expect(ledger.map((e) => [e.kind, e.amount, e.note]).sort()).toEqual([
      ['late-fee', 100, systemNote('ledgerReturnedLate')],
      ['payment', 100, ''],
    ]);
  });

  it('says first what stands in the way of deleting an account, each by name, and refuses it with ACCOUNT_IN_USE, changing nothing', async () => {
    const [gitanjali, padma, meghna] = ['Gitanjali', 'Padma', 'Meghna'].map((t) => `${t} ${tag}`);
    const onLoan = await gw.member();
    await borrow(onLoan, await gw.addBook({ quantity: 2, title: gitanjali }));
    await borrow(onLoan, await gw.addBook({ quantity: 2, title: meghna }));
    const holder = await gw.member();
    const scarce = await gw.addBook({ quantity: 1, title: padma });
    await borrow(await gw.member(), scarce);
    await gw.gql('mutation($id: ID!) { placeHold(bookId: $id) { id } }', { id: scarce }, holder.token);
    const owing = await gw.member();
    const lateLoan = await borrow(owing, await gw.addBook({ quantity: 1 }), libraryDay(1));
    await clock.at(3, () => giveBack(owing, lateLoan));
    const free = await gw.member();

    const CHECK = '{ accountDeletionCheck { allowed loans holds balance } }';
    const checks = [];
    for (const m of [onLoan, holder, owing, free])
      checks.push((await gw.gql(CHECK, {}, m.token)).body.data.accountDeletionCheck);
    expect(checks).toEqual([
      { allowed: false, loans: expect.arrayContaining([gitanjali, meghna]), holds: [], balance: 0 },
      { allowed: false, loans: [], holds: [padma], balance: 0 },
      { allowed: false, loans: [], holds: [], balance: 100 },
      { allowed: true, loans: [], holds: [], balance: 0 },
    ]);
    expect(checks[0].loans).toHaveLength(2);
    expectError(await gw.gql(CHECK, {}, null), 'UNAUTHENTICATED');

    const sentences = [];
    for (const m of [onLoan, holder, owing]) {
      const error = expectError(await gw.gql(DELETE, {}, m.token), 'ACCOUNT_IN_USE');
      sentences.push(error.message);
      expect(await gw.store.users.getByUid(m.uid)).toMatchObject({ email: m.email });
      expect(await firebaseAccount(m.uid)).toMatchObject({ email: m.email });
    }
    const [first, second] = checks[0].loans as string[];
    const settle = 'Return your books, cancel your holds and settle your balance at the desk, then try again.';
    expect(sentences).toEqual([
      `You can't delete your account while you have “${first}” and “${second}” on loan. ${settle}`,
      `You can't delete your account while you have a hold on “${padma}”. ${settle}`,
      `You can't delete your account while you have a balance of ৳100. ${settle}`,
    ]);
    // In Bangla the same list, each part in Bangla and the titles as entered.
    const SET_LOCALE = 'mutation { setLocale(locale: bn) { locale } }';
    const inBangla = [];
    for (const m of [onLoan, holder, owing]) {
      await gw.gql(SET_LOCALE, {}, m.token);
      inBangla.push(expectError(await gw.gql(DELETE, {}, m.token), 'ACCOUNT_IN_USE').message);
    }
    const bnSettle = 'বই ফেরত দিন, রিজার্ভ বাতিল করুন এবং ডেস্কে বকেয়া পরিশোধ করুন, তারপর আবার চেষ্টা করুন।';
    expect(inBangla).toEqual([
      `আপনার ধার নেওয়া “${first}” এবং “${second}” থাকা অবস্থায় অ্যাকাউন্ট মুছে ফেলা যায় না। ${bnSettle}`,
      `আপনার “${padma}” বইয়ের ১ টি রিজার্ভ থাকা অবস্থায় অ্যাকাউন্ট মুছে ফেলা যায় না। ${bnSettle}`,
      `আপনার ৳১০০ বকেয়া থাকা অবস্থায় অ্যাকাউন্ট মুছে ফেলা যায় না। ${bnSettle}`,
    ]);
    expectError(await gw.gql(DELETE, {}, null), 'UNAUTHENTICATED');
  });

  it('deletes an account with nothing open: loans kept without name or e-mail, the Firebase user gone', async () => {
    const m = await gw.member({ name: 'Leaving Reader' });
    const bookId = await gw.addBook({ quantity: 1, title: 'Read Before Leaving' });
    await giveBack(m, await borrow(m, bookId));
    expect(await firebaseAccount(m.uid)).toMatchObject({ email: m.email });

    const answer = await gw.gql(DELETE, {}, m.token);
    expect(answer.body).toEqual({ data: { deleteMyAccount: true } });

    expect(await gw.store.users.getByUid(m.uid)).toBeNull();
    expect(await gw.store.loans.listByUser(m.uid)).toEqual([
      expect.objectContaining({
        bookId,
        bookTitle: 'Read Before Leaving',
        status: 'returned',
        userName: '',
        userEmail: '',
      }),
    ]);
    expect(await firebaseAccount(m.uid)).toBeNull();
    // The old ID token no longer signs anyone in.
    expect((await gw.request('POST', '/api/jwt', { body: { idToken: m.idToken } })).status).toBe(401);
  });
});
