// A pickup request's wait (issue 40, docs/decisions/075) on both stores: its last pickup day counts from the day
// staff shelve it, not from the request, so slow pulling does not shorten the member's time; a request staff never
// shelve still ends after the pickup days, and its member is told the request ended (not that a hold expired), in
// their language; a shelved request not collected is told in its own words too. The desk's member panel reads the
// standing a borrow asks, pickup requests counted toward the loan limit: never "free to borrow" at the limit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { libraryDay } from './factory.ts';

const HOLD = 'id status readyUntil shelvedAt itemBarcode';
const BORROW = `mutation($input: BorrowInput!) { borrow(input: $input) { status pickup { ${HOLD} } } }`;

interface Hold {
  id: string;
  status: string;
  readyUntil: string | null;
  shelvedAt: string | null;
}

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const clock = libraryClock();
  const staffEmail = `wait-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind, env: { ADMIN_EMAILS: staffEmail }, libraryNow: clock.now });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(async () => {
    clock.set(0);
    await gw?.close();
  });

  const request = async (m: Member, bookId: string) => {
    const answer = await gw.gql(BORROW, { input: { bookId, returnDate: libraryDay(10, clock.now()) } }, m.token);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.pickup as Hold;
  };
  const shelve = async (holdId: string) => {
    const answer = await gw.gql(
      `mutation($id: ID!) { shelveHold(holdId: $id) { ${HOLD} } }`,
      { id: holdId },
      staff.token,
    );
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.shelveHold as Hold;
  };
  /** The member's holds as they see them (reading them ends those past their last pickup day). */
  const myHold = async (m: Member, holdId: string) =>
    ((await gw.gql(`{ me { holds { ${HOLD} } } }`, {}, m.token)).body.data.me.holds as Hold[]).find(
      (h) => h.id === holdId,
    );
  const notices = async (m: Member, kindOf: string, locale = 'en') =>
    (
      await gw.request('POST', '/graphql', {
        token: m.token,
        headers: { 'accept-language': locale },
        body: { query: '{ me { notices { nodes { kind holdId day message } } } }' },
      })
    ).body.data.me.notices.nodes.filter((n: { kind: string }) => n.kind === kindOf) as {
      holdId: string;
      day: string;
      message: string;
    }[];
  /** Days from today to a day of the library's calendar. */
  const daysTo = (day: string) => Math.round((Date.parse(day) - Date.parse(libraryDay(0))) / 86_400_000);

  it('counts the last pickup day from the day staff shelve the copy; not collected, the request ends', async () => {
    const ana = await gw.member({ name: 'Ana Slow Pull' });
    const bookId = await gw.addBook({ title: `Slow pull ${randomUUID().slice(0, 6)}`, quantity: 1 });
    const requested = await request(ana, bookId);
    // Staff pull it four days on: her pickup days start then, and she is told that day.
    const shelved = await clock.at(4, () => shelve(requested.id));
    expect(shelved.shelvedAt).not.toBeNull();
    expect(shelved.readyUntil! > requested.readyUntil!).toBe(true);
    const [told] = (await clock.at(4, () => notices(ana, 'HOLD_READY'))).filter((n) => n.holdId === requested.id);
    expect(told?.day).toBe(shelved.readyUntil);
    // The day after the request's own pickup days it still waits for her, until its last pickup day.
    const dayAfterOld = daysTo(requested.readyUntil!) + 1;
    expect((await clock.at(Math.max(dayAfterOld, 5), () => myHold(ana, requested.id)))?.status).toBe('READY');
    expect((await clock.at(daysTo(shelved.readyUntil!), () => myHold(ana, requested.id)))?.status).toBe('READY');
    expect((await clock.at(daysTo(shelved.readyUntil!) + 1, () => myHold(ana, requested.id)))?.status).toBe('EXPIRED');
    const [ended] = (await notices(ana, 'HOLD_EXPIRED')).filter((n) => n.holdId === requested.id);
    expect(ended?.message).toContain('request to borrow');
    expect(ended?.message).toContain('not collected at the desk');
    expect(ended?.message).not.toContain('Your hold');
    expect(await gw.store.books.get(bookId)).toMatchObject({ quantity: 1 });
  });

  it('ends a request staff never shelve after the pickup days; the member is told the request ended', async () => {
    const ben = await gw.member({ name: 'Ben Never Pulled' });
    const bookId = await gw.addBook({ title: `Never pulled ${randomUUID().slice(0, 6)}`, quantity: 1 });
    const requested = await request(ben, bookId);
    expect((await clock.at(daysTo(requested.readyUntil!), () => myHold(ben, requested.id)))?.status).toBe('READY');
    expect((await clock.at(daysTo(requested.readyUntil!) + 1, () => myHold(ben, requested.id)))?.status).toBe(
      'EXPIRED',
    );
    expect(await gw.store.books.get(bookId)).toMatchObject({ quantity: 1 });
    const [ended] = (await notices(ben, 'HOLD_EXPIRED')).filter((n) => n.holdId === requested.id);
    expect(ended).toMatchObject({ day: requested.readyUntil });
    expect(ended!.message).toContain('request to borrow');
    expect(ended!.message).toContain('could not get a copy ready');
    expect(ended!.message).not.toContain('Your hold');
    const [endedBn] = (await notices(ben, 'HOLD_EXPIRED', 'bn')).filter((n) => n.holdId === requested.id);
    expect(endedBn!.message).toContain('অনুরোধ শেষ হয়েছে');
    expect(endedBn!.message).not.toContain('রিজার্ভের মেয়াদ');
  });

  it("counts pickup requests in the desk's standing of a member: refused at the loan limit, as a borrow is", async () => {
    const fay = await gw.member({ name: 'Fay Five Requests' });
    const books = await Promise.all([1, 2, 3, 4, 5, 6].map(() => gw.addBook({ quantity: 1 })));
    const requests: Hold[] = [];
    for (const bookId of books.slice(0, 5)) requests.push(await request(fay, bookId));
    // One picked up at the desk: a loan and four requests, still five toward the limit.
    const card = (await gw.store.users.getByUid(fay.uid))!.cardNumber!;
    const lent = await gw.gql(
      'mutation($c: String!, $b: String!) { checkOut(card: $c, barcode: $b) { id } }',
      { c: card, b: (await gw.store.holds.get(requests[0]!.id))!.itemBarcode },
      staff.token,
    );
    expect(lent.body.errors).toBeUndefined();
    const panel = async () =>
      (
        await gw.gql(
          'query($u: String!) { member(uid: $u) { balance standing { canBorrow refusal { code message } } } }',
          { u: fay.uid },
          staff.token,
        )
      ).body.data.member as { balance: number; standing: { canBorrow: boolean; refusal: { code: string } | null } };
    expect(await panel()).toMatchObject({
      balance: 0,
      standing: { canBorrow: false, refusal: { code: 'LOAN_LIMIT' } },
    });
    const sixth = await gw.gql(BORROW, { input: { bookId: books[5], returnDate: libraryDay(10) } }, fay.token);
    expect(sixth.body.errors?.[0]).toMatchObject({ extensions: { code: 'LOAN_LIMIT' } });
    // A request cancelled: free to borrow again, in the panel and in the borrow.
    const cancelled = await gw.gql(
      'mutation($h: ID!) { cancelHold(holdId: $h) { id } }',
      { h: requests[1]!.id },
      fay.token,
    );
    expect(cancelled.body.errors).toBeUndefined();
    expect((await panel()).standing).toEqual({ canBorrow: true, refusal: null });
  });
});
