// The run's Markdown table, headline ratios and targets on stdout; the same as JSON under bench/results/.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Conditions, describe, ended } from './conditions.ts';
import { DURATION, ROOT, type Row } from './load.ts';

export type Targets = [name: string, met: boolean][];

export async function report(opts: {
  store: string;
  books: number;
  rows: Row[];
  headline: Record<string, number>;
  targets: Targets;
  extra: Record<string, unknown>;
  /** The conditions read when the run began (bench/conditions.ts). */
  measuredUnder: Conditions;
}) {
  const machine = ended(opts.measuredUnder);
  const lines = [
    `### BookHaven benchmark: ${opts.store}, ${opts.books} books, ${DURATION} s per scenario`,
    describe(machine),
    '',
    '| scenario | req/s | p50 ms | p99 ms | errors | gateway peak RSS MB | note |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...opts.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.rps || '-'} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rssMb ?? ''} | ${r.note ?? ''} |`,
    ),
    '',
    `Headline: ${Object.entries(opts.headline)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    '',
    'Targets:',
    ...opts.targets.map(([name, met]) => `- ${met ? 'met' : '**not met**'}: ${name}`),
  ];
  console.log(`\n${lines.join('\n')}`);

  const dir = path.join(ROOT, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${opts.store}.json`);
  const json = {
    machine,
    store: opts.store,
    books: opts.books,
    durationSeconds: DURATION,
    rows: opts.rows,
    headline: opts.headline,
    targets: Object.fromEntries(opts.targets),
    ...opts.extra,
  };
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nJSON: ${path.relative(ROOT, file)}`);
}
