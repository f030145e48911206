// The gateway's own session token: what verifies and what does not, checked by the gateway itself and, for
// every change made to a token, against jose's own verification of the same token.
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createSessionTokens } from '../../server/auth/session.ts';
import type { Session } from '../../server/library/identity.ts';

const secret = new TextEncoder().encode('a-session-secret-for-the-tests-'.padEnd(40, 'x'));
const member: Session = { uid: 'uid-1', email: 'reader@example.com', name: 'Reader', role: 'member' };

describe('session tokens', () => {
  it('verifies its own token, twice, and refuses a changed one, another secret and junk', async () => {
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

  it('refuses what jose refuses: other algorithms, unsigned tokens, critical headers, other issuers and audiences, times', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const at = Math.floor(now.getTime() / 1000);
    const tokens = createSessionTokens(secret, 3600, () => now);
    const claims = { email: member.email, name: member.name, role: 'member' };
    const signed = (edit: (jwt: SignJWT) => SignJWT = (jwt) => jwt, header: Record<string, unknown> = {}) =>
      edit(
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', ...header })
          .setSubject(member.uid)
          .setIssuer('bookhaven')
          .setAudience('bookhaven-api')
          .setIssuedAt(at)
          .setExpirationTime(at + 60),
      ).sign(secret);
    /** A token whose header and claims are given as they stand, signed with the secret by hand. */
    const handMade = (header: unknown, payload: unknown) => {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const signing = `${part(header)}.${part(payload)}`;
      return `${signing}.${createHmac('sha256', secret).update(signing).digest('base64url')}`;
    };
    const good = { sub: member.uid, iss: 'bookhaven', aud: 'bookhaven-api', iat: at, exp: at + 60, ...claims };
    const josesVerdict = (token: string) =>
      jwtVerify(token, secret, {
        issuer: 'bookhaven',
        audience: 'bookhaven-api',
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
        currentDate: now,
      }).then(
        () => true,
        () => false,
      );
    const cases: Record<string, string> = {
      'signed as it issues': await signed(),
      'an audience among others': await signed((jwt) => jwt.setAudience(['elsewhere', 'bookhaven-api'])),
      'another audience': await signed((jwt) => jwt.setAudience('elsewhere')),
      'another issuer': await signed((jwt) => jwt.setIssuer('elsewhere')),
      'expired this second': await signed((jwt) => jwt.setExpirationTime(at)),
      'not before a second from now': await signed((jwt) => jwt.setNotBefore(at + 1)),
      'not before now': await signed((jwt) => jwt.setNotBefore(at)),
      HS512: await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(member.uid)
        .setIssuer('bookhaven')
        .setAudience('bookhaven-api')
        .setExpirationTime(at + 60)
        .sign(secret),
      unsecured: new UnsecuredJWT(claims)
        .setSubject(member.uid)
        .setIssuer('bookhaven')
        .setAudience('bookhaven-api')
        .setExpirationTime(at + 60)
        .encode(),
      'a critical header': handMade({ alg: 'HS256', crit: ['exp'], exp: 1 }, good),
      'an unencoded payload': handMade({ alg: 'HS256', b64: false, crit: ['b64'] }, good),
      'no expiry': handMade({ alg: 'HS256' }, { ...good, exp: undefined }),
      'an expiry in words': handMade({ alg: 'HS256' }, { ...good, exp: 'tomorrow' }),
      'issued in words': handMade({ alg: 'HS256' }, { ...good, iat: 'today' }),
      'claims in an array': handMade({ alg: 'HS256' }, [good]),
      'a header in an array': handMade([{ alg: 'HS256' }], good),
    };
    const token = cases['signed as it issues']!;
    const [head, body, signature] = token.split('.') as [string, string, string];
    Object.assign(cases, {
      'padding after the signature': `${token}=`,
      'a space in the signature': `${head}.${body}.${signature.slice(0, 10)} ${signature.slice(10)}`,
      'a fourth part': `${token}.${signature}`,
      'the signature alone': signature,
      'no signature': `${head}.${body}.`,
      'another signature': `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`,
      'a body that is not JSON': `${head}.${Buffer.from('{"sub":').toString('base64url')}.${signature}`,
    });
    const verdicts: Record<string, { ours: boolean; jose: boolean }> = {};
    for (const [name, value] of Object.entries(cases)) {
      verdicts[name] = { ours: (await tokens.verify(value)) !== null, jose: await josesVerdict(value) };
    }
    const accepted = Object.keys(verdicts).filter((name) => verdicts[name]!.ours);
    expect(accepted).toEqual(['signed as it issues', 'an audience among others', 'not before now']);
    // jose also reads a part that is not quite base64url (padded, or with a space) where the gateway asks for the
    // encoding exactly; on every other token the two agree.
    const lenient = ['padding after the signature', 'a space in the signature'];
    const disagree = Object.keys(verdicts).filter((name) => verdicts[name]!.ours !== verdicts[name]!.jose);
    expect(disagree.filter((name) => !lenient.includes(name))).toEqual([]);
  });

  it('refuses a secret shorter than 256 bits', () => {
    expect(() => createSessionTokens(new Uint8Array(16), 60)).toThrow(/256 bits/);
  });
});
