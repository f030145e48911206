import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { axeViolations } from '../../test/axe.ts';
import NoticeBell, { BELL_POLL_MS, UNREAD_NOTICE_COUNT_QUERY } from './notice-bell.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import {
  MARK_NOTICES_READ_MUTATION,
  MY_NOTICES_QUERY,
  NOTICES_PAGE_SIZE,
  SET_EMAIL_NOTICES_MUTATION,
} from './use-notices.ts';

const notice = (id: string, message: string, read: boolean, link = '/book-details/b1') => ({
  __typename: 'Notice',
  id,
  kind: 'HOLD_READY',
  message,
  link,
  read,
  createdAt: '2026-11-25T09:30:00.000Z',
});
const ready = notice('n1', 'Dune is waiting for you until Fri 27 Nov.', false);
const due = notice('n2', 'Emma is due on Sat 28 Nov.', false, '/borrowed-books');
const old = notice('n3', 'Hamlet is overdue.', true, '/borrowed-books');

const countMock = (unreadNoticeCount: number): MockLink.MockedResponse => ({
  request: { query: UNREAD_NOTICE_COUNT_QUERY },
  result: { data: { me: { __typename: 'User', id: 'u1', unreadNoticeCount } } },
});
const listMock = (
  nodes: ReturnType<typeof notice>[],
  emailNotices = true,
  noticeChannels: ('EMAIL' | 'SMS')[] = ['EMAIL'],
): MockLink.MockedResponse => ({
  request: { query: MY_NOTICES_QUERY, variables: { first: NOTICES_PAGE_SIZE } },
  result: {
    data: {
      me: {
        __typename: 'User',
        id: 'u1',
        unreadNoticeCount: nodes.filter((n) => !n.read).length,
        emailNotices,
        noticeChannels,
        notices: {
          __typename: 'NoticeConnection',
          nodes,
          totalCount: nodes.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        },
      },
    },
  },
});
const markMock = (ids: string[] | null, changed: number): MockLink.MockedResponse => ({
  request: { query: MARK_NOTICES_READ_MUTATION, variables: { ids } },
  result: { data: { markNoticesRead: changed } },
});

