// The gateway's rate limits, one budget per purpose whichever API is used: writes per client (the member when
// signed in, else the address) across REST and GraphQL, and sign-ins across POST /api/jwt and issueToken.
// Sign-ins are counted two ways: failures tightly per address (guessing, or a client sending garbage), and
// successes generously per member, since some clients exchange a fresh token on every page load.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { LibraryError } from './library/errors.ts';

const WINDOW_MS = 60_000;

export const RATE_LIMIT_MESSAGES = {
  writes: 'Too many requests, please try again later.',
  failedSignIns: 'Too many failed sign-in attempts from this address. Please wait a minute and try again.',
  signIns: 'Too many sign-ins for this account in the last minute. Please wait a moment and try again.',
} as const;

export interface RateLimits {
  /** Counts one write by the caller; rejects with RATE_LIMITED over the budget. */
  write(request: FastifyRequest): Promise<void>;
  /**
   * Runs one sign-in attempt within the sign-in budgets: refused before it starts once the address has used up
   * its failures, counted as a failure when the attempt is refused, and per member when it succeeds.
   */
  signIn<T extends { user: { uid: string } }>(request: FastifyRequest, attempt: () => Promise<T>): Promise<T>;
}

/** The caller's own failures: what a client can be blamed for (a bad token, a mismatched uid, bad input). */
const CLIENT_FAULTS = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'BAD_USER_INPUT']);

export function createRateLimits(app: FastifyInstance, limits: Config['limits']): RateLimits {
  const signedInUid = new WeakMap<FastifyRequest, string>();
  const writes = app.createRateLimit({
    max: limits.writesPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) =>
      request.viewer.session ? `member:${request.viewer.session.uid}` : `address:${request.ip}`,
  });
  const failures = app.createRateLimit({
    max: limits.failedSignInsPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => request.ip,
  });
  const successes = app.createRateLimit({
    max: limits.signInsPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => signedInUid.get(request) ?? request.ip,
  });
  const refuse = (message: string) => new LibraryError('RATE_LIMITED', message);

  return {
    async write(request) {
      const verdict = await writes(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw refuse(RATE_LIMIT_MESSAGES.writes);
    },
    async signIn(request, attempt) {
      // A peek: the address may fail `failedSignInsPerMinute` times, and is then refused without verifying.
      const before = await failures(request, { increment: false });
      if (!before.isAllowed && before.remaining === 0) throw refuse(RATE_LIMIT_MESSAGES.failedSignIns);
      let result;
      try {
        result = await attempt();
      } catch (error) {
        if (error instanceof LibraryError && CLIENT_FAULTS.has(error.code)) await failures(request);
        throw error;
      }
      signedInUid.set(request, result.user.uid);
      const verdict = await successes(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw refuse(RATE_LIMIT_MESSAGES.signIns);
      return result;
    },
  };
}
