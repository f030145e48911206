import { describe, expect, it } from 'vitest';
import { render, screen, within, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CategoryPage, { CATEGORY_BOOKS_QUERY } from './category-page.tsx';
import { PAGE_SIZE } from '../../components/ui/load-more.tsx';
import { applyCatalogue } from '../../lib/i18n.ts';
import bangla from '../../messages/bn.json' with { type: 'json' };

const book = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Book' as const,
  id,
  title,
  author: 'Frank Herbert',
  genre: 'Sci-Fi',
  image: `/assets/library/${id}.jpg`,
  rating: 4,
  quantity: 2,
  ...extra,
});

/** One page of the genre as the server answers it. */
function answer(
  nodes: ReturnType<typeof book>[],
  opts: { totalCount?: number; after?: string; endCursor?: string } = {},
): Omit<MockLink.MockedResponse, 'request'> & { variables: Record<string, unknown> } {
  return {
    variables: { genre: 'Sci-Fi', first: PAGE_SIZE, ...(opts.after ? { after: opts.after } : {}) },
    result: {
      data: {
        books: {
          __typename: 'BookConnection',
          nodes,
          totalCount: opts.totalCount ?? nodes.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: Boolean(opts.endCursor), endCursor: opts.endCursor ?? null },
        },
      },
    },
  };
}

function renderPage(...pages: (Omit<MockLink.MockedResponse, 'request'> & { variables?: Record<string, unknown> })[]) {
  const mocks = pages.map(({ variables, ...rest }) => ({
    request: { query: CATEGORY_BOOKS_QUERY, variables: variables ?? { genre: 'Sci-Fi', first: PAGE_SIZE } },
    ...rest,
  }));
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/category/Sci-Fi']}>
        <Routes>
          <Route path="/category/:category" element={<CategoryPage />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('Category page', () => {
  it('lists the books of the category with a details link and how many there are', async () => {
    renderPage(answer([book('b1', 'Dune'), book('b2', 'Hyperion', { quantity: 5, rating: 3 })]));
    expect(screen.getByRole('status').textContent).toContain('Loading books...');
    expect(await screen.findByRole('heading', { name: 'Sci-Fi Books' })).toBeInTheDocument();
    expect(screen.getByText('2 books in this category')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Dune' });
    expect(within(card).getByText('Quantity: 2')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Details for Dune' }).getAttribute('href')).toBe('/book-details/b1');
    // Everything is on screen: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The title is set in an effect, which can run after the content it belongs to is on screen.
    await waitFor(() => expect(document.title).toBe('Sci-Fi Books | BookHaven'));
  });

  it('shows a page of a large category with its whole count, formatted, and appends the next page with Load more', async () => {
    renderPage(
      answer([book('b1', 'Dune')], { totalCount: 9_100, endCursor: 'c1' }),
      answer([book('b2', 'Hyperion')], { totalCount: 9_100, after: 'c1', endCursor: 'c2' }),
    );
    expect(await screen.findByText('9,100 books in this category')).toBeInTheDocument();
    expect(screen.getByText('1 of 9,100 shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Hyperion' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByText('2 of 9,100 shown')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('says one book in the singular', async () => {
    renderPage(answer([book('b1', 'Dune')]));
    expect(await screen.findByText('1 book in this category')).toBeInTheDocument();
  });

  it('stops offering more once the last page is in', async () => {
    renderPage(
      answer([book('b1', 'Dune')], { totalCount: 2, endCursor: 'c1' }),
      answer([book('b2', 'Hyperion')], { totalCount: 2, after: 'c1' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Hyperion' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows why a next page failed and keeps the books already shown', async () => {
    renderPage(answer([book('b1', 'Dune')], { totalCount: 1_000, endCursor: 'c1' }), {
      variables: { genre: 'Sci-Fi', first: PAGE_SIZE, after: 'c1' },
      error: new Error('Network down'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Network down');
    expect(screen.getByRole('article', { name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('shows the empty state with a way back to the categories', async () => {
    renderPage(answer([]));
    expect(await screen.findByText('No books found in this category.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Categories' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(/in this category$/)).toBeNull();
  });

  it('shows the error message', async () => {
    renderPage({ error: new Error('Network down') });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Network down');
  });
});

describe('Category page in Bangla', () => {
  it("names the category and each card's genre, counts its books and labels each card in Bangla", async () => {
    applyCatalogue('bn', bangla);
    renderPage(answer([book('b1', 'Dune')], { totalCount: 1_204, endCursor: 'c1' }));
    expect(await screen.findByRole('heading', { name: 'বিজ্ঞান কল্পকাহিনি বই' })).toBeInTheDocument();
    expect(screen.getByText('আমাদের বাছাই করা বিজ্ঞান কল্পকাহিনি বইগুলো', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('এই বিভাগে ১,২০৪টি বই')).toBeInTheDocument();
    const dune = screen.getByRole('article', { name: 'Dune' });
    expect(within(dune).getByText('লেখক: Frank Herbert')).toBeInTheDocument();
    expect(within(dune).getByText('সংখ্যা: ২')).toBeInTheDocument();
    expect(within(dune).getByText('বিজ্ঞান কল্পকাহিনি')).toBeInTheDocument();
    expect(within(dune).getByRole('link', { name: 'Dune: বিস্তারিত' })).toBeInTheDocument();
  });
});
