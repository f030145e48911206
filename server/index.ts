// Boot: read and check config, open (and seed) the store, start listening, shut down cleanly on signals.
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openStore } from './store/open-store.ts';
import { seedIfEmpty } from './store/seed/seed-if-empty.ts';
import { createSessionTokens, loadSessionSecret } from './auth/session.ts';
import { createFirebaseVerifier } from './auth/firebase.ts';
import { createLibrary } from './library/index.ts';
import { createApp } from './app.ts';
import { publicOrigin } from './library/site-urls.ts';

export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningGateway {
  app: FastifyInstance;
  config: Config;
  url: string;
  close(): Promise<void>;
}

export async function startGateway(env: Record<string, string | undefined> = process.env): Promise<RunningGateway> {
  const config = loadConfig(env);
  if (config.firebase.emulator && !config.firebase.authEmulatorHost) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST', 'is required when no Firebase project is configured (npm start runs the emulator for you)');
  }
  const store = await openStore({ dataDir: config.dataDir, mongodbUri: config.mongodbUri, mongodbDb: config.mongodbDb });
  const seeded = await seedIfEmpty(store);
  const tokens = createSessionTokens(await loadSessionSecret(config.sessionSecret, config.dataDir), config.sessionTtlSeconds);
  const verifier = createFirebaseVerifier({ projectId: config.firebase.projectId, emulatorHost: config.firebase.emulator ? config.firebase.authEmulatorHost : null });
  const origin = publicOrigin(config.publicUrl, () => app.server.address(), config.host);
  const library = createLibrary(store, { verifier, tokens, adminEmails: config.adminEmails, timeZone: config.libraryTimezone, siteOrigin: origin });
  const authEmulatorUrl = config.firebase.emulator ? `http://${config.firebase.authEmulatorHost}` : null;
  const app = await createApp({ config, store, library, tokens, authEmulatorUrl, origin });
  if (seeded.books > 0 || seeded.categories > 0) app.log.info(seeded, 'seeded an empty store');
  const address = await app.listen({ host: config.host, port: config.port });

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      // Stop accepting, let in-flight requests finish (bounded), then release the store.
      const timer = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      try {
        await app.close();
      } finally {
        clearTimeout(timer);
        await store.close();
        await verifier.close();
      }
    })());
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
    // `on`, not `once`: libraries using signal-exit re-raise a signal that has no other listener left.
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
