// Names of the generated image files and the URLs the gateway serves them under (server/assets -> /assets/library).
export const ASSET_URL_PREFIX = '/assets/library';

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function assetPath(folder: 'covers' | 'categories', slug: string): string {
  return `${ASSET_URL_PREFIX}/${folder}/${slug}.svg`;
}
