import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { InMemoryCache, gql } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import BorrowedBooksPage, { MY_BORROWED_BOOKS_QUERY } from './borrowed-books-page.tsx';
import { RETURN_BOOK_MUTATION } from './use-return-book.ts';

setUpDialogsForTests();

// "now" is 10 March 2026, 09:00 local time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 10, 9, 0) });
});

const dueDay = (month: number, day: number) => new Date(Date.UTC(2026, month, day));

const loan = (id: string, title: string, returnDate: Date, status: 'BORROWED' | 'RETURNED' = 'BORROWED') => ({
  __typename: 'BorrowRecord' as const,
  id,
  bookId: `book-${id}`,
  borrowDate: dueDay(1, 20).toISOString(),
  returnDate: returnDate.toISOString(),
  returnedAt: status === 'RETURNED' ? new Date(2026, 2, 1).toISOString() : null,
  status,
  bookTitle: title,
  bookAuthor: `Author of ${title}`,
  bookImage: `/assets/library/${id}.jpg`,
  bookCategory: 'Drama',
});

const listMock = (loans: unknown[]): MockLink.MockedResponse => ({
  request: { query: MY_BORROWED_BOOKS_QUERY },
  result: { data: { borrowedBooks: loans } },
});

function renderPage(mocks: MockLink.MockedResponse[], cache = new InMemoryCache()) {
  render(
    <MockedProvider mocks={mocks} cache={cache}>
      <MemoryRouter>
        <BorrowedBooksPage />
      </MemoryRouter>
    </MockedProvider>,
  );
  return cache;
}

