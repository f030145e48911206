import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { FullScreenLoading } from '../components/ui/full-screen-loading.tsx';
import { useAuth } from '../lib/auth.tsx';
import { Header } from './header.tsx';

// The footer is below the fold on every page: it loads after the first paint, keeping the entry small.
const Footer = lazy(() => import('./footer.tsx').then((module) => ({ default: module.Footer })));

export function RootLayout() {
  const { initializing, loading } = useAuth();
  // Only the first auth check replaces the layout; a sign-in in progress keeps the form on screen.
  if (initializing ?? loading) return <FullScreenLoading />;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Suspense fallback={<footer className="min-h-64 bg-slate-900" aria-hidden="true" />}>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
