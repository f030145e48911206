// `npm test`: everything this repository can test here, in order: generated types, type-check, lint,
// unit/integration suites (gateway on SQLite and, when a MongoDB-protocol server can be provisioned, on
// MongoDB), the bundle budget, the browser journeys in Debian's Chromium, then Schemathesis fuzzing the REST
// layer on the same stores. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ferretdbBinaryPath } from './lib/mongo-server.ts';

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
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

/**
 * Adds a JUnit report's counts (Schemathesis writes one testcase per API operation, plus the stateful phase);
 * answers with the failures it counted, or null when there is no report.
 */
function countJunit(dir: string): number | null {
  const file = existsSync(dir) ? readdirSync(dir).find((name) => /^junit.*\.xml$/.test(name)) : undefined;
  if (!file) return null;
  const root = /<testsuites\b[^>]*>/.exec(readFileSync(path.join(dir, file), 'utf8'))?.[0] ?? '';
  const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)?.[1] ?? 0);
  const [tests, failures, errors, skips] = [count('tests'), count('failures'), count('errors'), count('skipped')];
  passed += tests - failures - errors - skips;
  failed += failures + errors;
  skipped += skips;
  return failures + errors;
}

/** Exit status of scripts/fuzz-rest.sh when it cannot run here (no python3 venv, no MongoDB-protocol server). */
const FUZZ_SKIPPED = 77;

function fuzz(store: 'sqlite' | 'mongodb', seconds: number) {
  const step = `REST fuzzing on ${store === 'sqlite' ? 'SQLite' : 'MongoDB'} (Schemathesis, ${seconds} s)`;
  console.log(`\n▶ ${step}: bash scripts/fuzz-rest.sh ${store}`);
  const result = spawnSync('bash', ['scripts/fuzz-rest.sh', store], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, FUZZ_MAX_TIME: String(seconds) },
  });
  if (result.status === FUZZ_SKIPPED) {
    skipped += 1;
    results.push({
      step,
      ok: true,
      note: 'skipped: python3 cannot create a virtualenv here (apt-get install python3-venv), see above',
    });
    return;
  }
  const reportedFailures = countJunit(path.join(reports, 'fuzz', store));
  const ok = result.status === 0;
  // A failure the report does not show (the gateway did not start, or it logged an error) still counts once.
  if (!ok && !reportedFailures) failed += 1;
  results.push({ step, ok });
}

const reports = path.join(ROOT, 'test-results');
mkdirSync(reports, { recursive: true });

run('codegen', 'graphql-codegen', ['--config', 'codegen.ts', '--silent']);
run('typecheck', 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
run('lint', 'eslint', ['.', '--max-warnings=0']);
run('format', 'prettier', ['--check', '.', '--log-level', 'warn']);

// The MongoDB suites need a MongoDB-protocol server: MONGODB_URI, or FerretDB built once from the Go module proxy.
if (!process.env.MONGODB_URI) {
  const go = spawnSync('bash', ['-c', 'command -v go || test -x /usr/local/go/bin/go'], { env });
  if (go.status === 0) {
    run('provision MongoDB-protocol server (FerretDB)', 'bash', ['scripts/provision-mongo.sh'], {
      PATH: `/usr/local/go/bin${path.delimiter}${env.PATH}`,
    });
  } else {
    console.log(
      '\nMongoDB suites will be skipped: MONGODB_URI is not set and no Go toolchain is here to build FerretDB.',
    );
  }
}

const unitReport = path.join(reports, 'vitest.json');
run('unit and integration tests', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
]);
countVitest(unitReport);

if (
  !run('build the SPA', 'vite', ['build', '--logLevel', 'warn']) ||
  !run('build the GraphQL sandbox', 'vite', ['build', '--config', 'vite.sandbox.config.ts', '--logLevel', 'error'])
) {
  console.log('Skipping the bundle budget and browser journeys: the build failed.');
} else {
  run('bundle budget', 'node', ['scripts/check-bundle.ts']);
  if (existsSync('/usr/bin/chromium')) {
    const e2eReport = path.join(reports, 'e2e.json');
    run('browser journeys (Chromium)', 'vitest', [
      'run',
      '--config',
      'tests/e2e/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${e2eReport}`,
    ]);
    countVitest(e2eReport);
  } else {
    console.log('\nBrowser journeys skipped: /usr/bin/chromium is missing (run scripts/install-system-deps.sh).');
    results.push({ step: 'browser journeys', ok: true, note: 'skipped: no chromium' });
  }
}

// Schemathesis against the REST layer's OpenAPI document: no 5xx, every answer as documented. About 2.7 min
// (each run also starts the Auth emulator and a seeded gateway, about 30 s).
fuzz('sqlite', 60);
if (process.env.MONGODB_URI || existsSync(ferretdbBinaryPath())) {
  fuzz('mongodb', 40);
} else {
  console.log('\nREST fuzzing on MongoDB skipped: MONGODB_URI is not set and FerretDB is not provisioned.');
  skipped += 1;
  results.push({ step: 'REST fuzzing on MongoDB', ok: true, note: 'skipped: no MongoDB-protocol server' });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.step}${r.note ? ` (${r.note})` : ''}`);
const stepsFailed = results.filter((r) => !r.ok).length;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (stepsFailed > 0) console.log(`${stepsFailed} step(s) failed`);
process.exit(stepsFailed > 0 || failed > 0 ? 1 : 0);
