import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, FakeAuthProvider, TEST_USER } from '../../lib/auth-test-utils.tsx';
import type { AuthContextValue } from '../../lib/auth.tsx';
import LoginPage from './login-page.tsx';
import { stubDialogs } from '../../test/dialogs.ts';

const dialogs = stubDialogs();

function renderLogin(auth: AuthContextValue, from?: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/borrowed-books', element: <h1>Borrowed page</h1> },
    ],
    {
      initialEntries: [{ pathname: '/login', state: from ? { from: { pathname: from, search: '', hash: '' } } : null }],
    },
  );
  render(
    <FakeAuthProvider value={auth}>
      <RouterProvider router={router} />
    </FakeAuthProvider>,
  );
  return router;
}

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('LoginPage', () => {
  it('signs in, shows "Login Successful" for 2000 ms and returns to the page the user came from', async () => {
    let finish: () => void = () => {};
    const signIn = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderLogin(fakeAuth({ signIn }), '/borrowed-books');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' reader@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(signIn).toHaveBeenCalledWith('reader@example.com', 'Secret1');
    const busy = screen.getByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    finish();
    expect(await screen.findByRole('heading', { name: 'Borrowed page' })).toBeTruthy();
    expect(dialogs.showSuccess).toHaveBeenCalledWith('Login Successful', expect.any(String), { timer: 2000 });
  });

  it('goes to / after success when there is no origin page', async () => {
    renderLogin(fakeAuth());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'reader@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it.each([
    ['auth/invalid-credential', 'Invalid email or password. Please try again.'],
    ['auth/user-not-found', 'No user found with this email. Please register first.'],
    ['auth/wrong-password', 'Wrong password. Please try again.'],
    ['auth/too-many-requests', 'Too many failed login attempts. Please try again later.'],
    ['auth/internal-error', 'Login failed. Please check your credentials.'],
  ])('shows the message for %s inline and in a "Login Failed" alert', async (code, message) => {
    renderLogin(fakeAuth({ signIn: () => Promise.reject(firebaseError(code)) }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'reader@example.com');
    await user.type(screen.getByLabelText('Password'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(dialogs.showError).toHaveBeenCalledWith('Login Failed', message);
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reports Google and GitHub failures with their own texts', async () => {
    renderLogin(
      fakeAuth({
        signInWithGoogle: () => Promise.reject(firebaseError('auth/popup-closed-by-user')),
        signInWithGitHub: () => Promise.reject(firebaseError('auth/account-exists-with-different-credential')),
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Google' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Google login failed. Please try again.');
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('GitHub login failed. Please try again.'));
  });

  it('sends an already signed-in user to /', async () => {
    renderLogin(fakeAuth({ user: TEST_USER, signedIn: true }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
  });

  it('has a Forgot password? button that does nothing and a link to /register', async () => {
    const router = renderLogin(fakeAuth());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    // The title is set in an effect, which can run after the content it belongs to is on screen.
    await waitFor(() => expect(document.title).toBe('Login | BookHaven'));
  });
});
