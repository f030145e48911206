// `npm test`: everything this repository can test here: generated types, type-check, lint, unit/integration
// suites (gateway on SQLite and, when a MongoDB-protocol server can be provisioned, on MongoDB), the bundle
// budget, the browser journeys in Debian's Chromium, and Schemathesis fuzzing the REST layer on the same stores.
// Steps that do not need each other's results run side by side where they leave a core idle: the static
// checks, at the lowest CPU priority, beside the builds and the browser journeys; the journeys in two shards;
// the fuzz runs' gateways start early and wait; the two fuzz runs, each waiting on one single-threaded fuzzer,
// together. A step run side by side prints its output when it ends, so logs never interleave. Ends with each
// step's time and one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ferretdbBinaryPath } from './lib/mongo-server.ts';
import { SHARED_EMULATOR_VARIABLE, startAuthEmulator } from './auth-emulator.ts';
import { freePort } from './lib/ports.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
// Every Node process of the run (Vitest's workers, the gateways, the Auth emulator) keeps its compiled code, and
// the gateway's stripped TypeScript, in one compile cache: a gateway then boots on about 0.8 s of CPU instead of
// 1.25 s, and the run is bound by CPU.
const env: Record<string, string | undefined> = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(ROOT, 'node_modules', '.cache', 'node-compile'),
};
const results: { step: string; ok: boolean; note?: string; seconds?: number }[] = [];
let passed = 0;
let failed = 0;
let skipped = 0;

interface Options {
  env?: Record<string, string>;
  /** Run beside another step: collect the output and print it in one piece when the step ends. */
  quiet?: boolean;
  /**
   * Run at a lower CPU priority (nice 5), so that a step beside it gets most of a core when it wants one. Not
   * the lowest (19): beside two ordinary busy processes a step at nice 19 got 2% of a core and never ended.
   */
  yieldCpu?: boolean;
}