const emailMock = (enabled: boolean, fail = false): MockLink.MockedResponse => ({
  request: { query: SET_EMAIL_NOTICES_MUTATION, variables: { enabled } },
  ...(fail
    ? { error: new Error('down') }
    : { result: { data: { setEmailNotices: { __typename: 'User', id: 'u1', emailNotices: enabled } } } }),
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBell(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache()}>
      <MemoryRouter initialEntries={['/']}>
        <header className="relative">
          <NoticeBell />
        </header>
        <main>
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('Notices bell', () => {
  it('shows the unread count, opens the notices, and follows a notice to its page', async () => {
    renderBell([countMock(2), listMock([ready, due, old])]);
    const bell = await screen.findByRole('button', { name: 'Notices, 2 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notices' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const first = await within(panel).findByRole('article', { name: ready.message });
    expect(within(first).getByText(formatDateTime(ready.createdAt))).toBeInTheDocument();
    expect(within(panel).getByText('2 unread notices')).toBeInTheDocument();
    expect(within(within(panel).getByRole('article', { name: old.message })).queryByRole('button')).toBeNull();
    expect(await axeViolations(panel)).toEqual([]);
    await userEvent.click(within(first).getByRole('link', { name: `Open: ${ready.message}` }));
    expect(screen.getByTestId('where').textContent).toBe('/book-details/b1');
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('marks one notice read, then all, and the bell follows', async () => {
    renderBell([
      countMock(2),
      listMock([ready, due, old]),
      markMock(['n1'], 1),
      countMock(1),
      markMock(null, 1),
      countMock(0),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notices, 2 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notices' });
    await userEvent.click(await within(panel).findByRole('button', { name: `Mark read: ${ready.message}` }));
    expect(await screen.findByRole('button', { name: 'Notices, 1 unread' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: `Mark read: ${ready.message}` })).toBeNull();
    expect(within(panel).getByText('1 unread notice')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notices' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Mark read/ })).toBeNull();
    expect((within(panel).getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads older notices with Load more, and marking one read keeps them on screen', async () => {
    const newest = Array.from({ length: NOTICES_PAGE_SIZE }, (_, i) => notice(`p${i}`, `Notice ${i + 1}.`, true));
    const oldest = notice('p-last', 'The oldest notice.', false);
    const firstPage = listMock(newest);
    const page = (firstPage.result as { data: { me: { unreadNoticeCount: number; notices: object } } }).data.me;
    page.unreadNoticeCount = 1;
    page.notices = {
      ...page.notices,
      totalCount: NOTICES_PAGE_SIZE + 1,
      pageInfo: { __typename: 'PageInfo', hasNextPage: true, endCursor: 'c50' },
    };
    const secondPage = listMock([oldest]);
    secondPage.request.variables = { first: NOTICES_PAGE_SIZE, after: 'c50' };
    const last = (secondPage.result as { data: { me: { notices: { totalCount: number } } } }).data.me.notices;
    last.totalCount = NOTICES_PAGE_SIZE + 1;
    renderBell([countMock(1), firstPage, secondPage, markMock(['p-last'], 1), countMock(0)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notices, 1 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notices' });
    expect(await within(panel).findByText('50 of 51 shown')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    expect(await within(panel).findByRole('article', { name: oldest.message })).toBeInTheDocument();
    expect(within(panel).getAllByRole('article')).toHaveLength(NOTICES_PAGE_SIZE + 1);
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: `Mark read: ${oldest.message}` }));
    expect(await screen.findByRole('button', { name: 'Notices' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('article')).toHaveLength(NOTICES_PAGE_SIZE + 1);
  });

  it('asks for the unread count again every minute', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    try {
      renderBell([countMock(0), countMock(3)]);
      expect(await screen.findByRole('button', { name: 'Notices' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(BELL_POLL_MS - 1_000));
      expect(screen.queryByRole('button', { name: 'Notices, 3 unread' })).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(await screen.findByRole('button', { name: 'Notices, 3 unread' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an empty list, and closes on Escape', async () => {
    renderBell([countMock(0), listMock([])]);
    const bell = await screen.findByRole('button', { name: 'Notices' });
    await userEvent.click(bell);
    const panel = await screen.findByRole('region', { name: 'Notices' });
    expect(await within(panel).findByRole('heading', { name: 'No Notices' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('shows a failed load with Try Again, which asks again', async () => {
    renderBell([
      countMock(1),
      { request: { query: MY_NOTICES_QUERY, variables: { first: NOTICES_PAGE_SIZE } }, error: new Error('down') },
      listMock([due]),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notices, 1 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notices' });
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch notices. Please try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(panel).findByRole('article', { name: due.message })).toBeInTheDocument();
  });

  it('turns e-mailed notices off and on again, and says when the change failed', async () => {
    renderBell([countMock(1), listMock([due]), emailMock(false), emailMock(true, true), emailMock(true)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notices, 1 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notices' });
    const toggle = (await within(panel).findByRole('checkbox', { name: 'E-mail me notices' })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(await axeViolations(panel)).toEqual([]);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    await userEvent.click(toggle);
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Failed to change the e-mail setting. Please try again.',
    );
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('offers e-mailed notices only when the library sends e-mail', async () => {
    renderBell([countMock(1), listMock([due], true, [])]);
    await userEvent.click(await screen.findByRole('button', { name: 'Notices, 1 unread' }));
    const panel = await screen.findByRole('region', { name: 'Notices' });
    expect(await within(panel).findByText(due.message)).toBeVisible();
    expect(within(panel).queryByRole('checkbox', { name: 'E-mail me notices' })).not.toBeInTheDocument();
  });
});
