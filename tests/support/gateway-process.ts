// The real gateway as a child process (node server/index.ts), for tests that kill, signal or restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

const ENTRY = path.resolve(import.meta.dirname, '../../server/index.ts');

export interface GatewayProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

export async function launchGateway(
  env: Record<string, string>,
  opts: {
    waitHealthy?: boolean;
    /** How long /healthz may take to answer (60 s by default: a ceiling for a busy machine, not a target). */
    healthyWithinMs?: number;
  } = {},
): Promise<GatewayProcess> {
  const child = spawn(process.execPath, [ENTRY], {
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
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${env.PORT}`;
  const gateway = { child, url, exited, output: () => output };
  if (opts.waitHealthy !== false) {
    const deadline = Date.now() + (opts.healthyWithinMs ?? 60_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`gateway exited at start:\n${output}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`gateway not healthy:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return gateway;
}
