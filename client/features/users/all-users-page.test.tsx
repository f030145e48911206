import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import AllUsersPage, { ALL_USERS_QUERY } from './all-users-page.tsx';
import { PAGE_SIZE } from '../../components/ui/load-more.tsx';
import { MY_ROLE_QUERY } from '../../lib/use-can-edit-catalogue.ts';
import { formatInstantDay } from '../../lib/dates.ts';

const user = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'User',
  id,
  uid: `uid-${id}`,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'member',
  status: 'active',
  createdAt: new Date(2026, 0, 15, 12).toISOString(),
  phone: null,
  ...overrides,
});

type Mock = Omit<MockLink.MockedResponse, 'request'> & { variables?: Record<string, unknown> };

/** One page of members as the server answers it: `matching` counts the search's matches, `userCount` everyone. */
function answer(
  users: ReturnType<typeof user>[],
  opts: { search?: string; after?: string; matching?: number; userCount?: number } = {},
): Mock {
  return {
    variables: { search: opts.search ?? null, first: PAGE_SIZE, ...(opts.after ? { after: opts.after } : {}) },
    result: {
      data: { users, matching: opts.matching ?? users.length, userCount: opts.userCount ?? users.length },
    },
  };
}

function LocationProbe() {
  return <span aria-label="location">{useLocation().search}</span>;
}

/** The viewer's role, as the gateway answers `me`. */
const viewer = (role: 'admin' | 'member'): MockLink.MockedResponse => ({
  request: { query: MY_ROLE_QUERY },
  result: { data: { me: { __typename: 'User', id: 'me', role } } },
});

