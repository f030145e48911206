import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page.tsx';
import { page as reloading, pageCodeLoaded } from './new-version.ts';
import { page } from './lazy-page.tsx';
import { routes } from './router.tsx';

const NETWORK = 'We could not reach the library. Check your connection and try again.';
/** Where new-version.ts keeps the address it reloaded for. */
const RELOADED_FOR = 'bookhaven:reloaded-for';
const chunkFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/desk-page-1a2b3c.js');

/** The app's shape: a layout (here a link and an outlet) and the page below it, whose code fails to load. */
function renderFailingPage(error: Error, start = '/desk') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <Link to="/desk">Desk</Link>
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>Home</p> },
          { path: 'desk', errorElement: <RouteErrorPage />, lazy: page(() => Promise.reject(error)) },
          {
            path: 'broken',
            errorElement: <RouteErrorPage />,
            lazy: async () => ({
              loader: () => Promise.reject(error),
              Component: () => null,
            }),
          },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  return render(<RouterProvider router={router} />);
}

describe('a page that fails', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.spyOn(reloading, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    reload.mockRestore();
    vi.restoreAllMocks();
  });

  it('whose code did not load says so plainly in the layout, reloads once for a new version, and not again', async () => {
    // Test files share this thread: another file's page whose code arrives late marks its own load, which would
    // clear the guard mid-test. No page loads in this test, so nothing here may clear it.
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => undefined);
    const first = renderFailingPage(chunkFailure(), '/');
    await userEvent.click(screen.getByRole('link', { name: 'Desk' }));
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe(NETWORK);
    expect(document.body.textContent).not.toMatch(/dynamically imported module/);
    expect(screen.getByRole('link', { name: 'Desk' })).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOADED_FOR)).not.toBeNull();
    first.unmount();

    // The reloaded page's code failed too: the member gets the page and its button, not a reload loop.
    renderFailingPage(chunkFailure());
    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads again after a page has loaded since', async () => {
    const first = renderFailingPage(chunkFailure());
    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    first.unmount();
    pageCodeLoaded();
    renderFailingPage(chunkFailure());
    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('does not reload while offline: nothing new could be fetched', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderFailingPage(chunkFailure());
    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    expect(screen.getByRole('alert').textContent).toBe(NETWORK);
    expect(reload).not.toHaveBeenCalled();
  });

  it('that failed for want of a network shows the sentence, not "Failed to fetch"', async () => {
    renderFailingPage(new TypeError('Failed to fetch'), '/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe(NETWORK);
    expect(reload).not.toHaveBeenCalled();
  });

  it('is shown inside the layout for every page of the app', () => {
    const pages = routes[0]?.children ?? [];
    expect(pages.length).toBeGreaterThan(10);
    for (const route of pages) expect(route.errorElement, route.path ?? 'index').toBeTruthy();
  });
});
