// The first screens the gateway sends with a page, before the app has run (decisions 061, 064, 072), rendered by
// React's server renderer from the SPA's own components: the layout (root-layout.tsx, header.tsx) as a visitor
// gets it before the app knows anyone, with Home's page in it down to its welcome (home-page.tsx: its heading,
// the hero and the welcome; what follows waits for the app), with My Borrowed Books as the app first draws it
// (borrowed-books-page.tsx while its loans are asked for: nothing of the member) above the footer itself
// (footer.tsx, which the app loads after its first paint), or with a slot where the gateway puts a catalogue
// page. Run at build (scripts/vite-first-screen-words.ts), which writes the markup into first-screen.json for the
// gateway, and by tests; never part of the SPA's bundle.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createIntl, RawIntlProvider } from 'react-intl';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import english from '../messages/en.json' with { type: 'json' };
import bangla from '../messages/bn.json' with { type: 'json' };
import { AuthContext, type AuthContextValue } from '../lib/auth.tsx';
import { LanguageContext } from '../lib/language.tsx';
import { INTL_LOCALE, LOCALES, type Locale } from '../lib/locale.ts';
import HomePage from '../features/home/home-page.tsx';
import BorrowedBooksPage from '../features/circulation/borrowed-books-page.tsx';
import { RootLayout } from './root-layout.tsx';
import { Footer } from './footer.tsx';

/** Where the gateway puts a catalogue page in the layout's <main>. */
const PAGE_SLOT = '<template data-first-screen-page=""></template>';

const CATALOGUES: Record<Locale, Record<string, string>> = { en: english, bn: bangla };

const nothing = () => Promise.resolve();

/** Nobody signed in, nothing loading: the app's state once it knows there is no session. */
const VISITOR: AuthContextValue = {
  user: null,
  loading: false,
  initializing: false,
  signedIn: false,
  signIn: nothing,
  signUp: nothing,
  signInWithGoogle: nothing,
  signInWithGitHub: nothing,
  sendPasswordReset: nothing,
  logOut: nothing,
  signedOutHere: () => false,
  prepareSignIn: () => undefined,
};

/** The app's providers around `page` at `/`, as its first render has them: no answer from the gateway yet. */
function render(locale: Locale, page: ReactNode, layout = true): string {
  const intl = createIntl({ locale: INTL_LOCALE[locale], defaultLocale: 'en-GB', messages: CATALOGUES[locale] });
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty(), ssrMode: true });
  const router = createMemoryRouter([
    layout
      ? { path: '/', element: <RootLayout />, children: [{ index: true, element: page }] }
      : { path: '/', element: page },
  ]);
  return renderToStaticMarkup(
    <ApolloProvider client={client}>
      <RawIntlProvider value={intl}>
        <LanguageContext.Provider value={{ locale, choose: nothing }}>
          <AuthContext.Provider value={VISITOR}>
            <RouterProvider router={router} />
          </AuthContext.Provider>
        </LanguageContext.Provider>
      </RawIntlProvider>
    </ApolloProvider>,
  );
}

function PageSlot() {
  return <template data-first-screen-page="" />;
}

export interface RenderedScreens {
  /** Home's first screen, per language. */
  home: Record<Locale, string>;
  /** My Borrowed Books' first screen, per language. */
  borrowedBooks: Record<Locale, string>;
  /** The layout with `slot` in its <main>, per language. */
  layout: Record<Locale, string>;
  /** Where a catalogue page goes. */
  slot: string;
}

/** Home's page as far as its welcome: the first screen (the sections after it wait for the app). */
function aboveTheFold(home: string): string {
  const welcome = home.indexOf('<section aria-labelledby="welcome-heading"');
  const end = home.indexOf('</section>', welcome) + '</section>'.length;
  const main = home.indexOf('</main>');
  if (welcome < 0 || main < end) throw new Error("first screen: no welcome in Home's page");
  return home.slice(0, end) + home.slice(main);
}

/** The layout's footer: its stand-in until its code has loaded (root-layout.tsx), or itself once loaded. */
const FOOTER = /<footer\b[^>]*>[\s\S]*?<\/footer>/g;

/**
 * The layout with the footer itself in place of its stand-in: on a short page the footer's sentence is the
 * largest thing on a phone's screen, so a first screen without it would leave the largest paint to the app.
 */
function withFooter(html: string, locale: Locale): string {
  if (html.match(FOOTER)?.length !== 1) throw new Error('first screen: no single footer in the layout');
  return html.replace(FOOTER, () => render(locale, <Footer />, false));
}

export function renderFirstScreens(): RenderedScreens {
  const each = (page: ReactNode, cut: (html: string, locale: Locale) => string = (html) => html) =>
    Object.fromEntries(LOCALES.map((locale) => [locale, cut(render(locale, page), locale)])) as Record<Locale, string>;
  return {
    home: each(<HomePage />, aboveTheFold),
    borrowedBooks: each(<BorrowedBooksPage />, withFooter),
    layout: each(<PageSlot />),
    slot: PAGE_SLOT,
  };
}
