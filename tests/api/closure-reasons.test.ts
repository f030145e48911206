// The library's own words in both languages over the API, on both stores (issue 41): a closure's reason entered in
// English, in Bangla or both, each reader told the one in their language (their choice, else Accept-Language)
// and the other when only it was given, staff reading both; the seeded holidays have both. Genres and categories
// stay the keys the SPA names in each language, whatever language the request is in.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { libraryDay } from './factory.ts';
import { expectError } from './gql-assert.ts';
import { fixedHolidays } from '../../server/store/seed/calendar.ts';
import { SEED_CATEGORIES } from '../../server/store/seed/categories.ts';

const CLOSE =
  'mutation($date: String!, $reason: String, $reasonBn: String) { addClosure(date: $date, reason: $reason, reasonBn: $reasonBn) { date reason reasonEn reasonBn } }';
const CLOSURES =
  'query($from: String!, $to: String!) { calendar(from: $from, to: $to) { closures { date reason reasonEn reasonBn } } }';

describeEachStore((kind) => {
  let gw: TestGateway;
  const staffEmail = `desk-${randomUUID().slice(0, 8)}@example.com`;
  let staff: Member;
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind, env: { ADMIN_EMAILS: staffEmail } });
    staff = await gw.member({ name: 'Desk Clerk', email: staffEmail });
  });
  afterAll(() => gw.close());
  afterEach(async () => {
    for (const c of await gw.store.calendar.closures(libraryDay(-400), libraryDay(800)))
      await gw.store.calendar.removeClosure(c.day);
  });

  const close = (date: string, reasons: { reason?: string; reasonBn?: string }) =>
    gw.gql(CLOSE, { date, ...reasons }, staff.token);
  /** The closures from `from` to `to` as a reader in `language` (Accept-Language) is told them. */
  const read = async (from: string, to: string, language: string, token?: string) => {
    const answer = await gw.request('POST', '/graphql', {
      body: { query: CLOSURES, variables: { from, to } },
      headers: { 'accept-language': language },
      token,
    });
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.calendar.closures as { date: string; reason: string }[];
  };

  describe('closure reasons in both languages', () => {
    it('tells each reader the reason in their language, and staff both as entered', async () => {
      const added = await close(libraryDay(5), { reason: 'Eid ul-Fitr', reasonBn: 'ঈদুল ফিতর' });
      expect(added.body.data.addClosure).toEqual({
        date: libraryDay(5),
        reason: 'Eid ul-Fitr',
        reasonEn: 'Eid ul-Fitr',
        reasonBn: 'ঈদুল ফিতর',
      });
      const both = { date: libraryDay(5), reasonEn: 'Eid ul-Fitr', reasonBn: 'ঈদুল ফিতর' };
      expect(await read(libraryDay(0), libraryDay(30), 'bn-BD,bn;q=0.9')).toEqual([{ ...both, reason: 'ঈদুল ফিতর' }]);
      expect(await read(libraryDay(0), libraryDay(30), 'en-GB')).toEqual([{ ...both, reason: 'Eid ul-Fitr' }]);
      const rest = (language: string) =>
        gw.request('GET', `/api/closures?from=${libraryDay(0)}&to=${libraryDay(30)}`, {
          headers: { 'accept-language': language },
        });
      expect((await rest('bn')).body).toEqual([{ ...both, reason: 'ঈদুল ফিতর' }]);
      expect((await rest('en')).body).toEqual([{ ...both, reason: 'Eid ul-Fitr' }]);
      expect((await rest('en')).headers.get('cache-control')).toBe('private, no-store');
      const refused = await gw.request('GET', `/api/closures?from=${libraryDay(1)}&to=${libraryDay(0)}`);
      expect(refused.status).toBe(400);
    });

    it("follows a member's chosen language over the request's", async () => {
      await close(libraryDay(6), { reason: 'Strike', reasonBn: 'হরতাল' });
      const member = await gw.member();
      const chose = await gw.gql('mutation { setLocale(locale: bn) { id } }', {}, member.token);
      expect(chose.body.errors).toBeUndefined();
      expect((await read(libraryDay(6), libraryDay(6), 'en', member.token))[0]?.reason).toBe('হরতাল');
    });

    it('tells the other language when only one was given, and refuses a closure with neither', async () => {
      await close(libraryDay(7), { reasonBn: 'বন্যা' });
      await close(libraryDay(8), { reason: 'Staff training' });
      expect(await read(libraryDay(7), libraryDay(8), 'en')).toEqual([
        { date: libraryDay(7), reason: 'বন্যা', reasonEn: null, reasonBn: 'বন্যা' },
        { date: libraryDay(8), reason: 'Staff training', reasonEn: 'Staff training', reasonBn: null },
      ]);
      expect((await read(libraryDay(7), libraryDay(8), 'bn')).map((c) => c.reason)).toEqual(['বন্যা', 'Staff training']);
      expectError(await close(libraryDay(9), {}), 'BAD_USER_INPUT', 'reason');
      expectError(await close(libraryDay(9), { reason: ' ', reasonBn: ' ' }), 'BAD_USER_INPUT', 'reason');
      expectError(await close(libraryDay(9), { reasonBn: 'ক'.repeat(121) }), 'BAD_USER_INPUT', 'reasonBn');
      expectError(await close(libraryDay(9), { reasonBn: 'লাইন\nদুই' }), 'BAD_USER_INPUT', 'reasonBn');
      expect(await read(libraryDay(9), libraryDay(9), 'en')).toEqual([]);
    });

    it('has the seeded holidays in both languages: Victory Day is বিজয় দিবস', async () => {
      const today = libraryDay(0);
      const year = Number(today.slice(0, 4)) + (today.slice(5) > '12-16' ? 1 : 0);
      for (const closure of fixedHolidays(year, new Date())) await gw.store.calendar.addClosure(closure);
      const victory = `${year}-12-16`;
      expect(await read(victory, victory, 'bn')).toEqual([
        { date: victory, reason: 'বিজয় দিবস', reasonEn: 'Victory Day', reasonBn: 'বিজয় দিবস' },
      ]);
      expect((await read(victory, victory, 'en'))[0]?.reason).toBe('Victory Day');
    });
  });

  it('answers genres and categories by their keys in every language, for the SPA to name', async () => {
    await gw.addBook({ genre: 'Biography' });
    await gw.store.categories.seed([...SEED_CATEGORIES]);
    const query = '{ genres categories { name } }';
    const inBangla = await gw.request('POST', '/graphql', { body: { query }, headers: { 'accept-language': 'bn' } });
    const inEnglish = await gw.request('POST', '/graphql', { body: { query }, headers: { 'accept-language': 'en' } });
    expect(inBangla.body.data).toEqual(inEnglish.body.data);
    expect(inBangla.body.data.genres).toContain('Biography');
    expect(inBangla.body.data.categories.map((c: { name: string }) => c.name)).toContain('Biography');
    const rest = await gw.request('GET', '/api/categories', { headers: { 'accept-language': 'bn' } });
    expect(rest.body.map((c: { name: string }) => c.name)).toContain('Biography');
  });
});
