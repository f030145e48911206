import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { FullScreenLoading } from '../components/ui/full-screen-loading.tsx';
import { ProgressBar } from '../components/ui/busy-region.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useI18n } from '../lib/i18n.ts';
import { useLanguage } from '../lib/language.tsx';
import { Header } from './header.tsx';
import { OfflineBanner } from './offline-banner.tsx';

// The footer is below the fold on every page: it loads after the first paint, keeping the entry small.
const Footer = lazy(() => import('./footer.tsx').then((module) => ({ default: module.Footer })));

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
