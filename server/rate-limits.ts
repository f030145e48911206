// The gateway's rate limits, one budget per purpose whichever API is used: writes per client (the member when
// signed in, else the address) across REST and GraphQL, and sign-ins across POST /api/jwt and issueToken.
// Sign-ins are counted two ways: failures tightly per address (guessing, or a client sending garbage), and
// successes generously per member, since some clients exchange a fresh token on every page load.
// With Redis every gateway counts in the same place, so a budget is the same behind one gateway or several.
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { LibraryError } from './library/errors.ts';
import { say } from './library/i18n/index.ts';

const WINDOW_MS = 60_000;
/** Where the shared counters live in Redis: one prefix per budget, so one key never counts two budgets. */
export const REDIS_NAMESPACE = 'bookhaven:rate-limit:';

/** The sentence each budget refuses with (keys of library/i18n/en.ts). */
export const RATE_LIMIT_SENTENCES = {
  writes: 'tooManyRequests',
  failedSignIns: 'tooManyFailedSignIns',
  signIns: 'tooManySignIns',
} as const;
/** Their English, as a client reads it without Accept-Language. */
export const RATE_LIMIT_MESSAGES = {
  writes: say('en', RATE_LIMIT_SENTENCES.writes),
  failedSignIns: say('en', RATE_LIMIT_SENTENCES.failedSignIns),
  signIns: say('en', RATE_LIMIT_SENTENCES.signIns),
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

type LimitOptions = { max: number; keyGenerator: (request: FastifyRequest) => string };
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * One budget's limiter, in a plugin scope of its own: @fastify/rate-limit keeps one store per registration, and
 * its limiters made by createRateLimit share their Redis prefix, so each budget registers it with its own.
 */
async function limiterIn(app: FastifyInstance, store: object, options: LimitOptions): Promise<Limiter> {
  let limiter: Limiter | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false, ...store });
    limiter = scope.createRateLimit({ ...options, timeWindow: WINDOW_MS });
  });
  return limiter!;
}

/**
 * A budget counted in Redis, shared by every gateway. While Redis cannot answer, the budget is counted by this
 * gateway alone (as without Redis): a limit kept per gateway rather than none, and no request fails for it.
 */
async function budget(
  app: FastifyInstance,
  redis: Redis | null,
  name: string,
  options: LimitOptions,
  outage: { failed(error: unknown): void; answered(): void },
): Promise<Limiter> {
  const local = await limiterIn(app, {}, options);
  if (!redis) return local;
  const shared = await limiterIn(app, { redis, nameSpace: `${REDIS_NAMESPACE}${name}:`, skipOnError: false }, options);
  return async (request, callOptions) => {
    try {
      const verdict = await shared(request, callOptions);
      outage.answered();
      return verdict;
    } catch (error) {
      outage.failed(error);
      return local(request, callOptions);
    }
  };
}

/** Logs once when Redis stops answering and once when it answers again, not on every request between. */
function outageLog(log: FastifyBaseLogger) {
  let down = false;
  return {
    failed(error: unknown) {
      if (down) return;
      down = true;
      log.warn({ err: error }, 'Redis does not answer: each gateway counts its own rate limits until it does');
    },
    answered() {
      if (!down) return;
      down = false;
      log.info('Redis answers again: rate limits are shared by every gateway');
    },
  };
}

export async function createRateLimits(
  app: FastifyInstance,
  limits: Config['limits'],
  redis: Redis | null = null,
): Promise<RateLimits> {
  const signedInUid = new WeakMap<FastifyRequest, string>();
  const outage = outageLog(app.log);
  const writes = await budget(
    app,
    redis,
    'writes',
    {
      max: limits.writesPerMinute,
      keyGenerator: (request) =>
        request.viewer.session ? `member:${request.viewer.session.uid}` : `address:${request.ip}`,
    },
    outage,
  );
  const failures = await budget(
    app,
    redis,
    'failed-sign-ins',
    { max: limits.failedSignInsPerMinute, keyGenerator: (request) => request.ip },
    outage,
  );
  const successes = await budget(
    app,
    redis,
    'sign-ins',
    { max: limits.signInsPerMinute, keyGenerator: (request) => signedInUid.get(request) ?? request.ip },
    outage,
  );
  const refuse = (budget: keyof typeof RATE_LIMIT_SENTENCES) =>
    new LibraryError('RATE_LIMITED', RATE_LIMIT_SENTENCES[budget]);

  return {
    async write(request) {
      const verdict = await writes(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw refuse('writes');
    },
    async signIn(request, attempt) {
      // A peek: the address may fail `failedSignInsPerMinute` times, and is then refused without verifying.
      const before = await failures(request, { increment: false });
      if (!before.isAllowed && before.remaining === 0) throw refuse('failedSignIns');
      let result;
      try {
        result = await attempt();
      } catch (error) {
        if (error instanceof LibraryError && CLIENT_FAULTS.has(error.code)) await failures(request);
        throw error;
      }
      signedInUid.set(request, result.user.uid);
      const verdict = await successes(request);
      if (!verdict.isAllowed && verdict.isExceeded) throw refuse('signIns');
      return result;
    },
  };
}
