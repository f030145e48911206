// Liveness and readiness: /livez never asks the store; /readyz is 503 when the store does not answer and from
// the first shutdown signal, while the gateway goes on serving until it closes; /healthz stays as it was.
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScaledDeadline } from '../../scripts/lib/deadline.ts';
import { freePort } from '../../scripts/lib/ports.ts';
import { launchGateway } from '../support/gateway-process.ts';
import { startTestGateway } from '../support/gateway.ts';

/** Asks until the answer's status is `status`, for at most `ms` (longer on a busy machine); the last status seen. */
async function statusBecomes(url: string, status: number, ms: number): Promise<number> {
  const deadline = loadScaledDeadline(ms);
  let seen = 0;
  while (!deadline.passed()) {
    seen = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (seen === status) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

describe('liveness and readiness', () => {
  it('are 200 and never cached while the store answers; /healthz is unchanged', async () => {
    const gw = await startTestGateway();
    try {
      const live = await gw.request('GET', '/livez');
      expect(live).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(live.headers.get('cache-control')).toBe('no-store');
      const ready = await gw.request('GET', '/readyz');
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready', store: 'sqlite' } });
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await gw.request('GET', '/healthz')).toMatchObject({
        status: 200,
        body: { status: 'ok', store: 'sqlite' },
      });
    } finally {
      await gw.close();
    }
  });

  it('is live but not ready when the store is down', async () => {
    const gw = await startTestGateway();
    try {
      await gw.store.close();
      expect(await gw.request('GET', '/readyz')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', store: 'sqlite' },
      });
      expect(await gw.request('GET', '/livez')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect((await gw.request('GET', '/healthz')).status).toBe(503);
    } finally {
      await gw.close().catch(() => undefined);
    }
  });

  it('is not ready once draining, and still serves everything else', async () => {
    const gw = await startTestGateway();
    try {
      const id = await gw.addBook();
      gw.drain();
      expect(await gw.request('GET', '/readyz')).toMatchObject({
        status: 503,
        body: { status: 'shutting down', store: 'sqlite' },
      });
      expect((await gw.request('GET', '/livez')).status).toBe(200);
      expect((await gw.request('GET', '/healthz')).status).toBe(200);
      expect((await gw.request('GET', `/api/books/${id}`)).status).toBe(200);
    } finally {
      await gw.close();
    }
  });
});

describe('shutting down the gateway process', () => {
  it('drains on SIGTERM: /readyz says 503 while requests are served, and a second signal stops it at once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-drain-'));
    const port = await freePort();
    // Longer than the test: only the second signal can end the drain in time.
    const gateway = await launchGateway({
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SHUTDOWN_DRAIN_MS: '120000',
    });
    try {
      expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
      gateway.child.kill('SIGTERM');
      expect(await statusBecomes(`${gateway.url}/readyz`, 503, 10_000)).toBe(503);
      expect((await fetch(`${gateway.url}/livez`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/api/categories`)).status).toBe(200);

      const signalled = Date.now();
      gateway.child.kill('SIGTERM');
      expect(await gateway.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
    } finally {
      gateway.child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
