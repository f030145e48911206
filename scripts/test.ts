// `npm test`: everything this repository can test here, in order: generated types, type-check, lint,
// unit/integration suites (gateway on SQLite and, when a MongoDB-protocol server can be provisioned, on
// MongoDB), the bundle budget, then the browser journeys in Debian's Chromium. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };
const results: { step: string; ok: boolean; note?: string }[] = [];
let passed = 0;
let failed = 0;
let skipped = 0;

function run(step: string, command: string, args: string[], extraEnv: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${step}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...env, ...extraEnv } });
  const ok = result.status === 0;
  results.push({ step, ok });
  return ok;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

const reports = path.join(ROOT, 'test-results');
mkdirSync(reports, { recursive: true });

run('codegen', 'graphql-codegen', ['--config', 'codegen.ts', '--silent']);
run('typecheck', 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
run('lint', 'eslint', ['.', '--max-warnings=0']);

// The MongoDB suites need a MongoDB-protocol server: MONGODB_URI, or FerretDB built once from the Go module proxy.
if (!process.env.MONGODB_URI) {
  const go = spawnSync('bash', ['-c', 'command -v go || test -x /usr/local/go/bin/go'], { env });
  if (go.status === 0) {
    run('provision MongoDB-protocol server (FerretDB)', 'bash', ['scripts/provision-mongo.sh'], { PATH: `/usr/local/go/bin${path.delimiter}${env.PATH}` });
  } else {
    console.log('\nMongoDB suites will be skipped: MONGODB_URI is not set and no Go toolchain is here to build FerretDB.');
  }
}

const unitReport = path.join(reports, 'vitest.json');
run('unit and integration tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);
countVitest(unitReport);

if (!run('build the SPA', 'vite', ['build', '--logLevel', 'warn']) || !run('build the GraphQL sandbox', 'vite', ['build', '--config', 'vite.sandbox.config.ts', '--logLevel', 'error'])) {
  console.log('Skipping the bundle budget and browser journeys: the build failed.');
} else {
  run('bundle budget', 'node', ['scripts/check-bundle.ts']);
  if (existsSync('/usr/bin/chromium')) {
    const e2eReport = path.join(reports, 'e2e.json');
    run('browser journeys (Chromium)', 'vitest', ['run', '--config', 'tests/e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eReport}`]);
    countVitest(e2eReport);
  } else {
    console.log('\nBrowser journeys skipped: /usr/bin/chromium is missing (run scripts/install-system-deps.sh).');
    results.push({ step: 'browser journeys', ok: true, note: 'skipped: no chromium' });
  }
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.step}${r.note ? ` (${r.note})` : ''}`);
const stepsFailed = results.filter((r) => !r.ok).length;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (stepsFailed > 0) console.log(`${stepsFailed} step(s) failed`);
process.exit(stepsFailed > 0 || failed > 0 ? 1 : 0);
