// Store outage: with the MongoDB-protocol server gone mid-run, requests fail fast with a clean 503 /
// UNAVAILABLE (no hang, no stack trace), /healthz and /readyz say 503 (/livez 200), and the gateway recovers by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { ferretdbBinaryPath } from '../../scripts/lib/mongo-server.ts';
import { loadScaledDeadline } from '../../scripts/lib/deadline.ts';
import { freePort } from '../../scripts/lib/ports.ts';
import { startTestGateway } from '../support/gateway.ts';

const bin = ferretdbBinaryPath();

function startFerret(port: number, dir: string): ChildProcess {
  return spawn(
    bin,
    [
      `--listen-addr=127.0.0.1:${port}`,
      '--handler=sqlite',
      `--sqlite-url=file:${dir}/`,
      '--telemetry=disable',
      '--debug-addr=-',
      `--state-dir=${dir}`,
    ],
    { stdio: 'ignore' },
  );
}

/** Whether check holds within ms (longer on a busy machine: scripts/lib/deadline.ts). */
async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = loadScaledDeadline(ms);
  while (!deadline.passed()) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

const pinged = (uri: string) => async () => {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } finally {
    await client.close();
  }
};

describe.skipIf(!existsSync(bin))(
  `store outage on MongoDB${existsSync(bin) ? '' : ' (skipped: no FerretDB binary; run scripts/provision-mongo.sh)'}`,
  () => {
    it('fails fast with 503 while the server is down and recovers by itself', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-outage-'));
      const port = await freePort();
      const uri = `mongodb://127.0.0.1:${port}/`;
      let ferret = startFerret(port, dir);
      expect(await until(pinged(uri), 20_000)).toBe(true);
      const gw = await startTestGateway({ store: 'mongodb', env: { MONGODB_URI: uri } });
      try {
        const bookId = await gw.addBook({ title: 'Outage' });
        expect((await gw.request('GET', `/api/books/${bookId}`)).status).toBe(200);
        // A book never read before the outage: its read has to go to the store.
        const unread = await gw.addBook({ title: 'Outage, unread' });

        ferret.kill('SIGKILL');
        await new Promise((resolve) => ferret.once('exit', resolve));
        const started = Date.now();
        const rest = await gw.request('GET', `/api/books/${unread}`);
        expect(Date.now() - started).toBeLessThan(8_000);
        expect(rest.status).toBe(503);
        expect(rest.body).toEqual({ message: 'The library is temporarily unavailable. Please try again in a moment.' });
        const gql = await gw.gql('query($id: ID!) { book(id: $id) { title } }', { id: unread });
        expect(gql.body.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
        expect(JSON.stringify(gql.body)).not.toMatch(/Mongo|at \w+ \(|\.js:\d+/);
        expect((await gw.request('GET', '/healthz')).status).toBe(503);
        // Not ready (the balancer sends requests elsewhere), but live: restarting would not bring the store back.
        expect(await gw.request('GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable' } });
        expect((await gw.request('GET', '/livez')).status).toBe(200);

        ferret = startFerret(port, dir);
        const recovered = await until(
          async () => (await gw.request('GET', `/api/books/${bookId}`)).status === 200,
          30_000,
        );
        expect(recovered).toBe(true);
        expect((await gw.request('GET', '/healthz')).body).toEqual({ status: 'ok', store: 'mongodb' });
        expect(await gw.request('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
      } finally {
        await gw.close().catch(() => undefined);
        ferret.kill('SIGTERM');
        await rm(dir, { recursive: true, force: true });
      }
    }, 90_000);
  },
);
