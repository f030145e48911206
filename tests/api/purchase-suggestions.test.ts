// Purchase suggestions (issue 42, item 5) over GraphQL on both stores: a member suggests a book and sees it, within
// a limit of open ones; bad input changes nothing; staff list them newest first with the member and accept or
// decline each (a decline with a reason); the member is told in a notice in their language; audited; erased with
// the account and in the member's download.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { expectError } from './gql-assert.ts';

// The library's own limit (the default is 10): a member may have this many suggestions waiting at once.
const SUGGESTION_LIMIT = 3;

const FIELDS = 'id title author note status reason decidedAt memberName memberCard';

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const staffEmail = `suggest-${randomUUID().slice(0, 8)}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({
      store: kind,
      env: { ADMIN_EMAILS: staffEmail, SUGGESTION_LIMIT: String(SUGGESTION_LIMIT) },
    });
    staff = await gw.member({ name: 'Suggest Desk', email: staffEmail });
  });
  afterAll(() => gw.close());

  const suggest = (m: Member | null, input: Record<string, unknown>) =>
    gw.gql(
      `mutation($i: SuggestionInput!) { suggestPurchase(input: $i) { ${FIELDS} } }`,
      { i: input },
      m?.token ?? null,
    );
  const mine = async (m: Member) =>
    (await gw.gql(`{ mySuggestions { ${FIELDS} } }`, {}, m.token)).body.data.mySuggestions as { title: string }[];
  const staffList = (status?: string, token = staff.token) =>
    gw.gql(
      `query($s: SuggestionStatus) { purchaseSuggestions(status: $s, first: 100) {
         totalCount nodes { ${FIELDS} } pageInfo { hasNextPage } } }`,
      { s: status },
      token,
    );
  const decide = (id: string, accept: boolean, reason?: string, token = staff.token) =>
    gw.gql(
      `mutation($id: ID!, $a: Boolean!, $r: String) { decideSuggestion(id: $id, accept: $a, reason: $r) { ${FIELDS} } }`,
      { id, a: accept, r: reason },
      token,
    );

  describe('purchase suggestions', () => {
    it('records a suggestion the member sees, and staff see it newest first with the member', async () => {
      const ann = await gw.member({ name: 'Ann Suggests' });
      const first = await suggest(ann, { title: '  Nondito Noroke ', author: 'Humayun Ahmed', note: 'For the club' });
      expect(first.body.errors).toBeUndefined();
      expect(first.body.data.suggestPurchase).toMatchObject({
        title: 'Nondito Noroke',
        author: 'Humayun Ahmed',
        note: 'For the club',
        status: 'OPEN',
        reason: null,
        decidedAt: null,
        memberName: null,
      });
      await suggest(ann, { title: 'Opekkha' });
      expect((await mine(ann)).map((s) => s.title)).toEqual(['Opekkha', 'Nondito Noroke']);
      const open = (await staffList('OPEN')).body.data.purchaseSuggestions;
      const ours = open.nodes.filter((s: { memberName: string }) => s.memberName === 'Ann Suggests');
      expect(ours.map((s: { title: string }) => s.title)).toEqual(['Opekkha', 'Nondito Noroke']);
      expect(ours[0]).toMatchObject({ author: '', note: '', memberCard: expect.stringMatching(/^BM/) });
    });

    it('refuses bad input by field and records nothing', async () => {
      const bo = await gw.member({ name: 'Bo Bad Input' });
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '   ' }, 'title'],
        [{ title: 'x'.repeat(201) }, 'title'],
        [{ title: 'A\nB' }, 'title'],
        [{ title: 'Fine', author: 'y'.repeat(201) }, 'author'],
        [{ title: 'Fine', note: 'z'.repeat(501) }, 'note'],
      ];
      for (const [input, field] of cases) expectError(await suggest(bo, input), 'BAD_USER_INPUT', field);
      expect(await mine(bo)).toEqual([]);
      expect(await gw.store.suggestions.listByUser(bo.uid)).toEqual([]);
      expectError(await suggest(null, { title: 'Anonymous' }), 'UNAUTHENTICATED');
    });

    it(`keeps a member to ${SUGGESTION_LIMIT} open suggestions; an answered one makes room`, async () => {
      const cy = await gw.member({ name: 'Cy Many' });
      for (let i = 0; i < SUGGESTION_LIMIT; i += 1)
        expect((await suggest(cy, { title: `Book ${i}` })).body.errors).toBeUndefined();
      const refused = expectError(await suggest(cy, { title: 'One too many' }), 'SUGGESTION_LIMIT');
      expect(refused.message).toContain(`${SUGGESTION_LIMIT} suggestions`);
      expect(await mine(cy)).toHaveLength(SUGGESTION_LIMIT);
      const [newest] = await gw.store.suggestions.listByUser(cy.uid);
      expect((await decide(newest!.id, true)).body.errors).toBeUndefined();
      expect((await suggest(cy, { title: 'One too many' })).body.errors).toBeUndefined();
    });

    it('staff decline with a reason (required) and accept; the member is told in their language; audited', async () => {
      const di = await gw.member({ name: 'Di Told' });
      const declined = (await suggest(di, { title: 'Out Of Print' })).body.data.suggestPurchase.id as string;
      const accepted = (await suggest(di, { title: 'Padma Nadir Majhi' })).body.data.suggestPurchase.id as string;
      expectError(await decide(declined, false), 'BAD_USER_INPUT', 'reason');
      expectError(await decide(declined, false, '   '), 'BAD_USER_INPUT', 'reason');
      expect((await gw.store.suggestions.get(declined))?.status).toBe('open');
      const no = await decide(declined, false, 'Out of print everywhere');
      expect(no.body.errors).toBeUndefined();
      expect(no.body.data.decideSuggestion).toMatchObject({
        status: 'DECLINED',
        reason: 'Out of print everywhere',
        decidedAt: expect.any(String),
        memberName: 'Di Told',
      });
      // Answered already (another desk first): refused, unchanged.
      expectError(await decide(declined, true), 'CONFLICT');
      expectError(await decide('0123456789abcdef01234567', true), 'NOT_FOUND');
      expect((await decide(accepted, true)).body.data.decideSuggestion).toMatchObject({
        status: 'ACCEPTED',
        reason: null,
      });
      expect(
        (await staffList('DECLINED')).body.data.purchaseSuggestions.nodes.map((s: { id: string }) => s.id),
      ).toContain(declined);

      const notices = await gw.gql('{ me { notices { nodes { kind message link bookTitle } } } }', {}, di.token);
      expect(notices.body.data.me.notices.nodes).toEqual([
        {
          kind: 'SUGGESTION_DECIDED',
          message: 'The library will buy “Padma Nadir Majhi”, which you suggested.',
          link: '/suggest',
          bookTitle: 'Padma Nadir Majhi',
        },
        {
          kind: 'SUGGESTION_DECIDED',
          message: 'The library will not buy “Out Of Print”, which you suggested: Out of print everywhere',
          link: '/suggest',
          bookTitle: 'Out Of Print',
        },
      ]);
      await gw.gql('mutation { setLocale(locale: bn) { uid } }', {}, di.token);
      const bn = await gw.gql('{ me { notices { nodes { message } } } }', {}, di.token);
      expect(bn.body.data.me.notices.nodes[1].message).toBe(
        'আপনার প্রস্তাবিত “Out Of Print” বইটি লাইব্রেরি কিনবে না: Out of print everywhere',
      );
      const audit = await gw.gql(
        `query($uid: String) { auditLog(uid: $uid, first: 20) { nodes { action field oldValue newValue } } }`,
        { uid: di.uid },
        staff.token,
      );
      expect(audit.body.data.auditLog.nodes).toEqual([
        { action: 'suggestion-decided', field: 'status', oldValue: 'Padma Nadir Majhi', newValue: 'accepted' },
        {
          action: 'suggestion-decided',
          field: 'status',
          oldValue: 'Out Of Print',
          newValue: 'declined: Out of print everywhere',
        },
      ]);
    });

    it("is for staff to list and decide: members are refused; a member's own list is theirs", async () => {
      const ed = await gw.member({ name: 'Ed Member' });
      const id = (await suggest(ed, { title: 'Mine' })).body.data.suggestPurchase.id as string;
      expectError(await staffList(undefined, ed.token), 'FORBIDDEN');
      expectError(await decide(id, true, undefined, ed.token), 'FORBIDDEN');
      expect((await gw.store.suggestions.get(id))?.status).toBe('open');
      const other = await gw.member({ name: 'Other Member' });
      expect(await mine(other)).toEqual([]);
    });

    it("is in the member's download and goes with their account", async () => {
      const fay = await gw.member({ name: 'Fay Leaves' });
      await suggest(fay, { title: 'Lalsalu', note: 'Please' });
      const exported = await gw.request('GET', '/api/me/export', { token: fay.token });
      expect(exported.body.suggestions).toEqual([
        expect.objectContaining({ title: 'Lalsalu', note: 'Please', status: 'open', reason: null }),
      ]);
      expect((await gw.gql('mutation { deleteMyAccount }', {}, fay.token)).body.errors).toBeUndefined();
      expect(await gw.store.suggestions.listByUser(fay.uid)).toEqual([]);
    });
  });
});
