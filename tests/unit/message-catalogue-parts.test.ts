// The build's catalogues leave out the words only some pages say (the desk's; About, privacy and terms), which are
// parts of their own loaded with those pages: a visitor of Home downloads neither (issue 44, the first visit).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messageCatalogues, partOf } from '../../scripts/vite-message-catalogues.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
type Transform = (code: string, id: string) => { code: string } | null;
const transform = messageCatalogues().transform as unknown as Transform;

/** The keys of the module the build makes of `id` (JSON for a catalogue, `export default {...}` for a part). */
function keysOf(code: string, id: string): string[] {
  const out = transform(code, id);
  if (!out) throw new Error(`${id} was not transformed`);
  return Object.keys(JSON.parse(out.code.replace(/^export default /, '').replace(/;$/, '')) as object);
}

describe('the catalogue parts of the build', () => {
  for (const locale of ['en', 'bn']) {
    it(`splits ${locale}.json into the catalogue, the desk's words and the pages' words, each key once`, () => {
      const file = path.join(ROOT, 'client', 'messages', `${locale}.json`);
      const code = readFileSync(file, 'utf8');
      const all = Object.keys(JSON.parse(code) as object);
      const base = keysOf(code, file);
      const desk = keysOf(code, `${file}?desk`);
      const pages = keysOf(code, `${file}?pages`);
      expect(base).toContain('hero.discoverTitle');
      expect(base.some((key) => key.startsWith('desk.') || key.startsWith('privacy.'))).toBe(false);
      expect(desk.length).toBeGreaterThan(100);
      expect(desk.every((key) => key.startsWith('desk.'))).toBe(true);
      expect(pages).toContain('privacy.collect');
      expect(pages.every((key) => partOf(key) === 'pages')).toBe(true);
      expect([...base, ...desk, ...pages].sort()).toEqual([...all].sort());
    });
  }
});
