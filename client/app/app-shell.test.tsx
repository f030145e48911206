import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, FakeAuthProvider, TEST_USER } from '../lib/auth-test-utils.tsx';
import type { AuthContextValue } from '../lib/auth.tsx';
import { getToken, setToken } from '../lib/token-storage.ts';
import { HEADER_ACCESS_QUERY } from './access-query.ts';
import { policyMock } from '../lib/policy-test-utils.ts';
import { createCache } from '../lib/apollo.ts';
import { footerCalendarAnswer, footerCalendarMock } from './footer-test-utils.ts';
import { routes } from './router.tsx';
import { UNREAD_NOTICE_COUNT_QUERY } from '../features/notices/notice-bell.tsx';
import { stubDialogs } from '../test/dialogs.ts';

const dialogs = stubDialogs();

/** The header's question about the signed-in viewer: their role and who may edit the catalogue. */
const accessMock = (role = 'member', catalogueEditors = 'MEMBERS'): MockLink.MockedResponse => ({
  request: { query: HEADER_ACCESS_QUERY },
  result: {
    data: {
      me: { __typename: 'User', id: 'u1', role, locale: 'en' },
      policy: { __typename: 'Policy', catalogueEditors },
    },
  },
});

/** The bell's question, asked once the header's access chunk has loaded. */
const unreadMock = (unreadNoticeCount = 0): MockLink.MockedResponse => ({
  request: { query: UNREAD_NOTICE_COUNT_QUERY },
  result: { data: { me: { __typename: 'User', id: 'u1', unreadNoticeCount } } },
});

