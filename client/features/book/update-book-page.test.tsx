import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import { catalogueEditorsMocks } from '../../lib/catalogue-editing-test-utils.ts';
import { createCache } from '../../lib/apollo.ts';
import { axeViolations } from '../../test/axe.ts';
import UpdateBookPage, { BOOK_FOR_UPDATE_QUERY } from './update-book-page.tsx';
import { UPDATE_BOOK_MUTATION } from './update-book-form.tsx';

setUpDialogsForTests();

// Three copies owned, two on the shelf: one is on loan.
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
  copies: 3,
  version: 7,
  replacementCost: 500,
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
  copies: 3,
  replacementCost: 500,
  // The version the form was loaded with: the gateway refuses the edit if the book changed since.
  version: 7,
};

const updateMock = (input: object, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: UPDATE_BOOK_MUTATION, variables: { id: 'b1', input } },
  result,
});

// The app's cache: the policy's parts (who edits books, who keeps the inventory) merge into one object.
function renderPage(
  mocks: MockLink.MockedResponse[],
  editing = catalogueEditorsMocks(),
  cache: InMemoryCache = createCache(),
) {
  render(
    <MockedProvider mocks={[...mocks, ...editing]} cache={cache}>
      <MemoryRouter initialEntries={['/update-book/b1']}>
        <Routes>
          <Route
            path="/update-book/:id"
            element={
              // The layout's main landmark, which the page sits in.
              <main>
                <UpdateBookPage />
              </main>
            }
          />
          <Route path="/all-books" element={<h1>All books here</h1>} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

const copiesField = () => screen.getByLabelText('Copies owned') as HTMLInputElement;

async function setCopies(value: string) {
  await userEvent.clear(copiesField());
  await userEvent.type(copiesField(), value);
}

describe('Update Book page', () => {
  it('prefills the form, with the copies owned and how many are on loan, and keeps an unlisted genre', async () => {
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
    expect(copiesField().value).toBe('3');
    expect(copiesField().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/^1 on loan now, so at least 1\./)).toBeInTheDocument();
    expect((screen.getByLabelText('Replacement cost (৳)') as HTMLInputElement).value).toBe('500');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).required).toBe(false);
    const details = screen.getByRole('complementary', { name: 'Current Details' });
    expect(details.textContent).toContain('Copies owned: 3');
    expect(details.textContent).toContain('On loan: 1');
    expect(details.textContent).toContain('Available: 2');
    expect(details.textContent).toContain('Replacement cost: ৳500');
    expect(screen.getByRole('img', { name: 'Cover preview of Leaves of Grass' })).toBeInTheDocument();
  });

  it('starts from the book as the gateway has it now, not a cached copy that missed a borrow', async () => {
    const cache = createCache();
    cache.writeQuery({ query: BOOK_FOR_UPDATE_QUERY, variables: { id: 'b1' }, data: { book: poems } as never });
    renderPage([loadMock({ data: { book: { ...poems, quantity: 1, version: 8 } } })], catalogueEditorsMocks(), cache);
    expect(screen.getByRole('status').textContent).toContain('Loading book details...');
    await screen.findByLabelText('Copies owned');
    expect(screen.getByText(/^2 on loan now, so at least 2\./)).toBeInTheDocument();
  });

  it('shows the load error', async () => {
    renderPage([loadMock(undefined, new Error('down'))]);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch book details. Please try again.');
  });

  it('sends the copies owned with the loaded version, then offers View All Books', async () => {
    const input = { ...expectedInput, copies: 5 };
    renderPage([
      loadMock({ data: { book: poems } }),
      {
        ...updateMock(input, { data: { updateBook: { ...poems, copies: 5, quantity: 4, version: 8 } } }),
        // Long enough that the in-flight label is still there on a busy machine (20 ms was not).
        delay: 400,
      },
    ]);
    await screen.findByLabelText('Copies owned');
    await setCopies('5');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeInTheDocument();
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('Book Updated!')).toBeInTheDocument();
    expect(within(alert).getByText('"Leaves of Grass" has been updated.')).toBeInTheDocument();
    expect(screen.getByText('Book updated successfully!', { ignore: '.swal2-container *' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'View All Books' }));
    expect(await screen.findByRole('heading', { name: 'All books here' })).toBeInTheDocument();
  });

  it('refuses fewer copies than are on loan before sending anything', async () => {
    // No update mock: a request would fail the test with an unmatched-request error.
    renderPage([loadMock({ data: { book: poems } })]);
    await screen.findByLabelText('Copies owned');
    await setCopies('0');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(screen.getByText('1 copy is on loan, so copies owned cannot be fewer than 1')).toBeInTheDocument();
    expect(copiesField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Update Book' })).toBeInTheDocument();
  });

  it('shows the failure inline and in an alert, with the field messages', async () => {
    renderPage([
      loadMock({ data: { book: poems } }),
      updateMock(expectedInput, {
        errors: [
          { message: 'Rating must be between 1 and 5', extensions: { code: 'BAD_USER_INPUT', field: 'rating' } },
          {
            message: '4 copies are on loan: the library cannot own fewer',
            extensions: { code: 'BAD_USER_INPUT', field: 'copies' },
          },
        ],
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Book' }));
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('Update Failed')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to update book. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert', { hidden: true }).textContent).toBe('Failed to update book. Please try again.');
    expect(screen.getByText('Rating must be between 1 and 5')).toBeInTheDocument();
    expect(screen.getByText('4 copies are on loan: the library cannot own fewer')).toBeInTheDocument();
  });

  it('says when the book changed meanwhile, and Reload puts the latest book in the form to edit again', async () => {
    const changed = { ...poems, title: 'Leaves of Grass (1892)', copies: 4, quantity: 3, version: 9 };
    renderPage([
      loadMock({ data: { book: poems } }),
      updateMock(expectedInput, {
        errors: [{ message: 'This book was changed by someone else.', extensions: { code: 'CONFLICT' } }],
      }),
      loadMock({ data: { book: changed } }),
      updateMock(
        { ...expectedInput, title: 'Leaves of Grass (1892)', copies: 4, version: 9 },
        { data: { updateBook: { ...changed, version: 10 } } },
      ),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Book' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This book changed while you were editing it')).toBeInTheDocument();
    // No "Update Failed" dialog: the way on is right here.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('Leaves of Grass (1892)')).toBeInTheDocument();
    expect(copiesField().value).toBe('4');
    expect(screen.queryByText('This book changed while you were editing it')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(within(await screen.findByRole('dialog')).getByText('Book Updated!')).toBeInTheDocument();
  });

  it('keeps the Reload offer when the book cannot be fetched again', async () => {
    renderPage([
      loadMock({ data: { book: poems } }),
      updateMock(expectedInput, { errors: [{ message: 'Changed.', extensions: { code: 'CONFLICT' } }] }),
      loadMock(undefined, new Error('down')),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Update Book' }));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Could not reload the book. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(copiesField().value).toBe('3');
  });

  it('tells a member that only staff update books when the library keeps the catalogue to staff', async () => {
    renderPage([loadMock({ data: { book: poems } })], catalogueEditorsMocks('STAFF', 'user'));
    expect(
      await screen.findByText('Only library staff can add and update books. Please ask at the desk.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Book' })).toBeNull();
  });

  it('shows a member copies owned and cost read-only with the reason, and sends neither', async () => {
    const { copies: _copies, replacementCost: _cost, ...descriptive } = expectedInput;
    renderPage(
      [
        loadMock({ data: { book: poems } }),
        updateMock(
          { ...descriptive, title: 'Leaves' },
          { data: { updateBook: { ...poems, title: 'Leaves', version: 8 } } },
        ),
      ],
      catalogueEditorsMocks('MEMBERS', 'user', 'STAFF'),
    );
    await screen.findByLabelText('Copies owned');
    expect(copiesField().readOnly).toBe(true);
    const cost = screen.getByLabelText('Replacement cost (৳)') as HTMLInputElement;
    expect(cost.readOnly).toBe(true);
    expect(screen.getByText('Only library staff can change how many copies the library owns.').id).toBe(
      copiesField().getAttribute('aria-describedby'),
    );
    expect(screen.getByText("Only library staff can change a book's replacement cost.")).toBeInTheDocument();
    // Typing does nothing to a read-only field; the descriptive fields stay editable.
    await userEvent.type(copiesField(), '9');
    expect(copiesField().value).toBe('3');
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Leaves');
    await userEvent.click(screen.getByRole('button', { name: 'Update Book' }));
    expect(within(await screen.findByRole('dialog')).getByText('Book Updated!')).toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('lets staff change copies owned and cost where the library keeps the inventory to staff', async () => {
    renderPage([loadMock({ data: { book: poems } })], catalogueEditorsMocks('MEMBERS', 'admin', 'STAFF'));
    await screen.findByLabelText('Copies owned');
    expect(copiesField().readOnly).toBe(false);
    expect((screen.getByLabelText('Replacement cost (৳)') as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByText(/^Only library staff can change/)).toBeNull();
  });
});
