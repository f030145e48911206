// `npm start`: the embedded default. Builds the SPA if it is missing, starts the Firebase Auth emulator when
// no Firebase project is configured, then runs the gateway (SQLite in ./data unless MONGODB_URI is set).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { mailBanner } from '../server/mail/smtp-mailer.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
process.chdir(ROOT);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (!existsSync(path.join(ROOT, 'dist', 'client', 'index.html'))) {
  console.log('Building the app (first start)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: ROOT });
  if (build.status !== 0) {
    console.error('The build failed; the API will still start, without the app.');
  }
}

const realFirebase = !config.firebase.emulator;
let emulator: AuthEmulator | null = null;
if (!realFirebase && !config.firebase.authEmulatorHost) {
  console.log('No Firebase project configured: starting the Firebase Auth emulator...');
  const ports = config.emulatorPorts;
  emulator = await startAuthEmulator({ port: ports.auth, hubPort: ports.hub, loggingPort: ports.logging });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

const { main } = await import('../server/index.ts');
let gateway;
try {
  gateway = await main();
} catch (error) {
  await emulator?.stop();
  throw error;
}
const base = gateway.url.replace('127.0.0.1', 'localhost');
console.log(`
BookHaven is running (${gateway.config.mongodbUri ? 'MongoDB' : `SQLite in ${gateway.config.dataDir}`})
  App:             ${base}/
  GraphQL:         ${base}/graphql
  REST:            ${base}/api/books
  Health:          ${base}/healthz
  E-mail notices:  ${mailBanner(gateway.config.mail)}
  Auth emulator:   ${emulator ? emulator.url : realFirebase ? 'off (real Firebase project)' : `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`}
`);
if (emulator) {
  const stopEmulator = emulator.stop;
  process.once('exit', () => void stopEmulator());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.prependOnceListener(signal, () => void stopEmulator());
}
