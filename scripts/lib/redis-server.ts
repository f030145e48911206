// A real Redis for tests: Debian's redis-server (scripts/install-system-deps.sh installs it) as a process of
// its own on a free loopback port, in a temporary directory, keeping nothing on disk. The system's own Redis
// service is never used.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadScaledDeadline } from './deadline.ts';
import { freePort } from './ports.ts';

export type StartedRedisServer = {
  url: string;
  port: number;
  /** Stops the process (SIGKILL when `abruptly`, as a crash would) and removes its directory. */
  stop(opts?: { abruptly?: boolean }): Promise<void>;
};
export type SkippedRedisServer = { skipped: string };

/** How long redis-server may take to answer PING on an idle machine; longer on a busy one (deadline.ts). */
const READY_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;

/** The redis-server binary on PATH or where Debian puts it; null when there is none. */
export function redisServerBinary(): string | null {
  for (const candidate of ['redis-server', '/usr/bin/redis-server']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
}

export async function startRedisServer(): Promise<StartedRedisServer | SkippedRedisServer> {
  const bin = redisServerBinary();
  if (!bin) return { skipped: 'no redis-server (run scripts/install-system-deps.sh)' };
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'bookhaven-redis-'));
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onExit = (): void => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  let stopped = false;
  const stop: StartedRedisServer['stop'] = async (opts = {}) => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    await terminate(child, exited, opts.abruptly ? 'SIGKILL' : 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPong(port, child);
  } catch (error) {
    await stop();
    throw new Error(`redis-server did not start on port ${port}: ${(error as Error).message}\n${output}`);
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

/** PING over a plain socket until PONG, so the helper needs no client library. */
async function waitForPong(port: number, child: ChildProcess): Promise<void> {
  const deadline = loadScaledDeadline(READY_TIMEOUT_MS);
  while (!deadline.passed()) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (code ${child.exitCode})`);
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.setTimeout(500, () => socket.destroy());
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no PONG within ${deadline.allowedMs()} ms`);
}

async function terminate(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_GRACE_MS).unref()),
  ]);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}
