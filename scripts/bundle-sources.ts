// Where the initial JavaScript of `/` comes from: runs the production build (writing nothing) and lists, for the
// entry chunk and for Home's chunk with what they import, each package's (or the app's folder's) share of the
// minified code (by the source map), brotli-compressed on its own. The shares add up to more than the chunks as
// sent (brotli finds more to share across a whole chunk); they say where to look.
// `node scripts/bundle-sources.ts [rows]` (`npm run codegen` first).
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Rolldown } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const rows = Number(process.argv[2] ?? 25);

const result = await build({
  configFile: path.join(ROOT, 'vite.config.ts'),
  logLevel: 'silent',
  build: { write: false, sourcemap: true },
});
const chunks = (Array.isArray(result) ? result : [result])
  .flatMap((output) => ('output' in output ? output.output : []))
  .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

/** A module's owner: its package, or its folder in the repository (two levels), or a virtual module's kind. */
function owner(id: string): string {
  const inPackage = id.split('node_modules/').at(-1);
  if (inPackage !== id && inPackage)
    return inPackage
      .split('/')
      .slice(0, inPackage.startsWith('@') ? 2 : 1)
      .join('/');
  if (id.startsWith('\0')) return id.slice(1).split(':')[0] ?? id;
  return path.relative(ROOT, id).split('/').slice(0, 2).join('/');
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Each stretch of a chunk's code with the source it came from (the map's segments; VLQ as the spec writes it). */
function* stretches(chunk: Rolldown.OutputChunk): Generator<[string, string]> {
  if (!chunk.map) return yield ['(no source map)', chunk.code];
  const { mappings, sources } = chunk.map;
  const lines = chunk.code.split('\n');
  let source = 0;
  for (const [index, segments] of mappings.split(';').entries()) {
    const line = lines[index] ?? '';
    let column = 0;
    let previous: { column: number; source: string } | null = null;
    for (const segment of segments ? segments.split(',') : []) {
      const fields = decode(segment);
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      if (previous) yield [previous.source, line.slice(previous.column, column)];
      previous = { column, source: fields.length > 1 ? (sources[source] ?? '(no source)') : '(no source)' };
    }
    if (previous) yield [previous.source, line.slice(previous.column)];
  }
}

/** A segment's fields, base64 VLQ: five bits a digit, the sixth saying another follows, the sign in the lowest. */
function decode(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    shift += 5;
    if (digit & 32) continue;
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

const brotli = (code: string) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

function report(title: string, start: Rolldown.OutputChunk, skip: Set<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [start.fileName];
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name) || skip.has(name)) continue;
    seen.add(name);
    queue.push(...(byName.get(name)?.imports ?? []));
  }
  const shares = new Map<string, string>();
  for (const name of seen)
    for (const [source, code] of stretches(byName.get(name)!)) {
      const who = source.startsWith('(') ? source : owner(path.resolve(ROOT, 'dist/client/assets', source));
      shares.set(who, (shares.get(who) ?? '') + code);
    }
  const sizes = [...shares].map(([who, code]) => [who, brotli(code)] as const).sort((a, b) => b[1] - a[1]);
  const whole = [...seen].reduce((sum, name) => sum + brotli(byName.get(name)!.code), 0);
  console.log(`${title}: ${[...seen].join(', ')}: ${(whole / 1024).toFixed(1)} KB brotli`);
  for (const [who, size] of sizes.slice(0, rows)) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${who}`);
  return seen;
}

const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/client/index.html'));
const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/client/features/home/home-page.tsx'));
if (!entry || !home) throw new Error('no entry or no home-page chunk in the build');
const shell = report('The entry and its imports', entry, new Set());
report("Home's chunk and what it adds", home, shell);
