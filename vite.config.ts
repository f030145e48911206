import { constants as zlibConstants } from 'node:zlib';
import { defaultClientConditions, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineWorkbox } from './scripts/lib/offline-workbox.ts';
import { firstScreenPreload } from './scripts/vite-first-screen-preload.ts';
import { graphqlDocuments } from './scripts/vite-graphql-documents.ts';
import { catalogueParts, messageCatalogues } from './scripts/vite-message-catalogues.ts';
import { earlyQueries } from './scripts/vite-early-queries.ts';
import { firstScreenWords } from './scripts/vite-first-screen-words.ts';
import { LIMITED_STOCK_MAX } from './client/components/ui/stock.ts';
import { DEFAULT_FILTERS, toBookFilter } from './client/features/catalog/catalog-filters.ts';
import { PAGE_SIZE } from './client/lib/page-size.ts';

const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000';

// react-router's package exports only its development build (with dev-only warnings, ~10 KB gzip more);
// production builds take the production one it ships beside it.
const routerDist = new URL('./node_modules/react-router/dist/production/', import.meta.url).pathname;
const productionRouter = [
  { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
];

// The routes' small shared helpers (dates, money, the policy, holds, who may edit, asking whether a write whose
// answer was lost happened, the nine genres Home's sections and Add Book both list) and the documents they send.
// Every page's footer loads this chunk after the first paint (its hours are written with lib/dates.ts).
const SHARED_HELPERS = [
  /\/shared\/genres\.ts$/,
  /\/client\/lib\/(dates|money|format-count|policy|holds|catalogue-access|use-can-edit-catalogue|uncertain-write)\.ts$/,
  /\/client\/components\/ui\/(policy-text|icons)\.tsx$/,
  /^\0graphql-document:(LibraryPolicyDocument|MyRoleDocument|HoldFieldsFragmentDoc|CancelHoldDocument|CheckMyLoansDocument)$/,
];

// Of those, what Home's first render needs (the hero's icons and policy sentence): a chunk of their own, so that
// a visitor of / does not download the rest (dates, money, holds, the uncertain write and its dialog).
const HOME_HELPERS = [
  /\/client\/lib\/policy\.ts$/,
  /\/client\/components\/ui\/icons\.tsx$/,
  /^\0graphql-document:LibraryPolicyDocument$/,
];

// The small pieces the lists of books share (stars, the cover, a genre's name, the spinner, dialogs, fragments),
// which Home's sections load after its first render: one chunk rather than six.
const LIST_PIECES = [
  /\/client\/components\/ui\/(stars|spinner|book-image)\.tsx$/,
  /\/client\/components\/ui\/dialogs\.ts$/,
  /\/client\/lib\/genre-names\.ts$/,
  /\/client\/gql\/fragment-masking\.ts$/,
];

// The SPA lives in client/; `npm run dev` serves it with a proxy to the gateway.
export default defineConfig(({ command }) => ({
  root: 'client',
  resolve: {
    alias: command === 'build' ? productionRouter : [],
    // rxjs (under Apollo Client) ships an ES2015 build beside its ES5 one: classes and spreads as the browsers the
    // SPA supports run them, without tslib's helpers down-levelling them (about 2 KB brotli less in the entry).
    conditions: command === 'build' ? [...defaultClientConditions, 'es2015'] : [...defaultClientConditions],
  },
  plugins: [
    ...graphqlDocuments(new URL('./client/gql/', import.meta.url).pathname),
    messageCatalogues(),
    catalogueParts(),
    react(),
    tailwindcss(),
    // Each file of 1 KB or more gets a .br (quality 11: paid once, at build) and a .gz beside it, which the
    // gateway sends as Accept-Encoding asks (@fastify/static's preCompressed); source maps are not sent to members.
    compression({
      algorithms: [['brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }], 'gzip'],
      threshold: 1024,
      exclude: [/\.map$/, /\.(?:png|jpe?g|webp|avif|woff2?)$/],
      skipIfLargerOrEqual: true,
    }),
    // A page's chunk is needed for its first screen: it downloads with the entry instead of after it runs.
    // Home's goes into index.html; the signed-in pages' into the page the gateway sends for their address only.
    firstScreenPreload([
      { module: /\/client\/features\/home\/home-page\.tsx$/, route: '/' },
      { module: /\/client\/features\/catalog\/all-books-page\.tsx$/, route: '/all-books' },
      { module: /\/client\/features\/book\/book-details-page\.tsx$/, route: '/book-details/:id' },
      { module: /\/client\/features\/circulation\/borrowed-books-page\.tsx$/, route: '/borrowed-books' },
      // My Borrowed Books' first screen has the footer in it (decision 088): the app's own comes in one go with it.
      { module: /\/client\/app\/footer\.tsx$/, route: '/borrowed-books' },
    ]),
    // A signed-in page's first query leaves with the page, not after React has rendered it; the page's own request
    // takes its answer (client/lib/early-answers.ts). Variables as the pages send them on a first visit.
    earlyQueries(
      new URL('./client/gql/', import.meta.url).pathname,
      [
        {
          route: '/all-books',
          document: 'AllBooksDocument',
          variables: async () => ({ filter: toBookFilter(DEFAULT_FILTERS), first: PAGE_SIZE }),
          covers: 2,
        },
        {
          route: '/book-details/:id',
          document: 'BookDetailsDocument',
          variables: async () => ({ id: 'id' }),
          covers: 1,
        },
        // The loans' covers are named bookImage and shown in due order, not the answer's: none preloaded.
        { route: '/borrowed-books', document: 'MyBorrowedBooksDocument', variables: async () => ({}), covers: 0 },
      ],
      ['/'],
    ),
    // Home's, All Books', a book's and My Borrowed Books' first screen are sent by the gateway as markup in their
    // page (decisions 061, 072, 088): Home, My Borrowed Books and the layout rendered here from the SPA's
    // components, the catalogue pages' words, in first-screen.json beside index.html. Eight cards: two rows of the
    // widest grid.
    firstScreenWords(new URL('./client/', import.meta.url).pathname, {
      pageSize: PAGE_SIZE,
      limitedStockMax: LIMITED_STOCK_MAX,
      cards: 8,
    }),
    // The service worker (production builds only: `npm run dev` has none), registered by a small script after
    // the page's load event, so it never competes with the first paint.
    VitePWA({
      injectRegister: 'script-defer',
      registerType: 'autoUpdate',
      manifest: false,
      workbox: offlineWorkbox,
    }),
  ],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the SPA supports preloads modules itself (Chrome 66, Firefox 115, Safari 17); the polyfill
    // only helped older ones fetch early, and cost every visitor of / about 0.3 KB gzip of the 150 KB budget.
    modulePreload: { polyfill: false },
    // The entry lists, for every lazy route, the chunks it preloads; each small shared helper of the routes
    // (dates, money, the policy, holds) as a chunk of its own would add its name to those lists, and so to
    // the entry. They travel together in one chunk instead. Only these modules: not what they import.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'home-helpers', test: (id) => HOME_HELPERS.some((re) => re.test(id)) },
            { name: 'list-pieces', test: (id) => LIST_PIECES.some((re) => re.test(id)) },
            {
              name: 'shared',
              test: (id) => SHARED_HELPERS.some((re) => re.test(id)) && !HOME_HELPERS.some((re) => re.test(id)),
            },
          ],
          includeDependenciesRecursively: false,
        },
      },
    },
  },
  // The dev server serves the SPA only (the sandbox is its own build, served by the gateway): scanning
  // sandbox.html too made the dependency optimizer fail on GraphiQL's `?worker` imports and stop `npm run dev`.
  optimizeDeps: { entries: ['index.html'] },
  server: {
    proxy: {
      '/graphql': gateway,
      '/api': gateway,
      '/config.json': gateway,
      '/assets/library': gateway,
      '/healthz': gateway,
    },
  },
}));
