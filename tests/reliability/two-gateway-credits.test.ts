// Payments at the desk through two real gateway processes on one MongoDB database, each without its
// in-process write queue (the test server applies a conditional update atomically, as MongoDB does; see
// two-gateways.test.ts): a balance is never paid past zero, however the payments are spread.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.ts';
import { createSessionTokens } from '../../server/auth/session.ts';
import { needsWriteQueue } from '../../server/store/mongo/key-lock.ts';
import { launchGateway, type GatewayProcess } from '../support/gateway-process.ts';

const mongodbUri = inject('mongodbUri');

async function queued(): Promise<boolean> {
  if (!mongodbUri) return true;
  const client = new MongoClient(mongodbUri, { serverSelectionTimeoutMS: 5_000 });
  try {
    return needsWriteQueue(await client.db('admin').command({ buildInfo: 1 }));
  } finally {
    await client.close();
  }
}
const skip = await queued();

describe.skipIf(skip)('two gateways: payments at the desk', () => {
  const dbName = `bookhaven_credits_${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(32).toString('hex');
  const tokens = createSessionTokens(new TextEncoder().encode(secret), 3600);
  const client = new MongoClient(mongodbUri ?? '', { serverSelectionTimeoutMS: 5_000 });
  const gateways: GatewayProcess[] = [];
  const dirs: string[] = [];
  let staff = '';

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-credits-'));
      dirs.push(dir);
      // One after the other: the second opens a database whose indexes the first has made.
      gateways.push(
        await launchGateway({
          MONGODB_URI: mongodbUri ?? '',
          MONGODB_DB: dbName,
          SESSION_SECRET: secret,
          DATA_DIR: dir,
          PORT: String(await freePort()),
        }),
      );
    }
    staff = await tokens.issue({ uid: 'desk', email: 'desk@example.com', name: 'Desk', role: 'admin' });
  }, 60_000);

  afterAll(async () => {
    for (const gateway of gateways) gateway.child.kill('SIGKILL');
    await client.db(dbName).dropDatabase();
    await client.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const gql = async (on: number, token: string, query: string, variables: Record<string, unknown> = {}) => {
    const answer = await fetch(`${gateways[on]!.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await answer.json()) as {
      data?: Record<string, unknown> | null;
      errors?: { extensions?: { code?: string } }[];
    };
  };

  /** A member owing ৳600: borrowed a book through one gateway, marked lost at the desk through the other. */
  async function owing600(uid: string): Promise<string> {
    const now = new Date();
    await client
      .db(dbName)
      .collection('users')
      .insertOne({
        _id: new ObjectId(),
        uid,
        email: `${uid}@example.com`,
        name: uid,
        photoURL: null,
        role: 'member',
        status: 'active',
        phone: null,
        createdAt: now,
        lastLoginAt: now,
      });
    const token = await tokens.issue({ uid, email: `${uid}@example.com`, name: uid, role: 'member' });
    const book = await gql(0, staff, 'mutation($i: BookInput!) { addBook(input: $i) { id } }', {
      i: {
        title: 'Lost',
        author: 'A',
        genre: 'Drama',
        description: 'd',
        image: 'https://example.com/c.jpg',
        rating: 4,
        quantity: 1,
      },
    });
    const bookId = (book.data?.['addBook'] as { id: string }).id;
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const borrowed = await gql(
      0,
      token,
      'mutation($b: ID!, $d: String!) { borrow(input: { bookId: $b, returnDate: $d }) { record { id } } }',
      {
        b: bookId,
        d: due,
      },
    );
    const loanId = (borrowed.data?.['borrow'] as { record: { id: string } }).record.id;
    const lost = await gql(1, staff, 'mutation($l: ID!) { markLost(loanId: $l) { status } }', { l: loanId });
    expect(lost.data).toEqual({ markLost: { status: 'LOST' } });
    return uid;
  }

  const pay = (on: number, uid: string, amount: number) =>
    gql(on, staff, 'mutation($u: String!, $a: Int!) { recordPayment(uid: $u, amount: $a) { id } }', {
      u: uid,
      a: amount,
    });
  const balance = async (uid: string) =>
    (
      (await gql(0, staff, 'query($u: String!) { member(uid: $u) { balance } }', { u: uid })).data?.['member'] as {
        balance: number;
      }
    ).balance;

  it('records a whole-balance payment sent to both at once once, in each of 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const uid = await owing600(`whole-${round}`);
      const both = await Promise.all([pay(0, uid, 600), pay(1, uid, 600)]);
      expect(both.filter((a) => a.data?.['recordPayment'])).toHaveLength(1);
      expect(both.filter((a) => a.errors?.[0]?.extensions?.code === 'BAD_USER_INPUT')).toHaveLength(1);
      expect(await balance(uid)).toBe(0);
    }
  }, 120_000);

  it('accepts exactly 6 of 30 payments of ৳100 spread over both against ৳600', async () => {
    const uid = await owing600('thirty');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => pay(i % 2, uid, 100)));
    expect(answers.filter((a) => a.data?.['recordPayment'])).toHaveLength(6);
    expect(await balance(uid)).toBe(0);
    const payments = await client.db(dbName).collection('ledger').countDocuments({ userId: uid, kind: 'payment' });
    expect(payments).toBe(6);
  }, 120_000);

  it('numbers receipts once each and in sequence, payments spread over both (decision 074)', async () => {
    const uids = [await owing600('ref-a'), await owing600('ref-b')];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        gql(i % 2, staff, 'mutation($u: String!) { recordPayment(uid: $u, amount: 100) { reference balanceAfter } }', {
          u: uids[i % 2 === 0 ? 0 : 1],
        }),
      ),
    );
    const recorded = answers.map((a) => a.data?.['recordPayment'] as { reference: string; balanceAfter: number });
    const numbers = recorded.map((r) => Number(r.reference.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers.at(-1)! - numbers[0]!).toBe(11);
    expect(recorded.map((r) => r.balanceAfter).sort((a, b) => a - b)).toEqual([
      0, 0, 100, 100, 200, 200, 300, 300, 400, 400, 500, 500,
    ]);
  }, 120_000);
});
