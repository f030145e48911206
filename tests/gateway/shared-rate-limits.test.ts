// Rate limits shared through a real Redis (Debian's redis-server, a process of this test's own): two gateways
// count one budget, a client spreading its requests over both meets the limit at the configured total with the
// same 429 answer as one gateway gives, and when Redis dies each gateway goes on counting its own.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type StartedRedisServer } from '../../scripts/lib/redis-server.ts';
import { REDIS_NAMESPACE, RATE_LIMIT_MESSAGES } from '../../server/rate-limits.ts';
import { COMMAND_TIMEOUT_MS } from '../../server/redis.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

const started = await startRedisServer();
const skip = 'skipped' in started ? started.skipped : null;
afterAll(async () => {
  if (!('skipped' in started)) await started.stop();
});

const WRITES = 6;

describe.skipIf(skip)(`rate limits shared through Redis${skip ? ` (skipped: ${skip})` : ''}`, () => {
  const redis = started as StartedRedisServer;
  let gateways: TestGateway[] = [];

  /** Two gateways on one Redis and one session secret, so a member's token works on both. */
  async function pair(url = redis.url): Promise<[TestGateway, TestGateway]> {
    const env = {
      REDIS_URL: url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: String(WRITES),
      SIGN_IN_FAILURES_PER_MINUTE: '4',
    };
    gateways = [await startTestGateway({ env }), await startTestGateway({ env })];
    return gateways as [TestGateway, TestGateway];
  }
  afterEach(async () => {
    await Promise.all(gateways.splice(0).map((gw) => gw.close()));
  });
  beforeAll(async () => {
    const client = new Redis(redis.url);
    await client.flushall();
    client.disconnect();
  });

  /** A write that changes nothing (refused with 400) but is counted, as every write is, before it is judged. */
  const write = (gw: TestGateway, token: string) => gw.request('POST', '/api/books', { token, body: {} });

  it('counts one write budget over both gateways and answers the 429 one gateway gives', async () => {
    const [a, b] = await pair();
    const member = await a.member();
    const statuses = [];
    for (let i = 0; i < WRITES; i++) statuses.push((await write(i % 2 ? b : a, member.token)).status);
    expect(statuses).toEqual(Array(WRITES).fill(400));
    const refused = await write(b, member.token);
    expect(refused).toMatchObject({ status: 429, body: { message: RATE_LIMIT_MESSAGES.writes } });
    expect((await write(a, member.token)).status).toBe(429);
    const viaGraphQL = await a.gql('mutation { markNoticesRead(ids: []) }', {}, member.token);
    expect(viaGraphQL.body.errors?.[0]).toMatchObject({
      message: RATE_LIMIT_MESSAGES.writes,
      extensions: { code: 'RATE_LIMITED' },
    });
    // Another member's budget is untouched.
    const other = await b.member();
    expect((await write(a, other.token)).status).toBe(400);

    // Each budget has its own keys in Redis: the write counts are not the sign-in counts.
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys(`${REDIS_NAMESPACE}*`);
      expect(
        keys.filter((key) => key.startsWith(`${REDIS_NAMESPACE}writes:`) && key.endsWith(member.uid)),
      ).toHaveLength(1);
      expect(keys.some((key) => key.startsWith(`${REDIS_NAMESPACE}sign-ins:`))).toBe(true);
    } finally {
      client.disconnect();
    }
  });

  it('counts failed sign-ins per address over both gateways', async () => {
    const [a, b] = await pair();
    const fail = (gw: TestGateway) => gw.request('POST', '/api/jwt', { body: { idToken: 'not-a-token' } });
    expect([(await fail(a)).status, (await fail(b)).status, (await fail(a)).status, (await fail(b)).status]).toEqual([
      401, 401, 401, 401,
    ]);
    const user = await a.firebaseUser();
    expect(await b.request('POST', '/api/jwt', { body: { idToken: user.idToken } })).toMatchObject({
      status: 429,
      body: { message: RATE_LIMIT_MESSAGES.failedSignIns },
    });
  });

  it('closes its Redis connection when the gateway closes', async () => {
    const client = new Redis(redis.url);
    try {
      const connections = async () =>
        String(await client.call('CLIENT', 'LIST'))
          .trim()
          .split('\n').length;
      const before = await connections();
      await pair();
      expect(await connections()).toBe(before + 2);
      await Promise.all(gateways.splice(0).map((gw) => gw.close()));
      expect(await connections()).toBe(before);
    } finally {
      client.disconnect();
    }
  });
});

describe.skipIf(skip)(`when Redis goes away${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('serves on, each gateway counting its own budget, and answers writes without waiting on Redis', async () => {
    const own = await startRedisServer();
    if ('skipped' in own) throw new Error(own.skipped);
    const env = {
      REDIS_URL: own.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: String(WRITES),
    };
    const [a, b] = [await startTestGateway({ env }), await startTestGateway({ env })];
    try {
      const member = await a.member();
      const write = (gw: TestGateway) => gw.request('POST', '/api/books', { token: member.token, body: {} });
      for (let i = 0; i < WRITES - 2; i++) expect((await write(i % 2 ? b : a)).status).toBe(400);

      await own.stop({ abruptly: true });
      // Fail open to this gateway's own count: every gateway lets WRITES through, then refuses as before.
      const started = performance.now();
      const onA = [];
      for (let i = 0; i <= WRITES; i++) onA.push((await write(a)).status);
      expect(onA).toEqual([...Array(WRITES).fill(400), 429]);
      const onB = [];
      for (let i = 0; i <= WRITES; i++) onB.push((await write(b)).status);
      expect(onB).toEqual([...Array(WRITES).fill(400), 429]);
      // Nothing waited for a command timeout: a closed connection fails a count at once. Had each request waited
      // for one, they would have taken COMMAND_TIMEOUT_MS each; half that in all leaves the machine's load room.
      const requests = onA.length + onB.length;
      expect(performance.now() - started).toBeLessThan((requests * COMMAND_TIMEOUT_MS) / 2);
      expect((await a.request('GET', '/readyz')).status).toBe(200);
    } finally {
      await Promise.all([a.close(), b.close(), own.stop()]);
    }
  });
});
