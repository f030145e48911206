// createGateway(config, overrides): the one place the parts are assembled, config -> store -> session tokens ->
// ID-token verifier -> mailer (SMTP_URL) and SMS sender (SMPP_HOST) -> library -> app. Boot (index.ts), the tests and the bench all build the gateway here;
// listening is the caller's.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { openStore } from './store/open-store.ts';
import type { ObservedStore } from './store/observed.ts';
import { seedIfEmpty } from './store/seed/seed-if-empty.ts';
import { createSessionTokens, loadSessionSecret } from './auth/session.ts';
import { createFirebaseVerifier } from './auth/firebase.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import { createSmppSender } from './sms/smpp-sender.ts';
import type { SmsSender } from './library/sms.ts';
import type { IdTokenVerifier, SessionTokens } from './library/identity.ts';
import { createLibrary, type Library } from './library/index.ts';
import type { Mailer } from './library/mail.ts';
import { publicOrigin } from './library/site-urls.ts';
import { createApp } from './app.ts';
import { createMetrics } from './metrics.ts';
import { closeRedis, firstConnection, openRedis, redacted } from './redis.ts';
import { createSchedule, type Schedule } from './schedule.ts';

export interface GatewayOverrides {
  /** Seed an empty store with the sample catalogue (boot does; tests start empty). */
  seed?: boolean;
  /** false: seeding leaves out the year's fixed holidays (journeys whose late days must not depend on the date). */
  holidays?: boolean;
  verifier?: IdTokenVerifier;
  /** The clock the services and session tokens read. */
  now?: () => Date;
  /** The clock the library's services read (due dates, late fees), when it differs from now (journeys move it). */
  libraryNow?: () => Date;
  /** Milliseconds, monotonic: the clock the store's revision (public ETags) is kept by. */
  storeNow?: () => number;
  /** false: the schedule does not run by itself (tests run it with `schedule.tick()`). */
  schedule?: boolean;
  /** false: the circulation policy's checks off, so the benchmark can measure what they cost. */
  enforcePolicy?: boolean;
  logger?: FastifyServerOptions['logger'];
  clientDir?: string;
  sandboxDir?: string;
}

export interface Gateway {
  config: Config;
  store: ObservedStore;
  library: Library;
  tokens: SessionTokens;
  app: FastifyInstance;
  /** Hold expiry and notices, every minute on the gateway holding the schedule's lease. */
  schedule: Schedule;
  /** What seeding added (nothing unless asked for and the store was empty). */
  seeded: { books: number; categories: number; closures: number };
  /** From now on /readyz says 503 (the balancer stops sending requests); everything else is still served. */
  drain(): void;
  /** Closes the app, then the store and the verifier. */
  close(): Promise<void>;
}

export async function createGateway(config: Config, overrides: GatewayOverrides = {}): Promise<Gateway> {
  const metrics = config.metricsToken ? createMetrics() : null;
  const store = await openStore({
    dataDir: config.dataDir,
    mongodbUri: config.mongodbUri,
    mongodbDb: config.mongodbDb,
    onCall: metrics?.storeCall,
    now: overrides.storeNow,
  });
  let draining = false;
  let mailer: Mailer | null = null;
  let smsSender: SmsSender | null = null;
  const redis = config.redisUrl ? await openRedis(config.redisUrl) : null;
  try {
    const clock = overrides.libraryNow ?? overrides.now ?? (() => new Date());
    const seeded = overrides.seed
      ? await seedIfEmpty(store, clock(), { holidays: overrides.holidays })
      : { books: 0, categories: 0, closures: 0 };
    const secret = await loadSessionSecret(config.sessionSecret, config.dataDir);
    const tokens = createSessionTokens(secret, config.sessionTtlSeconds, overrides.now);
    const emulatorHost = config.firebase.emulator ? config.firebase.authEmulatorHost : null;
    const verifier =
      overrides.verifier ?? createFirebaseVerifier({ projectId: config.firebase.projectId, emulatorHost });
    mailer = config.mail.smtpUrl ? await createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from }) : null;
    smsSender = config.sms ? createSmppSender(config.sms) : null;
    // Known once the app listens, unless PUBLIC_URL says it.
    const origin = publicOrigin(config.publicUrl, () => app.server.address(), config.host);
    const library = createLibrary(store, {
      verifier,
      tokens,
      adminEmails: config.adminEmails,
      timeZone: config.libraryTimezone,
      policy: config.policy,
      enforcePolicy: overrides.enforcePolicy,
      now: overrides.libraryNow ?? overrides.now,
      // The tokens' own clock (they are issued by it), not the library's that journeys move by days.
      sessionNow: overrides.now ?? (() => new Date()),
      siteOrigin: origin,
      mailer,
      mailSecret: secret,
      onMailFailure(notice, error, willRetry) {
        app.log.warn({ err: error, notice: notice.id, willRetry }, 'e-mailing a notice failed');
      },
      smsSender,
      smsMaxParts: config.sms?.maxParts,
      onSmsSent(notice, sms) {
        const { parts, encoding, shortened } = sms;
        app.log.info({ notice: notice.id, parts: parts.length, encoding, shortened }, 'notice sent by SMS');
      },
      onSmsFailure(notice, error, willRetry) {
        app.log.warn({ err: error, notice: notice.id, willRetry }, 'sending a notice by SMS failed');
      },
    });
    const app = await createApp({
      config,
      store,
      library,
      origin,
      authEmulatorUrl: emulatorHost ? `http://${emulatorHost}` : null,
      logger: overrides.logger,
      clientDir: overrides.clientDir,
      sandboxDir: overrides.sandboxDir,
      metrics,
      redis,
      draining: () => draining,
    });
    // Ready holds past their pickup day pass their copies on, notices due by now are recorded and e-mails due by
    // now are sent, closed loans past their days lose their member (once a day), without anyone asking: on whichever gateway holds the schedule's lease.
    const schedule = createSchedule({
      leases: store.leases,
      work: async () => {
        await library.holds.expireDue();
        await library.notices.sweep({ onceADay: true });
        await library.autoRenewals.runDue();
        await library.readingHistory.sweep();
        await library.mail.deliver();
        await library.sms.deliver();
      },
      now: overrides.libraryNow ?? overrides.now ?? (() => new Date()),
      log: app.log,
    });
    if (overrides.schedule !== false) schedule.start();
    if (redis && config.redisUrl && !(await firstConnection(redis))) {
      app.log.warn(
        { redis: redacted(config.redisUrl) },
        'Redis does not answer yet: each gateway counts its own rate limits until it does',
      );
    }
    return {
      config,
      store,
      library,
      tokens,
      app,
      schedule,
      seeded,
      drain() {
        draining = true;
      },
      async close() {
        try {
          await schedule.stop();
          await app.close();
        } finally {
          mailer?.close();
          smsSender?.close();
          if (redis) await closeRedis(redis);
          await store.close();
          await verifier.close();
        }
      },
    };
  } catch (error) {
    mailer?.close();
    smsSender?.close();
    if (redis) await closeRedis(redis);
    await store.close();
    throw error;
  }
}
