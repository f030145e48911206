import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { FullScreenLoading } from '../components/ui/full-screen-loading.tsx';
import { ProgressBar } from '../components/ui/busy-region.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useI18n } from '../lib/i18n.ts';
import { useLanguage } from '../lib/language.tsx';
import { Header } from './header.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import type { Footer as FooterComponent } from './footer.tsx';

// The footer is below the fold on every page: it loads after the first paint, keeping the entry small.
type FooterModule = { default: typeof FooterComponent };
let footerLoaded: FooterModule | null = null;
const loadFooter = () => import('./footer.tsx').then((module) => (footerLoaded = { default: module.Footer }));
// A first screen with the footer in it (My Borrowed Books', decision 088; its page preloads the footer's code)
// gives way to the app's first frame: the footer is asked for now, and once here `lazy` takes it at once (a
// thenable that answers as it is called), so that frame has the footer and not its empty stand-in.
if (typeof document !== 'undefined' && document.querySelector('#first-screen footer:not([aria-hidden])'))
  void loadFooter();
const Footer = lazy(() => {
  const loaded = footerLoaded;
  return loaded ? ({ then: (take: (module: FooterModule) => void) => take(loaded) } as never) : loadFooter();
});

export function RootLayout() {
  const { initializing, loading } = useAuth();
  const { formatMessage: t } = useI18n();
  // Pages whose words are not read through the catalogue's context yet (dates and money are written in the
  // language in use) are drawn afresh when it changes.
  const { locale } = useLanguage();
  // A link to a page whose code is not loaded yet keeps the old page until it arrives: say that it is coming.
  const navigating = useNavigation().state !== 'idle';
  // Only the first auth check replaces the layout; a sign-in in progress keeps the form on screen.
  if (initializing ?? loading) return <FullScreenLoading />;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t({ id: 'layout.skipToContent' })}
      </a>
      <Header />
      <OfflineBanner />
      <div className="fixed inset-x-0 top-0 z-50">
        {navigating && <ProgressBar label={t({ id: 'layout.loadingPage' })} />}
      </div>
      <main id="main" className="flex-1" aria-busy={navigating}>
        <Outlet key={locale} />
      </main>
      <Suspense fallback={<footer className="min-h-64 bg-slate-900" aria-hidden="true" />}>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
