import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { fakeAuth, FakeAuthProvider } from '../../lib/auth-test-utils.tsx';
import type { AuthContextValue } from '../../lib/auth.tsx';
import RegisterPage from './register-page.tsx';
import { stubDialogs } from '../../test/dialogs.ts';
import { SET_MY_PHONE_MUTATION } from './set-my-phone.ts';

const dialogs = stubDialogs();

function renderRegister(auth: AuthContextValue, from?: string, mocks: MockLink.MockedResponse[] = []) {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/book-details/:id', element: <h1>Book page</h1> },
    ],
    {
      initialEntries: [
        { pathname: '/register', state: from ? { from: { pathname: from, search: '', hash: '' } } : null },
      ],
    },
  );
  render(
    <MockedProvider mocks={mocks}>
      <FakeAuthProvider value={auth}>
        <RouterProvider router={router} />
      </FakeAuthProvider>
    </MockedProvider>,
  );
  return router;
}

const submit = () => screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement;

describe('RegisterPage', () => {
  it('checks the password on each change and blocks submit while a rule is broken', async () => {
    renderRegister(fakeAuth());
    const user = userEvent.setup();
    expect(
      screen.getByText('Password must contain at least 6 characters, including an uppercase and lowercase letter.'),
    ).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(submit().disabled).toBe(true);
    await user.type(password, 'def');
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'ABCDEF');
    expect(screen.getByText('Password must contain at least one lowercase letter')).toBeInTheDocument();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await user.type(password, 'g');
    expect(screen.queryByText(/Password must (be|contain at least one)/)).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('alerts "Password Error" when the form is submitted with a bad password', () => {
    const signUp = vi.fn(() => Promise.resolve());
    renderRegister(fakeAuth({ signUp }));
    fireEvent.submit(submit().closest('form')!);
    expect(dialogs.showError).toHaveBeenCalledWith('Password Error', 'Password must be at least 6 characters long');
    expect(signUp).not.toHaveBeenCalled();
  });

  it('creates the account, shows "Creating Account...", alerts success for 2000 ms and goes to /', async () => {
    let finish: () => void = () => {};
    const signUp = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderRegister(fakeAuth({ signUp }));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Photo URL'), 'https://example.com/ada.png');
    await user.type(screen.getByLabelText('Password'), 'Engine1');
    await user.click(submit());

    expect(signUp).toHaveBeenCalledWith('Ada Lovelace', 'ada@example.com', 'Engine1', 'https://example.com/ada.png');
    expect((screen.getByRole('button', { name: 'Creating Account...' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(dialogs.showSuccess).toHaveBeenCalledWith('Registration Successful', expect.any(String), { timer: 2000 });
  });

  it('returns to the page the visitor came from', async () => {
    renderRegister(fakeAuth(), '/book-details/b1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Engine1');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Book page' })).toBeInTheDocument();
  });

  it('says an e-mail already in use in words, with a link to Login that keeps the origin', async () => {
    const raw = 'Firebase: Error (auth/email-already-in-use).';
    const router = renderRegister(
      fakeAuth({ signUp: () => Promise.reject(Object.assign(new Error(raw), { code: 'auth/email-already-in-use' })) }),
      '/book-details/b1',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Engine1');
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('An account with this e-mail already exists. Log in instead');
    expect(dialogs.showError).toHaveBeenCalledWith(
      'Registration Failed',
      'An account with this e-mail already exists.',
    );
    expect(document.body.textContent).not.toContain('Firebase');
    expect(submit().disabled).toBe(false);
    await user.click(within(alert).getByRole('link', { name: 'Log in instead' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: { pathname: '/book-details/b1', search: '', hash: '' } });
  });

  it.each([
    [
      'auth/weak-password',
      'That password is too weak. Use at least 6 characters, including an uppercase and a lowercase letter.',
    ],
    [
      'auth/network-request-failed',
      "We couldn't reach the sign-in service. Check your internet connection and try again.",
    ],
  ])('says %s in words', async (code, sentence) => {
    renderRegister(
      fakeAuth({ signUp: () => Promise.reject(Object.assign(new Error(`Firebase: Error (${code}).`), { code })) }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Engine1');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(sentence);
  });

  it('says a closed or blocked sign-up popup in words', async () => {
    const failures = ['auth/popup-closed-by-user', 'auth/popup-blocked'].map((code) =>
      Object.assign(new Error(`Firebase: Error (${code}).`), { code }),
    );
    renderRegister(fakeAuth({ signInWithGitHub: () => Promise.reject(failures.shift()) }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in window was closed before you finished. Please try again.',
    );
    expect(dialogs.showError).toHaveBeenCalledWith(
      'Registration Failed',
      'The sign-in window was closed before you finished. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'GitHub' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
      ),
    );
  });

  it('takes an optional mobile number, refused before any account is made unless it is Bangladeshi', async () => {
    const signUp = vi.fn(() => Promise.resolve());
    const saved = vi.fn();
    const phoneAnswer: MockLink.MockedResponse = {
      request: { query: SET_MY_PHONE_MUTATION, variables: { phone: '+8801911000000' } },
      result: () => {
        saved();
        return { data: { setMyPhone: { __typename: 'User', id: 'me', phone: '+8801911000000', smsNotices: false } } };
      },
    };
    renderRegister(fakeAuth({ signUp }), undefined, [phoneAnswer]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Rina Akter');
    await user.type(screen.getByLabelText('Email'), 'rina@example.com');
    await user.type(screen.getByLabelText('Password'), 'Engine1');
    const phone = screen.getByLabelText('Mobile number (optional)');
    await user.type(phone, '+44 7700 900000');
    await user.click(submit());
    expect(
      screen.getByText('Enter a mobile number in Bangladesh: 01XXXXXXXXX or +8801XXXXXXXXX (013 to 019).'),
    ).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(signUp).not.toHaveBeenCalled();
    await user.clear(phone);
    await user.type(phone, '01911 000000');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(signUp).toHaveBeenCalledWith('Rina Akter', 'rina@example.com', 'Engine1', '');
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
