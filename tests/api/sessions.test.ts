// Sessions end before their tokens expire, on both stores: signing out (GraphQL signOut, REST POST /api/logout)
// ends that session alone, whose token then answers as a bad one does, on this gateway at once and on another
// gateway sharing the store within SESSION_CHECK_MS (its clock moved by the test); a member's erased account ends
// every session of theirs, so an old token can no longer borrow and no loan records their erased name.
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SESSION_CHECK_MS } from '../../server/library/sessions.ts';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { codes, FORBIDDEN, gqlBorrow, restBorrow } from './factory.ts';

const ME = '{ me { uid } }';
const SIGN_OUT = 'mutation { signOut }';

describeEachStore((kind) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind });
  });
  afterAll(() => gw.close());

  /** What a token answers: `me` on GraphQL, the member's download on REST, and a borrow. */
  const answers = async (token: string, bookId: string) => ({
    me: (await gw.gql(ME, {}, token)).body.data?.me?.uid ?? null,
    export: (await gw.request('GET', '/api/me/export', { token })).status,
    borrow: codes(await gqlBorrow(gw, token, bookId)),
  });

  /** Another sign-in of the same member: a second session, as on a second device. */
  const signInAgain = async (m: Member) =>
    (await gw.request('POST', '/api/jwt', { body: { idToken: m.idToken } })).body.token as string;

  it('signOut ends that session only: its token answers as a bad one, another device stays signed in', async () => {
    const m = await gw.member();
    const otherDevice = await signInAgain(m);
    const bookId = await gw.addBook({ quantity: 5 });
    expect((await gw.gql(ME, {}, m.token)).body.data.me.uid).toBe(m.uid);

    const out = await gw.gql(SIGN_OUT, {}, m.token);
    expect(out.body).toEqual({ data: { signOut: true } });
    expect(await answers(m.token, bookId)).toEqual({ me: null, export: 403, borrow: ['UNAUTHENTICATED'] });
    expect((await gw.request('GET', '/api/me/export', { token: m.token })).body).toEqual(FORBIDDEN);
    expect(await gw.store.loans.listByUser(m.uid)).toEqual([]);
    // Signing out again with it, or with nothing, changes nothing and says so the same way.
    expect((await gw.gql(SIGN_OUT, {}, m.token)).body).toEqual({ data: { signOut: true } });
    expect((await gw.gql(SIGN_OUT, {}, null)).body).toEqual({ data: { signOut: true } });
    expect((await gw.gql(ME, {}, otherDevice)).body.data.me.uid).toBe(m.uid);
  });

  it('POST /api/logout ends the session sent: 204, then 403 for that token on REST and GraphQL', async () => {
    const m = await gw.member();
    const bookId = await gw.addBook({ quantity: 5 });
    const out = await gw.request('POST', '/api/logout', { token: m.token });
    expect(out.status).toBe(204);
    const borrow = await restBorrow(gw, m, bookId);
    expect([borrow.status, borrow.body]).toEqual([403, FORBIDDEN]);
    expect(codes(await gqlBorrow(gw, m.token, bookId))).toEqual(['UNAUTHENTICATED']);
    expect(await gw.store.loans.listByUser(m.uid)).toEqual([]);
    expect((await gw.request('POST', '/api/logout', { token: m.token })).status).toBe(204);
    expect((await gw.request('POST', '/api/logout')).status).toBe(204);
  });

  it('refuses every session of a member whose account was erased: an old token borrows nothing', async () => {
    const m = await gw.member({ name: 'Erased Reader' });
    const otherDevice = await signInAgain(m);
    const bookId = await gw.addBook({ quantity: 5 });
    const erased = await gw.gql('mutation { deleteMyAccount }', {}, m.token);
    expect(erased.body).toEqual({ data: { deleteMyAccount: true } });

    for (const token of [m.token, otherDevice]) {
      expect(codes(await gqlBorrow(gw, token, bookId))).toEqual(['UNAUTHENTICATED']);
      const borrow = await restBorrow(gw, { ...m, token }, bookId);
      expect([borrow.status, borrow.body]).toEqual([403, FORBIDDEN]);
    }
    expect(await gw.store.loans.listByUser(m.uid)).toEqual([]);
    expect((await gw.store.books.get(bookId))?.quantity).toBe(5);
  });
});

describeEachStore((kind) => {
  const opened: TestGateway[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((gw) => gw.close()));
  });

  it('signs out with the write budget spent: a sign-out is not a counted write', async () => {
    const gw = await startTestGateway({ store: kind, env: { RATE_LIMIT_PER_MINUTE: '1' } });
    opened.push(gw);
    const [m, other] = [await gw.member(), await gw.member()];
    const bookId = await gw.addBook({ quantity: 5 });
    expect(codes(await gqlBorrow(gw, m.token, bookId))).toEqual([]);
    expect((await gqlBorrow(gw, m.token, bookId)).status).toBe(429);
    expect((await gw.gql(SIGN_OUT, {}, m.token)).body).toEqual({ data: { signOut: true } });
    expect(codes(await gqlBorrow(gw, other.token, bookId))).toEqual([]);
    expect((await gw.request('POST', '/api/logout', { token: other.token })).status).toBe(204);
    for (const token of [m.token, other.token]) expect((await gw.gql(ME, {}, token)).body.data.me).toBeNull();
  });

  it(`another gateway on the same store refuses an ended session within ${SESSION_CHECK_MS} ms`, async () => {
    let later = 0;
    const env = {
      SESSION_SECRET: randomBytes(32).toString('hex'),
      MONGODB_DB: `bh_sessions_${randomBytes(4).toString('hex')}`,
    };
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-sessions-'));
    const a = await startTestGateway({ store: kind, env, dataDir, schedule: false });
    opened.push(a);
    const b = await startTestGateway({
      store: kind,
      env,
      dataDir,
      schedule: false,
      now: () => new Date(Date.now() + later),
    });
    opened.push(b);
    const [signedOut, erased] = [await a.member(), await a.member()];
    const bookId = await a.addBook({ quantity: 5 });
    // B has answered both tokens: it trusts that answer for a while.
    for (const m of [signedOut, erased]) expect((await b.gql(ME, {}, m.token)).body.data.me.uid).toBe(m.uid);

    expect((await a.gql(SIGN_OUT, {}, signedOut.token)).body).toEqual({ data: { signOut: true } });
    expect((await a.gql('mutation { deleteMyAccount }', {}, erased.token)).body).toEqual({
      data: { deleteMyAccount: true },
    });
    // Past the bound B asks the store again.
    later = SESSION_CHECK_MS;
    for (const m of [signedOut, erased]) {
      expect((await b.gql(ME, {}, m.token)).body.data.me).toBeNull();
      expect(codes(await gqlBorrow(b, m.token, bookId))).toEqual(['UNAUTHENTICATED']);
      const borrow = await restBorrow(b, m, bookId);
      expect([borrow.status, borrow.body]).toEqual([403, FORBIDDEN]);
      expect(await b.store.loans.listByUser(m.uid)).toEqual([]);
    }
  });
});
