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
      { path: '/register', element: <h1>Register page</h1> },
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
    expect(await screen.findByRole('heading', { name: 'Borrowed page' })).toBeInTheDocument();
    expect(dialogs.showSuccess).toHaveBeenCalledWith('Login Successful', expect.any(String), { timer: 2000 });
  });

  it('goes to / after success when there is no origin page', async () => {
    renderLogin(fakeAuth());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'reader@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
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

  it('reports Google and GitHub failures with their own texts, and a closed or blocked popup in words', async () => {
    const failures = [
      firebaseError('auth/internal-error'),
      firebaseError('auth/popup-closed-by-user'),
      firebaseError('auth/popup-blocked'),
    ];
    renderLogin(
      fakeAuth({
        signInWithGoogle: () => Promise.reject(failures.shift()),
        signInWithGitHub: () => Promise.reject(firebaseError('auth/internal-error')),
      }),
    );
    const user = userEvent.setup();
    const alertText = () => screen.getByRole('alert').textContent;
    await user.click(screen.getByRole('button', { name: 'Google' }));
    await waitFor(() => expect(alertText()).toBe('Google login failed. Please try again.'));
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    await waitFor(() => expect(alertText()).toBe('GitHub login failed. Please try again.'));
    await user.click(screen.getByRole('button', { name: 'Google' }));
    await waitFor(() =>
      expect(alertText()).toBe('The sign-in window was closed before you finished. Please try again.'),
    );
    await user.click(screen.getByRole('button', { name: 'Google' }));
    await waitFor(() =>
      expect(alertText()).toBe('Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.'),
    );
  });

  it('says a network failure in words, not as a credentials problem', async () => {
    renderLogin(fakeAuth({ signIn: () => Promise.reject(firebaseError('auth/network-request-failed')) }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'reader@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "We couldn't reach the sign-in service. Check your internet connection and try again.",
    );
  });

  it('sends an already signed-in user to /', async () => {
    renderLogin(fakeAuth({ user: TEST_USER, signedIn: true }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it.each([
    ['an account', () => Promise.resolve()],
    ['no account', () => Promise.reject(firebaseError('auth/user-not-found'))],
  ])('sends a reset link for the e-mail typed and says the same words for %s', async (_case, outcome) => {
    const sendPasswordReset = vi.fn(outcome);
    const router = renderLogin(fakeAuth({ sendPasswordReset }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' someone@example.com ');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(sendPasswordReset).toHaveBeenCalledWith('someone@example.com');
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account exists for this e-mail, a reset link is on its way.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks for the e-mail first, and says why a reset could not be sent', async () => {
    const sendPasswordReset = vi.fn(() => Promise.reject(firebaseError('auth/network-request-failed')));
    renderLogin(fakeAuth({ sendPasswordReset }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter your e-mail address above, then choose “Forgot password?” again.',
    );
    expect(sendPasswordReset).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "We couldn't reach the sign-in service. Check your internet connection and try again.",
      ),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('links to /register, passing on the page the visitor came from', async () => {
    const router = renderLogin(fakeAuth(), '/borrowed-books');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    // The title is set in an effect, which can run after the content it belongs to is on screen.
    await waitFor(() => expect(document.title).toBe('Login | BookHaven'));
    await userEvent.setup().click(screen.getByRole('link', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Register page' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/borrowed-books', search: '', hash: '' } });
  });
});
