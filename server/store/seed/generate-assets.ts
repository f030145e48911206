// Writes the seed catalogue's SVG covers and category images into server/assets (committed; rerun after
// changing the catalogue): node server/store/seed/generate-assets.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SEED_BOOKS } from './books.ts';
import { SEED_CATEGORIES } from './categories.ts';
import { categorySvg } from './category-svg.ts';
import { coverSvg } from './cover-svg.ts';
import { ASSET_URL_PREFIX } from './slug.ts';

const ASSETS_DIR = fileURLToPath(new URL('../../assets/', import.meta.url));

/** Maps a served URL (/assets/library/covers/x.svg) to its file under server/assets. */
export function assetFile(url: string): string {
  if (!url.startsWith(`${ASSET_URL_PREFIX}/`)) throw new Error(`Not a library asset: ${url}`);
  return `${ASSETS_DIR}${url.slice(ASSET_URL_PREFIX.length + 1)}`;
}

export async function generateAssets(): Promise<number> {
  await mkdir(`${ASSETS_DIR}covers`, { recursive: true });
  await mkdir(`${ASSETS_DIR}categories`, { recursive: true });
  const files = [
    ...SEED_BOOKS.map((b) => [assetFile(b.image), coverSvg(b)] as const),
    ...SEED_CATEGORIES.map((c) => [assetFile(c.image), categorySvg(c)] as const),
  ];
  await Promise.all(files.map(([file, svg]) => writeFile(file, svg)));
  return files.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = await generateAssets();
  console.log(`Wrote ${count} SVG files to ${ASSETS_DIR}`);
}
