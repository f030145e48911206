// Two real gateway processes on one MongoDB database, as a deployment with several replicas runs: a session
// one issued works on the other, a one-copy book is lent once however the borrows are spread, and a gateway
// killed mid-load loses nothing it answered while the other keeps serving and then recovers beside it.
//
// The stock checks need a server that applies a single-document conditional update atomically, as MongoDB
// does. The test server is FerretDB v1 built with its write commands serialised per collection
// (scripts/provision-mongo.sh), which gives that guarantee; each gateway then runs without its in-process write
// queue, so nothing but the server's guarantee keeps the copy from being lent twice. Stock FerretDB v1 does
// not give it (see server/store/mongo/key-lock.ts): on it the rush for one copy is skipped with that reason, and
// the crash checks only that nothing acknowledged is lost (each loan is a document of its own), not that the
// stock adds up.
// TWO_GATEWAYS_ON_FERRETDB=1 runs them all anyway, to watch stock FerretDB v1 oversell.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { signUpInEmulator } from '../../scripts/auth-emulator.ts';
import { slowdown } from '../../scripts/lib/deadline.ts';
import { freePort } from '../../scripts/lib/ports.ts';
import { createSessionTokens } from '../../server/auth/session.ts';
import { needsWriteQueue } from '../../server/store/mongo/key-lock.ts';
import { launchGateway, type GatewayProcess } from '../support/gateway-process.ts';

const mongodbUri = inject('mongodbUri');

async function stockCheckSkipReason(): Promise<string | null> {
  if (!mongodbUri) return inject('mongoSkipReason') ?? 'no MongoDB-protocol server';
  if (process.env.TWO_GATEWAYS_ON_FERRETDB === '1') return null;
  const client = new MongoClient(mongodbUri, { serverSelectionTimeoutMS: 5_000 });
  try {
    const info = await client.db('admin').command({ buildInfo: 1 });
    return needsWriteQueue(info)
      ? `FerretDB ${String(info['ferretdbVersion'])} updates a document by reading it and writing it back, ` +
          'so two gateways can both take the last copy; set MONGODB_URI to a MongoDB server, or leave it unset ' +
          'to use the test server that scripts/provision-mongo.sh builds'
      : null;
  } finally {
    await client.close();
  }
}
const stockSkip = await stockCheckSkipReason();

type Member = { uid: string; token: string };

