import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { stubDialogs } from '../../test/dialogs.ts';
import bangla from '../../messages/bn.json' with { type: 'json' };
import english from '../../messages/en.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import ReadingHistoryPage from './reading-history-page.tsx';
import {
  DELETE_READING_HISTORY_MUTATION,
  HISTORY_PAGE_SIZE,
  READING_HISTORY_QUERY,
  SET_READING_HISTORY_MUTATION,
} from './reading-history.ts';

const dialogs = stubDialogs();

const LOAN = {
  __typename: 'BorrowRecord' as const,
  id: 'loan-1',
  bookId: 'book-1',
  bookTitle: 'Gitanjali',
  bookAuthor: 'Rabindranath Tagore',
  borrowDate: '2026-03-01T04:00:00.000Z',
  returnedAt: '2026-03-10T04:00:00.000Z',
};

const historyAnswer = (nodes: (typeof LOAN)[], keeps = false): MockLink.MockedResponse => ({
  request: { query: READING_HISTORY_QUERY, variables: { first: HISTORY_PAGE_SIZE, after: null } },
  result: {
    data: {
      me: {
        __typename: 'User',
        id: 'me',
        keepsReadingHistory: keeps,
        readingHistory: {
          __typename: 'BorrowConnection',
          totalCount: nodes.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          nodes,
        },
      },
    },
  },
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/my-account/reading-history', element: <ReadingHistoryPage /> }], {
    initialEntries: ['/my-account/reading-history'],
  });
  render(
    <MockedProvider mocks={mocks}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

describe('ReadingHistoryPage', () => {
  afterEach(() => applyCatalogue('en', english));

  it('lists the books returned, newest first, and keeps the history when asked', async () => {
    renderPage([
      historyAnswer([LOAN]),
      {
        request: { query: SET_READING_HISTORY_MUTATION, variables: { keep: true } },
        result: { data: { setReadingHistory: { __typename: 'User', id: 'me', keepsReadingHistory: true } } },
      },
    ]);
    expect(await screen.findByRole('link', { name: 'Gitanjali' })).toHaveAttribute('href', '/book-details/book-1');
    expect(screen.getByText('Rabindranath Tagore')).toBeInTheDocument();
    const keep = screen.getByRole('checkbox', { name: 'Keep my reading history' });
    expect(keep).not.toBeChecked();
    await userEvent.setup().click(keep);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Keep my reading history' })).toBeChecked());
  });

  it('says so when no returned book is linked to the member', async () => {
    renderPage([historyAnswer([])]);
    expect(await screen.findByText('No returned books are linked to you.')).toBeInTheDocument();
  });

  it('deletes the history after confirmation, and says how many loans went, in Bangla', async () => {
    applyCatalogue('bn', bangla);
    renderPage([
      historyAnswer([LOAN]),
      {
        request: { query: DELETE_READING_HISTORY_MUTATION },
        result: { data: { deleteReadingHistory: 1 } },
      },
      historyAnswer([]),
    ]);
    await screen.findByRole('link', { name: 'Gitanjali' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'আমার পড়ার ইতিহাস মুছুন' }));
    expect(dialogs.confirmAction).toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('১টি ধার আপনার ইতিহাস থেকে সরানো হয়েছে।');
  });
});
