// For scripts/fuzz-rest.sh: the Firebase Auth emulator and the gateway on free loopback ports over a fresh
// store (FUZZ_STORE=sqlite: a temporary DATA_DIR; FUZZ_STORE=mongodb: a database of its own on MONGODB_URI,
// or on a FerretDB started from the cached binary), seeded like `npm start`, one admin signed in through
// POST /api/jwt, then `BASE=<url>` and `TOKEN=<session token>` on stdout (`SKIP=<reason>` when there is no
// MongoDB-protocol server). Runs until SIGTERM/SIGINT (or its parent exits), then stops everything it
// started and removes the data.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { signUpInEmulator, testAuthEmulator } from './auth-emulator.ts';
import { startGateway, type RunningGateway } from '../server/index.ts';
import { freePort } from './lib/ports.ts';
import { startMongoServer, type StartedMongoServer } from './lib/mongo-server.ts';

// Its own address: the two fuzz runs may share npm test's Auth emulator.
const EMAIL = `fuzzer-${randomBytes(4).toString('hex')}@example.com`;
const storeKind = process.env.FUZZ_STORE ?? 'sqlite';
if (storeKind !== 'sqlite' && storeKind !== 'mongodb')
  throw new Error(`FUZZ_STORE must be sqlite or mongodb, not ${storeKind}`);

async function dropDatabase(uri: string, name: string) {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2_000 });
  try {
    await client.db(name).dropDatabase();
  } finally {
    await client.close();
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-fuzz-'));
const mongodbDb = `bookhaven_fuzz_${randomBytes(4).toString('hex')}`;
let mongo: StartedMongoServer | null = null;
let emulator: Awaited<ReturnType<typeof testAuthEmulator>> | null = null;
let gateway: RunningGateway | null = null;
let stopping: Promise<void> | null = null;
const stop = (code: number) =>
  (stopping ??= (async () => {
    await gateway?.close().catch(() => undefined);
    await emulator?.stop().catch(() => undefined);
    if (mongo) await dropDatabase(mongo.uri, mongodbDb).catch(() => undefined);
    await mongo?.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    process.exit(code);
  })());
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(0));
// Orphaned (the calling script died without stopping us): stop rather than linger with an emulator.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void stop(0), 1000).unref();

try {
  if (storeKind === 'mongodb') {
    const started = await startMongoServer({ provision: false });
    if ('skipped' in started) {
      console.log(`SKIP=${started.skipped}`);
      await stop(0);
    } else {
      mongo = started;
    }
  }
  emulator = await testAuthEmulator({
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
    // Without npm test's shared emulator, started beside the journeys' own: see tests/e2e/support/global-setup.ts.
    timeoutMs: 180_000,
  });
  // Signed up while the emulator's connection from its start is fresh: on a busy machine the gateway's start can
  // outlast the emulator's keep-alive, and a sign-up after it met the closed socket ("other side closed").
  const { idToken, uid } = await signUpInEmulator(emulator.url, {
    email: EMAIL,
    password: 'Secret123',
    displayName: 'Fuzz Tester',
  });
  gateway = await startGateway({
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    ...(mongo ? { MONGODB_URI: mongo.uri, MONGODB_DB: mongodbDb } : {}),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The fuzzer sends far more writes a minute than a person; the limiter has its own tests.
    RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_EMAILS: EMAIL,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  });
  const answer = await fetch(`${gateway.url}/api/jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, uid }),
  });
  const { token } = (await answer.json()) as { token?: string };
  if (!answer.ok || !token) throw new Error(`POST /api/jwt answered ${answer.status}`);
  console.log(`STORE=${gateway.config.mongodbUri ? 'mongodb' : 'sqlite'}`);
  console.log(`BASE=${gateway.url}`);
  console.log(`TOKEN=${token}`);
  console.log(`UID=${uid}`);
} catch (error) {
  console.error(error);
  await stop(1);
}
