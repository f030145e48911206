// A production install (`npm ci --omit=dev`) runs the gateway: every package the server's code imports,
// followed from server/index.ts, is a runtime dependency, and the development tools stay out of it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/logging.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The packages reached by following relative imports from `entry`, with the file that first imports each. */
function packagesFrom(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:')) {
        const name = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/');
        if (!packages.has(name)) packages.set(name, path.relative(ROOT, file));
      }
    }
  };
  visit(path.join(ROOT, entry));
  return packages;
}

describe('production install', () => {
  it('has every package the gateway imports among the runtime dependencies', () => {
    const packages = packagesFrom('server/index.ts');
    expect(packages.size).toBeGreaterThan(10);
    const missing = [...packages]
      .filter(([name]) => !(name in manifest.dependencies))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('leaves the development tools out: the Auth emulator, the pretty logger, the bundler', () => {
    for (const tool of ['firebase-tools', 'pino-pretty', 'vite', 'vitest']) {
      expect(manifest.dependencies).not.toHaveProperty(tool);
      expect(manifest.devDependencies).toHaveProperty(tool);
    }
  });

  it('logs JSON lines without pino-pretty, even in a terminal', () => {
    const withoutPretty = { terminal: true, production: false, ci: false, prettyInstalled: false };
    expect(loggerOptions('info', withoutPretty)).toEqual({
      level: 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    });
  });
});
