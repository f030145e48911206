// The bench's garbage-collection meter (bench/gc-meter.ts) counts the main thread's pauses. `--import` runs it in
// every worker thread too, as in the store's reader thread: a thread's own collections must not reach the file.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const METER = pathToFileURL(path.resolve('bench/gc-meter.ts')).href;

// The main thread waits, allocating nothing; a worker allocates for a second (hundreds of scavenges). The parent
// prints every reading of the meter's file it made while the worker ran, then exits.
const SCRIPT = `
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
const worker = new Worker(
  'const end = Date.now() + 1000; let keep = []; while (Date.now() < end) { keep.push(new Array(64).fill(0)); if (keep.length > 5000) keep = []; }',
  { eval: true },
);
const readings = [];
const read = setInterval(() => {
  try { readings.push(JSON.parse(readFileSync(process.env.GC_METER_FILE, 'utf8'))); } catch {}
}, 20);
worker.on('exit', () => setTimeout(() => { clearInterval(read); console.log(JSON.stringify(readings)); }, 300));
`;

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

it("counts the main thread's collections, not a worker thread's", async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-gc-meter-'));
  const child = spawn(process.execPath, ['--import', METER, '--input-type=module', '-e', SCRIPT], {
    env: { ...process.env, GC_METER_FILE: path.join(dir, 'gc.json') },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(err).toBe('');
  expect(code).toBe(0);
  const readings = JSON.parse(out) as { minor: number; major: number }[];
  // The meter wrote all along (every 100 ms), and never the worker's hundreds of scavenges.
  expect(readings.length).toBeGreaterThan(20);
  expect(Math.max(...readings.map((r) => r.minor + r.major))).toBeLessThan(10);
  await expect(readFile(path.join(dir, 'gc.json'), 'utf8')).resolves.toContain('minorMs');
});
