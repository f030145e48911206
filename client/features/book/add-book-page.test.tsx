import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import { catalogueEditorsMocks } from '../../lib/catalogue-editing-test-utils.ts';
import { createCache } from '../../lib/apollo.ts';
import AddBookPage, { ADD_BOOK_MUTATION } from './add-book-page.tsx';

setUpDialogsForTests();

const input = {
  title: 'Dune',
  author: 'Frank Herbert',
  genre: 'Fantasy',
  description: 'Spice.',
  image: 'https://covers.example/dune.jpg',
  rating: 4.5,
  quantity: 3,
};

function renderPage(mocks: MockLink.MockedResponse[] = [], editing = catalogueEditorsMocks()) {
  render(
    <MockedProvider mocks={[...mocks, ...editing]} cache={createCache()}>
      <MemoryRouter>
        <AddBookPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

async function fillForm(overrides: Partial<Record<keyof typeof input, string>> = {}) {
  const values = { ...input, rating: '4.5', quantity: '3', ...overrides };
  await userEvent.type(screen.getByLabelText('Title'), values.title);
  await userEvent.type(screen.getByLabelText('Author'), values.author);
  await userEvent.selectOptions(screen.getByLabelText('Genre'), values.genre);
  // Left empty: a read-only Quantity (a member's new book where staff keep the inventory) is not typed into.
  if (values.quantity) await userEvent.type(screen.getByLabelText('Quantity'), values.quantity);
  await userEvent.type(screen.getByLabelText('Rating'), values.rating);
  await userEvent.type(screen.getByLabelText('Image URL'), values.image);
  await userEvent.type(screen.getByLabelText('Description'), values.description);
}

const submitForm = () => fireEvent.submit(screen.getByRole('button', { name: 'Add Book' }).closest('form')!);

describe('Add Book page', () => {
  it('offers the add genre list and the About Books panel', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Add New Book' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'About Books' })).toBeInTheDocument();
    const options = within(screen.getByLabelText('Genre'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Select a genre',
      'Thriller',
      'Sci-Fi',
      'Poetry',
      'Drama',
      'Children',
      'Self-Help',
      'Biography',
      'Fantasy',
      'Romance',
    ]);
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).min).toBe('1');
    expect((screen.getByLabelText('Rating') as HTMLInputElement).step).toBe('0.1');
  });

  it('shows field messages and sends nothing when values are invalid', async () => {
    renderPage();
    await fillForm({ quantity: '0', rating: '7' });
    submitForm();
    expect((await screen.findByLabelText('Quantity')).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Quantity must be a whole number of at least 1')).toBeInTheDocument();
    expect(screen.getByText('Rating must be between 1 and 5')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('previews the cover and shows the placeholder for a broken URL', async () => {
    renderPage();
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://covers.example/x.jpg');
    const preview = screen.getByRole('img', { name: 'Cover preview' });
    fireEvent.error(preview);
    expect(await screen.findByText('Invalid Image URL')).toBeInTheDocument();
  });

  it('adds the book with a decimal rating, then resets the form', async () => {
    renderPage([
      {
        request: { query: ADD_BOOK_MUTATION, variables: { input } },
        // Long enough that the in-flight label is still there on a busy machine (20 ms was not).
        delay: 400,
        result: { data: { addBook: { __typename: 'Book', id: 'b9', ...input } } },
      },
    ]);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(screen.getByRole('button', { name: 'Adding Book...' })).toBeInTheDocument();
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('Success!')).toBeInTheDocument();
    expect(within(alert).getByText('Book added successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect((screen.getByLabelText('Title', { selector: 'input' }) as HTMLInputElement).value).toBe(''),
    );
    expect(screen.queryByRole('img', { name: /Cover preview/, hidden: true })).toBeNull();
  });

  it('shows the failure alert and the server field message', async () => {
    renderPage([
      {
        request: { query: ADD_BOOK_MUTATION, variables: { input } },
        result: {
          errors: [
            {
              message: 'A book with this title already exists',
              extensions: { code: 'BAD_USER_INPUT', field: 'title' },
            },
          ],
        },
      },
    ]);
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('Error!')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to add book. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('A book with this title already exists')).toBeInTheDocument();
  });
  it('tells a member that only staff add books when the library keeps the catalogue to staff', async () => {
    renderPage([], catalogueEditorsMocks('STAFF', 'user'));
    expect(
      await screen.findByText('Only library staff can add and update books. Please ask at the desk.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add New Book' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Book' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Library' }).getAttribute('href')).toBe('/all-books');
  });

  it("starts a member's new book with one copy at the default cost where staff keep the inventory", async () => {
    renderPage(
      [
        {
          request: { query: ADD_BOOK_MUTATION, variables: { input: { ...input, quantity: 1 } } },
          result: { data: { addBook: { __typename: 'Book', id: 'b9', ...input, quantity: 1 } } },
        },
      ],
      catalogueEditorsMocks('MEMBERS', 'user', 'STAFF'),
    );
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    await waitFor(() => expect(quantity.readOnly).toBe(true));
    expect(quantity.value).toBe('1');
    expect((screen.getByLabelText('Replacement cost (৳)') as HTMLInputElement).readOnly).toBe(true);
    expect(
      screen.getByText(
        'A new book starts with 1 copy. Only library staff can change how many copies the library owns.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText("The library's default applies. Only library staff can change a book's replacement cost."),
    ).toBeInTheDocument();
    await fillForm({ quantity: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(within(await screen.findByRole('dialog')).getByText('Success!')).toBeInTheDocument();
  });
});
