// Fails when the JavaScript the browser loads for `/` (entry chunk plus its static imports) exceeds the
// budget, gzipped. Lazy routes are not counted: the home page must not need them.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const BUDGET_KB = 150;
const dist = path.resolve(import.meta.dirname, '..', 'dist', 'client');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
  (m) => m[1] as string,
);
let total = 0;
for (const src of new Set(scripts)) {
  const file = path.join(dist, src.replace(/^\//, ''));
  if (!existsSync(file)) continue;
  const size = gzipSync(readFileSync(file)).length;
  total += size;
  console.log(`  ${src}: ${(size / 1024).toFixed(1)} KB gzip`);
}
const kb = total / 1024;
console.log(`Initial JS for /: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
