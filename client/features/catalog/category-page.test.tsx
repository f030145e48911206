import { describe, expect, it } from 'vitest';
import { render, screen, within, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CategoryPage, { BOOKS_BY_CATEGORY_QUERY } from './category-page.tsx';

function renderPage(mock: Omit<MockLink.MockedResponse, 'request'>) {
  const mocks = [{ request: { query: BOOKS_BY_CATEGORY_QUERY, variables: { category: 'Sci-Fi' } }, ...mock }];
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

const dune = {
  __typename: 'Book',
  id: 'b1',
  title: 'Dune',
  author: 'Frank Herbert',
  genre: 'Sci-Fi',
  image: '/assets/library/dune.jpg',
  rating: 4,
  quantity: 2,
};

describe('Category page', () => {
  it('lists the books of the category with a details link', async () => {
    renderPage({ result: { data: { booksByCategory: [dune] } } });
    expect(screen.getByRole('status').textContent).toContain('Loading books...');
    expect(await screen.findByRole('heading', { name: 'Sci-Fi Books' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Dune' });
    expect(within(card).getByText('Quantity: 2')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Details for Dune' }).getAttribute('href')).toBe('/book-details/b1');
    // The title is set in an effect, which can run after the content it belongs to is on screen.
    await waitFor(() => expect(document.title).toBe('Sci-Fi Books | BookHaven'));
  });

  it('shows the empty state with a way back to the categories', async () => {
    renderPage({ result: { data: { booksByCategory: [] } } });
    expect(await screen.findByText('No books found in this category.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Categories' }).getAttribute('href')).toBe('/');
  });

  it('shows the error message', async () => {
    renderPage({ error: new Error('Network down') });
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Network down');
  });
});
