// `node scripts/screenshot-reports.ts`: the README's picture of the reports page. Seeds a fresh store with a
// library's year, starts the Auth emulator and the gateway on it (ports from SCREENSHOT_PORT, 6400 unless set),
// signs a staff member in through Chromium and photographs /desk/reports into docs/images/reports.png.
// Needs the built SPA (npm run build) and Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { signUpInEmulator, startAuthEmulator } from './auth-emulator.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './lib/chromium.ts';
import { seed } from './seed.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const first = Number(process.env.SCREENSHOT_PORT ?? 6400);
const staff = { email: 'librarian@example.com', password: 'Secret123', displayName: 'Desk Librarian' };

const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-screenshot-'));
await seed({
  books: 2000,
  users: 400,
  loans: 6000,
  dataDir,
  mongodbUri: null,
  mongodbDb: '',
  mode: 'fresh',
  seed: 2010,
});
const emulator = await startAuthEmulator({ port: first + 1, hubPort: first + 2, loggingPort: first + 3 });
await signUpInEmulator(emulator.url, staff);
const gateway = spawn(process.execPath, [path.join(ROOT, 'server', 'index.ts')], {
  cwd: ROOT,
  env: {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(first),
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    ADMIN_EMAILS: staff.email,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${first}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  for (
    let i = 0;
    !(await fetch(`${base}/healthz`).then(
      (a) => a.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 300 || gateway.exitCode !== null) throw new Error('The gateway did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForFunction(() => localStorage.getItem('bookHavenToken'));
  await page.keyboard.press('Escape');
  await page.goto('/desk/reports');
  await page.getByRole('region', { name: 'Loans and returns' }).getByRole('table').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(ROOT, 'docs', 'images', 'reports.png'), fullPage: true });
  console.log('docs/images/reports.png written');
} finally {
  await browser.close();
  gateway.kill('SIGTERM');
  await emulator.stop();
  await rm(dataDir, { recursive: true, force: true });
}
