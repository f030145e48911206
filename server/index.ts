// Boot: read and check config, build the gateway (seeding an empty store), listen, shut down cleanly on signals.
import { flushCompileCache } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createGateway } from './gateway.ts';
import { mailBanner } from './mail/smtp-mailer.ts';
import { keepMemoryReducerWorking } from './memory-reducer.ts';
import { smsBanner } from './sms/smpp-sender.ts';

export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningGateway {
  app: FastifyInstance;
  config: Config;
  url: string;
  /** Drains (SHUTDOWN_DRAIN_MS), then closes; called again while draining, closes at once. */
  close(): Promise<void>;
}

export async function startGateway(env: Record<string, string | undefined> = process.env): Promise<RunningGateway> {
  const config = loadConfig(env);
  if (config.firebase.emulator && !config.firebase.authEmulatorHost) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST',
      'is required when no Firebase project is configured (npm start runs the emulator for you)',
    );
  }
  const gateway = await createGateway(config, { seed: true });
  const { app } = gateway;
  if (Object.values(gateway.seeded).some((added) => added > 0)) app.log.info(gateway.seeded, 'seeded an empty store');
  const address = await app.listen({ host: config.host, port: config.port });
  // With NODE_COMPILE_CACHE set (the Dockerfile, npm start), keep what this boot compiled now rather than at exit,
  // which a killed process never reaches: the next boot skips stripping the TypeScript and compiling.
  flushCompileCache();
  // The heap a burst of requests grew is given back once the gateway is quiet (Node 24's V8 needs the nudge).
  const stopNudging = keepMemoryReducerWorking();
  app.log.info(`E-mail notices: ${mailBanner(config.mail)}`);
  app.log.info(`SMS notices: ${smsBanner(config.sms)}`);

  let closing: Promise<void> | null = null;
  const skipDrain = new AbortController();
  const close = () => {
    // Called again while draining (a second signal): stop now.
    if (closing) skipDrain.abort();
    return (closing ??= (async () => {
      // Not ready from now on, still serving: the balancer sees /readyz fail and sends the next requests elsewhere.
      gateway.drain();
      if (config.shutdownDrainMs > 0) {
        app.log.info({ ms: config.shutdownDrainMs }, 'draining: /readyz answers 503 until the gateway closes');
        await delay(config.shutdownDrainMs, undefined, { signal: skipDrain.signal }).catch(() => undefined);
      }
      stopNudging();
      // Stop accepting, let in-flight requests finish (bounded), then release the store.
      const timer = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      try {
        await gateway.close();
      } finally {
        clearTimeout(timer);
      }
    })());
  };
  return { app, config, url: address, close };
}

export async function main() {
  let gateway: RunningGateway;
  try {
    gateway = await startGateway();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // `on`, not `once`: libraries using signal-exit re-raise a signal that has no other listener left. A second
    // signal cuts the drain short.
    process.on(signal, () => {
      gateway.app.log.info({ signal }, 'shutting down');
      gateway.close().then(
        () => process.exit(0),
        (error: unknown) => {
          gateway.app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  return gateway;
}

if (import.meta.main) await main();
