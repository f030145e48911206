import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, FakeAuthProvider } from '../../lib/auth-test-utils.tsx';
import type { AuthContextValue } from '../../lib/auth.tsx';
import RegisterPage from './register-page.tsx';
import { stubDialogs } from '../../test/dialogs.ts';

const dialogs = stubDialogs();

function renderRegister(auth: AuthContextValue) {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <FakeAuthProvider value={auth}>
      <RouterProvider router={router} />
    </FakeAuthProvider>,
  );
}

const submit = () => screen.getByRole('button', { name: 'Register' }) as HTMLButtonElement;

describe('RegisterPage', () => {
  it('checks the password on each change and blocks submit while a rule is broken', async () => {
    renderRegister(fakeAuth());
    const user = userEvent.setup();
    expect(
      screen.getByText('Password must contain at least 6 characters, including an uppercase and lowercase letter.'),
    ).toBeTruthy();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeTruthy();
    expect(submit().disabled).toBe(true);
    await user.type(password, 'def');
    expect(screen.getByText('Password must contain at least one uppercase letter')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'ABCDEF');
    expect(screen.getByText('Password must contain at least one lowercase letter')).toBeTruthy();
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
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(dialogs.showSuccess).toHaveBeenCalledWith('Registration Successful', expect.any(String), { timer: 2000 });
  });

  it('shows the provider message inline and in a "Registration Failed" alert', async () => {
    const message = 'Firebase: Error (auth/email-already-in-use).';
    renderRegister(
      fakeAuth({
        signUp: () => Promise.reject(Object.assign(new Error(message), { code: 'auth/email-already-in-use' })),
      }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Engine1');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(dialogs.showError).toHaveBeenCalledWith('Registration Failed', message);
    expect(submit().disabled).toBe(false);
  });

  it('treats a social sign-up failure the same way', async () => {
    renderRegister(fakeAuth({ signInWithGitHub: () => Promise.reject(new Error('Popup closed')) }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'GitHub' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Popup closed');
    expect(dialogs.showError).toHaveBeenCalledWith('Registration Failed', 'Popup closed');
  });
});
