// The first screen of Home, of All Books and of a book's page as plain markup, sent with the SPA's page so that
// its largest paint (Home's hero, the first cover) does not wait for the entry's download, its run and React's
// first render (decision 061). Only public words and catalogue data: titles, authors, genres, covers, ratings,
// copies on the shelf, descriptions. The page shows it only when the early script (scripts/vite-early-queries.ts)
// has set data-first-screen on <html> to the language it is drawn in: on Home for every visitor, on the two
// catalogue pages only with a stored session (a signed-out visitor is sent to sign in by the SPA as before and
// never sees theirs). It stands after #root and gives way once the app has drawn its page there (see screen()).
// Home and the layout around every page are the SPA's own components, rendered at build by React's server
// renderer (client/app/first-screen.tsx, decision 072); the catalogue pages are drawn here into that layout, with
// the layout and classes of all-books-page.tsx, catalog-toolbar.tsx, book-card-grid.tsx, book-details-view.tsx,
// components/ui/stars.tsx and stock-badge.tsx.
// Every text from the catalogue is escaped; the words and the rendered markup come from first-screen.json, which
// the build writes beside index.html (scripts/vite-first-screen-words.ts): the gateway's image has no client/ folder.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import IntlMessageFormat from 'intl-messageformat';
import type { Catalog } from './library/catalog.ts';
import type { BookRecord } from './store/port.ts';

export type ScreenLocale = 'en' | 'bn';

/** What the build writes to first-screen.json. */
export interface FirstScreenSpec {
  /** The page size All Books asks for (client/lib/page-size.ts). */
  pageSize: number;
  /** Up to this many copies a book is "Limited Stock" (client/components/ui/stock.ts). */
  limitedStockMax: number;
  /** Cards drawn on All Books: two rows of the widest grid. */
  cards: number;
  /** The SPA's words the catalogue pages use, per language (client/messages/*.json). */
  words: Record<ScreenLocale, Record<string, string>>;
  /** Home's first screen as the SPA's components render it (client/app/first-screen.tsx), per language. */
  home: Record<ScreenLocale, string>;
  /** The SPA's layout as rendered, per language: the markup before and after its <main>'s page. */
  layout: Record<ScreenLocale, [before: string, after: string]>;
}

export const FIRST_SCREEN_FILE = 'first-screen.json';

/** The ids of the SPA's words the catalogue pages say (the build copies them into first-screen.json). */
export const SCREEN_WORDS = [
  'book.availableCopies',
  'book.backToLibrary',
  'book.borrowBook',
  'book.byAuthor',
  'book.coverOf',
  'book.description',
  'book.genre',
  'book.myBorrowedBooks',
  'book.noDescription',
  'book.outOfFive',
  'book.rating',
  'book.ratingOfFive',
  'catalog.allGenres',
  'catalog.availableOff',
  'catalog.cardView',
  'catalog.copiesAvailable',
  'catalog.details',
  'catalog.detailsFor',
  'catalog.genre',
  'catalog.heading',
  'catalog.searchLabel',
  'catalog.searchPlaceholder',
  'catalog.showing',
  'catalog.tableView',
  'catalog.viewMode',
  'catalog.withCount',
  'stars.rated',
  'stock.inStock',
  'stock.limited',
  'stock.limitedCount',
  'stock.out',
] as const;

/**
 * A first screen for one address: `key` names its content (page caches and ETags follow it); `html` draws it,
 * called only by a page cache that does not hold that key yet (spa-pages.ts).
 */
export interface FirstScreen {
  key: string;
  html: () => string;
}

export type FirstScreens = (pathname: string, acceptLanguage: string | undefined) => Promise<FirstScreen | null>;

