// A real gateway for API tests: createApp over a fresh SQLite file (or MongoDB), the real Auth emulator,
// listening on a loopback port; plus members created through the emulator's REST API.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, inject } from 'vitest';
import { MongoClient } from 'mongodb';
import { loadConfig } from '../../server/config.ts';
import { createGateway } from '../../server/gateway.ts';
import type { Library } from '../../server/library/index.ts';
import type { Schedule } from '../../server/schedule.ts';
import type { BookFields, Store } from '../../server/store/port.ts';
import { signUpInEmulator } from '../../scripts/auth-emulator.ts';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Member {
  uid: string;
  email: string;
  name: string;
  idToken: string;
  token: string;
}

export interface TestGateway {
  url: string;
  store: Store;
  /** The gateway's services: tests run the schedule's work (hold expiry, notices) on demand. */
  library: Library;
  /** The gateway's schedule under its lease; `tick()` runs it once, as the minute's timer does. */
  schedule: Schedule;
  request<T = any>(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string | null; headers?: Record<string, string>; raw?: string },
  ): Promise<Answer<T>>;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string | null,
  ): Promise<Answer<{ data?: T; errors?: { message: string; extensions?: { code?: string; field?: string } }[] }>>;
  /** A new Firebase account in the emulator (not yet signed in to BookHaven). */
  firebaseUser(opts?: {
    name?: string;
    email?: string;
  }): Promise<{ uid: string; email: string; name: string; idToken: string }>;
  /** A new account signed in through POST /api/jwt. */
  member(opts?: { name?: string; email?: string }): Promise<Member>;
  addBook(overrides?: Partial<BookFields>): Promise<string>;
  /** What a shutdown signal starts: /readyz says 503 while everything else is still served. */
  drain(): void;
  close(): Promise<void>;
}

export const bookFields = (overrides: Partial<BookFields> = {}): BookFields => ({
  title: `Book ${randomUUID().slice(0, 8)}`,
  author: 'Test Author',
  genre: 'Drama',
  description: 'A book for tests.',
  image: 'https://example.com/cover.jpg',
  rating: 4.5,
  quantity: 3,
  ...overrides,
});

export type StoreKind = 'sqlite' | 'mongodb';

/**
 * Registers a suite's tests once per store: SQLite always, MongoDB when global setup found a
 * MongoDB-protocol server (otherwise the MongoDB copy is listed as skipped, with the reason).
 */
export function describeEachStore(body: (store: StoreKind) => void): void {
  describe('on SQLite', () => body('sqlite'));
  if (inject('mongodbUri')) describe('on MongoDB', () => body('mongodb'));
  else
    describe.skip(`on MongoDB (skipped: ${inject('mongoSkipReason') ?? 'no MongoDB-protocol server'})`, () =>
      body('mongodb'));
}

/** dataDir: a directory the caller has already filled (e.g. seeded); the gateway removes it on close. */
export async function startTestGateway(
  opts: {
    env?: Record<string, string>;
    store?: StoreKind;
    dataDir?: string;
    clientDir?: string;
    /** The clock the library's services read (due dates, late fees); tests move it instead of sleeping. */
    libraryNow?: () => Date;
    /** The clock session tokens are issued and checked by (and the library's, without libraryNow). */
    now?: () => Date;
    /** false: the schedule only runs when the test calls `schedule.tick()`. */
    schedule?: boolean;
    /** Milliseconds: the clock the store's revision (public ETags) is kept by. */
    storeNow?: () => number;
  } = {},
): Promise<TestGateway> {
  const emulatorHost = inject('authEmulatorHost');
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'bookhaven-api-')));
  const mongodbDb = `bookhaven_api_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_FAILURES_PER_MINUTE: '100000',
    SIGN_INS_PER_MINUTE: '100000',
    ...(opts.store === 'mongodb' ? { MONGODB_URI: inject('mongodbUri') ?? '', MONGODB_DB: mongodbDb } : {}),
    ...opts.env,
  });
  const { app, store, library, schedule, close, drain } = await createGateway(config, {
    logger: false,
    now: opts.now,
    libraryNow: opts.libraryNow,
    schedule: opts.schedule,
    storeNow: opts.storeNow,
    clientDir: opts.clientDir ?? path.join(dataDir, 'no-client'),
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const request: TestGateway['request'] = async (method, route, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.body !== undefined || o.raw !== undefined) headers['content-type'] ??= 'application/json';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const response = await fetch(url + route, {
      method,
      headers,
      body: o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as any, headers: response.headers };
  };

  const firebaseUser: TestGateway['firebaseUser'] = async (o = {}) => {
    const email = o.email ?? `reader-${randomUUID().slice(0, 8)}@example.com`;
    const name = o.name ?? 'Test Reader';
    const { uid, idToken } = await signUpInEmulator(`http://${emulatorHost}`, {
      email,
      password: 'Secret123',
      displayName: name,
    });
    return { uid, email, name, idToken };
  };

  return {
    url,
    store,
    library,
    schedule,
    request,
    gql: (query, variables, token) => request('POST', '/graphql', { body: { query, variables }, token }),
    firebaseUser,
    async member(o) {
      const user = await firebaseUser(o);
      const answer = await request('POST', '/api/jwt', {
        body: { idToken: user.idToken, uid: user.uid, displayName: user.name },
      });
      if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return { ...user, token: answer.body.token as string };
    },
    addBook: async (overrides) => (await store.books.insert(bookFields(overrides))).id,
    drain,
    async close() {
      await close();
      await rm(dataDir, { recursive: true, force: true });
      if (config.mongodbUri) await dropDatabase(config.mongodbUri, config.mongodbDb);
    },
  };
}

/** Each MongoDB gateway gets its own database; dropping it keeps the shared test server small. */
async function dropDatabase(uri: string, dbName: string): Promise<void> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2_000 });
  try {
    await client.db(dbName).dropDatabase();
  } catch {
    // The server may be the one a test stopped on purpose; nothing to clean then.
  } finally {
    await client.close().catch(() => undefined);
  }
}
