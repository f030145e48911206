import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeAuth, FakeAuthProvider } from '../lib/auth-test-utils.tsx';
import { RootLayout } from './root-layout.tsx';
import { footerCalendarMock } from './footer-test-utils.ts';

describe('moving to a page whose code is on its way', () => {
  beforeEach(() => {
    window.scrollTo = () => {};
  });

  it('keeps the old page under a progress bar, the main region aria-busy, until the new one arrives', async () => {
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: RootLayout,
          children: [
            { index: true, element: <Link to="/details">Book details</Link> },
            {
              path: 'details',
              lazy: async () => {
                await code;
                return { Component: () => <h1>The details</h1> };
              },
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <MockedProvider mocks={[footerCalendarMock()]}>
        <FakeAuthProvider value={fakeAuth()}>
          <RouterProvider router={router} />
        </FakeAuthProvider>
      </MockedProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.click(await screen.findByRole('link', { name: 'Book details' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading page...' })).toBeInTheDocument();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
    arrive();
    expect(await screen.findByRole('heading', { name: 'The details' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('false');
  });
});