function renderApp(
  path: string,
  auth: AuthContextValue,
  mocks: MockLink.MockedResponse[] = [accessMock()],
  // The app's own cache: the policy is one object that the header's, the footer's and the pages' answers share.
  cache = createCache(),
  link?: ApolloLink,
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <MockedProvider mocks={[...mocks, policyMock(), unreadMock(), footerCalendarMock()]} cache={cache} link={link}>
      <FakeAuthProvider value={auth}>
        <RouterProvider router={router} />
      </FakeAuthProvider>
    </MockedProvider>,
  );
  return router;
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('app shell', () => {
  beforeEach(() => {
    // ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
    window.scrollTo = () => {};
  });

  it('shows the full-screen Loading... while auth starts', () => {
    renderApp('/about', fakeAuth({ initializing: true, loading: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('redirects a guarded route to /login with the requested location, and removes a stale token', async () => {
    setToken('stale');
    const router = renderApp('/borrowed-books?tab=returned', fakeAuth({ user: TEST_USER, signedIn: false }));
    expect(await screen.findByRole('heading', { name: 'Login', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/borrowed-books', search: '?tab=returned' },
    });
    await waitFor(() => expect(getToken()).toBeNull());
  });

  it('shows Login and Register when signed out and the member links only when signed in', async () => {
    renderApp('/about', fakeAuth());
    await screen.findByRole('heading', { name: 'About BookHaven' });
    expect(within(mainNav()).queryByRole('link', { name: 'All Books' })).toBeNull();
    expect(within(mainNav()).queryByRole('link', { name: 'Add Book' })).toBeNull();
    expect(within(mainNav()).queryByRole('link', { name: 'Borrowed Books' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Register' }).length).toBeGreaterThan(0);
    // The title is set in an effect, which can run after the content it belongs to is on screen.
    await waitFor(() => expect(document.title).toBe('About Us | BookHaven'));
  });

  it('shows the avatar with the display name, or "User" and the default avatar', async () => {
    renderApp('/about', fakeAuth({ user: { ...TEST_USER, displayName: null, photoURL: null }, signedIn: true }));
    await screen.findByRole('heading', { name: 'About BookHaven' });
    // Add Book waits for the policy (every member may edit the catalogue here); the Desk is for staff only.
    expect(await within(mainNav()).findByRole('link', { name: 'Add Book' })).toBeInTheDocument();
    for (const name of ['All Books', 'Borrowed Books'])
      expect(within(mainNav()).getByRole('link', { name })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Desk' })).toBeNull();
    const avatar = screen.getAllByRole('img', { name: 'User' })[0]!;
    expect(avatar.getAttribute('src')).toBe('/images/default-avatar.svg');
    expect(screen.getAllByRole('tooltip', { hidden: true })[0]!.textContent).toBe('User');
  });

  it('hides Add Book from members once the policy says only staff edit the catalogue', async () => {
    // The browser still holds the earlier answer (members may edit); the gateway's answer, held until the
    // cached one is on screen, says STAFF.
    const cache = createCache();
    const answer = (editors: string) =>
      (accessMock('member', editors).result as { data: Record<string, unknown> }).data;
    cache.writeQuery({ query: HEADER_ACCESS_QUERY, data: answer('MEMBERS') as never });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const gateway = new ApolloLink(
      (operation) =>
        new Observable((observer) => {
          void held.then(() => {
            const bell = operation.operationName === 'UnreadNoticeCount';
            const policy = operation.operationName === 'LibraryPolicy';
            const data = bell ? unreadMock().result : policy ? policyMock({ catalogueEditors: 'STAFF' }).result : null;
            const footer = operation.operationName === 'FooterCalendar' ? footerCalendarAnswer() : null;
            observer.next({ data: footer ?? (data ? (data as { data: object }).data : answer('STAFF')) });
            observer.complete();
          });
        }),
    );
    renderApp('/about', fakeAuth({ user: TEST_USER, signedIn: true }), [], cache, gateway);
    await screen.findByRole('heading', { name: 'About BookHaven' });
    expect(await within(mainNav()).findByRole('link', { name: 'Add Book' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(mainNav()).queryByRole('link', { name: 'Add Book' })).toBeNull());
    expect(within(mainNav()).getByRole('link', { name: 'All Books' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Desk' })).toBeNull();
  });

  it('shows staff the Desk link and Add Book, in both menus', async () => {
    renderApp('/about', fakeAuth({ user: TEST_USER, signedIn: true }), [accessMock('admin', 'STAFF')]);
    await screen.findByRole('heading', { name: 'About BookHaven' });
    const desk = await within(mainNav()).findByRole('link', { name: 'Desk' });
    expect(desk.getAttribute('href')).toBe('/desk');
    expect(within(mainNav()).getByRole('link', { name: 'Add Book' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Desk' })).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'Add Book' })).toBeInTheDocument();
  });

  it('decides who may edit as the pages do when the lookup fails: Add Book stays, the staff-only Desk does not', async () => {
    const down: MockLink.MockedResponse = { request: { query: HEADER_ACCESS_QUERY }, error: new Error('down') };
    renderApp('/about', fakeAuth({ user: TEST_USER, signedIn: true }), [down]);
    await screen.findByRole('heading', { name: 'About BookHaven' });
    expect(await within(mainNav()).findByRole('link', { name: 'Add Book' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Desk' })).toBeNull();
  });

  it('logs out after confirmation, shows the 1500 ms notice and goes to /', async () => {
    const logOut = vi.fn(() => Promise.resolve());
    const router = renderApp('/about', fakeAuth({ user: TEST_USER, signedIn: true, logOut }));
    await screen.findByRole('heading', { name: 'About BookHaven' });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    expect(dialogs.confirmAction).toHaveBeenCalledWith({
      title: 'Are you sure?',
      text: 'You will be logged out of your account',
      confirmText: 'Yes, log out',
      cancelText: 'Cancel',
      icon: 'warning',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(logOut).toHaveBeenCalled();
    expect(dialogs.showSuccess).toHaveBeenCalledWith('Logged Out', 'You have been successfully logged out', {
      timer: 1500,
    });
  });

  it('reports a failed logout', async () => {
    renderApp(
      '/about',
      fakeAuth({ user: TEST_USER, signedIn: true, logOut: () => Promise.reject(new Error('offline')) }),
    );
    await screen.findByRole('heading', { name: 'About BookHaven' });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Logout' })[0]!);
    await waitFor(() =>
      expect(dialogs.showError).toHaveBeenCalledWith('Error', 'Failed to log out. Please try again.'),
    );
  });

  it('collapses the menu behind a toggle', async () => {
    renderApp('/about', fakeAuth());
    await screen.findByRole('heading', { name: 'About BookHaven' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Contact' }),
    ).toBeInTheDocument();
  });

  it('closes the open menu on Escape and gives the focus back to its button', async () => {
    renderApp('/about', fakeAuth());
    await screen.findByRole('heading', { name: 'About BookHaven' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.tab();
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes the phone menu after choosing My account', async () => {
    const router = renderApp('/about', fakeAuth({ user: TEST_USER, signedIn: true }));
    await screen.findByRole('heading', { name: 'About BookHaven' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    await user.click(within(menu).getByRole('link', { name: 'My account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the phone menu after logging out', async () => {
    const logOut = vi.fn(() => Promise.resolve());
    renderApp('/about', fakeAuth({ user: TEST_USER, signedIn: true, logOut }));
    await screen.findByRole('heading', { name: 'About BookHaven' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    await user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(logOut).toHaveBeenCalled());
    expect(document.getElementById('mobile-menu')).toBeNull();
  });

  it('shows the not-found page for unknown paths, with its four links', async () => {
    renderApp('/no/such/page', fakeAuth());
    expect(await screen.findByRole('heading', { name: 'Oops! Page Not Found' })).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Helpful links' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/', '/all-books', '/contact', '/login']);
  });

  it('renders the footer columns and the legal pages with today as Last Updated', async () => {
    renderApp('/legal/terms-conditions', fakeAuth());
    expect(await screen.findByRole('heading', { name: 'Terms & Conditions', level: 1 })).toBeInTheDocument();
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format();
    expect(screen.getByText(`Last Updated: ${today}`)).toBeInTheDocument();
    expect(await screen.findByText(/A late fee of 20 taka per day/)).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Quick Links', 'Useful Links'])
      expect(within(footer).getByRole('heading', { name })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/legal/privacy-policy',
    );
    expect(within(footer).getByText('Saturday to Thursday: 10am to 8pm')).toBeInTheDocument();
  });
});
