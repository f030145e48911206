// A real MongoDB-protocol server for tests: FerretDB v1 with its embedded SQLite backend, built once by
// scripts/provision-mongo.sh into a cache outside the repo. MONGODB_URI, when set, wins (a real mongod in
// some other environment), so the same tests run against either.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { loadScaledDeadline } from './deadline.ts';

export type StartedMongoServer = { uri: string; stop(): Promise<void> };
export type SkippedMongoServer = { skipped: string };

/** How long FerretDB may take to answer a ping on an idle machine; longer on a busy one (deadline.ts). */
const READY_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 5_000;
const PROVISION_SCRIPT = fileURLToPath(new URL('../provision-mongo.sh', import.meta.url));

export function ferretdbBinaryPath(): string {
  const cache = process.env.BOOKHAVEN_CACHE ?? path.join(homedir(), '.cache', 'bookhaven');
  return path.join(cache, 'ferretdb', 'bin', 'ferretdb');
}

export type StartMongoOptions = {
  /** Build the binary with scripts/provision-mongo.sh when it is not cached and Go is installed. */
  provision?: boolean;
  /** Start a private FerretDB even when MONGODB_URI is set (tests of this module's own lifecycle). */
  ignoreEnv?: boolean;
};

export async function startMongoServer(opts: StartMongoOptions = {}): Promise<StartedMongoServer | SkippedMongoServer> {
  const external = process.env.MONGODB_URI;
  if (external && !opts.ignoreEnv) return { uri: external, stop: async () => {} };

  let bin = ferretdbBinaryPath();
  if (!isExecutable(bin)) {
    if (!opts.provision) {
      return { skipped: `no MONGODB_URI and no FerretDB binary at ${bin} (run scripts/provision-mongo.sh)` };
    }
    if (!onPath('go') && !isExecutable('/usr/local/go/bin/go')) {
      return { skipped: 'no MONGODB_URI, no cached FerretDB binary, and no Go toolchain to build one' };
    }
    const provisioned = await provision();
    if ('skipped' in provisioned) return provisioned;
    bin = provisioned.bin;
  }

  // A free port can be taken between probing and binding; a few tries make that race harmless.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await launch(bin, await freeLoopbackPort());
    } catch (error) {
      lastError = error;
      if (!(error instanceof Error && /address already in use/i.test(error.message))) break;
    }
  }
  throw lastError;
}

async function launch(bin: string, port: number): Promise<StartedMongoServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bookhaven-ferretdb-'));
  mkdirSync(path.join(dir, 'data'));
  const logFile = path.join(dir, 'ferretdb.log');
  const logFd = openSync(logFile, 'a');
  const args = [
    '--handler=sqlite',
    // FerretDB's SQLite backend has one writer per database; each other write waits for it up to busy_timeout
    // (10 s by default) and then fails with SQLITE_BUSY, an error MongoDB itself never gives. A thousand
    // simultaneous borrows on a loaded CI machine queued past 10 s, so the stand-in waits as long as a
    // request may take (the gateway's socket timeout, 30 s).
    `--sqlite-url=file:${path.join(dir, 'data')}/?_pragma=busy_timeout(30000)`,
    `--state-dir=${dir}`,
    `--listen-addr=127.0.0.1:${port}`,
    '--debug-addr=-', // the default fixed port 8088 would clash between parallel servers
    '--telemetry=disable',
  ];
  // FerretDB logs every failed command at WARN; keep the log small unless someone asks for more.
  if (!process.env.FERRETDB_LOG_LEVEL) args.push('--log-level=ERROR');
  const child = spawn(bin, args, { stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // If the test process ends without calling stop(), do not leave a server behind.
  const onExit = (): void => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', onExit);
    await terminate(child, exited);
    rmSync(dir, { recursive: true, force: true });
  };

  const uri = `mongodb://127.0.0.1:${port}/`;
  try {
    await waitForPing(uri, child);
  } catch (error) {
    const tail = logTail(logFile);
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`FerretDB did not start on port ${port}: ${reason}\n--- last lines of its log ---\n${tail}`);
  }
  return { uri, stop };
}

async function waitForPing(uri: string, child: ChildProcess): Promise<void> {
  const deadline = loadScaledDeadline(READY_TIMEOUT_MS);
  let lastError = 'no answer yet';
  while (!deadline.passed()) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`process exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    const client = new MongoClient(uri, { serverSelectionTimeoutMS: 500, connectTimeoutMS: 500 });
    try {
      await client.db('admin').command({ ping: 1 });
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.close().catch(() => {});
    }
  }
  throw new Error(`no ping answer within ${deadline.allowedMs()} ms (last error: ${lastError})`);
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), STOP_GRACE_MS).unref()),
  ]);
  if (timedOut) {
    child.kill('SIGKILL');
    await exited;
  }
}

async function provision(): Promise<{ bin: string } | SkippedMongoServer> {
  const child = spawn('bash', [PROVISION_SCRIPT], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  const bin = stdout.trim().split('\n').pop() ?? '';
  if (code !== 0 || !isExecutable(bin)) {
    return {
      skipped: `provisioning FerretDB failed (exit ${code}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`,
    };
  }
  return { bin };
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && isExecutable(path.join(dir, command)));
}

function logTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
