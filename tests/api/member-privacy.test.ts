// What members see of each other, on both stores, over GraphQL and REST: on All Users a member sees others'
// names, roles, joined dates and statuses with masked e-mails and no phone or photo; themselves and everything
// seen by staff stay in full; a member's search matches names only; and no other answer (loans, holds, notices,
// errors) shows one member's name or e-mail to another member or a visitor.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Answer, type Member, type TestGateway } from '../support/gateway.ts';
import { ISO, USER_FIELDS, gqlBorrow, restBorrow } from './factory.ts';
import { expectError } from './gql-assert.ts';

const PHOTO = 'https://example.com/zara.jpg';

describeEachStore((kind) => {
  const tag = randomUUID().slice(0, 8);
  const staffEmail = `desk-${tag}@example.com`;
  let gw: TestGateway;
  let staff: Member;
  /** The member whose data the others must not see: a unique name and address, and a photo. */
  let zara: Member;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: `Desk ${tag}`, email: staffEmail });
    const user = await gw.firebaseUser({ name: `Zara ${tag}`, email: `zara-${tag}@example.com` });
    const signIn = await gw.request('POST', '/api/jwt', {
      body: { idToken: user.idToken, uid: user.uid, displayName: user.name, photoURL: PHOTO },
    });
    zara = { ...user, token: signIn.body.token as string };
  });
  afterAll(() => gw.close());

  const listed = async (token: string) => {
    const answer = await gw.gql<{ users: Record<string, unknown>[] }>(`{ users { ${USER_FIELDS} } }`, {}, token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.users;
  };
  const find = <T extends { uid?: unknown }>(users: T[], m: Member) => users.find((u) => u.uid === m.uid);

  it("All Users shows a member others' names, roles, dates and statuses, e-mails masked, no photo", async () => {
    const viewer = await gw.member({ name: `Viewer ${tag}` });
    const users = await listed(viewer.token);
    expect(find(users, zara)).toEqual({
      id: expect.any(String),
      uid: zara.uid,
      name: `Zara ${tag}`,
      email: 'z•••@example.com',
      role: 'member',
      status: 'active',
      createdAt: expect.stringMatching(ISO),
      phone: null,
      photoURL: null,
    });
    // Staff are listed with their badge, and masked like anyone else.
    expect(find(users, staff)).toMatchObject({ role: 'admin', email: 'd•••@example.com' });
    // The viewer's own entry stays in full.
    expect(find(users, viewer)).toMatchObject({ name: `Viewer ${tag}`, email: viewer.email });
    // No full address but their own anywhere in the list.
    const text = JSON.stringify(users);
    expect(text).not.toContain(zara.email);
    expect(text).not.toContain(staffEmail);
    expect(text).not.toContain(PHOTO);

    // A page of users, the same.
    const paged = await gw.gql(
      'query($s: String) { users(search: $s, first: 5) { uid email photoURL } }',
      { s: `Zara ${tag}` },
      viewer.token,
    );
    expect(paged.body.data?.users).toEqual([{ uid: zara.uid, email: 'z•••@example.com', photoURL: null }]);

    // REST keeps its shape, with the same masking.
    const rest = await gw.request('GET', '/api/users', { token: viewer.token });
    expect(rest.status).toBe(200);
    expect(find(rest.body, zara)).toEqual({
      _id: expect.any(String),
      uid: zara.uid,
      name: `Zara ${tag}`,
      email: 'z•••@example.com',
      role: 'member',
      status: 'active',
      createdAt: expect.stringMatching(ISO),
      phone: null,
      photoURL: null,
    });
    expect(find(rest.body, viewer)).toMatchObject({ email: viewer.email });
    expect(JSON.stringify(rest.body)).not.toContain(zara.email);
  });

  it('a member sees their own e-mail and photo in full; staff see everyone in full', async () => {
    expect(find(await listed(zara.token), zara)).toMatchObject({ email: zara.email, photoURL: PHOTO });
    const seenByStaff = await listed(staff.token);
    expect(find(seenByStaff, zara)).toMatchObject({ email: zara.email, photoURL: PHOTO });
    const rest = await gw.request('GET', '/api/users', { token: staff.token });
    expect(find(rest.body, zara)).toMatchObject({ email: zara.email, photoURL: PHOTO });
  });

  it("a member's search of All Users matches names, never e-mails; staff search both", async () => {
    const viewer = await gw.member();
    const probe = 'query($s: String) { users(search: $s, first: 5) { uid } userCount(search: $s) }';
    for (const s of [`zara-${tag}`, zara.email, `${tag}@example`]) {
      expect((await gw.gql(probe, { s }, viewer.token)).body.data).toEqual({ users: [], userCount: 0 });
    }
    expect((await gw.gql(probe, { s: `ZARA ${tag}` }, viewer.token)).body.data).toEqual({
      users: [{ uid: zara.uid }],
      userCount: 1,
    });
    expect((await gw.gql(probe, { s: zara.email }, staff.token)).body.data).toEqual({
      users: [{ uid: zara.uid }],
      userCount: 1,
    });
  });

  it("no loan, hold, notice, account field or refusal shows one member's name or e-mail to another", async () => {
    const other = await gw.member();
    // Zara's loan, and her hold on a book whose one copy staff have borrowed.
    const lent = await gw.addBook({ quantity: 1 });
    const borrowed = await gqlBorrow(gw, zara.token, lent);
    expect(borrowed.body.errors).toBeUndefined();
    const loanId = borrowed.body.data.borrow.record.id as string;
    const queued = await gw.addBook({ quantity: 1 });
    expect((await restBorrow(gw, staff, queued)).status).toBe(201);
    const placed = await gw.gql('mutation($b: ID!) { placeHold(bookId: $b) { id } }', { b: queued }, zara.token);
    const holdId = placed.body.data.placeHold.id as string;

    const answers: Answer[] = [];
    const refused = async (answer: Answer, code: string) => {
      answers.push(answer);
      expectError(answer, code);
    };
    for (const token of [other.token, null]) {
      const code = token ? 'FORBIDDEN' : 'UNAUTHENTICATED';
      const q = (query: string, variables: Record<string, unknown> = {}) => gw.gql(query, variables, token);
      await refused(
        await q('query($u: ID) { borrowedBooks(userId: $u) { id userName userEmail } }', { u: zara.uid }),
        code,
      );
      await refused(await q('mutation($l: ID!) { returnBook(borrowId: $l) { id userEmail } }', { l: loanId }), code);
      await refused(await q('mutation($l: ID!) { renewLoan(loanId: $l) { id userEmail } }', { l: loanId }), code);
      await refused(await q('mutation($h: ID!) { cancelHold(holdId: $h) { id userName } }', { h: holdId }), code);
      await refused(await q('query($u: String!) { member(uid: $u) { email } }', { u: zara.uid }), code);
      await refused(await q('{ holdsReady { nodes { userName } } }'), code);
      await refused(await q('{ overdueLoans { nodes { userEmail } } }'), code);
      // The book's queue says how long it is, and whose place it is only to that member.
      const book = await q('query($b: ID!) { book(id: $b) { holdQueueLength myHold { userName } } }', { b: queued });
      answers.push(book);
      expect(book.body.data).toEqual({ book: { holdQueueLength: 1, myHold: null } });
      const rest = await gw.request('GET', `/api/borrowed-books/${zara.uid}`, { token });
      answers.push(rest);
      expect(rest.status).toBe(token ? 403 : 401);
      const giveBack = await gw.request('POST', '/api/return-book', { token, body: { borrowId: loanId } });
      answers.push(giveBack);
      expect(giveBack.status).toBe(token ? 403 : 401);
    }
    // A member's account fields, reached through All Users, are refused for everyone else.
    for (const field of ['loans { userEmail }', 'holds { userName }', 'ledger { id }', 'notices { totalCount }']) {
      const answer = await gw.gql(
        `query($s: String) { users(search: $s) { ${field} } }`,
        { s: `Zara ${tag}` },
        other.token,
      );
      answers.push(answer);
      expect(answer.body.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    }
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(zara.email);
      expect(text).not.toContain(`Zara ${tag}`);
    }
    // Zara herself, and staff, still see her loan and hold in full.
    const own = await gw.gql('{ me { loans { id userEmail } holds { id userName } } }', {}, zara.token);
    expect(own.body.data.me).toEqual({
      loans: [{ id: loanId, userEmail: zara.email }],
      holds: [{ id: holdId, userName: `Zara ${tag}` }],
    });
    const desk = await gw.gql(
      'query($u: String!) { member(uid: $u) { email loans { userEmail } } }',
      { u: zara.uid },
      staff.token,
    );
    expect(desk.body.data.member).toEqual({ email: zara.email, loans: [{ userEmail: zara.email }] });
  });
});