/** Two gateways sharing one database and one session secret; everything they start is stopped after each test. */
async function startPair() {
  const dbName = `bookhaven_pair_${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  const tokens = createSessionTokens(new TextEncoder().encode(secret), 3600);
  const client = new MongoClient(mongodbUri ?? '', { serverSelectionTimeoutMS: 5_000 });
  const dataDirs = await Promise.all([0, 1].map(() => mkdtemp(path.join(tmpdir(), 'bookhaven-pair-'))));
  const envs = await Promise.all(
    dataDirs.map(async (dir) => ({
      MONGODB_URI: mongodbUri ?? '',
      MONGODB_DB: dbName,
      SESSION_SECRET: secret,
      DATA_DIR: dir,
      PORT: String(await freePort()),
      // A thousand borrows at once queue in the gateways and the test server; on a loaded machine the last
      // answers came after the 30 s a quiet connection is kept by default. The claim here is what is answered.
      IDLE_TIMEOUT_MS: '120000',
    })),
  );
  // One after the other: the second opens a database whose indexes the first has made.
  const gateways: GatewayProcess[] = [await launchGateway(envs[0]!)];
  gateways.push(await launchGateway(envs[1]!));
  cleanups.push(async () => {
    await Promise.all(gateways.map(stop));
    await client
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });
  const members = (count: number, prefix: string): Promise<Member[]> =>
    Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const uid = `${prefix}-${i}`;
        return {
          uid,
          token: await tokens.issue({ uid, email: `${uid}@example.com`, name: `Member ${i}`, role: 'member' }),
        };
      }),
    );
  return { gateways, envs, db: client.db(dbName), members };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function stop(gateway: GatewayProcess): Promise<void> {
  if (gateway.child.exitCode !== null || gateway.child.signalCode !== null) return;
  gateway.child.kill('SIGTERM');
  const exit = await Promise.race([
    gateway.exited,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000).unref()),
  ]);
  if (!exit) gateway.child.kill('SIGKILL');
}

function call(url: string, route: string, token: string, body?: unknown): Promise<Response> {
  return fetch(url + route, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function addBook(url: string, member: Member, title: string, quantity: number): Promise<string> {
  const answer = await call(url, '/api/books', member.token, {
    title,
    author: 'A',
    genre: 'Drama',
    description: 'd',
    image: 'https://example.com/c.jpg',
    rating: 4,
    quantity,
  });
  const { insertedId } = (await answer.json()) as { insertedId?: string };
  if (!insertedId) throw new Error(`adding a book answered ${answer.status}`);
  return insertedId;
}

const RETURN_DATE = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
/**
 * Each load test's timeout: two minutes on an idle machine, stretched by the load per core when the file is
 * collected (scripts/lib/deadline.ts): on a loaded machine 1,000 borrows took 106 s, and the crash test ran
 * out of its two minutes.
 */
const LOAD_TEST_MS = 120_000 * slowdown();

describe.skipIf(!mongodbUri)('two gateways on one MongoDB database', () => {
  it('accepts on one gateway the session the other issued', async () => {
    const { gateways } = await startPair();
    const { uid, idToken } = await signUpInEmulator(`http://${inject('authEmulatorHost')}`, {
      email: `pair-${randomBytes(4).toString('hex')}@example.com`,
      password: 'Secret123',
      displayName: 'Pair Reader',
    });
    const signedIn = await fetch(`${gateways[0]!.url}/api/jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken, uid }),
    });
    expect(signedIn.status).toBe(200);
    const { token } = (await signedIn.json()) as { token: string };
    const onOther = await call(gateways[1]!.url, `/api/borrowed-books/${uid}`, token);
    expect(onOther.status).toBe(200);
    expect(await onOther.json()).toEqual([]);
  }, 60_000);

  it.skipIf(stockSkip)(
    `lends a one-copy book once to 1,000 simultaneous borrows spread over both${stockSkip ? ` (skipped: ${stockSkip})` : ''}`,
    async () => {
      const { gateways, db, members } = await startPair();
      const readers = await members(1000, 'rush');
      const bookId = await addBook(gateways[0]!.url, readers[0]!, 'The Last Copy', 1);
      const answers = await Promise.all(
        readers.map(async (reader, i) => {
          try {
            const answer = await call(gateways[i % 2]!.url, '/api/borrow', reader.token, {
              bookId,
              returnDate: RETURN_DATE,
            });
            return { status: answer.status, gateway: i % 2 };
          } catch (error) {
            return { status: String((error as Error).cause ?? error), gateway: i % 2 };
          }
        }),
      );
      const lent = answers.filter((a) => a.status === 201);
      const loans = await db.collection('borrowedBooks').find({ bookId }).toArray();
      const answered = Object.entries(Object.groupBy(answers, (a) => String(a.status))).map(
        ([status, group]) => `${status}: ${group?.length}`,
      );
      expect(lent, `borrows answered 201 (answers ${answered.join(', ')}; loans stored: ${loans.length})`).toHaveLength(
        1,
      );
      // Every other borrow was refused as out of stock (400, as the original API answered), none failed on the server.
      expect(answers.filter((a) => a.status !== 201 && a.status !== 400)).toEqual([]);
      expect(loans.map((loan) => loan['status'])).toEqual(['borrowed']);
      const book = await db.collection('books').findOne({ _id: ObjectId.createFromHexString(bookId) });
      expect(book).toMatchObject({ quantity: 0, loansOut: [String(loans[0]!._id)] });
      console.log(
        `two gateways: 1,000 borrows of one copy, the loan went through gateway ${lent[0]!.gateway === 0 ? 'A' : 'B'}`,
      );
    },
    LOAD_TEST_MS,
  );

  it(
    `keeps every answered borrow and return when one gateway is killed mid-load and the other serves on${stockSkip ? ' (stock not checked: FerretDB v1)' : ''}`,
    async ({ signal }) => {
      const COPIES = 5;
      const { gateways, envs, db, members } = await startPair();
      const readers = await members(16, 'crash');
      const books: string[] = [];
      for (let i = 0; i < 4; i++) books.push(await addBook(gateways[0]!.url, readers[0]!, `Shared ${i}`, COPIES));

      const borrowed = new Map<string, { bookId: string; by: number }>();
      const returned = new Set<string>();
      /** Acknowledged returns per gateway, and per phase: before the kill, while one is down, after the restart. */
      const served = { down: 0, restarted: 0 };
      let phase: 'both' | 'down' | 'restarted' = 'both';
      let stopped = false;
      const waiting = new Set<() => void>();

      // Each member borrows and returns over the shared books on its own gateway, or on the other while its own is down.
      const load = Promise.all(
        readers.map(async (reader, r) => {
          for (let round = 0; !stopped; round++) {
            const by = phase === 'down' ? 1 : r % 2;
            const url = gateways[by]!.url;
            const bookId = books[(round + r) % books.length]!;
            try {
              const answer = await call(url, '/api/borrow', reader.token, { bookId, returnDate: RETURN_DATE });
              const body = (await answer.json()) as { borrowId?: string };
              if (answer.status !== 201 || !body.borrowId) continue;
              borrowed.set(body.borrowId, { bookId, by });
              const back = await call(url, '/api/return-book', reader.token, { borrowId: body.borrowId });
              if (back.status !== 200) continue;
              returned.add(body.borrowId);
              if (phase === 'down' && by === 1) served.down += 1;
              if (phase === 'restarted' && by === 0) served.restarted += 1;
              for (const check of waiting) check();
            } catch {
              // Gateway A died under this request: its outcome is unknown, so it is neither counted nor checked.
            }
          }
        }),
      );
      /**
       * Resolves when `done` holds, checked as each return is acknowledged. No deadline of its own (30 s was
       * guessed here): it fails, naming what it waited for, when the test's own timeout aborts the test.
       */
      const until = (what: string, done: () => boolean) =>
        new Promise<void>((resolve, reject) => {
          const giveUp = () => settle(new Error(`timed out waiting for ${what}`));
          const check = () => done() && settle();
          const settle = (error?: Error) => {
            signal.removeEventListener('abort', giveUp);
            waiting.delete(check);
            if (error) reject(error);
            else resolve();
          };
          signal.addEventListener('abort', giveUp);
          waiting.add(check);
          check();
        });

      try {
        await until('both gateways to acknowledge returns', () =>
          [0, 1].every((g) => [...returned].filter((id) => borrowed.get(id)?.by === g).length >= 5),
        );
        gateways[0]!.child.kill('SIGKILL');
        phase = 'down';
        expect((await gateways[0]!.exited).signal).toBe('SIGKILL');
        await until('gateway B to serve on alone', () => served.down >= 20);
        // Restarted while B is still under load: its recovery of A's half-done loans runs beside B's live writes,
        // and on the test server each of its book writes waits behind B's (5 to 11 s to answer when alone; more
        // than the 60 s once given here on a machine shared with two busy processes). The launch waits for as
        // long as the recovery takes, and stops the gateway if the test times out meanwhile.
        gateways[0] = await launchGateway(envs[0]!, { signal });
        phase = 'restarted';
        await until('the restarted gateway A to serve', () => served.restarted >= 10);
      } finally {
        stopped = true;
        await load;
      }

      const loans = new Map(
        (await db.collection('borrowedBooks').find({}).toArray()).map((loan) => [String(loan._id), loan]),
      );
      for (const [id, loan] of borrowed)
        expect(loans.get(id), `acknowledged borrow ${id} survives`).toMatchObject({ bookId: loan.bookId });
      for (const id of returned)
        expect(loans.get(id)?.['status'], `acknowledged return ${id} survives`).toBe('returned');
      expect(
        [...loans.values()].filter((loan) => loan['status'] === 'pending' || loan['status'] === 'returning'),
        'half-done loans left',
      ).toEqual([]);
      for (const bookId of stockSkip ? [] : books) {
        const book = await db.collection('books').findOne({ _id: ObjectId.createFromHexString(bookId) });
        const active = [...loans.values()]
          .filter((loan) => loan['bookId'] === bookId && loan['status'] === 'borrowed')
          .map((loan) => String(loan._id));
        expect(book?.['quantity'], `stock of ${bookId} adds up`).toBe(COPIES - active.length);
        expect([...(book?.['loansOut'] as string[])].sort(), `ledger of ${bookId}`).toEqual(active.sort());
      }
      console.log(
        `two gateways, one killed: ${borrowed.size} borrows and ${returned.size} returns acknowledged; B served ${served.down} returns alone, restarted A ${served.restarted}`,
      );
    },
    LOAD_TEST_MS,
  );
});