describe('Borrowed Books page', () => {
  it('shows the loading text, then pending loans with due badges', async () => {
    renderPage([
      listMock([
        loan('l1', 'Hamlet', dueDay(2, 8)),
        loan('l2', 'Macbeth', dueDay(2, 10)),
        loan('l3', 'Othello', dueDay(2, 11)),
        loan('l4', 'Lear', dueDay(2, 20)),
        loan('l5', 'Tempest', dueDay(1, 28), 'RETURNED'),
      ]),
    ]);
    expect(screen.getByRole('status').textContent).toContain('Loading borrowed books...');
    expect(await screen.findByRole('tab', { name: 'Pending (4)', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Returned (1)', selected: false })).toBeTruthy();
    const hamlet = screen.getByRole('article', { name: 'Hamlet' });
    expect(within(hamlet).getByText('Overdue')).toBeTruthy();
    expect(within(hamlet).getByText(/^Return by:/).className).toContain('text-red-600');
    expect(within(screen.getByRole('article', { name: 'Macbeth' })).getByText('Due Today')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Othello' })).getByText('1 day left')).toBeTruthy();
    const lear = screen.getByRole('article', { name: 'Lear' });
    expect(within(lear).getByText('10 days left').className).toContain('bg-blue-100');
    expect(within(lear).getByText(/^Return by:/).className).not.toContain('text-red-600');
    expect(within(lear).getByRole('link', { name: 'View Details of Lear' }).getAttribute('href')).toBe(
      '/book-details/book-l4',
    );
    expect(screen.queryByRole('article', { name: 'Tempest' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Library' }).getAttribute('href')).toBe('/all-books');
  });

  it('switches tabs; returned loans have no Return button; an empty tab offers the other', async () => {
    renderPage([listMock([loan('l5', 'Tempest', dueDay(1, 28), 'RETURNED')])]);
    expect(await screen.findByRole('heading', { name: 'No Pending Books' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'View Returned Books' }));
    expect(screen.getByRole('tab', { name: 'Returned (1)', selected: true })).toBeTruthy();
    const tempest = screen.getByRole('article', { name: 'Tempest' });
    expect(within(tempest).queryByRole('button')).toBeNull();
    expect(within(tempest).queryByText('Overdue')).toBeNull();
  });

  it('shows the empty state with one way on', async () => {
    renderPage([listMock([])]);
    expect(await screen.findByRole('heading', { name: 'No Books Borrowed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Books' }).getAttribute('href')).toBe('/all-books');
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['Browse Books']);
  });

  it('lists overdue loans first, then by due date, and returned loans newest first with their return day', async () => {
    const returnedOn = (loanData: ReturnType<typeof loan>, day: number) => ({
      ...loanData,
      returnedAt: new Date(2026, 2, day, 12).toISOString(),
    });
    renderPage([
      listMock([
        loan('l1', 'Lear', dueDay(2, 20)),
        loan('l2', 'Hamlet', dueDay(2, 8)),
        loan('l3', 'Othello', dueDay(2, 11)),
        loan('l4', 'Macbeth', dueDay(2, 5)),
        returnedOn(loan('l5', 'Tempest', dueDay(1, 28), 'RETURNED'), 2),
        returnedOn(loan('l6', 'Twelfth Night', dueDay(1, 28), 'RETURNED'), 6),
      ]),
    ]);
    await screen.findByRole('tab', { name: 'Pending (4)', selected: true });
    const titles = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    expect(titles()).toEqual(['Macbeth', 'Hamlet', 'Othello', 'Lear']);
    // Under the page's h1, a card's title is an h2 (axe heading-order: no jump from h1 to h3).
    expect(
      within(screen.getByRole('article', { name: 'Lear' })).getByRole('heading', { level: 2, name: 'Lear' }),
    ).toBeTruthy();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('tab', { name: 'Returned (2)' }));
    expect(titles()).toEqual(['Twelfth Night', 'Tempest']);
    const tempest = screen.getByRole('article', { name: 'Tempest' });
    expect(within(tempest).getByText(`Returned on ${new Date(2026, 2, 2, 12).toLocaleDateString()}`)).toBeTruthy();
  });

  it('shows the error state with Try Again', async () => {
    renderPage([{ request: { query: MY_BORROWED_BOOKS_QUERY }, error: new Error('down') }]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to fetch borrowed books. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('returns a book after confirmation, moving it to Returned and giving the copy back', async () => {
    const cache = new InMemoryCache();
    cache.writeFragment({
      id: 'Book:book-l1',
      fragment: gql`
        fragment Q on Book {
          id
          quantity
        }
      `,
      data: { __typename: 'Book', id: 'book-l1', quantity: 2 },
    });
    const returned = loan('l1', 'Hamlet', dueDay(2, 12), 'RETURNED');
    renderPage(
      [
        listMock([loan('l1', 'Hamlet', dueDay(2, 12))]),
        {
          request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
          result: {
            data: {
              returnBook: {
                __typename: 'BorrowRecord',
                id: 'l1',
                bookId: 'book-l1',
                status: 'RETURNED',
                returnedAt: returned.returnedAt,
                returnDate: returned.returnDate,
              },
            },
          },
        },
      ],
      cache,
    );
    const card = await screen.findByRole('article', { name: 'Hamlet' });
    await userEvent.click(within(card).getByRole('button', { name: 'Return Book: Hamlet' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Return Book?')).toBeTruthy();
    expect(within(confirm).getByText('Are you sure you want to return this book?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, return it!' }));
    expect(await screen.findByText('Book Returned!')).toBeTruthy();
    expect(screen.getByText('Thank you for returning the book.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Returned (1)', hidden: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending (0)', hidden: true })).toBeTruthy();
    const book = cache.readFragment<{ quantity: number }>({
      id: 'Book:book-l1',
      fragment: gql`
        fragment R on Book {
          quantity
        }
      `,
    });
    expect(book?.quantity).toBe(3);
  });

  it('does nothing when the return is not confirmed, and reports a failed return', async () => {
    renderPage([
      listMock([loan('l1', 'Hamlet', dueDay(2, 12))]),
      {
        request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
        result: { errors: [{ message: 'This loan was already returned', extensions: { code: 'BAD_USER_INPUT' } }] },
      },
    ]);
    const returnButton = await screen.findByRole('button', { name: 'Return Book: Hamlet' });
    await userEvent.click(returnButton);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('tab', { name: 'Pending (1)' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Return Book: Hamlet' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, return it!' }));
    expect(await screen.findByText('Failed to Return')).toBeTruthy();
    expect(screen.getByText('This loan was already returned')).toBeTruthy();
  });
});
