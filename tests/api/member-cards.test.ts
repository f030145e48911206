// Members at the desk (issue 31), on both stores over GraphQL with the real Auth emulator: cards and
// memberByCard, registration, edits, blocks (a blocked member cannot borrow or place holds and is told why),
// notes, the audit trail, and who may see a card.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { lookupAccount, setPasswordAndSignIn } from '../support/password-reset.ts';
import { isMemberCard } from '../../shared/barcodes.ts';
import { gqlBorrow, restBorrow } from './factory.ts';
import { expectError } from './gql-assert.ts';

/** The Auth emulator's origin (the run's shared one). */
const emulator = () => `http://${inject('authEmulatorHost')}`;

const REGISTER = `mutation($input: RegisterMemberInput!, $key: String) {
  registerMember(input: $input, idempotencyKey: $key) { uid name email phone cardNumber block { reason } }
}`;
const BLOCK = `mutation($uid: String!, $reason: String!, $key: String) {
  blockMember(uid: $uid, reason: $reason, idempotencyKey: $key) { uid block { reason at } }
}`;
const UNBLOCK = 'mutation($uid: String!) { unblockMember(uid: $uid) { uid block { reason } } }';
const PLACE_HOLD = 'mutation($id: ID!) { placeHold(bookId: $id) { id } }';
const BY_CARD = 'query($card: String!) { memberByCard(card: $card) { uid name cardNumber } }';

