// The hold shelf (decision 058) over GraphQL on both stores: a copy set aside without the desk is listed to pull
// until staff put it on the hold shelf; a hold that ends with its copy there is listed to clear, saying where the
// copy goes now; refusals change nothing; every move is audited once; members are refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryClock } from '../support/library-clock.ts';
import { gqlBorrow, libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';

const HOLD = 'id status userName readyAt shelvedAt itemBarcode readyUntil';
const ROW = `hold { ${HOLD} } book { title author } member { uid name cardNumber } item { barcode status }
  nextHold { id userName status } copyGoesTo`;

interface Row {
  hold: { id: string; shelvedAt: string | null; itemBarcode: string | null; readyAt: string | null };
  book: { title: string; author: string };
  member: { uid: string; name: string; cardNumber: string | null } | null;
  item: { barcode: string; status: string } | null;
  nextHold: { id: string; userName: string; status: string } | null;
  copyGoesTo: string | null;
}

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const clock = libraryClock();
  const staffEmail = `hold-shelf-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, BORROWING: 'instant', RETURNS: 'self' },
      libraryNow: clock.now,
    });
    staff = await gw.member({ name: 'Shelf Keeper', email: staffEmail });
  });
  afterAll(() => gw.close());

  /** Every row of a list (pages of 25), so other tests' holds never push this test's row off the page. */
  async function rows(list: 'holdsToPull' | 'holdsToClear', token = staff.token): Promise<Row[]> {
    const all: Row[] = [];
    for (let after: string | null = null; ;) {
      const answer: { body: { errors?: unknown; data?: Record<string, unknown> } } = await gw.gql(
        `query($a: String) { ${list}(first: 25, after: $a) { nodes { ${ROW} } pageInfo { hasNextPage endCursor } } }`,
        { a: after },
        token,
      );
      expect(answer.body.errors).toBeUndefined();
      const page = answer.body.data?.[list] as {
        nodes: Row[];
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
      };
      all.push(...page.nodes);
      if (!page.pageInfo.hasNextPage) return all;
      after = page.pageInfo.endCursor;
    }
  }
  const rowOf = async (list: 'holdsToPull' | 'holdsToClear', holdId: string) =>
    (await rows(list)).find((r) => r.hold.id === holdId);
  const ready = async (holdId: string) => {
    const answer = await gw.gql(`{ holdsReady(first: 100) { nodes { ${HOLD} } } }`, {}, staff.token);
    return (answer.body.data.holdsReady.nodes as Row['hold'][]).find((h) => h.id === holdId);
  };
  const shelve = (holdId: string, token = staff.token) =>
    gw.gql(`mutation($id: ID!) { shelveHold(holdId: $id) { ${HOLD} } }`, { id: holdId }, token);
  const clear = (holdId: string, token = staff.token) =>
    gw.gql(`mutation($id: ID!) { clearHoldShelf(holdId: $id) { ${HOLD} } }`, { id: holdId }, token);
  const placeHold = async (m: Member, bookId: string) =>
    (await gw.gql(`mutation($id: ID!) { placeHold(bookId: $id) { id } }`, { id: bookId }, m.token)).body.data.placeHold
      .id as string;
  /** A title whose one copy another member has on loan: members queue for it (a title with no copy takes no holds). */
  const lentOut = async (fields: { title?: string; author?: string } = {}) => {
    const bookId = await gw.addBook({ ...fields, quantity: 1 });
    expect((await gqlBorrow(gw, (await gw.member()).token, bookId, libraryDay(7))).body.errors).toBeUndefined();
    return bookId;
  };
  const addCopy = async (bookId: string) => {
    const added = await gw.gql(
      `mutation($id: ID!) { addItems(bookId: $id, count: 1) { barcode } }`,
      { id: bookId },
      staff.token,
    );
    expect(added.body.errors).toBeUndefined();
    return added.body.data.addItems[0].barcode as string;
  };
  const audit = async (bookId: string) =>
    (
      await gw.gql(
        `query($id: ID!) { auditLog(bookId: $id, first: 50) { nodes { action field newValue uid } } }`,
        { id: bookId },
        staff.token,
      )
    ).body.data.auditLog.nodes as { action: string; field: string; newValue: string; uid: string }[];

  describe('hold shelf', () => {
    it('lists a copy added for a waiting member to pull; Put it on the hold shelf moves it to awaiting pickup', async () => {
      const ann = await gw.member({ name: 'Ann Waiting' });
      const bookId = await lentOut({ title: 'Pulled Book', author: 'Pat Author' });
      const holdId = await placeHold(ann, bookId);
      const barcode = await addCopy(bookId);

      const row = await rowOf('holdsToPull', holdId);
      expect(row).toMatchObject({
        hold: { id: holdId, shelvedAt: null, itemBarcode: barcode, readyAt: expect.any(String) },
        book: { title: 'Pulled Book', author: 'Pat Author' },
        member: { uid: ann.uid, name: 'Ann Waiting', cardNumber: (await gw.store.users.getByUid(ann.uid))!.cardNumber },
        item: { barcode, status: 'ON_HOLD_SHELF' },
        nextHold: null,
        copyGoesTo: null,
      });
      expect(await ready(holdId)).toMatchObject({ shelvedAt: null });

      const shelved = await shelve(holdId);
      expect(shelved.body.errors).toBeUndefined();
      const at = shelved.body.data.shelveHold.shelvedAt as string;
      expect(at).toEqual(expect.any(String));
      expect(await rowOf('holdsToPull', holdId)).toBeUndefined();
      expect(await ready(holdId)).toMatchObject({ shelvedAt: at, itemBarcode: barcode });
      // Pressed again (a retry, another desk): the same answer, one audit entry.
      expect((await shelve(holdId)).body.data.shelveHold.shelvedAt).toBe(at);
      const entries = (await audit(bookId)).filter((e) => e.action === 'hold-shelved');
      expect(entries).toEqual([{ action: 'hold-shelved', field: 'shelvedAt', newValue: barcode, uid: ann.uid }]);
    });

    it('lists an expired hold whose copy is on the hold shelf to clear, with the next member the copy is for', async () => {
      const [bea, cal] = [await gw.member({ name: 'Bea First' }), await gw.member({ name: 'Cal Next' })];
      const bookId = await lentOut();
      const beaHold = await placeHold(bea, bookId);
      const calHold = await placeHold(cal, bookId);
      const barcode = await addCopy(bookId);
      expect((await shelve(beaHold)).body.errors).toBeUndefined();

      // Past Bea's last pickup day: her hold expires, the copy is Cal's now, still on the shelf under Bea's slip.
      clock.set(30);
      try {
        expect(await rowOf('holdsToClear', beaHold)).toMatchObject({
          hold: { id: beaHold, itemBarcode: barcode },
          item: { barcode, status: 'ON_HOLD_SHELF' },
          nextHold: { id: calHold, userName: 'Cal Next', status: 'READY' },
          copyGoesTo: 'NEXT_MEMBER',
        });
        // Cal's copy is not on the hold shelf for Cal until staff put it there under a new slip.
        expect(await rowOf('holdsToPull', calHold)).toMatchObject({ item: { barcode } });

        const cleared = await clear(beaHold);
        expect(cleared.body.errors).toBeUndefined();
        expect(cleared.body.data.clearHoldShelf).toMatchObject({ id: beaHold, status: 'EXPIRED' });
        expect(await rowOf('holdsToClear', beaHold)).toBeUndefined();
        expect((await clear(beaHold)).body.errors).toBeUndefined();
        const entries = (await audit(bookId)).filter((e) => e.action === 'hold-shelf-cleared');
        expect(entries).toEqual([
          { action: 'hold-shelf-cleared', field: 'shelfClearedAt', newValue: barcode, uid: bea.uid },
        ]);
      } finally {
        clock.set(0);
      }
    });

    it('says a cancelled hold’s copy goes back to the open shelf when nobody waits', async () => {
      const dee = await gw.member({ name: 'Dee Cancels' });
      const bookId = await lentOut();
      const holdId = await placeHold(dee, bookId);
      const barcode = await addCopy(bookId);
      await shelve(holdId);
      const cancelled = await gw.gql(
        `mutation($id: ID!) { cancelHold(holdId: $id) { id } }`,
        { id: holdId },
        dee.token,
      );
      expect(cancelled.body.errors).toBeUndefined();
      expect(await rowOf('holdsToClear', holdId)).toMatchObject({
        item: { barcode, status: 'ON_SHELF' },
        nextHold: null,
        copyGoesTo: 'OPEN_SHELF',
      });
    });

    it('refuses what cannot be done, with a code and a sentence, changing nothing; members are refused', async () => {
      const [eve, fay] = [await gw.member({ name: 'Eve Waits' }), await gw.member({ name: 'Fay Waits' })];
      const bookId = await lentOut();
      const eveHold = await placeHold(eve, bookId);
      const fayHold = await placeHold(fay, bookId);

      const notReady = expectError(await shelve(fayHold), 'HOLD_NOT_READY');
      expect(notReady.message).toBe(
        'This hold has no copy set aside yet, so there is nothing to put on the hold shelf.',
      );
      await addCopy(bookId);
      expectError(await clear(eveHold), 'HOLD_STILL_READY');
      // Cancelled before anyone put its copy on the hold shelf: nothing to take off.
      await gw.gql(`mutation($id: ID!) { cancelHold(holdId: $id) { id } }`, { id: eveHold }, eve.token);
      expectError(await clear(eveHold), 'NOT_ON_HOLD_SHELF');
      expect(await rowOf('holdsToClear', eveHold)).toBeUndefined();
      expectError(await shelve('0123456789abcdef01234567'), 'NOT_FOUND');
      expectError(await shelve('nope'), 'BAD_USER_INPUT', 'holdId');

      // Fay's hold took the copy Eve's passed on: members cannot shelve it or read the lists.
      expectError(await shelve(fayHold, fay.token), 'FORBIDDEN');
      expectError(await clear(eveHold, fay.token), 'FORBIDDEN');
      for (const list of ['holdsToPull', 'holdsToClear'])
        expectError(await gw.gql(`{ ${list}(first: 5) { totalCount } }`, {}, fay.token), 'FORBIDDEN');
      expect((await gw.store.holds.get(fayHold))?.shelvedAt).toBeNull();
      expect((await audit(bookId)).filter((e) => e.action.startsWith('hold-shel'))).toEqual([]);
    });
  });
});
