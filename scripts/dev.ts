// `npm run dev`: the gateway in watch mode (restarts on server changes) plus Vite's dev server with hot
// reload, proxying /graphql, /api and /config.json to the gateway. The Auth emulator runs as in npm start.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };
const children: ChildProcess[] = [];
let emulator: AuthEmulator | null = null;

const realFirebase = Boolean(env.FIREBASE_PROJECT_ID && env.GOOGLE_APPLICATION_CREDENTIALS);
if (!realFirebase && !env.FIREBASE_AUTH_EMULATOR_HOST) {
  emulator = await startAuthEmulator({
    port: Number(env.AUTH_EMULATOR_PORT ?? 9099),
    hubPort: Number(env.EMULATOR_HUB_PORT ?? 4400),
    loggingPort: Number(env.EMULATOR_LOGGING_PORT ?? 4500),
  });
  env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
}

const gatewayPort = env.PORT ?? '4000';
children.push(
  spawn(process.execPath, ['--watch-path=server', '--watch-path=schema.graphql', 'server/index.ts'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  }),
);
children.push(
  spawn('vite', ['--host', '127.0.0.1'], {
    cwd: ROOT,
    env: { ...env, GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` },
    stdio: 'inherit',
  }),
);
console.log(`Gateway (watch) on http://127.0.0.1:${gatewayPort}; the app with hot reload on Vite's address below.`);

async function stop() {
  for (const child of children) child.kill('SIGTERM');
  await emulator?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
for (const child of children) child.on('exit', (code) => code !== 0 && code !== null && void stop());
