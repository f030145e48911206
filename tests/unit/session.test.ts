// The gateway's own session token: what verifies, what does not, and that remembering verified tokens
// never outlives a token's expiry or lets a changed token through.
import { describe, expect, it } from 'vitest';
import { createSessionTokens } from '../../server/auth/session.ts';
import type { Session } from '../../server/library/identity.ts';

const secret = new TextEncoder().encode('a-session-secret-for-the-tests-'.padEnd(40, 'x'));
const member: Session = { uid: 'uid-1', email: 'reader@example.com', name: 'Reader', role: 'member' };

describe('session tokens', () => {
  it('verifies its own token, again from memory, and refuses a changed one, another secret and junk', async () => {
    const tokens = createSessionTokens(secret, 3600);
    const token = await tokens.issue(member);
    expect(await tokens.verify(token)).toMatchObject(member);
    expect(await tokens.verify(token)).toMatchObject(member);
    const [head, body, signature] = token.split('.');
    const forgedBody = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    expect(await tokens.verify(`${head}.${forgedBody}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
    expect(
      await createSessionTokens(new TextEncoder().encode('another-secret-'.padEnd(40, 'y')), 3600).verify(token),
    ).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
  });

  it('refuses a token once it has expired, though it verified before', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const tokens = createSessionTokens(secret, 60, () => now);
    const token = await tokens.issue(member);
    expect(await tokens.verify(token)).toMatchObject(member);
    now = new Date('2026-03-01T10:00:59Z');
    expect(await tokens.verify(token)).toMatchObject(member);
    now = new Date('2026-03-01T10:01:01Z');
    expect(await tokens.verify(token)).toBeNull();
  });

  it('gives each token its own id, with when it was issued and expires: what signing out ends', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const tokens = createSessionTokens(secret, 60, () => now);
    const [first, second] = await Promise.all([tokens.issue(member), tokens.issue(member)]);
    const facts = (await tokens.verify(first))?.token;
    expect(facts).toEqual({
      id: expect.any(String),
      issuedAt: now,
      expiresAt: new Date('2026-03-01T10:01:00Z'),
    });
    expect((await tokens.verify(second))?.token?.id).not.toBe(facts?.id);
  });

  it('refuses a secret shorter than 256 bits', () => {
    expect(() => createSessionTokens(new Uint8Array(16), 60)).toThrow(/256 bits/);
  });
});
