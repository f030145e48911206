import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import AllUsersPage, { ALL_USERS_QUERY } from './all-users-page.tsx';

const user = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'User',
  id,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'member',
  status: 'active',
  createdAt: new Date(2026, 0, 15, 12).toISOString(),
  phone: null,
  ...overrides,
});

function renderPage(mock: Omit<MockLink.MockedResponse, 'request'>) {
  render(
    <MockedProvider mocks={[{ request: { query: ALL_USERS_QUERY }, ...mock }]}>
      <AllUsersPage />
    </MockedProvider>,
  );
}

describe('All Users page', () => {
  it('lists users with initials, role and status badges', async () => {
    renderPage({
      result: {
        data: {
          users: [
            user('u1', { role: 'admin', phone: '+880 1700 000000' }),
            user('u2', { name: '', email: 'grace@example.com', status: 'suspended' }),
          ],
        },
      },
    });
    expect(screen.getByRole('status').textContent).toContain('Loading users...');
    expect(await screen.findByRole('heading', { name: 'All Users (2)' })).toBeTruthy();
    const ada = screen.getByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByText('AL')).toBeTruthy();
    expect(within(ada).getByText('admin').className).toContain('bg-red-100');
    expect(within(ada).getByText('active').className).toContain('bg-green-100');
    expect(within(ada).getByText('Phone: +880 1700 000000')).toBeTruthy();
    expect(within(ada).getByText(`Joined: ${new Date(2026, 0, 15, 12).toLocaleDateString()}`)).toBeTruthy();
    // A missing name falls back to the e-mail's local part.
    const grace = screen.getByRole('article', { name: 'grace' });
    expect(within(grace).getByText('member').className).toContain('bg-green-100');
    expect(within(grace).getByText('suspended').className).toContain('bg-gray-200');
    expect(within(grace).queryByText(/^Phone:/)).toBeNull();
    expect(within(grace).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(grace).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('shows "Active" when a user has no status', async () => {
    renderPage({ result: { data: { users: [user('u1', { status: '' })] } } });
    const card = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(card).getByText('Active').className).toContain('bg-gray-200');
  });

  it('shows the empty state', async () => {
    renderPage({ result: { data: { users: [] } } });
    expect(await screen.findByText('No users found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'All Users (0)' })).toBeTruthy();
  });

  it('shows the error box with the message', async () => {
    renderPage({ error: new Error('HTTP error! status: 500') });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error!')).toBeTruthy();
    expect(within(alert).getByText('HTTP error! status: 500')).toBeTruthy();
  });
});