/** The SPA's rule (client/lib/locale.ts): Bangla when the browser's first language is Bangla, else English. */
export function screenLocale(acceptLanguage: string | undefined): ScreenLocale {
  const first = (acceptLanguage ?? '').split(',')[0]!.split(';')[0]!.trim().toLowerCase();
  return first === 'bn' || first.startsWith('bn-') ? 'bn' : 'en';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values: catalogue data is whatever members entered. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const INTL_LOCALE: Record<ScreenLocale, string> = { en: 'en-GB', bn: 'bn-BD' };
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

type Say = (id: string, values?: Record<string, string | number>) => string;

interface Words {
  locale: ScreenLocale;
  say: Say;
  number: (value: number) => string;
}

function wordsFor(spec: FirstScreenSpec, locale: ScreenLocale): Words {
  const formats = new Map<string, IntlMessageFormat>();
  const numbers = new Intl.NumberFormat(INTL_LOCALE[locale]);
  const say: Say = (id, values) => {
    let format = formats.get(id);
    if (!format) {
      const message = spec.words[locale][id] ?? spec.words.en[id];
      if (message === undefined) throw new Error(`first screen: no words for ${id}`);
      format = new IntlMessageFormat(message, INTL_LOCALE[locale]);
      formats.set(id, format);
    }
    return String(format.format(values));
  };
  return { locale, say, number: (value) => numbers.format(value) };
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

/**
 * The markup, placed after #root: hidden unless the early script set data-first-screen to this language on
 * <html> (this address with no query string, and a stored session where the page needs one). While it shows,
 * #root is hidden until the app has drawn a heading (its page, or an error or sign-in page), so the app's first
 * steps (its spinner while the first query's answer is taken) never show; the early script removes it, and this
 * rule with it, at that moment. Inert: nothing in it works before React takes over; hidden from assistive
 * technology, which reads the app's page once it is drawn (the same words), never a copy that is about to go.
 * `drawn`: the layout with its page in it.
 */
function screen(drawn: string, locale: ScreenLocale): string {
  const shown = `html[data-first-screen="${locale}"]`;
  return (
    `<div id="first-screen" lang="${locale}" inert aria-hidden="true">` +
    `<style>html:not([data-first-screen="${locale}"]) #first-screen{display:none}${shown} #root:not(:has(h1)){display:none}` +
    // The header as a phone shows it, at every width: its links and account controls come with the app, which
    // knows who is signed in (a visitor's Login would otherwise show to a member).
    `#first-screen header .hidden{display:none}</style>` +
    `${drawn}</div>`
  );
}

interface AllBooksData {
  nodes: BookRecord[];
  totalCount: number;
  bookCount: number;
  genres: string[];
  genreCounts: Map<string, number>;
  availableCount: number;
}

function cardBadge(quantity: number, spec: FirstScreenSpec, w: Words): string {
  if (quantity > spec.limitedStockMax) return '';
  const out = quantity <= 0;
  return `<span class="${PILL} ${out ? TONE.red : TONE.orange}">${esc(w.say(out ? 'stock.out' : 'stock.limited'))}</span>`;
}

function allBooksPage(data: AllBooksData, spec: FirstScreenSpec, image: (src: string) => string, w: Words): string {
  const options = data.genres
    .map((genre) => {
      const label = w.say('catalog.withCount', { label: genre, count: data.genreCounts.get(genre) ?? 0 });
      return `<option value="${esc(genre)}">${esc(label)}</option>`;
    })
    .join('');
  const available = w.say('catalog.withCount', {
    label: w.say('catalog.availableOff'),
    count: data.availableCount,
  });
  const toolbar =
    `<div class="mb-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_auto_15rem_auto_8rem] lg:items-center">` +
    `<input type="search" aria-label="${esc(w.say('catalog.searchLabel'))}" placeholder="${esc(w.say('catalog.searchPlaceholder'))}" class="${CONTROL}">` +
    `<select aria-label="${esc(w.say('catalog.genre'))}" class="${CONTROL}"><option value="" selected>${esc(w.say('catalog.allGenres'))}</option>${options}</select>` +
    `<button type="button" class="btn-quiet btn-sm h-10 w-full" aria-pressed="false">${esc(available)}</button>` +
    `<select aria-label="${esc(w.say('catalog.viewMode'))}" class="${CONTROL}"><option value="card" selected>${esc(w.say('catalog.cardView'))}</option><option value="table">${esc(w.say('catalog.tableView'))}</option></select>` +
    `</div>`;
  const cards = data.nodes
    .slice(0, spec.cards)
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
        `<div class="absolute top-2 right-2">${cardBadge(book.quantity, spec, w)}</div></div>` +
        `<div class="flex flex-1 flex-col gap-1 p-4">${stars(book.rating, w)}` +
        `<h2 class="text-lg font-semibold text-gray-900">${title}</h2>` +
        `<p class="text-sm text-gray-600">${esc(book.author)}</p>` +
        `<p class="text-xs tracking-wide text-indigo-700 uppercase">${esc(book.genre)}</p>` +
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
    `<p class="mb-4 text-sm text-gray-600">${esc(w.say('catalog.showing', { shown: data.totalCount, total: data.bookCount }))}</p>` +
    `<div class="relative"><div class="absolute inset-x-0 -top-3"></div><div class="transition-opacity">` +
    `<ul class="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">${cards}</ul>` +
    `</div></div></section>`
  );
}

function detailsBadge(quantity: number, spec: FirstScreenSpec, w: Words): string {
  const count = w.number(quantity);
  if (quantity <= 0) return `<span class="${PILL} ${TONE.red}">${esc(w.say('stock.out'))}</span>`;
  const limited = quantity <= spec.limitedStockMax;
  const text = w.say(limited ? 'stock.limitedCount' : 'stock.inStock', { count });
  return `<span class="${PILL} ${limited ? TONE.orange : TONE.green}">${esc(text)}</span>`;
}

function bookPage(book: BookRecord, spec: FirstScreenSpec, image: (src: string) => string, w: Words): string {
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
    `<span class="rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-800">${esc(book.genre)}</span>` +
    `${detailsBadge(book.quantity, spec, w)}</div>` +
    `<section><h2 class="mb-1 text-lg font-semibold">${esc(w.say('book.description'))}</h2>` +
    `<p class="text-gray-700">${esc(description)}</p></section>` +
    `<dl class="grid grid-cols-3 gap-4 rounded-lg bg-gray-50 p-4 text-center">` +
    fact(w.say('book.genre'), book.genre) +
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

export function readFirstScreenSpec(clientDir: string): FirstScreenSpec | null {
  const file = path.join(clientDir, FIRST_SCREEN_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as FirstScreenSpec;
}

/**
 * The first screens for the SPA's pages: Home as the build rendered it, the others from `catalog` (the reads a page's first
 * query makes). All Books is read once per store revision (every write moves it) and drawn once per language; a
 * book's page is read each time (one read by id); the key says what is drawn, so the page cache draws each once.
 */
export function firstScreens(deps: {
  spec: FirstScreenSpec;
  catalog: Pick<Catalog, 'list' | 'facets' | 'count' | 'genres' | 'get'>;
  revision: () => string;
  /** The cover's address as the SPA gets it from /graphql (absolute for site paths). */
  image: (src: string) => string;
}): FirstScreens {
  const { spec, catalog, image } = deps;
  const words = { en: wordsFor(spec, 'en'), bn: wordsFor(spec, 'bn') };
  let allBooks: { revision: string; data: Promise<AllBooksData> } | null = null;

  async function readAllBooks(): Promise<AllBooksData> {
    const [page, facets, bookCount, genres] = await Promise.all([
      catalog.list(null, spec.pageSize, null),
      catalog.facets(null),
      catalog.count(),
      catalog.genres(),
    ]);
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      bookCount,
      genres,
      genreCounts: new Map(facets.genreCounts.map(({ genre, count }) => [genre, count])),
      availableCount: facets.availableCount,
    };
  }

  return async (pathname, acceptLanguage) => {
    const locale = screenLocale(acceptLanguage);
    const w = words[locale];
    const [before, after] = spec.layout[locale];
    const inLayout = (page: string) => screen(`${before}${page}${after}`, locale);
    if (pathname === '/') return { key: `home.${locale}`, html: () => screen(spec.home[locale], locale) };
    if (/^\/all-books\/?$/.test(pathname)) {
      const revision = deps.revision();
      if (allBooks?.revision !== revision) allBooks = { revision, data: readAllBooks() };
      const current = allBooks;
      const data = await current.data.catch((error: unknown) => {
        if (allBooks === current) allBooks = null;
        throw error;
      });
      if (data.bookCount === 0 || data.nodes.length === 0) return null;
      return { key: `all-books.${locale}.${revision}`, html: () => inLayout(allBooksPage(data, spec, image, w)) };
    }
    const details = /^\/book-details\/([^/]+)\/?$/.exec(pathname);
    if (details) {
      let id: string;
      try {
        id = decodeURIComponent(details[1]!);
      } catch {
        return null;
      }
      const book = await catalog.get(id).catch(() => null);
      if (!book) return null;
      return {
        key: `book.${locale}.${book.id}.${book.version}`,
        html: () => inLayout(bookPage(book, spec, image, w)),
      };
    }
    return null;
  };
}
