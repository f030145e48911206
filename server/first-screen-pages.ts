// All Books' and a book's first screen (decision 061), drawn by the gateway into the layout the build rendered from
// the SPA's components (decision 072), with the markup and classes of the components they stand for:
// client/features/catalog/all-books-page.tsx, catalog-toolbar.tsx, book-card-grid.tsx,
// client/features/book/book-details-view.tsx, client/components/ui/stars.tsx, stock-badge.tsx and book-image.tsx.
// Every text from the catalogue is escaped. tests/unit/first-screen-pages.test.ts fails when these and the
// components differ.
import type { BookRecord } from './store/port.ts';
import { genreNameId } from '../shared/genres.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values: catalogue data is whatever members entered. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const PLACEHOLDER_COVER = '/placeholder-book.jpg';
const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';
const CONTROL =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:outline-2 focus:outline-indigo-500';
const PILL = 'inline-block rounded-full px-3 py-1 text-xs font-semibold';
const TONE = {
  green: 'bg-green-100 text-green-800',
  orange: 'bg-orange-100 text-orange-800',
  red: 'bg-red-100 text-red-800',
} as const;

export type Say = (id: string, values?: Record<string, string | number>) => string;

export interface Words {
  say: Say;
  number: (value: number) => string;
}

/** The numbers of the SPA these pages follow (first-screen.json). */
export interface Scale {
  /** Up to this many copies a book is "Limited Stock". */
  limitedStockMax: number;
  /** Cards drawn on All Books. */
  cards: number;
}

/** A genre's name in the page's language (client/lib/genre-names.ts); one without words as entered. */
function genreName(genre: string, w: Words): string {
  const id = genreNameId(genre);
  return id ? w.say(id) : genre;
}

function stars(rating: number, w: Words): string {
  const value = Number.isFinite(rating) ? rating : 0;
  const shown = Math.round(Math.min(5, Math.max(0, value)) * 10) / 10;
  const star = (n: number) => {
    const fill = Math.round(Math.min(1, Math.max(0, shown - (n - 1))) * 100);
    return (
      `<span class="relative inline-block h-4 w-4">` +
      `<svg aria-hidden="true" viewBox="0 0 20 20" class="absolute inset-0 h-4 w-4 fill-slate-300"><path d="${STAR}"></path></svg>` +
      `<span class="absolute inset-y-0 left-0 overflow-hidden" style="width:${fill}%">` +
      `<svg aria-hidden="true" viewBox="0 0 20 20" class="h-4 w-4 fill-amber-400"><path d="${STAR}"></path></svg></span></span>`
    );
  };
  const label = w.say('stars.rated', { rating: w.number(shown) });
  return `<span role="img" aria-label="${esc(label)}" class="inline-flex gap-0.5">${[1, 2, 3, 4, 5].map(star).join('')}</span>`;
}

/** The cover as BookImage draws it; the first screen's first cover is asked for first. */
function cover(src: string, title: string, className: string, w: Words, eager: 'high' | 'auto' | 'lazy'): string {
  const loading = eager === 'high' ? ' fetchpriority="high"' : eager === 'lazy' ? ' loading="lazy"' : '';
  const alt = w.say('book.coverOf', { title });
  return `<img src="${esc(src || PLACEHOLDER_COVER)}" alt="${esc(alt)}" class="${className}"${loading}>`;
}

export interface AllBooksData {
  nodes: BookRecord[];
  totalCount: number;
  bookCount: number;
  genres: string[];
  genreCounts: Map<string, number>;
  availableCount: number;
}

function cardBadge(quantity: number, scale: Scale, w: Words): string {
  if (quantity > scale.limitedStockMax) return '';
  const out = quantity <= 0;
  return `<span class="${PILL} ${out ? TONE.red : TONE.orange}">${esc(w.say(out ? 'stock.out' : 'stock.limited'))}</span>`;
}

