import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import UpdateBookPage, { BOOK_FOR_UPDATE_QUERY } from './update-book-page.tsx';
import { UPDATE_BOOK_MUTATION } from './update-book-form.tsx';

setUpDialogsForTests();

const poems = {
  __typename: 'Book',
  id: 'b1',
  title: 'Leaves of Grass',
  author: 'Walt Whitman',
  genre: 'Poetry',
  description: 'Poems.',
  image: '/assets/library/covers/leaves.svg',
  rating: 4.8,
  quantity: 2,
};

const loadMock = (result: MockLink.MockedResponse['result'] | undefined, error?: Error): MockLink.MockedResponse => ({
  request: { query: BOOK_FOR_UPDATE_QUERY, variables: { id: 'b1' } },
  ...(error ? { error } : { result }),
});

const expectedInput = {
  title: 'Leaves of Grass',
  author: 'Walt Whitman',
  genre: 'Poetry',
  description: 'Poems.',
  image: '/assets/library/covers/leaves.svg',
  // The loaded 4.8 is sent back as it is (the original form truncated it to 4 on any edit).
  rating: 4.8,
  quantity: 0,
};

function renderPage(mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={['/update-book/b1']}>
        <Routes>
          <Route path="/update-book/:id" element={<UpdateBookPage />} />
          <Route path="/all-books" element={<h1>All books here</h1>} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('Update Book page', () => {
  it('prefills the form and keeps a genre missing from the update list', async () => {
    renderPage([loadMock({ data: { book: poems } })]);
    expect(screen.getByRole('status').textContent).toContain('Loading book details...');
    const title = (await screen.findByLabelText('Title')) as HTMLInputElement;
    expect(title.value).toBe('Leaves of Grass');
    const genre = screen.getByLabelText('Genre') as HTMLSelectElement;
    expect(genre.value).toBe('Poetry');
    const options = within(genre)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Fiction');
    expect(options).toContain('Other');
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).min).toBe('0');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).required).toBe(false);
    expect(screen.getByRole('img', { name: 'Cover preview of Leaves of Grass' })).toBeTruthy();
  });

  it('shows the load error', async () => {
    renderPage([loadMock(undefined, new Error('down'))]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch book details. Please try again.');
  });

  it("keeps the rating's decimal, sends a whole-number quantity, then offers View All Books", async () => {
    renderPage([
      loadMock({ data: { book: poems } }),
      {
        request: { query: UPDATE_BOOK_MUTATION, variables: { id: 'b1', input: expectedInput } },
        // Long enough that the in-flight label is still there on a busy machine (20 ms was not).
        delay: 400,
        result: { data: { updateBook: { ...poems, ...expectedInput, __typename: 'Book' } } },
      },
    ]);
    const quantity = await screen.findByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeTruthy();
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('Book Updated!')).toBeTruthy();
    expect(within(alert).getByText('"Leaves of Grass" has been updated.')).toBeTruthy();
    expect(screen.getByText('Book updated successfully!', { ignore: '.swal2-container *' })).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'View All Books' }));
    expect(await screen.findByRole('heading', { name: 'All books here' })).toBeTruthy();
  });

  it('shows the failure inline and in an alert', async () => {
    renderPage([
      loadMock({ data: { book: poems } }),
      {
        request: { query: UPDATE_BOOK_MUTATION, variables: { id: 'b1', input: { ...expectedInput, quantity: 2 } } },
        result: {
          errors: [
            { message: 'Rating must be between 1 and 5', extensions: { code: 'BAD_USER_INPUT', field: 'rating' } },
          ],
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Book' }));
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('Update Failed')).toBeTruthy();
    expect(within(alert).getByText('Failed to update book. Please try again.')).toBeTruthy();
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Failed to update book. Please try again.');
    expect(screen.getByText('Rating must be between 1 and 5')).toBeTruthy();
  });
});
