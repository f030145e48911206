// The launcher that reliability and process tests start real gateways with: it waits on the gateway itself
// (healthy, or exited), and a launch that gives up leaves nothing running.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports.ts';
import { launchGateway } from '../support/gateway-process.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-launch-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Pids of this process's children started with PORT=port in their environment (Linux's /proc). */
async function childrenOnPort(port: number): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const environ = (await readFile(`/proc/${entry}/environ`, 'utf8')).split('\0');
      if (environ.includes(`PORT=${port}`)) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')('launchGateway', () => {
  const env = async () => ({
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
  });

  it('stops the gateway it started when it gives up before the gateway is healthy', async () => {
    const vars = await env();
    const giveUp = new AbortController();
    const launched = launchGateway(vars, { signal: giveUp.signal });
    // The process exists as soon as launchGateway returns to the loop; the test gives up on it at once.
    expect(await childrenOnPort(Number(vars.PORT))).toHaveLength(1);
    giveUp.abort();
    await expect(launched).rejects.toThrow(/gateway not healthy when its test gave up|aborted/i);
    expect(await childrenOnPort(Number(vars.PORT))).toEqual([]);
  });

  it('answers a gateway that exits at start with its output, and leaves nothing running', async () => {
    const vars = { ...(await env()), SESSION_SECRET: 'short' };
    await expect(launchGateway(vars)).rejects.toThrow(/gateway exited at start[\s\S]*SESSION_SECRET/);
    expect(await childrenOnPort(Number(vars.PORT))).toEqual([]);
  });

  it('waits for a healthy gateway however long its boot takes, with no deadline of its own', async () => {
    const gateway = await launchGateway(await env());
    try {
      expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
  });
});
