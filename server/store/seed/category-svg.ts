// Category illustrations, 600x400: a simple emblem per category above its name.
import { colours, escapeXml } from './cover-svg.ts';

// Each emblem is drawn in a 200x200 box centred at (300, 160), in the accent colour.
const EMBLEMS: Readonly<Record<string, string>> = {
  // A magnifying glass over a footprint trail.
  Thriller: `<circle cx="285" cy="145" r="48" fill="none" stroke="currentColor" stroke-width="10"/>
    <line x1="320" y1="180" x2="370" y2="230" stroke="currentColor" stroke-width="16" stroke-linecap="round"/>
    <ellipse cx="272" cy="138" rx="9" ry="14" fill="currentColor" opacity="0.6"/><ellipse cx="298" cy="158" rx="9" ry="14" fill="currentColor" opacity="0.6"/>`,
  // A ringed planet with a few stars.
  'Sci-Fi': `<circle cx="300" cy="160" r="52" fill="currentColor" opacity="0.85"/>
    <ellipse cx="300" cy="160" rx="96" ry="24" fill="none" stroke="currentColor" stroke-width="7" transform="rotate(-18 300 160)"/>
    <circle cx="205" cy="90" r="4" fill="currentColor"/><circle cx="395" cy="225" r="3" fill="currentColor"/><circle cx="380" cy="80" r="5" fill="currentColor"/>`,
  // A quill above an ink line.
  Poetry: `<path d="M360 70 C300 90 250 150 235 235 C275 190 330 140 360 70 Z" fill="currentColor" opacity="0.85"/>
    <line x1="235" y1="235" x2="300" y2="150" stroke="#ffffff" stroke-width="2" opacity="0.6"/>
    <path d="M200 250 Q250 235 300 250 T400 250" fill="none" stroke="currentColor" stroke-width="5" stroke-linecap="round"/>`,
  // Comedy and tragedy masks.
  Drama: `<ellipse cx="262" cy="150" rx="50" ry="62" fill="currentColor" opacity="0.9"/>
    <ellipse cx="342" cy="172" rx="50" ry="62" fill="currentColor" opacity="0.6"/>
    <path d="M240 168 Q262 190 284 168" fill="none" stroke="#1f2937" stroke-width="6" stroke-linecap="round"/>
    <path d="M320 200 Q342 180 364 200" fill="none" stroke="#1f2937" stroke-width="6" stroke-linecap="round"/>
    <circle cx="245" cy="135" r="8" fill="#1f2937"/><circle cx="280" cy="135" r="8" fill="#1f2937"/>
    <circle cx="325" cy="158" r="8" fill="#1f2937"/><circle cx="360" cy="158" r="8" fill="#1f2937"/>`,
  // A kite on its string.
  Children: `<path d="M300 70 L350 140 L300 220 L250 140 Z" fill="currentColor" opacity="0.9"/>
    <line x1="300" y1="70" x2="300" y2="220" stroke="#ffffff" stroke-width="3" opacity="0.6"/>
    <line x1="250" y1="140" x2="350" y2="140" stroke="#ffffff" stroke-width="3" opacity="0.6"/>
    <path d="M300 220 Q280 245 300 260 T290 300" fill="none" stroke="currentColor" stroke-width="4"/>`,
  // A sun rising over a mountain path.
  'Self-Help': `<circle cx="232" cy="118" r="34" fill="#ffffff" opacity="0.35"/>
    <path d="M180 260 L260 150 L300 200 L350 120 L430 260 Z" fill="currentColor"/>
    <path d="M300 260 Q320 230 305 210" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="6 6" opacity="0.7"/>`,
  // A portrait in an oval frame.
  Biography: `<ellipse cx="300" cy="160" rx="78" ry="96" fill="none" stroke="currentColor" stroke-width="8"/>
    <circle cx="300" cy="135" r="30" fill="currentColor" opacity="0.9"/>
    <path d="M245 225 Q300 160 355 225 Z" fill="currentColor" opacity="0.9"/>`,
  // A castle with a crescent moon.
  Fantasy: `<path d="M230 250 V150 H250 V130 H270 V150 H290 V110 H310 V150 H330 V130 H350 V150 H370 V250 Z" fill="currentColor" opacity="0.9"/>
    <path d="M290 250 V215 Q300 200 310 215 V250 Z" fill="#1f2937"/>
    <path d="M395 70 A30 30 0 1 0 420 115 A24 24 0 1 1 395 70 Z" fill="currentColor"/>`,
  // Two hearts.
  Romance: `<path d="M280 230 C200 170 215 100 262 105 C280 107 285 120 280 132 C275 120 280 107 298 105 C345 100 360 170 280 230 Z" fill="currentColor" opacity="0.9" transform="translate(-10 0)"/>
    <path d="M340 235 C280 190 292 138 327 142 C340 143 344 153 340 162 C336 153 340 143 353 142 C388 138 400 190 340 235 Z" fill="currentColor" opacity="0.55"/>`,
};

const FALLBACK_EMBLEM = '<rect x="240" y="100" width="120" height="150" rx="8" fill="currentColor"/>';

export function categorySvg(category: { name: string }): string {
  const [top, bottom, accent] = colours(category.name);
  const emblem = EMBLEMS[category.name] ?? FALLBACK_EMBLEM;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400" role="img" aria-label="${escapeXml(category.name)} books">
  <title>${escapeXml(category.name)} books</title>
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${top}"/>
      <stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
  </defs>
  <rect width="600" height="400" fill="url(#bg)"/>
  <circle cx="80" cy="340" r="140" fill="#ffffff" opacity="0.05"/>
  <circle cx="540" cy="40" r="110" fill="#ffffff" opacity="0.05"/>
  <g color="${accent}">${emblem}</g>
  <rect x="0" y="300" width="600" height="100" fill="#000000" opacity="0.25"/>
  <text x="300" y="365" fill="#ffffff" font-family="Georgia, 'Times New Roman', serif" font-size="44" font-weight="bold" text-anchor="middle">${escapeXml(category.name)}</text>
</svg>
`;
}