export function allBooksPage(data: AllBooksData, scale: Scale, image: (src: string) => string, w: Words): string {
  const options = data.genres
    .map((genre) => {
      const label = w.say('catalog.withCount', { label: genreName(genre, w), count: data.genreCounts.get(genre) ?? 0 });
      return `<option value="${esc(genre)}">${esc(label)}</option>`;
    })
    .join('');
  const available = w.say('catalog.withCount', {
    label: w.say('catalog.availableOff'),
    count: data.availableCount,
  });
  const toolbar =
    `<div class="mb-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_auto_15rem_auto_8rem] lg:items-center">` +
    `<input type="search" value="" aria-label="${esc(w.say('catalog.searchLabel'))}" placeholder="${esc(w.say('catalog.searchPlaceholder'))}" class="${CONTROL}">` +
    `<select aria-label="${esc(w.say('catalog.genre'))}" class="${CONTROL}"><option value="">${esc(w.say('catalog.allGenres'))}</option>${options}</select>` +
    `<button type="button" class="btn-quiet btn-sm h-10 w-full" aria-pressed="false">${esc(available)}</button>` +
    `<select aria-label="${esc(w.say('catalog.viewMode'))}" class="${CONTROL}"><option value="card">${esc(w.say('catalog.cardView'))}</option><option value="table">${esc(w.say('catalog.tableView'))}</option></select>` +
    `</div>`;
  const cards = data.nodes
    .slice(0, scale.cards)
    .map((book, i) => {
      const title = esc(book.title);
      return (
        `<li><article aria-label="${title}" class="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm">` +
        `<div class="relative h-64 bg-slate-100">` +
        cover(
          image(book.image),
          book.title,
          'h-full w-full object-contain',
          w,
          i === 0 ? 'high' : i < 2 ? 'auto' : 'lazy',
        ) +
        `<div class="absolute top-2 right-2">${cardBadge(book.quantity, scale, w)}</div></div>` +
        `<div class="flex flex-1 flex-col gap-1 p-4">${stars(book.rating, w)}` +
        `<h2 class="text-lg font-semibold text-gray-900">${title}</h2>` +
        `<p class="text-sm text-gray-600">${esc(book.author)}</p>` +
        `<p class="text-xs tracking-wide text-indigo-700">${esc(genreName(book.genre, w))}</p>` +
        `<p class="text-sm text-gray-700">${esc(w.say('catalog.copiesAvailable', { count: book.quantity }))}</p>` +
        `<div class="mt-auto flex gap-2 pt-3"><a href="/book-details/${esc(encodeURIComponent(book.id))}" aria-label="${esc(w.say('catalog.detailsFor', { title: book.title }))}" class="btn-primary btn-sm flex-1">${esc(w.say('catalog.details'))}</a></div>` +
        `</div></article></li>`
      );
    })
    .join('');
  return (
    `<section class="mx-auto max-w-7xl px-4 py-10">` +
    `<h1 class="mb-6 text-3xl font-bold text-gray-900">${esc(w.say('catalog.heading'))}</h1>` +
    toolbar +
    `<p class="mb-4 text-sm text-gray-600" aria-live="polite">${esc(w.say('catalog.showing', { shown: data.totalCount, total: data.bookCount }))}</p>` +
    `<div aria-busy="false" class="relative"><div class="absolute inset-x-0 -top-3"></div><div class="transition-opacity">` +
    `<ul class="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">${cards}</ul>` +
    `</div></div></section>`
  );
}

function detailsBadge(quantity: number, scale: Scale, w: Words): string {
  const count = w.number(quantity);
  if (quantity <= 0) return `<span class="${PILL} ${TONE.red}">${esc(w.say('stock.out'))}</span>`;
  const limited = quantity <= scale.limitedStockMax;
  const text = w.say(limited ? 'stock.limitedCount' : 'stock.inStock', { count });
  return `<span class="${PILL} ${limited ? TONE.orange : TONE.green}">${esc(text)}</span>`;
}

export function bookPage(book: BookRecord, scale: Scale, image: (src: string) => string, w: Words): string {
  const description = book.description.trim() || w.say('book.noDescription');
  const fact = (term: string, value: string) =>
    `<div><dt class="text-xs text-gray-500 uppercase">${esc(term)}</dt><dd class="font-semibold">${esc(value)}</dd></div>`;
  const action = 'btn-secondary btn-sm';
  return (
    `<article class="mx-auto max-w-6xl px-4 py-10">` +
    `<div class="grid gap-8 rounded-xl bg-white p-6 shadow-sm md:grid-cols-[1fr_2fr]">` +
    cover(image(book.image), book.title, 'w-full self-start rounded-lg object-contain', w, 'high') +
    `<div class="flex flex-col gap-4">` +
    `<header><h1 class="text-3xl font-bold text-gray-900">${esc(book.title)}</h1>` +
    `<p class="text-lg text-gray-600">${esc(w.say('book.byAuthor', { author: book.author }))}</p></header>` +
    `<div class="flex flex-wrap items-center gap-3">${stars(book.rating, w)}` +
    `<span class="text-sm text-gray-700">${esc(w.say('book.outOfFive', { rating: book.rating }))}</span>` +
    `<span class="rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-800">${esc(genreName(book.genre, w))}</span>` +
    `${detailsBadge(book.quantity, scale, w)}</div>` +
    `<section><h2 class="mb-1 text-lg font-semibold">${esc(w.say('book.description'))}</h2>` +
    `<p class="text-gray-700">${esc(description)}</p></section>` +
    `<dl class="grid grid-cols-3 gap-4 rounded-lg bg-gray-50 p-4 text-center">` +
    fact(w.say('book.genre'), genreName(book.genre, w)) +
    fact(w.say('book.rating'), w.say('book.ratingOfFive', { rating: book.rating })) +
    fact(w.say('book.availableCopies'), w.number(book.quantity)) +
    `</dl>` +
    `<div class="flex flex-wrap gap-3">` +
    `<a href="/all-books" class="btn-quiet btn-sm">${esc(w.say('book.backToLibrary'))}</a>` +
    `<button type="button"${book.quantity <= 0 ? ' disabled' : ''} class="btn-primary btn-sm">${esc(w.say('book.borrowBook'))}</button>` +
    `<a href="/borrowed-books" class="${action}">${esc(w.say('book.myBorrowedBooks'))}</a>` +
    `</div></div></div></article>`
  );
}
