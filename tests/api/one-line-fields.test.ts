// Single-line fields (titles, authors, genres, names, desk notes) refuse line breaks, tabs and other control
// characters over both APIs, with a sentence that names the field, and nothing is written; a description keeps
// its line breaks. A name the identity provider holds with a line break is made one line, and notice e-mails
// keep every title and name on one line, whatever the store holds. (hostile-input.test.ts tries every field.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { BOOK_FIELDS, bookBody, restBorrow } from './factory.ts';
import { expectError } from './gql-assert.ts';

const ONE_LINE = 'must be one line: no line breaks, tabs or other control characters';

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
    });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const bookCount = () => gw.store.books.count();

  it('refuses a book whose title, author or genre has a second line, over REST and GraphQL, writing nothing', async () => {
    const before = await bookCount();
    for (const [field, value] of [
      ['title', 'Harmless\nSubject: you owe ৳5,000'],
      ['author', 'Ann\r\nBob'],
      ['genre', 'Drama\u2028Comedy'],
      ['title', 'Tab\there'],
    ] as const) {
      const rest = await gw.request('POST', '/api/books', { token: staff.token, body: bookBody({ [field]: value }) });
      expect([field, rest.status, rest.body]).toEqual([
        field,
        400,
        expect.objectContaining({ message: `${field} ${ONE_LINE}`, field }),
      ]);
      const gql = await gw.gql(
        `mutation($input: BookInput!) { addBook(input: $input) { id } }`,
        { input: bookBody({ [field]: value }) },
        staff.token,
      );
      expect(expectError(gql, 'BAD_USER_INPUT', field).message).toBe(`${field} ${ONE_LINE}`);
    }
    expect(await bookCount()).toBe(before);

    // An edit is refused the same way and leaves the book as it was; a description keeps its lines.
    const id = await gw.addBook({ title: 'Plain Title' });
    const edit = (input: Record<string, unknown>) =>
      gw.gql(
        `mutation($id: ID!, $input: BookUpdateInput!) { updateBook(id: $id, input: $input) { ${BOOK_FIELDS} } }`,
        { id, input: { ...bookBody(), ...input } },
        staff.token,
      );
    expectError(await edit({ title: 'Two\nLines' }), 'BAD_USER_INPUT', 'title');
    const put = await gw.request('PUT', `/api/books/${id}`, {
      token: staff.token,
      body: bookBody({ title: 'Two\rLines' }),
    });
    expect(put.status).toBe(400);
    expect((await gw.store.books.get(id))?.title).toBe('Plain Title');
    const kept = await edit({ title: 'Still One Line', description: 'First paragraph.\n\nSecond,\tindented.' });
    expect(kept.body.data.updateBook).toMatchObject({
      title: 'Still One Line',
      description: 'First paragraph.\n\nSecond,\tindented.',
    });
    expectError(await edit({ description: 'odd\u2029separator' }), 'BAD_USER_INPUT', 'description');
  });

  it('refuses a desk note with a line break and records nothing', async () => {
    // The member owes ৳100 (a late fee charged by the store directly), so only the note can be at fault.
    const m = await gw.member();
    const loan = await restBorrow(gw, m, await gw.addBook({ quantity: 1 }));
    expect((await gw.store.loans.checkin(loan.body.borrowId, new Date(), { lateFee: () => 100 })).ok).toBe(true);
    const before = await gw.store.ledger.list(m.uid);
    expect(await gw.store.ledger.balance(m.uid)).toBe(100);
    for (const field of ['recordPayment', 'waiveFee']) {
      const answer = await gw.gql(
        `mutation($uid: String!) { ${field}(uid: $uid, amount: 1, note: "Cash\\r\\nRefund due: call 555") { id } }`,
        { uid: m.uid },
        staff.token,
      );
      expect(expectError(answer, 'BAD_USER_INPUT', 'note').message).toBe(`note ${ONE_LINE}`);
    }
    expect(await gw.store.ledger.list(m.uid)).toEqual(before);
    expect(await gw.store.ledger.balance(m.uid)).toBe(100);
  });

  it('refuses a display name with a line break at sign-in, and makes one line of the identity provider’s', async () => {
    const user = await gw.firebaseUser({ name: 'Mallory\r\nSubject: hi' });
    const refused = await gw.request('POST', '/api/jwt', {
      body: { idToken: user.idToken, uid: user.uid, displayName: 'Mallory\nSubject: hi' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: `displayName ${ONE_LINE}`, field: 'displayName' });
    const gql = await gw.gql(
      'mutation($t: String!, $n: String) { issueToken(input: { idToken: $t, displayName: $n }) { token } }',
      { t: user.idToken, n: 'Mallory\u0085Subject' },
    );
    expectError(gql, 'BAD_USER_INPUT', 'displayName');
    expect(await gw.store.users.getByUid(user.uid)).toBeNull();

    // Without a name of its own, the sign-in takes the provider's, made one line.
    const signedIn = await gw.request('POST', '/api/jwt', { body: { idToken: user.idToken, uid: user.uid } });
    expect(signedIn.status).toBe(200);
    expect((await gw.store.users.getByUid(user.uid))?.name).toBe('Mallory Subject: hi');
  });
});
