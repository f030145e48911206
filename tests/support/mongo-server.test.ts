// Checks that the test Mongo server (FerretDB v1 + SQLite, or MONGODB_URI) really does what the Mongo store
// adapter relies on, so an adapter failure points at the adapter and not at the server under it.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoClient, MongoServerError, ObjectId } from 'mongodb';
import type { Db } from 'mongodb';
import { ferretdbBinaryPath, startMongoServer } from '../../scripts/lib/mongo-server.ts';
import type { StartedMongoServer } from '../../scripts/lib/mongo-server.ts';

const started = await startMongoServer({ provision: false });
const skipReason = 'skipped' in started ? started.skipped : null;

function portIsOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function errorCode(error: unknown): number | undefined {
  return error instanceof MongoServerError ? (error.code as number | undefined) : undefined;
}

function outcome<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

describe('startMongoServer lifecycle', () => {
  it('skips with a reason naming the provision script when no binary is cached', async () => {
    const saved = process.env.BOOKHAVEN_CACHE;
    process.env.BOOKHAVEN_CACHE = mkdtempSync(path.join(tmpdir(), 'bookhaven-empty-cache-'));
    try {
      const result = await startMongoServer({ provision: false, ignoreEnv: true });
      expect(result).toEqual({ skipped: expect.stringContaining('scripts/provision-mongo.sh') });
    } finally {
      rmSync(process.env.BOOKHAVEN_CACHE, { recursive: true, force: true });
      if (saved === undefined) delete process.env.BOOKHAVEN_CACHE;
      else process.env.BOOKHAVEN_CACHE = saved;
    }
  });

  it('fails with the tail of the server log when the binary exits before answering', async () => {
    const saved = process.env.BOOKHAVEN_CACHE;
    const cache = mkdtempSync(path.join(tmpdir(), 'bookhaven-fake-cache-'));
    process.env.BOOKHAVEN_CACHE = cache;
    try {
      const fake = ferretdbBinaryPath();
      mkdirSync(path.dirname(fake), { recursive: true });
      writeFileSync(fake, '#!/bin/sh\necho "fake ferretdb: cannot open the data dir" >&2\nexit 3\n', { mode: 0o755 });
      await expect(startMongoServer({ provision: false, ignoreEnv: true })).rejects.toThrow(
        /exited early \(code 3[\s\S]*fake ferretdb: cannot open the data dir/,
      );
    } finally {
      rmSync(cache, { recursive: true, force: true });
      if (saved === undefined) delete process.env.BOOKHAVEN_CACHE;
      else process.env.BOOKHAVEN_CACHE = saved;
    }
  });

  it.skipIf(!existsSync(ferretdbBinaryPath()))(
    'starts a private FerretDB that answers ping, then stops it and closes its port',
    async () => {
      const own = await startMongoServer({ provision: false, ignoreEnv: true });
      if (!('uri' in own)) throw new Error(own.skipped);
      const port = Number(new URL(own.uri).port);
      expect(own.uri).toBe(`mongodb://127.0.0.1:${port}/`);
      const client = new MongoClient(own.uri, { serverSelectionTimeoutMS: 5_000 });
      try {
        expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
      } finally {
        await client.close();
      }
      expect(await portIsOpen(port)).toBe(true);
      await own.stop();
      expect(await portIsOpen(port)).toBe(false);
      await own.stop(); // a second stop is harmless
    },
  );
});

describe.skipIf(skipReason !== null)(
  `what the Mongo store adapter relies on${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const server = started as StartedMongoServer;
    let client: MongoClient;
    let db: Db;
    let ferretdb = false;

    beforeAll(async () => {
      client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5_000 });
      await client.connect();
      db = client.db(`mongo_server_test_${process.pid}`);
      ferretdb = 'ferretdbVersion' in (await client.db('admin').command({ buildInfo: 1 }));
    });

    afterAll(async () => {
      await db?.dropDatabase().catch(() => undefined);
      await client?.close();
      await server.stop();
    });

    it('answers ping and round-trips ObjectId and Date values', async () => {
      expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
      const col = db.collection('roundtrip');
      const _id = new ObjectId();
      const ref = new ObjectId();
      const at = new Date('2024-02-29T12:34:56.789Z');
      await col.insertOne({ _id, ref, at, n: 3 });
      const found = await col.findOne({ _id });
      expect(found?._id).toBeInstanceOf(ObjectId);
      expect(found?._id.equals(_id)).toBe(true);
      expect(found?.ref).toBeInstanceOf(ObjectId);
      expect((found?.ref as ObjectId).equals(ref)).toBe(true);
      expect(found?.at).toBeInstanceOf(Date);
      expect((found?.at as Date).toISOString()).toBe(at.toISOString());
      expect(await col.findOne({ at: { $gte: new Date('2024-01-01T00:00:00Z') } })).not.toBeNull();
    });

    it('rejects a duplicate on a unique index: code 11000 on insert and upsert', async () => {
      const col = db.collection('uniq');
      await col.createIndexes([{ key: { activeKey: 1 }, name: 'active_key_unique', unique: true }]);
      await col.insertOne({ activeKey: 'u1:b1' });
      const onInsert = await outcome(col.insertOne({ activeKey: 'u1:b1' }));
      expect(onInsert.ok ? null : errorCode(onInsert.error)).toBe(11000);
      const onUpsert = await outcome(
        col.findOneAndUpdate(
          { activeKey: 'u1:b1', other: 1 },
          { $set: { x: 1 } },
          { upsert: true, returnDocument: 'after' },
        ),
      );
      expect(onUpsert.ok ? null : errorCode(onUpsert.error)).toBe(11000);
      expect(await col.countDocuments({})).toBe(1);
    });

    it('rejects an update that breaks a unique index (FerretDB: InternalError, not 11000)', async () => {
      const col = db.collection('uniq_update');
      await col.createIndexes([{ key: { activeKey: 1 }, name: 'active_key_unique', unique: true }]);
      await col.insertOne({ activeKey: 'u1:b1' });
      const other = await col.insertOne({ activeKey: 'u2:b1' });
      const onUpdate = await outcome(col.updateOne({ _id: other.insertedId }, { $set: { activeKey: 'u1:b1' } }));
      expect(onUpdate.ok).toBe(false);
      // A known FerretDB v1 gap: the SQLite UNIQUE failure surfaces as code 1, so code that must tell a
      // duplicate apart on updates cannot rely on 11000 there.
      expect(onUpdate.ok ? null : errorCode(onUpdate.error)).toBe(ferretdb ? 1 : 11000);
      expect((await col.findOne({ _id: other.insertedId }))?.activeKey).toBe('u2:b1');
    });

    it('decrements stock only while quantity > 0 with findOneAndUpdate and returnDocument after', async () => {
      const col = db.collection<{ _id: ObjectId; quantity: number; title: string }>('stock');
      const { insertedId } = await col.insertOne({ _id: new ObjectId(), quantity: 1, title: 'Dune' });
      const take = () =>
        col.findOneAndUpdate(
          { _id: insertedId, quantity: { $gt: 0 } },
          { $inc: { quantity: -1 } },
          { returnDocument: 'after' },
        );
      expect(await take()).toEqual({ _id: insertedId, quantity: 0, title: 'Dune' });
      expect(await take()).toBeNull();
      expect((await col.findOne({ _id: insertedId }))?.quantity).toBe(0);
    });

    it('supports a projection on findOneAndUpdate only on MongoDB (FerretDB v1: NotImplemented 238)', async () => {
      const col = db.collection<{ _id: ObjectId; quantity: number; title: string }>('stock_projection');
      const { insertedId } = await col.insertOne({ _id: new ObjectId(), quantity: 2, title: 'Dune' });
      const result = await outcome(
        col.findOneAndUpdate(
          { _id: insertedId },
          { $inc: { quantity: -1 } },
          { returnDocument: 'after', projection: { quantity: 1 } },
        ),
      );
      if (ferretdb) {
        expect(result.ok ? null : errorCode(result.error)).toBe(238);
        expect((await col.findOne({ _id: insertedId }))?.quantity).toBe(2); // rejected before any write
      } else {
        expect(result.ok ? result.value : result.error).toEqual({ _id: insertedId, quantity: 1 });
      }
    });

    it('upserts with $setOnInsert without overwriting on the second call', async () => {
      const col = db.collection('users');
      const upsert = (name: string) =>
        col.findOneAndUpdate(
          { uid: 'firebase-1' },
          { $set: { name }, $setOnInsert: { status: 'active' } },
          { upsert: true, returnDocument: 'after' },
        );
      expect(await upsert('Ada')).toMatchObject({ uid: 'firebase-1', name: 'Ada', status: 'active' });
      await col.updateOne({ uid: 'firebase-1' }, { $set: { status: 'blocked' } });
      expect(await upsert('Ada L.')).toMatchObject({ name: 'Ada L.', status: 'blocked' });
    });

    it('matches case-insensitive anchored and unanchored $regex', async () => {
      const col = db.collection('titles');
      await col.insertMany([{ t: 'The Hobbit' }, { t: 'the silmarillion' }, { t: 'Dune' }, { t: 'A hobbit tale' }]);
      const titles = async (pattern: string) =>
        (
          await col
            .find({ t: { $regex: pattern, $options: 'i' } })
            .sort({ t: 1 })
            .toArray()
        ).map((d) => d.t as string);
      expect(await titles('^the ')).toEqual(['The Hobbit', 'the silmarillion']);
      expect(await titles('hobbit')).toEqual(['A hobbit tale', 'The Hobbit']);
      expect(await titles('^hobbit')).toEqual([]);
      expect(await col.countDocuments({ t: { $regex: /^DUNE$/i } })).toBe(1);
    });

    it('accepts the same createIndexes twice and lists the index once', async () => {
      const col = db.collection('indexed');
      const spec = [{ key: { genre: 1, _id: 1 }, name: 'genre_id' }];
      expect(await col.createIndexes(spec)).toEqual(['genre_id']);
      expect(await col.createIndexes(spec)).toEqual(['genre_id']);
      const names = (await col.indexes()).map((i) => i.name);
      expect(names.filter((n) => n === 'genre_id')).toHaveLength(1);
    });

    it('counts, pages by _id keyset with sort + limit, and lists distinct values', async () => {
      const col = db.collection<{ _id: ObjectId; i: number; genre: string }>('books');
      const docs = Array.from({ length: 7 }, (_, i) => ({
        _id: new ObjectId(),
        i,
        genre: i % 2 ? 'Fantasy' : 'Drama',
      }));
      await col.insertMany(docs);
      expect(await col.countDocuments({})).toBe(7);
      expect(await col.countDocuments({ genre: 'Fantasy' })).toBe(3);
      expect(await col.countDocuments({}, { limit: 1 })).toBe(1);
      const seen: number[] = [];
      let after: ObjectId | null = null;
      for (let page = 0; page < 5; page++) {
        const query: { _id?: { $gt: ObjectId } } = after ? { _id: { $gt: after } } : {};
        const batch = await col.find(query).sort({ _id: 1 }).limit(3).toArray();
        if (batch.length === 0) break;
        seen.push(...batch.map((d) => d.i));
        after = batch[batch.length - 1]?._id ?? null;
      }
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect((await col.distinct('genre')).sort()).toEqual(['Drama', 'Fantasy']);
    });

    it('answers explain on a find (recorded, not relied on)', async () => {
      const plan = await db.collection('books').find({ genre: 'Drama' }).sort({ _id: 1 }).limit(2).explain();
      expect(plan).toHaveProperty('queryPlanner');
      // FerretDB answers with SQLite's query plan and its own pushdown flags, not MongoDB's winningPlan tree.
      console.info('[mongo-server] explain:', JSON.stringify(plan).slice(0, 400));
    });
  },
);
