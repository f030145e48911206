// A member's own mobile number and their choice of SMS, on both stores: a Bangladeshi mobile in any usual form is
// kept as +8801XXXXXXXXX; anything else is refused with a keyed error in the reader's language and changes
// nothing; SMS needs a number, and removing the number turns SMS off. Staff see the number, other members do not,
// and the member's own download has it. Which channels the library offers follows its configuration.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachStore, startTestGateway, type Member, type TestGateway } from '../support/gateway.ts';
import { expectError } from './gql-assert.ts';

const SET_PHONE = 'mutation($p: String) { setMyPhone(phone: $p) { phone smsNotices } }';
const SET_SMS = 'mutation($on: Boolean!) { setSmsNotices(enabled: $on) { phone smsNotices } }';

describeEachStore((kind) => {
  let gw: TestGateway;
  let staff: Member;
  const staffEmail = `desk-phone-${kind}@example.com`;
  beforeAll(async () => {
    gw = await startTestGateway({ store: kind, env: { ADMIN_EMAILS: staffEmail } });
    staff = await gw.member({ name: 'Desk', email: staffEmail });
  });
  afterAll(async () => {
    await gw?.close();
  });

  const gqlIn = (language: string, query: string, variables: Record<string, unknown>, token: string) =>
    gw.request('POST', '/graphql', { body: { query, variables }, token, headers: { 'accept-language': language } });
  const me = async (m: Member) =>
    (await gw.gql('{ me { phone smsNotices noticeChannels } }', {}, m.token)).body.data.me;

  it('keeps a Bangladeshi mobile number typed in any usual form as +8801XXXXXXXXX', async () => {
    const m = await gw.member();
    for (const typed of ['01811000001', '+8801811000001', '880 1811-000001', '০১৮১১০০০০০১']) {
      const answer = await gw.gql(SET_PHONE, { p: typed }, m.token);
      expect(answer.body.data?.setMyPhone, typed).toEqual({ phone: '+8801811000001', smsNotices: false });
    }
    expect(await me(m)).toEqual({ phone: '+8801811000001', smsNotices: false, noticeChannels: [] });
  });

  it('refuses a number that is not a Bangladeshi mobile, in the reader’s language, and changes nothing', async () => {
    const m = await gw.member();
    await gw.gql(SET_PHONE, { p: '01911000002' }, m.token);
    for (const typed of ['01211000002', '0191100000', '019110000022', '+44 7700 900000', 'call me', '1'.repeat(30)]) {
      const refused = expectError(await gw.gql(SET_PHONE, { p: typed }, m.token), 'BAD_USER_INPUT', 'phone');
      expect(refused.message, typed).toMatch(/^(phone must be a mobile number in Bangladesh|phone must be at most)/);
    }
    const bn = expectError(await gqlIn('bn', SET_PHONE, { p: '02-9123456' }, m.token), 'BAD_USER_INPUT', 'phone');
    expect(bn.message).toBe('phone বাংলাদেশের একটি মোবাইল নম্বর হতে হবে: ০১XXXXXXXXX বা +৮৮০১XXXXXXXXX (০১৩ থেকে ০১৯)');
    expect((await me(m)).phone).toBe('+8801911000002');
  });

  it('turns SMS on only with a number, and off with the number removed', async () => {
    const m = await gw.member();
    const refused = expectError(await gw.gql(SET_SMS, { on: true }, m.token), 'BAD_USER_INPUT', 'enabled');
    expect(refused.message).toBe('Add your mobile number first: SMS notices go to it.');
    expect((await me(m)).smsNotices).toBe(false);
    await gw.gql(SET_PHONE, { p: '01511000003' }, m.token);
    expect((await gw.gql(SET_SMS, { on: true }, m.token)).body.data?.setSmsNotices).toEqual({
      phone: '+8801511000003',
      smsNotices: true,
    });
    expect((await gw.gql(SET_PHONE, { p: '' }, m.token)).body.data?.setMyPhone).toEqual({
      phone: null,
      smsNotices: false,
    });
    expect(await me(m)).toMatchObject({ phone: null, smsNotices: false });
  });

  it('shows the number to staff and in the member’s download, never to other members', async () => {
    const m = await gw.member({ name: 'Phoned Member' });
    await gw.gql(SET_PHONE, { p: '01611000004' }, m.token);
    await gw.gql(SET_SMS, { on: true }, m.token);
    const asStaff = await gw.gql(
      'query($uid: String!) { member(uid: $uid) { phone smsNotices } }',
      { uid: m.uid },
      staff.token,
    );
    expect(asStaff.body.data?.member).toEqual({ phone: '+8801611000004', smsNotices: true });
    const other = await gw.member();
    const listed = await gw.gql('{ users(search: "Phoned Member") { uid phone } }', {}, other.token);
    expect(listed.body.data?.users).toEqual([{ uid: m.uid, phone: null }]);
    const peek = await gw.gql('query($uid: String!) { member(uid: $uid) { smsNotices } }', { uid: m.uid }, other.token);
    expect(peek.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const download = await gw.request('GET', '/api/me/export', { token: m.token });
    expect(download.body.profile).toMatchObject({ phone: '+8801611000004', smsNotices: true });
  });

  it('refuses the settings to a visitor', async () => {
    expectError(await gw.gql(SET_PHONE, { p: '01711000005' }, null), 'UNAUTHENTICATED');
    expectError(await gw.gql(SET_SMS, { on: false }, null), 'UNAUTHENTICATED');
  });
});
