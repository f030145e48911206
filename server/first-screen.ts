// The first screen of Home, of All Books, of a book's page and of My Borrowed Books as plain markup, sent with the
// SPA's page so that its largest paint (Home's hero, the first cover, the footer's sentence) does not wait for the
// entry's download, its run and React's first render (decisions 061, 088). Only public words and catalogue data,
// never anything of a member. The page shows it only when the early script (scripts/vite-early-queries.ts) has set
// data-first-screen on <html> to the language it is drawn in: on Home for every visitor, on the other pages only
// with a stored session (a signed-out visitor is sent to sign in by the SPA as before and never sees theirs). It
// stands after #root and gives way once the app has drawn its page there (see screen()). Home, My Borrowed Books
// and the layout around every page are the SPA's own components, rendered at build (client/app/first-screen.tsx,
// decision 072); the catalogue pages are drawn into that layout by first-screen-pages.ts. The rendered markup and
// the words come from first-screen.json, which the build writes beside index.html
// (scripts/vite-first-screen-words.ts): the gateway's image has no client/ folder and no React.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import IntlMessageFormat from 'intl-messageformat';
import type { Catalog } from './library/catalog.ts';
import { GENRE_WORD_IDS } from '../shared/genres.ts';
import { allBooksPage, bookPage, type AllBooksData, type Say, type Words } from './first-screen-pages.ts';

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
  /** My Borrowed Books' first screen as the SPA's components render it, per language (nothing of the member). */
  borrowedBooks: Record<ScreenLocale, string>;
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
  ...GENRE_WORD_IDS,
];

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

const INTL_LOCALE: Record<ScreenLocale, string> = { en: 'en-GB', bn: 'bn-BD' };

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
  return { say, number: (value) => numbers.format(value) };
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

export function readFirstScreenSpec(clientDir: string): FirstScreenSpec | null {
  const file = path.join(clientDir, FIRST_SCREEN_FILE);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as FirstScreenSpec;
}

/**
 * The first screens for the SPA's pages: Home as the build rendered it, the others from `catalog` (the reads a
 * page's first query makes) drawn into the rendered layout. All Books is read once per store revision (every
 * write moves it) and drawn once per language; a book's page is read each time (one read by id); the key says
 * what is drawn, so the page cache draws each once.
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
    // The same for every member: the page's request carries no session, and the loans come with the app.
    if (/^\/borrowed-books\/?$/.test(pathname))
      return { key: `borrowed-books.${locale}`, html: () => screen(spec.borrowedBooks[locale], locale) };
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
