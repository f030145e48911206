// Book covers drawn as SVG: title and author on a genre-coloured background, 400x600.
export const GENRE_COLOURS: Readonly<Record<string, readonly [string, string, string]>> = {
  // [top of gradient, bottom of gradient, accent]
  Thriller: ['#1f2937', '#7f1d1d', '#fca5a5'],
  'Sci-Fi': ['#0f172a', '#1e3a8a', '#7dd3fc'],
  Poetry: ['#3b0764', '#6b21a8', '#e9d5ff'],
  Drama: ['#7c2d12', '#b45309', '#fde68a'],
  Children: ['#0369a1', '#0d9488', '#fef08a'],
  'Self-Help': ['#14532d', '#4d7c0f', '#d9f99d'],
  Biography: ['#292524', '#57534e', '#fcd34d'],
  Fantasy: ['#312e81', '#0f766e', '#a7f3d0'],
  Romance: ['#881337', '#be185d', '#fbcfe8'],
};
const FALLBACK: readonly [string, string, string] = ['#1e293b', '#475569', '#e2e8f0'];

export function colours(genre: string): readonly [string, string, string] {
  return GENRE_COLOURS[genre] ?? FALLBACK;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Greedy word wrap; a word longer than the width gets a line of its own. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function coverSvg(book: { title: string; author: string; genre: string }): string {
  const [top, bottom, accent] = colours(book.genre);
  // Long titles get a smaller face so they stay inside the frame.
  const long = book.title.length > 28;
  const lines = wrap(book.title, long ? 17 : 13);
  const size = long ? 32 : 40;
  const lineHeight = size * 1.2;
  const firstY = 250 - ((lines.length - 1) * lineHeight) / 2;
  const titleText = lines
    .map((l, i) => `<tspan x="204" y="${(firstY + i * lineHeight).toFixed(1)}">${escapeXml(l)}</tspan>`)
    .join('');
  const label = `${book.title} by ${book.author}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600" role="img" aria-label="${escapeXml(label)}">
  <title>${escapeXml(label)}</title>
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="${top}"/>
      <stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
  </defs>
  <rect width="400" height="600" fill="url(#bg)"/>
  <rect x="0" y="0" width="18" height="600" fill="#000" opacity="0.18"/>
  <rect x="34" y="30" width="340" height="540" fill="none" stroke="${accent}" stroke-width="2" opacity="0.7"/>
  <rect x="44" y="40" width="320" height="520" fill="none" stroke="${accent}" stroke-width="0.75" opacity="0.5"/>
  <text x="204" y="86" fill="${accent}" font-family="Georgia, 'Times New Roman', serif" font-size="15" letter-spacing="4" text-anchor="middle">${escapeXml(book.genre.toUpperCase())}</text>
  <path d="M164 118 L204 104 L244 118" fill="none" stroke="${accent}" stroke-width="1.5" opacity="0.8"/>
  <text fill="#ffffff" font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="bold" text-anchor="middle">${titleText}</text>
  <line x1="154" y1="440" x2="254" y2="440" stroke="${accent}" stroke-width="2"/>
  <circle cx="204" cy="440" r="4" fill="${accent}"/>
  <text x="204" y="486" fill="#f8fafc" font-family="Georgia, 'Times New Roman', serif" font-size="22" font-style="italic" text-anchor="middle">${escapeXml(book.author)}</text>
</svg>
`;
}

/** Where the gateway draws a cover from the book's own words (server/covers.ts): the seeded catalogue's covers. */
export const DRAWN_COVER_PATH = '/assets/covers/drawn.svg';

export function drawnCoverPath(book: { title: string; author: string; genre: string }): string {
  const query = new URLSearchParams({ title: book.title, author: book.author, genre: book.genre });
  return `${DRAWN_COVER_PATH}?${query.toString()}`;
}
