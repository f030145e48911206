// Runs the real Firebase Auth emulator (firebase-tools) as a child process and waits until it answers.
// Used by `npm start` when no Firebase project is configured, and once per test run (testAuthEmulator).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile, readFile, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadScaledDeadline } from './lib/deadline.ts';

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  url: string;
  projectId: string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** Creates an e-mail/password account in the emulator at `origin` (http://host:port) and returns its ID token. */
export async function signUpInEmulator(
  origin: string,
  account: { email: string; password: string; displayName: string },
): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId)
    throw new Error(`emulator sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

export async function startAuthEmulator(opts: {
  port: number;
  hubPort: number;
  loggingPort: number;
  projectId?: string;
  timeoutMs?: number;
}): Promise<AuthEmulator> {
  const projectId = opts.projectId ?? 'demo-bookhaven';
  const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-auth-'));
  const configFile = path.join(dir, 'firebase.json');
  await writeFile(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        hub: { host: '127.0.0.1', port: opts.hubPort },
        logging: { host: '127.0.0.1', port: opts.loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const logFile = path.join(dir, 'emulator.log');
  const log = createWriteStream(logFile);
  const firebase = path.join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [firebase, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', configFile],
    {
      cwd: dir,
      // TMPDIR: the CLI keeps a per-project hub locator file there; emulators started side by side (npm test
      // fuzzes two stores at once) each keep their own.
      env: { ...process.env, TMPDIR: dir, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: false,
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${opts.port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    await rm(dir, { recursive: true, force: true });
  };

  // 60 s on an idle machine, longer on a busy one (lib/deadline.ts).
  const deadline = loadScaledDeadline(opts.timeoutMs ?? 60_000);
  while (!deadline.passed()) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return { host: `127.0.0.1:${opts.port}`, url, projectId, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const output = await readFile(logFile, 'utf8').catch(() => '');
  await stop();
  throw new Error(
    `The Firebase Auth emulator did not start on port ${opts.port} within ${deadline.allowedMs()} ms:\n${output.slice(-2000)}`,
  );
}

/** Names the Auth emulator a whole test run shares: npm test starts one and sets it (host:port) for every step. */
export const SHARED_EMULATOR_VARIABLE = 'TEST_AUTH_EMULATOR_HOST';

/**
 * The emulator for a suite: the run's shared one when npm test named it (starting one takes some 7 s of CPU,
 * and npm test has five suites that sign in), else one of the suite's own. A suite's accounts are its own
 * either way: every account a suite makes has an e-mail address no other suite uses. Stopping the shared
 * emulator is left to npm test.
 */
export async function testAuthEmulator(opts: Parameters<typeof startAuthEmulator>[0]): Promise<AuthEmulator> {
  const shared = process.env[SHARED_EMULATOR_VARIABLE];
  if (!shared) return startAuthEmulator(opts);
  const url = `http://${shared}`;
  const answer = await fetch(url).catch(() => null);
  if (!answer?.ok) throw new Error(`${SHARED_EMULATOR_VARIABLE} names ${shared}, where no Auth emulator answers`);
  return { host: shared, url, projectId: opts.projectId ?? 'demo-bookhaven', stop: async () => {} };
}
