// The real gateway as a child process (node server/index.ts), for tests that kill, signal or restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject, TestRunner } from 'vitest';

const ENTRY = path.resolve(import.meta.dirname, '../../server/index.ts');

export interface GatewayProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** Every gateway this process launched that has not exited: the test process never leaves one behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the gateway and (unless waitHealthy is false) waits until /healthz answers. There is no deadline of
 * its own: how long a boot takes is the machine's to say (a restarted gateway recovering beside another's load
 * on a machine shared with two busy processes took longer than the 60 s guessed here before). The wait ends
 * when the gateway is healthy, when it exits (the error carries its output), or when `signal` aborts: by
 * default the running test's, which Vitest aborts when the test times out. A launch that gives up kills what
 * it started and waits for it to be gone before it throws.
 */
export async function launchGateway(
  env: Record<string, string>,
  opts: { waitHealthy?: boolean; signal?: AbortSignal; nodeFlags?: string[] } = {},
): Promise<GatewayProcess> {
  const signal = opts.signal ?? TestRunner.getCurrentTest()?.context.signal;
  const child = spawn(process.execPath, [...(opts.nodeFlags ?? []), ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      // npm test's compile cache, so each of the many boots skips stripping and compiling what the last one did.
      NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      SIGN_IN_FAILURES_PER_MINUTE: '1000000',
      SIGN_INS_PER_MINUTE: '1000000',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${env.PORT}`;
  const gateway = { child, url, exited, output: () => output };
  if (opts.waitHealthy === false) return gateway;
  try {
    await healthy(url, exited, signal);
    return gateway;
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
  }
}

/** Resolves when /healthz answers 200; rejects when the gateway exits first or the signal aborts. */
async function healthy(url: string, exited: Promise<unknown>, signal: AbortSignal | undefined): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const abort = aborted(signal);
  for (;;) {
    signal?.throwIfAborted();
    if (gone) throw new Error('gateway exited at start');
    try {
      if ((await fetch(`${url}/healthz`, { signal })).ok) return;
    } catch (error) {
      // Not listening yet, unless it is the signal that ended the request.
      if (signal?.aborted) throw new Error('gateway not healthy when its test gave up', { cause: error });
    }
    // A tenth of a second between checks, or less when the gateway exits or the test gives up meanwhile.
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), exited, abort]);
  }
}

function aborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
}
