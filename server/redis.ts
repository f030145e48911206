// The Redis connection the gateways share their rate limits through (REDIS_URL). A counter must answer fast or
// not at all: commands are never queued while disconnected and give up after COMMAND_TIMEOUT_MS, so an
// outage costs a request at most that, and the rate limits count per gateway until Redis is back.
import type { Redis } from 'ioredis';

export const COMMAND_TIMEOUT_MS = 1_000;
/** How long boot waits for a first connection before starting without it (it keeps trying). */
const FIRST_CONNECT_MS = 3_000;

/** Loads the client only when REDIS_URL is set: a gateway without Redis does not carry it. */
export async function openRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: FIRST_CONNECT_MS,
    // Reconnects forever, at most a second apart.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  // Connection errors are reported by the rate limits when a count fails (once per outage); without a
  // listener ioredis prints each reconnection attempt's error.
  redis.on('error', () => undefined);
  return redis;
}

/** Waits a moment for the first connection, so the first requests count in Redis; false when it did not come. */
export function firstConnection(redis: Redis): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  // Not events.once: it gives up at the first 'error', and a refused connection is retried.
  const ready = new Promise<true>((resolve) => redis.once('ready', () => resolve(true)));
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), FIRST_CONNECT_MS).unref());
  return Promise.race([ready, timeout]);
}

/** Closes the connection, whatever state it is in. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/** The URL without its password, for logs. */
export function redacted(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}
