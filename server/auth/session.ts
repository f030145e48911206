// BookHaven's own session token: an HS256 JWT (jose) with a pinned algorithm, issuer and audience.
import { SignJWT, jwtVerify, errors } from 'jose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import type { Session, SessionTokens } from '../library/identity.ts';

const ISSUER = 'bookhaven';
const AUDIENCE = 'bookhaven-api';
const ALGORITHM = 'HS256';

/** Verified tokens kept at most, so a member's every request is not an HMAC and a key import. */
const VERIFIED_KEPT = 10_000;

/** `now` is the clock tokens are issued and checked by (tests move it). */
export function createSessionTokens(
  secret: Uint8Array,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
): SessionTokens {
  if (secret.byteLength < 32) throw new Error('The session secret must be at least 256 bits');
  // Imported once: given raw bytes, jose imports the key again on every sign and verify.
  const key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A token's claims never change, so one that verified stays good until it expires (checked on every use).
  const verified = new Map<string, { session: Session; expiresAt: number }>();
  return {
    issue: async (session) =>
      new SignJWT({ email: session.email, name: session.name, role: session.role })
        .setProtectedHeader({ alg: ALGORITHM })
        // One id per sign-in: what signing out ends (library/sessions.ts).
        .setJti(randomUUID())
        .setSubject(session.uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now())
        .setExpirationTime(Math.floor(now().getTime() / 1000) + ttlSeconds)
        .sign(await key),
    async verify(token) {
      const kept = verified.get(token);
      if (kept) {
        if (now().getTime() < kept.expiresAt) return kept.session;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [ALGORITHM],
          currentDate: now(),
        });
        const { sub, email, name, role, exp, iat, jti } = payload;
        if (typeof sub !== 'string' || typeof email !== 'string' || typeof name !== 'string' || typeof exp !== 'number')
          return null;
        const session: Session = {
          uid: sub,
          email,
          name,
          role: role === 'admin' ? 'admin' : 'member',
          token: {
            // Tokens issued before sign-outs ended sessions carry no id: their own digest stands in for one.
            id: typeof jti === 'string' ? jti : createHash('sha256').update(token).digest('base64url'),
            issuedAt: new Date((iat ?? 0) * 1000),
            expiresAt: new Date(exp * 1000),
          },
        };
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(token, { session, expiresAt: exp * 1000 });
        return session;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

/** SESSION_SECRET when given; otherwise a random secret generated once and kept owner-only in DATA_DIR. */
export async function loadSessionSecret(configured: string | null, dataDir: string): Promise<Uint8Array> {
  if (configured !== null) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'session-secret');
  try {
    const stored = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (stored.byteLength >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32);
  await writeFile(file, secret.toString('base64'), { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
