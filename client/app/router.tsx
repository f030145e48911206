import { createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { FullScreenLoading } from '../components/ui/full-screen-loading.tsx';
import { ErrorPage } from './error-page.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { guarded, page, withWords } from './lazy-page.tsx';
import { RootLayout } from './root-layout.tsx';

/** A page that fails (it threw, or its data did) is shown in its place, inside the layout. */
function insideTheLayout(pages: RouteObject[]): RouteObject[] {
  return pages.map((route) => ({ ...route, errorElement: <RouteErrorPage /> }));
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <FullScreenLoading />,
    children: insideTheLayout([
      { index: true, lazy: page(() => import('../features/home/home-page.tsx')) },
      { path: 'about', lazy: page(withWords('pages', () => import('../features/static/about-page.tsx'))) },
      { path: 'contact', lazy: page(() => import('../features/static/contact-page.tsx')) },
      { path: 'login', lazy: page(() => import('../features/accounts/login-page.tsx')) },
      { path: 'register', lazy: page(() => import('../features/accounts/register-page.tsx')) },
      {
        path: 'legal/privacy-policy',
        lazy: page(withWords('pages', () => import('../features/static/privacy-policy-page.tsx'))),
      },
      {
        path: 'legal/terms-conditions',
        lazy: page(withWords('pages', () => import('../features/static/terms-conditions-page.tsx'))),
      },
      { path: 'category/:category', lazy: page(() => import('../features/catalog/category-page.tsx')) },
      { path: 'all-books', lazy: guarded(() => import('../features/catalog/all-books-page.tsx')) },
      { path: 'book-details/:id', lazy: guarded(() => import('../features/book/book-details-page.tsx')) },
      { path: 'add-book', lazy: guarded(() => import('../features/book/add-book-page.tsx')) },
      { path: 'update-book/:id', lazy: guarded(() => import('../features/book/update-book-page.tsx')) },
      { path: 'all-users', lazy: guarded(() => import('../features/users/all-users-page.tsx')) },
      { path: 'borrowed-books', lazy: guarded(() => import('../features/circulation/borrowed-books-page.tsx')) },
      { path: 'my-account', lazy: guarded(() => import('../features/accounts/my-account-page.tsx')) },
      {
        path: 'my-account/reading-history',
        lazy: guarded(() => import('../features/accounts/reading-history-page.tsx')),
      },
      // Signed-in only here; the page itself tells members apart from staff (and the gateway refuses them).
      { path: 'desk', lazy: guarded(withWords('desk', () => import('../features/desk/desk-page.tsx'))) },
      {
        path: 'desk/calendar',
        lazy: guarded(withWords('desk', () => import('../features/desk/calendar/desk-calendar-page.tsx'))),
      },
      {
        path: 'desk/cash-up',
        lazy: guarded(withWords('desk', () => import('../features/desk/money/cash-up-page.tsx'))),
      },
      {
        path: 'desk/books/:id',
        lazy: guarded(withWords('desk', () => import('../features/desk/items/desk-book-page.tsx'))),
      },
      {
        path: 'desk/hold-shelf',
        lazy: guarded(withWords('desk', () => import('../features/desk/holds/hold-shelf-page.tsx'))),
      },
      {
        path: 'desk/reports',
        lazy: guarded(withWords('desk', () => import('../features/desk/reports/reports-page.tsx'))),
      },
      {
        path: 'desk/suggestions',
        lazy: guarded(withWords('desk', () => import('../features/desk/suggestions/suggestions-page.tsx'))),
      },
      { path: 'suggest', lazy: guarded(() => import('../features/suggestions/suggest-page.tsx')) },
      { path: '*', lazy: page(() => import('../features/static/not-found-page.tsx')) },
    ]),
  },
];

export const router = createBrowserRouter(routes);