describeEachStore((kind) => {
  const tag = randomUUID().slice(0, 8);
  const staffEmail = `desk-${tag}@example.com`;
  let gw: TestGateway;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: `Desk ${tag}`, email: staffEmail });
  });
  afterAll(() => gw.close());

  const cardOf = async (m: Member): Promise<string> =>
    (await gw.gql<{ me: { cardNumber: string } }>('{ me { cardNumber } }', {}, m.token)).body.data!.me.cardNumber;
  const auditOf = async (uid: string) =>
    (
      await gw.gql<{
        auditLog: { nodes: { action: string; field: string; newValue: string; actor: { name: string } }[] };
      }>(
        'query($uid: String!) { auditLog(uid: $uid) { nodes { action field newValue actor { name } } } }',
        { uid },
        staff.token,
      )
    ).body.data!.auditLog.nodes;

  it('gives every member a card at sign-in; staff find the member by it, members may not', async () => {
    const ada = await gw.member({ name: `Ada ${tag}` });
    const card = await cardOf(ada);
    expect(isMemberCard(card)).toBe(true);
    const found = await gw.gql(BY_CARD, { card: ` ${card.toLowerCase()} ` }, staff.token);
    expect(found.body.data?.memberByCard).toEqual({ uid: ada.uid, name: `Ada ${tag}`, cardNumber: card });
    expect((await gw.gql(BY_CARD, { card: 'BM99999996' }, staff.token)).body.data?.memberByCard).toBeNull();
    expectError(await gw.gql(BY_CARD, { card }, ada.token), 'FORBIDDEN');
    expectError(await gw.gql(BY_CARD, { card: 'BM00000017' }, staff.token), 'BAD_USER_INPUT', 'card');
    // Staff's member search finds them by card number too.
    const search = await gw.gql(
      'query($s: String) { members(search: $s) { nodes { uid } } }',
      { s: card },
      staff.token,
    );
    expect(search.body.data?.members.nodes).toEqual([{ uid: ada.uid }]);
  });

  it('shows a card to its member and to staff, never to another member', async () => {
    const zara = await gw.member({ name: `Zara ${tag}` });
    const other = await gw.member();
    const card = await cardOf(zara);
    const listed = await gw.gql<{ users: { uid: string; cardNumber: string | null }[] }>(
      '{ users { uid cardNumber block { reason } } }',
      {},
      other.token,
    );
    expect(listed.body.data!.users.find((u) => u.uid === zara.uid)).toEqual({
      uid: zara.uid,
      cardNumber: null,
      block: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(card);
    const asStaff = await gw.gql(
      'query($uid: String!) { member(uid: $uid) { cardNumber } }',
      { uid: zara.uid },
      staff.token,
    );
    expect(asStaff.body.data?.member.cardNumber).toBe(card);
  });

  it('registers a member at the desk: a sign-in account they set a password for, a record with a card', async () => {
    const email = `new-${tag}@example.com`;
    const input = { name: `Nadia ${tag}`, email: email.toUpperCase(), phone: '+880 1711-000111' };
    const key = randomUUID();
    const answer = await gw.gql(REGISTER, { input, key }, staff.token);
    expect(answer.body.errors).toBeUndefined();
    const nadia = answer.body.data!.registerMember;
    // The phone as typed is kept in one form (shared/phone.ts).
    expect(nadia).toMatchObject({ name: `Nadia ${tag}`, email, phone: '+8801711000111', block: null });
    expect(isMemberCard(nadia.cardNumber)).toBe(true);
    // A double submit answers the same member and records nothing twice.
    expect((await gw.gql(REGISTER, { input, key }, staff.token)).body.data?.registerMember).toEqual(nadia);
    expect((await auditOf(nadia.uid)).map((e) => e.action)).toEqual(['member-registered']);
    // The member sets a password through "Forgot password" and signs in: the same account and card.
    const signedIn = await setPasswordAndSignIn(emulator(), email, 'a long passphrase');
    expect(signedIn.uid).toBe(nadia.uid);
    const jwt = await gw.request('POST', '/api/jwt', { body: { idToken: signedIn.idToken } });
    expect(jwt.status).toBe(200);
    const me = await gw.gql('{ me { uid cardNumber phone } }', {}, jwt.body.token);
    expect(me.body.data?.me).toEqual({ uid: nadia.uid, cardNumber: nadia.cardNumber, phone: '+8801711000111' });
    // The same e-mail again is refused, clearly, and adds nobody.
    const count = (await gw.store.users.list()).length;
    const again = expectError(await gw.gql(REGISTER, { input: { name: 'Someone', email } }, staff.token), 'CONFLICT');
    expect(again.message).toBe(`An account with the e-mail ${email} exists already: find that member instead.`);
    expect(await gw.store.users.list()).toHaveLength(count);
  });

  it('registers a member with the card they already hold, refusing one another member holds', async () => {
    const card = `OLD-${tag.slice(0, 6).toUpperCase()}`;
    const input = { name: `Old Card ${tag}`, email: `old-${tag}@example.com`, cardNumber: card.toLowerCase() };
    const first = await gw.gql(REGISTER, { input }, staff.token);
    expect(first.body.data?.registerMember.cardNumber).toBe(card);
    const taken = { name: 'Taken', email: `taken-${tag}@example.com`, cardNumber: card };
    const refused = expectError(await gw.gql(REGISTER, { input: taken }, staff.token), 'CONFLICT');
    expect(refused.message).toBe(`Another member already has the card ${card}.`);
    expect(await setPasswordAndSignIn(emulator(), taken.email, 'x1234567').catch(() => 'none')).toBe('none');
    expectError(
      await gw.gql(REGISTER, { input: { ...taken, cardNumber: 'BH00000018' } }, staff.token),
      'BAD_USER_INPUT',
      'cardNumber',
    );
    const member = await gw.member();
    expectError(await gw.gql(REGISTER, { input: taken }, member.token), 'FORBIDDEN');
  });

  it('blocks a member with a reason: no borrowing, no holds, told why in their language; unblocking restores', async () => {
    const m = await gw.member({ name: `Blocked ${tag}` });
    const bookId = await gw.addBook({ quantity: 2 });
    const outBook = await gw.addBook({ quantity: 0 });
    const reason = 'Three books unreturned since March';
    const key = randomUUID();
    const blocked = await gw.gql(BLOCK, { uid: m.uid, reason, key }, staff.token);
    expect(blocked.body.data?.blockMember.block.reason).toBe(reason);
    // A double submit answers the same block and records it once (the trail below has one entry).
    expect((await gw.gql(BLOCK, { uid: m.uid, reason, key }, staff.token)).body.data).toEqual(blocked.body.data);
    expectError(await gw.gql(BLOCK, { uid: m.uid, reason: 'Another reason', key }, staff.token), 'REQUEST_KEY_REUSED');
    const sentence = `Your card is blocked (“${reason}”), so you cannot borrow books or place holds. Please speak to the library staff.`;
    expect(expectError(await gqlBorrow(gw, m.token, bookId), 'MEMBER_BLOCKED').message).toBe(sentence);
    expect(expectError(await gw.gql(PLACE_HOLD, { id: outBook }, m.token), 'MEMBER_BLOCKED').message).toBe(sentence);
    const me = await gw.gql('{ me { block { reason } borrowing { allowed code message } } }', {}, m.token);
    expect(me.body.data?.me).toEqual({
      block: { reason },
      borrowing: { allowed: false, code: 'MEMBER_BLOCKED', message: sentence },
    });
    // REST says it too, with the status of the policy's refusals.
    const rest = await restBorrow(gw, m, bookId);
    expect(rest.status).toBe(403);
    expect(rest.body).toMatchObject({ code: 'MEMBER_BLOCKED', message: sentence });
    await gw.gql('mutation { setLocale(locale: bn) { uid } }', {}, m.token);
    const bangla = expectError(await gqlBorrow(gw, m.token, bookId), 'MEMBER_BLOCKED').message;
    expect(bangla).toContain(reason);
    expect(bangla).toContain('আপনার কার্ড বন্ধ রাখা হয়েছে');
    // Members cannot block or unblock.
    expectError(await gw.gql(UNBLOCK, { uid: m.uid }, m.token), 'FORBIDDEN');
    expectError(await gw.gql(BLOCK, { uid: m.uid, reason: ' ' }, staff.token), 'BAD_USER_INPUT', 'reason');

    expect((await gw.gql(UNBLOCK, { uid: m.uid }, staff.token)).body.data?.unblockMember.block).toBeNull();
    expect((await gqlBorrow(gw, m.token, bookId)).body.errors).toBeUndefined();
    const trail = await auditOf(m.uid);
    // The borrow after the unblock is in it too, by the member.
    expect(trail.map((e) => [e.action, e.field, e.newValue])).toEqual([
      ['borrowed', 'dueDate', expect.any(String)],
      ['member-unblocked', 'blockedReason', null],
      ['member-blocked', 'blockedReason', reason],
    ]);
    expect(trail[1]?.actor.name).toBe(`Desk ${tag}`);
  });

  it("edits a member's details (the sign-in account's e-mail too) and keeps staff notes on them", async () => {
    const m = await gw.member({ name: `Edit ${tag}` });
    const email = `edited-${tag}@example.com`;
    const edited = await gw.gql(
      'mutation($uid: String!, $input: EditMemberInput!) { editMember(uid: $uid, input: $input) { name email phone } }',
      { uid: m.uid, input: { email, phone: '01999 000222' } },
      staff.token,
    );
    expect(edited.body.data?.editMember).toEqual({ name: `Edit ${tag}`, email, phone: '+8801999000222' });
    expect((await lookupAccount(emulator(), m.uid))?.email).toBe(email);
    const byPhone = await gw.gql(
      'query($s: String) { members(search: $s) { nodes { uid } } }',
      { s: '01999000222' },
      staff.token,
    );
    expect(byPhone.body.data?.members.nodes).toEqual([{ uid: m.uid }]);
    // Another member's e-mail is refused.
    const taken = expectError(
      await gw.gql(
        'mutation($uid: String!, $input: EditMemberInput!) { editMember(uid: $uid, input: $input) { uid } }',
        { uid: m.uid, input: { email: staffEmail } },
        staff.token,
      ),
      'CONFLICT',
    );
    expect(taken.message).toContain(staffEmail);

    const NOTE =
      'mutation($uid: String!, $text: String!) { addMemberNote(uid: $uid, text: $text) { text by { name } } }';
    await gw.gql(NOTE, { uid: m.uid, text: 'Prefers large print' }, staff.token);
    await gw.gql(NOTE, { uid: m.uid, text: 'Moved to Mirpur' }, staff.token);
    const notes = await gw.gql(
      'query($uid: String!) { member(uid: $uid) { notes { text by { name } } } }',
      { uid: m.uid },
      staff.token,
    );
    expect(notes.body.data?.member.notes).toEqual([
      { text: 'Moved to Mirpur', by: { name: `Desk ${tag}` } },
      { text: 'Prefers large print', by: { name: `Desk ${tag}` } },
    ]);
    expectError(await gw.gql('{ me { notes { text } } }', {}, m.token), 'FORBIDDEN');
    expectError(await gw.gql(NOTE, { uid: m.uid, text: 'x' }, m.token), 'FORBIDDEN');
    expect((await auditOf(m.uid)).map((e) => [e.action, e.field])).toEqual([
      ['member-note-added', 'note'],
      ['member-note-added', 'note'],
      // One edit's entries, newest first as the trail lists them: recorded in the order of the fields.
      ['member-edited', 'phone'],
      ['member-edited', 'email'],
    ]);
  });
});