/** Runs one step and answers with its exit status and how long it took. */
async function exec(step: string, command: string, args: string[], options: Options = {}) {
  const header = `\n▶ ${step}: ${command} ${args.join(' ')}`;
  if (!options.quiet) console.log(header);
  const started = performance.now();
  const child = spawn(options.yieldCpu ? 'nice' : command, options.yieldCpu ? ['-n', '5', command, ...args] : args, {
    cwd: ROOT,
    stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...env, ...options.env },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const status = await new Promise<number | null>((resolve) => {
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  if (options.quiet) process.stdout.write(`${header}\n${Buffer.concat(output).toString()}`);
  return { status, seconds: (performance.now() - started) / 1000 };
}

async function run(step: string, command: string, args: string[], options: Options = {}): Promise<boolean> {
  const { status, seconds } = await exec(step, command, args, options);
  const ok = status === 0;
  results.push({ step, ok, seconds });
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

/**
 * The fuzz runs start their seeded gateways (some 10 s of work) while the builds run, then
 * wait, idle, until this file exists: npm test writes it once the other suites are done, so the fuzzing itself
 * still has the machine to itself.
 */
const fuzzStartFile = path.join(ROOT, 'test-results', 'fuzz-start');
let fuzzStartedAt = 0;

async function fuzz(store: 'sqlite' | 'mongodb', budget: number) {
  const step = `REST fuzzing on ${store === 'sqlite' ? 'SQLite' : 'MongoDB'} (Schemathesis, ${budget} s)`;
  await emulator;
  const { status, seconds: total } = await exec(step, 'bash', ['scripts/fuzz-rest.sh', store], {
    env: { FUZZ_MAX_TIME: String(budget), FUZZ_START_FILE: fuzzStartFile },
    quiet: true,
  });
  // The step's own time runs from the start signal (or from its start, if it ended before the signal).
  const seconds = fuzzStartedAt ? (performance.now() - fuzzStartedAt) / 1000 : total;
  if (status === FUZZ_SKIPPED) {
    skipped += 1;
    results.push({
      step,
      ok: true,
      note: 'skipped: python3 cannot create a virtualenv here (apt-get install python3-venv), see above',
    });
    return;
  }
  const reportedFailures = countJunit(path.join(reports, 'fuzz', store));
  const ok = status === 0;
  // A failure the report does not show (the gateway did not start, or it logged an error) still counts once.
  if (!ok && !reportedFailures) failed += 1;
  results.push({ step, ok, seconds });
}

const reports = path.join(ROOT, 'test-results');
mkdirSync(reports, { recursive: true });

await run('codegen', 'graphql-codegen', ['--config', 'codegen.ts', '--silent']);

// One Auth emulator for the whole run, started now beside the builds: the unit and integration suites, both
// journey shards and both fuzz runs sign in on it (each with addresses of its own) instead of starting five,
// each some 7 s of CPU. If it does not start, each suite starts its own.
const emulator = (async () => {
  try {
    const started = await startAuthEmulator({
      port: await freePort(),
      hubPort: await freePort(),
      loggingPort: await freePort(),
      timeoutMs: 120_000,
    });
    env[SHARED_EMULATOR_VARIABLE] = started.host;
    return started;
  } catch (error) {
    console.log(`\nThe shared Auth emulator did not start; each suite starts its own. ${String(error).slice(0, 500)}`);
    return null;
  }
})();

// The three checks are single-threaded, independent and untimed: they run side by side at a lower CPU priority,
// beside the builds and then the browser journeys, which mostly wait on pages and leave a core idle; nice 5
// gives the journeys' browsers and gateways three times their share of the CPU when they want it, and still
// lets the checks finish beside other work on the machine (at nice 19, two busy processes starved them).
async function staticChecks() {
  await Promise.all([
    run('typecheck', 'tsc', ['-p', 'tsconfig.json', '--noEmit'], { quiet: true, yieldCpu: true }),
    run('lint', 'eslint', ['.', '--max-warnings=0'], { quiet: true, yieldCpu: true }),
    run('format', 'prettier', ['--check', '.', '--log-level', 'warn'], { quiet: true, yieldCpu: true }),
  ]);
}

// The MongoDB suites need a MongoDB-protocol server: MONGODB_URI, or FerretDB built once from the Go module proxy.
async function provisionMongo() {
  if (process.env.MONGODB_URI) return;
  const go = spawnSync('bash', ['-c', 'command -v go || test -x /usr/local/go/bin/go'], { env });
  if (go.status === 0) {
    await run('provision MongoDB-protocol server (FerretDB)', 'bash', ['scripts/provision-mongo.sh'], {
      env: { PATH: `/usr/local/go/bin${path.delimiter}${env.PATH}` },
      quiet: true,
    });
  } else {
    console.log(
      '\nMongoDB suites will be skipped: MONGODB_URI is not set and no Go toolchain is here to build FerretDB.',
    );
  }
}

/** Builds the SPA and the sandbox and checks the bundle budget; answers whether the build can be served. */
async function build() {
  const built =
    (await run('build the SPA', 'vite', ['build', '--logLevel', 'warn'], { quiet: true })) &&
    (await run(
      'build the GraphQL sandbox',
      'vite',
      ['build', '--config', 'vite.sandbox.config.ts', '--logLevel', 'error'],
      { quiet: true },
    ));
  if (!built) console.log('Skipping the bundle budget and browser journeys: the build failed.');
  else await run('bundle budget', 'node', ['scripts/check-bundle.ts'], { quiet: true });
  return built;
}

const checks = staticChecks();
await provisionMongo();

// Schemathesis against the REST layer's OpenAPI document: no 5xx, every answer as documented. Each run starts
// its own seeded gateway on free ports, so the two stores are fuzzed at the same time, for the same time: with
// 60 s on SQLite and 40 on MongoDB a core sat idle for the last 20 s. 52 s each generates as many cases in all
// (4,272 + 2,420 then; 3,570 + 2,872 in 50 s each). They start now and fuzz when startFuzzing() says so
// (fuzzStartFile).
rmSync(fuzzStartFile, { force: true });
const fuzzing = Promise.all([
  fuzz('sqlite', 52),
  (async () => {
    if (process.env.MONGODB_URI || existsSync(ferretdbBinaryPath())) return fuzz('mongodb', 52);
    console.log('\nREST fuzzing on MongoDB skipped: MONGODB_URI is not set and FerretDB is not provisioned.');
    skipped += 1;
    results.push({ step: 'REST fuzzing on MongoDB', ok: true, note: 'skipped: no MongoDB-protocol server' });
  })(),
]);
async function startFuzzing() {
  fuzzStartedAt = performance.now();
  writeFileSync(fuzzStartFile, '');
  await fuzzing;
  rmSync(fuzzStartFile, { force: true });
}

const built = await build();

async function unitAndIntegration() {
  const unitReport = path.join(reports, 'vitest.json');
  await run('unit and integration tests', 'vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${unitReport}`,
  ]);
  countVitest(unitReport);
}

/**
 * The journey files split into two shards of about equal time, longest first onto the lighter shard. A file's
 * time is what the last run's report says (test-results/e2e-*.json), else its time in
 * tests/e2e/durations.json (seconds, from a full run: a clean clone has no reports), else the average one's.
 */
function journeyShards(): string[][] {
  const dir = path.join(ROOT, 'tests', 'e2e');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.e2e.ts'))
    .sort();
  const committed = JSON.parse(readFileSync(path.join(dir, 'durations.json'), 'utf8')) as Record<string, number>;
  const known = new Map<string, number>(Object.entries(committed).map(([file, seconds]) => [file, seconds * 1000]));
  for (const name of existsSync(reports) ? readdirSync(reports) : []) {
    if (!/^e2e-\d+\.json$/.test(name)) continue;
    try {
      const report = JSON.parse(readFileSync(path.join(reports, name), 'utf8')) as {
        testResults: { name: string; startTime: number; endTime: number }[];
      };
      for (const file of report.testResults) known.set(path.basename(file.name), file.endTime - file.startTime);
    } catch {
      // an unreadable report only costs the balance
    }
  }
  const average = known.size ? [...known.values()].reduce((a, b) => a + b, 0) / known.size : 1;
  const weighed = files.map((file) => ({ file, time: known.get(file) ?? average }));
  weighed.sort((a, b) => b.time - a.time || a.file.localeCompare(b.file));
  const shards = [
    { files: [] as string[], time: 0 },
    { files: [] as string[], time: 0 },
  ];
  for (const { file, time } of weighed) {
    const lighter = shards[0]!.time <= shards[1]!.time ? shards[0]! : shards[1]!;
    lighter.files.push(`tests/e2e/${file}`);
    lighter.time += time;
  }
  return shards.map((shard) => shard.files).filter((shard) => shard.length > 0);
}

// The journeys run in two shards side by side, each its own Vitest run with its own gateway and data directory
// (tests/e2e/support/global-setup.ts), so a journey that moves one library's clock cannot
// touch the other shard's. A journey mostly waits on the page and the gateway (one shard used under half a
// core), so two keep the machine busy without starving either. They run before the unit and integration
// suites, not beside them: beside those, a page sometimes took longer than its wait. The static checks run
// beside them, at the lowest priority.
async function journeys() {
  // Every suite from here on signs in on the shared emulator (the unit and integration suites too, even when
  // the build failed and no journey runs).
  await emulator;
  if (!built) return;
  if (!existsSync('/usr/bin/chromium')) {
    console.log('\nBrowser journeys skipped: /usr/bin/chromium is missing (run scripts/install-system-deps.sh).');
    results.push({ step: 'browser journeys', ok: true, note: 'skipped: no chromium' });
    return;
  }
  const shards = journeyShards();
  const shardReports = shards.map((_, i) => path.join(reports, `e2e-${i + 1}.json`));
  // A shard that dies before writing its report must not be counted from the last run's.
  for (const report of shardReports) rmSync(report, { force: true });
  await Promise.all(
    shards.map((files, i) =>
      run(
        `browser journeys (Chromium), shard ${i + 1} of ${shards.length}: ${files.length} files`,
        'vitest',
        [
          'run',
          '--config',
          'tests/e2e/vitest.config.ts',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${shardReports[i]}`,
          ...files,
        ],
        { quiet: true },
      ),
    ),
  );
  for (const report of shardReports) countVitest(report);
}

await journeys();
await checks;
await unitAndIntegration();

await startFuzzing();
await (await emulator)?.stop();

console.log('\nSummary');
for (const r of results) {
  const time = r.seconds === undefined ? '' : ` [${r.seconds.toFixed(0)} s]`;
  console.log(`  ${r.ok ? '✔' : '✘'} ${r.step}${r.note ? ` (${r.note})` : ''}${time}`);
}
console.log(`\nnpm test took ${(performance.now() / 1000).toFixed(0)} s`);
// Suites that skip themselves when a system program is missing: say so at the end, with the way to get it.
const missingPrograms = [
  { program: '/usr/sbin/varnishd', suite: 'the proxy in front of two gateways (tests/gateway/deployment.test.ts)' },
  {
    program: '/usr/bin/redis-server',
    suite: 'rate limits shared through Redis (tests/gateway/shared-rate-limits.test.ts)',
  },
].filter(({ program }) => !existsSync(program));
if (missingPrograms.length > 0) {
  console.log('\nSkipped for want of a program:');
  for (const { program, suite } of missingPrograms) console.log(`  - ${suite}: no ${program}`);
  console.log('  Install them with: bash scripts/install-system-deps.sh');
}
const stepsFailed = results.filter((r) => !r.ok).length;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (stepsFailed > 0) console.log(`${stepsFailed} step(s) failed`);
process.exit(stepsFailed > 0 || failed > 0 ? 1 : 0);