function renderPage(mocks: Mock[], url = '/all-users', role: 'admin' | 'member' = 'member') {
  render(
    <MockedProvider
      mocks={[
        viewer(role),
        ...mocks.map(({ variables, ...rest }) => ({
          request: { query: ALL_USERS_QUERY, variables: variables ?? { search: null, first: PAGE_SIZE } },
          ...rest,
        })),
      ]}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/all-users"
            element={
              <>
                <AllUsersPage />
                <LocationProbe />
              </>
            }
          />
          <Route path="/desk" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('All Users page', () => {
  it('lists users with initials, role and status badges', async () => {
    renderPage(
      [
        answer([
          user('u1', { role: 'admin', phone: '+880 1700 000000' }),
          user('u2', { name: '', email: 'grace@example.com', status: 'suspended' }),
        ]),
      ],
      '/all-users',
      'admin',
    );
    expect(screen.getByRole('status').textContent).toContain('Loading users...');
    expect(await screen.findByRole('heading', { name: 'All Users (2)' })).toBeInTheDocument();
    const ada = screen.getByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByText('AL')).toBeInTheDocument();
    expect(within(ada).getByText('admin').className).toContain('bg-red-100');
    expect(within(ada).getByText('active').className).toContain('bg-green-100');
    expect(within(ada).getByText('Phone: +880 1700 000000')).toBeInTheDocument();
    expect(within(ada).getByText(`Joined: ${formatInstantDay(new Date(2026, 0, 15, 12))}`)).toBeInTheDocument();
    // A missing name falls back to the e-mail's local part.
    const grace = screen.getByRole('article', { name: 'grace' });
    expect(within(grace).getByText('member').className).toContain('bg-green-100');
    expect(within(grace).getByText('suspended').className).toContain('bg-gray-200');
    expect(within(grace).queryByText(/^Phone:/)).toBeNull();
  });

  it("gives staff View and Edit, which open the member's record at the desk", async () => {
    renderPage([answer([user('u1'), user('u2', { name: 'Grace Hopper' })])], '/all-users', 'admin');
    const grace = await screen.findByRole('article', { name: 'Grace Hopper' });
    expect(await within(grace).findByRole('link', { name: 'View Grace Hopper' })).toBeInTheDocument();
    expect(within(grace).getByRole('link', { name: 'Edit Grace Hopper at the desk' }).getAttribute('href')).toBe(
      '/desk?member=uid-u2',
    );
    expect(screen.getByRole('searchbox', { name: 'Search users' }).getAttribute('placeholder')).toBe(
      'Search by name or e-mail...',
    );
    await userEvent.click(within(grace).getByRole('link', { name: 'View Grace Hopper' }));
    expect((await screen.findByLabelText('location')).textContent).toBe('?member=uid-u2');
  });

  it('shows a member the masked e-mails the gateway sends, their own in full, and no View or Edit', async () => {
    renderPage([
      answer([
        user('u1', { name: 'Zara Khan', email: 'z•••@example.com' }),
        user('u2', { name: 'Me Myself', email: 'me@example.com' }),
      ]),
    ]);
    const zara = await screen.findByRole('article', { name: 'Zara Khan' });
    expect(within(zara).getByText('z•••@example.com')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Me Myself' })).getByText('me@example.com')).toBeInTheDocument();
    // The role is known once its answer arrives; even then members get no View or Edit.
    await screen.findByPlaceholderText('Search by name...');
    expect(screen.queryByRole('link', { name: /^(View|Edit)/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(View|Edit)$/ })).toBeNull();
  });

  it('shows "Active" when a user has no status', async () => {
    renderPage([answer([user('u1', { status: '' })])]);
    const card = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(card).getByText('Active').className).toContain('bg-gray-200');
  });

  it('shows the empty state', async () => {
    renderPage([answer([])]);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Users (0)' })).toBeInTheDocument();
  });

  it('heads the page with every member, formatted, and appends the next page after the last member shown', async () => {
    renderPage([
      answer([user('u1'), user('u2', { name: 'Grace Hopper' })], { userCount: 10_000, matching: 10_000 }),
      answer([user('u3', { name: 'Alan Turing' })], { after: 'u2', userCount: 10_000, matching: 10_000 }),
    ]);
    expect(await screen.findByRole('heading', { name: 'All Users (10,000)' })).toBeInTheDocument();
    expect(screen.getByText('2 of 10,000 shown')).toBeInTheDocument();
    // Without a search the heading already says how many there are.
    expect(screen.queryByText(/^Showing/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Alan Turing' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('3 of 10,000 shown')).toBeInTheDocument();
  });

  it('searches on the server (debounced, kept in the URL) and pages the matches', async () => {
    renderPage([
      answer([user('u1'), user('u2', { name: 'Grace Hopper' }), user('u3', { name: 'Hopi Reader' })]),
      answer([user('u2', { name: 'Grace Hopper' })], { search: 'hop', userCount: 3, matching: 2 }),
      answer([user('u3', { name: 'Hopi Reader' })], { search: 'hop', after: 'u2', userCount: 3, matching: 2 }),
    ]);
    await screen.findByRole('heading', { name: 'All Users (3)' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'hop');
    expect(await screen.findByText('Showing 2 of 3 users')).toBeInTheDocument();
    expect(screen.getByLabelText('location').textContent).toBe('?q=hop');
    // The heading keeps the whole membership; the list holds only the matches.
    expect(screen.getByRole('heading', { name: 'All Users (3)' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ada Lovelace' })).toBeNull();
    expect(screen.getByText('1 of 2 shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Hopi Reader' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('restores the search from the URL and says when nobody matches', async () => {
    renderPage([answer([], { search: 'zed', userCount: 5, matching: 0 })], '/all-users?q=zed');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Users (5)' })).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 5 users')).toBeInTheDocument();
    expect((screen.getByRole('searchbox', { name: 'Search users' }) as HTMLInputElement).value).toBe('zed');
  });

  it('shows the error box with the message', async () => {
    renderPage([{ error: new Error('HTTP error! status: 500') }]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error!')).toBeInTheDocument();
    expect(within(alert).getByText('HTTP error! status: 500')).toBeInTheDocument();
  });
});
