// A staffed library's click and collect (issue 40, docs/decisions/075) on both stores: the defaults follow staff
// presence; an app borrow is a pickup request (a hold ready at once, its copy off the open shelf) that staff pull
// and shelve, the member is told then (last pickup day and its hours), and the desk's scan starts the loan, keeping
// the chosen return date when it fits; not collected, it ends like a ready hold; a copy waiting at the desk is not
// borrowed from the app; requests count toward the loan limit; REST answers 202; a retry answers the first request;
// a self-service library lends at once as the specification says.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay, restBorrow } from './factory.ts';

const HOLD = 'id status pickup returnDate readyUntil shelvedAt itemBarcode readyUntilHours { opens closes }';
const BORROW = `mutation($input: BorrowInput!, $k: String) { borrow(input: $input, idempotencyKey: $k) {
  status currentQuantity record { id dueDate } pickup { ${HOLD} } } }`;

interface Hold {
  id: string;
  status: string;
  pickup: boolean;
  returnDate: string | null;
  readyUntil: string | null;
  shelvedAt: string | null;
  itemBarcode: string | null;
  readyUntilHours: { opens: string; closes: string } | null;
}

describeEachStore((kind) => {
  let gw: TestGateway;
  let selfService: TestGateway;
  let staff: Member;
  const clock = libraryClock();
  const staffEmail = `collect-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    // A staffed library with its defaults: no RETURNS or BORROWING set.
    [gw, selfService] = await Promise.all([
      startTestGateway({ store: kind, env: { ADMIN_EMAILS: staffEmail }, libraryNow: clock.now }),
      startTestGateway({ store: kind }),
    ]);
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(async () => {
    clock.set(0);
    await Promise.all([gw?.close(), selfService?.close()]);
  });

  const borrow = (m: Member, bookId: string, returnDate: string, k?: string) =>
    gw.gql(BORROW, { input: { bookId, returnDate }, k }, m.token);
  const pickupOf = async (m: Member, bookId: string, returnDate: string, k?: string) => {
    const answer = await borrow(m, bookId, returnDate, k);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.borrow.pickup as Hold;
  };
  const quantity = async (bookId: string) => (await gw.store.books.get(bookId))?.quantity;
  const toPull = async () =>
    (await gw.gql('{ holdsToPull(first: 100) { nodes { hold { id } item { barcode status } } } }', {}, staff.token))
      .body.data.holdsToPull.nodes as { hold: { id: string }; item: { barcode: string; status: string } }[];
  const shelve = (holdId: string) =>
    gw.gql(`mutation($id: ID!) { shelveHold(holdId: $id) { ${HOLD} } }`, { id: holdId }, staff.token);
  const holdNotices = async (m: Member, locale = 'en') =>
    (
      await gw.request('POST', '/graphql', {
        token: m.token,
        headers: { 'accept-language': locale },
        body: { query: '{ me { notices { nodes { kind holdId day message } } } }' },
      })
    ).body.data.me.notices.nodes.filter((n: { kind: string }) => n.kind === 'HOLD_READY') as {
      holdId: string;
      day: string;
      message: string;
    }[];
  const cardOf = async (m: Member) => (await gw.store.users.getByUid(m.uid))!.cardNumber!;
  const checkOut = async (m: Member, barcode: string) =>
    gw.gql(
      `mutation($c: String!, $b: String!) { checkOut(card: $c, barcode: $b) { id status dueDate bookId } }`,
      { c: await cardOf(m), b: barcode },
      staff.token,
    );
  /** The first day the library opens from `from` on (its calendar, as staff set it). */
  const openDayFrom = async (from: string, to: string) => {
    const answer = await gw.gql(
      'query($f: String!, $t: String!) { calendar(from: $f, to: $t) { days { date open } } }',
      {
        f: from,
        t: to,
      },
    );
    return (answer.body.data.calendar.days as { date: string; open: boolean }[]).find((d) => d.open)!.date;
  };
  const hoursOn = async (day: string) => {
    const answer = await gw.gql('query($d: String!) { calendar(from: $d, to: $d) { days { opens closes } } }', {
      d: day,
    });
    return answer.body.data.calendar.days[0] as { opens: string; closes: string };
  };

  it('makes a staffed library return at the desk and lend by click and collect; a self-service one as the spec', async () => {
    const policy = '{ policy { returns borrowing } }';
    expect((await gw.gql(policy)).body.data.policy).toEqual({ returns: 'DESK', borrowing: 'COLLECT' });
    expect((await selfService.gql(policy)).body.data.policy).toEqual({ returns: 'SELF', borrowing: 'INSTANT' });
  });

  it('takes a borrow as a pickup request: pulled, shelved (the member told), checked out at the desk', async () => {
    const ana = await gw.member({ name: 'Ana Collect' });
    const bookId = await gw.addBook({ title: `Pickup ${randomUUID().slice(0, 6)}`, quantity: 2 });
    const chosen = await openDayFrom(libraryDay(8, clock.now()), libraryDay(12, clock.now()));
    const key = randomUUID();
    const first = await borrow(ana, bookId, chosen, key);
    expect(first.body.errors).toBeUndefined();
    const answer = first.body.data.borrow;
    expect(answer).toMatchObject({ status: 'REQUESTED', record: null, currentQuantity: 1 });
    const pickup = answer.pickup as Hold;
    expect(pickup).toMatchObject({ status: 'READY', pickup: true, returnDate: chosen, shelvedAt: null });
    expect(pickup.itemBarcode).toMatch(/^BH\d{8}$/);
    // The copy left the open shelf at once; a retry of the same press answers the same request.
    expect(await quantity(bookId)).toBe(1);
    const again = await borrow(ana, bookId, chosen, key);
    expect(again.body.data?.borrow.pickup.id ?? again.body.errors).toBe(pickup.id);
    expect(await quantity(bookId)).toBe(1);
    expect((await gw.store.loans.listByUser(ana.uid)).length).toBe(0);

    // Staff fetch it: it is on the list to pull, and the member is not told until it is on the hold shelf.
    expect((await toPull()).find((row) => row.hold.id === pickup.id)?.item.barcode).toBe(pickup.itemBarcode);
    expect((await holdNotices(ana)).find((n) => n.holdId === pickup.id)).toBeUndefined();
    const shelved = await shelve(pickup.id);
    expect(shelved.body.errors).toBeUndefined();
    expect(shelved.body.data.shelveHold.shelvedAt).not.toBeNull();
    expect((await toPull()).find((row) => row.hold.id === pickup.id)).toBeUndefined();
    const until = pickup.readyUntil!;
    const hours = await hoursOn(until);
    expect(shelved.body.data.shelveHold.readyUntilHours).toEqual(hours);
    const [told] = (await holdNotices(ana)).filter((n) => n.holdId === pickup.id);
    expect(told).toMatchObject({ day: until });
    expect(told!.message).toContain('at the desk');
    expect(told!.message).toContain(`${hours.opens}–${hours.closes}`);
    const [toldBn] = (await holdNotices(ana, 'bn')).filter((n) => n.holdId === pickup.id);
    expect(toldBn!.message).toContain('ডেস্কে');

    // In the app, the copy waiting at the desk is not borrowed: the member is told where it is.
    const fromApp = await borrow(ana, bookId, chosen);
    expect(fromApp.body.errors?.[0]).toMatchObject({ extensions: { code: 'ALREADY_ON_HOLD' } });
    expect(fromApp.body.errors?.[0]?.message).toContain('waiting for you at the desk');
    expect(await quantity(bookId)).toBe(1);

    // The next day she picks it up: the desk scans the copy set aside; the loan keeps her return date.
    const pickedUp = await clock.at(1, () => checkOut(ana, pickup.itemBarcode!));
    expect(pickedUp.body.errors).toBeUndefined();
    expect(pickedUp.body.data.checkOut).toMatchObject({ status: 'BORROWED', dueDate: chosen, bookId });
    expect((await gw.store.holds.get(pickup.id))?.status).toBe('fulfilled');
    expect(await quantity(bookId)).toBe(1);
  });

  it('counts the loan period from the pickup day when the chosen return date no longer fits', async () => {
    const ben = await gw.member({ name: 'Ben Late Pickup' });
    const bookId = await gw.addBook({ quantity: 1 });
    const pickup = await pickupOf(ben, bookId, libraryDay(1, clock.now()));
    // Picked up three days on, after the day he chose: the policy's loan days from then.
    const lent = await clock.at(3, () => checkOut(ben, pickup.itemBarcode!));
    expect(lent.body.errors).toBeUndefined();
    expect(lent.body.data.checkOut.dueDate >= libraryDay(3 + 14)).toBe(true);
  });

  it('ends a request not collected by its last pickup day like a ready hold: the copy back on the shelf', async () => {
    const cy = await gw.member({ name: 'Cy Never Came' });
    const bookId = await gw.addBook({ quantity: 1 });
    const pickup = await pickupOf(cy, bookId, libraryDay(5, clock.now()));
    expect(await quantity(bookId)).toBe(0);
    await clock.at(20, async () => {
      expect((await toPull()).find((row) => row.hold.id === pickup.id)).toBeUndefined();
      expect((await gw.store.holds.get(pickup.id))?.status).toBe('expired');
      expect(await quantity(bookId)).toBe(1);
    });
  });

  it("never lends a member's ready hold from the app: it waits at the desk", async () => {
    const [dee, eve] = [await gw.member({ name: 'Dee Reader' }), await gw.member({ name: 'Eve Waiting' })];
    const bookId = await gw.addBook({ quantity: 1 });
    const lent = await checkOut(dee, (await pickupOf(dee, bookId, libraryDay(5, clock.now()))).itemBarcode!);
    expect(lent.body.errors).toBeUndefined();
    const placed = await gw.gql('mutation($b: ID!) { placeHold(bookId: $b) { id } }', { b: bookId }, eve.token);
    expect(placed.body.errors).toBeUndefined();
    const back = await gw.gql(
      'mutation($l: ID!) { checkIn(loanId: $l) { id } }',
      { l: lent.body.data.checkOut.id },
      staff.token,
    );
    expect(back.body.errors).toBeUndefined();
    expect((await gw.store.holds.get(placed.body.data.placeHold.id))?.status).toBe('ready');
    const refused = await borrow(eve, bookId, libraryDay(5, clock.now()));
    expect(refused.body.errors?.[0]).toMatchObject({ extensions: { code: 'ALREADY_ON_HOLD' } });
    expect((await gw.store.holds.get(placed.body.data.placeHold.id))?.status).toBe('ready');
    expect(await gw.store.loans.listByUser(eve.uid)).toEqual([]);
  });

  it('counts pickup requests toward the loan limit, in the borrow and in me { borrowing }', async () => {
    const fay = await gw.member({ name: 'Fay Five' });
    const books = await Promise.all([1, 2, 3, 4, 5, 6].map(() => gw.addBook({ quantity: 1 })));
    for (const bookId of books.slice(0, 5)) await pickupOf(fay, bookId, libraryDay(5, clock.now()));
    const sixth = await borrow(fay, books[5]!, libraryDay(5, clock.now()));
    expect(sixth.body.errors?.[0]).toMatchObject({ extensions: { code: 'LOAN_LIMIT' } });
    expect(await quantity(books[5]!)).toBe(1);
    const me = await gw.gql('{ me { borrowing { allowed code } } }', {}, fay.token);
    expect(me.body.data.me.borrowing).toEqual({ allowed: false, code: 'LOAN_LIMIT' });
  });

  it("answers REST POST /api/borrow with 202 and the request, in the caller's language; 201 without staff", async () => {
    const gil = await gw.member({ name: 'Gil Rest' });
    const bookId = await gw.addBook({ quantity: 2 });
    const returnDate = libraryDay(6, clock.now());
    const answer = await gw.request('POST', '/api/borrow', {
      token: gil.token,
      headers: { 'accept-language': 'bn' },
      body: { bookId, returnDate },
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ status: 'requested', bookId, returnDate, currentQuantity: 1 });
    expect(answer.body.message).toContain('ডেস্কে');
    const hold = await gw.store.holds.get(answer.body.holdId);
    expect(hold).toMatchObject({ userId: gil.uid, status: 'ready' });
    expect(answer.body.readyUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const hal = await selfService.member({ name: 'Hal Self' });
    const selfBook = await selfService.addBook({ quantity: 2 });
    const lent = await restBorrow(selfService, hal, selfBook);
    expect(lent.status).toBe(201);
    expect(lent.body).toMatchObject({ message: 'Book borrowed successfully', bookId: selfBook, currentQuantity: 1 });
  });

  it('lends at once in a self-service library, as the specification says', async () => {
    const ida = await selfService.member({ name: 'Ida Instant' });
    const bookId = await selfService.addBook({ quantity: 1 });
    const answer = await selfService.gql(BORROW, { input: { bookId, returnDate: libraryDay(5) } }, ida.token);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.borrow).toMatchObject({ status: 'BORROWED', pickup: null, currentQuantity: 0 });
    expect(answer.body.data.borrow.record.id).toBeTruthy();
    // The original client's selection still answers the loan.
    const other = await selfService.addBook({ quantity: 1 });
    expect((await gqlBorrow(selfService, ida.token, other)).body.data.borrow.record.id).toBeTruthy();
  });
});
