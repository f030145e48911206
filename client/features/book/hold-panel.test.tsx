import { describe, expect, it } from 'vitest';
import { fakeAuth } from '../../lib/auth-test-utils.tsx';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthContext } from '../../lib/auth.tsx';
import { catalogueEditorsMocks } from '../../lib/catalogue-editing-test-utils.ts';
import BookDetailsPage, { BOOK_DETAILS_QUERY, MY_LOANS_QUERY } from './book-details-page.tsx';
import { CANCEL_HOLD_MUTATION } from '../../lib/holds.ts';
import { BOOK_HOLD_QUERY, PLACE_HOLD_MUTATION } from './use-book-hold.ts';
import { BORROW_WINDOW_QUERY } from './borrow-modal.tsx';
import { axeViolations } from '../../test/axe.ts';

const auth = fakeAuth({
  user: { uid: 'u2', email: 'grace@example.com', displayName: 'Grace Hopper', photoURL: null },
  signedIn: true,
});

const dune = {
  __typename: 'Book',
  id: 'b1',
  title: 'Dune',
  author: 'Frank Herbert',
  genre: 'Sci-Fi',
  description: 'Spice.',
  image: '/assets/library/dune.jpg',
  rating: 4.5,
  quantity: 0,
  copies: 1,
};

/** A hold placed in a queue: no pickup request, never on the hold shelf. */
const UNSET = { pickup: false, shelvedAt: null, readyUntilHours: null };

type Hold = { id: string; status: string; position: number | null; readyUntil: string | null } | null;
const holdData = (myHold: Hold, holdQueueLength = myHold ? 1 : 0) => ({
  data: {
    book: {
      __typename: 'Book',
      id: 'b1',
      holdQueueLength,
      myHold: myHold && { __typename: 'Hold', ...UNSET, ...myHold },
    },
  },
});
const holdMock = (myHold: Hold, queue?: number): MockLink.MockedResponse => ({
  request: { query: BOOK_HOLD_QUERY, variables: { id: 'b1' } },
  result: holdData(myHold, queue),
});
const waiting = { id: 'h1', status: 'WAITING', position: 1, readyUntil: null };

function renderPage(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider
      mocks={[
        { request: { query: BOOK_DETAILS_QUERY, variables: { id: 'b1' } }, result: { data: { book: dune } } },
        { request: { query: MY_LOANS_QUERY }, result: { data: { borrowedBooks: [] } } },
        ...mocks,
        ...catalogueEditorsMocks(),
      ]}
      cache={new InMemoryCache()}
    >
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={['/book-details/b1']}>
          <Routes>
            <Route path="/book-details/:id" element={<BookDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
    </MockedProvider>,
  );
}

const holdSection = () => screen.findByRole('region', { name: 'Hold' });

describe('Holds on book details', () => {
  it('offers Place Hold when out of stock, then shows the place in the queue', async () => {
    renderPage([
      holdMock(null, 0),
      {
        request: { query: PLACE_HOLD_MUTATION, variables: { bookId: 'b1' } },
        result: { data: { placeHold: { __typename: 'Hold', ...UNSET, ...waiting } } },
      },
      holdMock(waiting),
    ]);
    expect(await screen.findByText('Out of Stock')).toBeInTheDocument();
    const section = await holdSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Place Hold' }));
    expect(await within(section).findByText('You are number 1 in the queue')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Cancel Hold' })).toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Borrow Book' }) as HTMLButtonElement).disabled).toBe(true);
    // The page sits in the layout's main landmark in the app; here the panel itself is checked.
    expect(await axeViolations(section)).toEqual([]);
  });

  it("shows the gateway's sentence when a hold is refused", async () => {
    const sentence = 'You already have 5 holds, the most the library allows.';
    renderPage([
      holdMock(null, 2),
      {
        request: { query: PLACE_HOLD_MUTATION, variables: { bookId: 'b1' } },
        result: { errors: [new GraphQLError(sentence, { extensions: { code: 'HOLD_LIMIT' } })] },
      },
    ]);
    const section = await holdSection();
    await userEvent.click(await within(section).findByRole('button', { name: 'Place Hold' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(sentence);
  });

  it('cancels a hold and offers Place Hold again', async () => {
    renderPage([
      holdMock({ ...waiting, position: 2 }, 2),
      {
        request: { query: CANCEL_HOLD_MUTATION, variables: { holdId: 'h1' } },
        result: {
          data: { cancelHold: { __typename: 'Hold', ...UNSET, ...waiting, status: 'CANCELLED', position: null } },
        },
      },
      holdMock(null, 1),
    ]);
    const section = await holdSection();
    expect(await within(section).findByText('You are number 2 in the queue')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel Hold' }));
    expect(await within(section).findByRole('button', { name: 'Place Hold' })).toBeInTheDocument();
  });

  it('lets the member with a ready hold borrow the copy set aside', async () => {
    renderPage([
      holdMock({ id: 'h1', status: 'READY', position: 1, readyUntil: '2026-11-27' }),
      {
        request: { query: BORROW_WINDOW_QUERY },
        result: {
          data: {
            borrowWindow: {
              __typename: 'BorrowWindow',
              today: '2026-11-25',
              latestReturnDate: '2026-12-09',
              closures: [],
            },
          },
        },
      },
    ]);
    const section = await holdSection();
    expect(await within(section).findByText('Ready for you until 27 Nov 2026')).toBeInTheDocument();
    const borrow = screen.getByRole('button', { name: 'Borrow Book' }) as HTMLButtonElement;
    expect(borrow.disabled).toBe(false);
    await userEvent.click(borrow);
    const modal = screen.getByRole('dialog', { name: 'Borrow Book' });
    expect((within(modal).getByRole('button', { name: 'Confirm Borrow' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a load failure with Try Again, which asks again', async () => {
    renderPage([
      { request: { query: BOOK_HOLD_QUERY, variables: { id: 'b1' } }, error: new Error('down') },
      holdMock(null, 0),
    ]);
    const section = await holdSection();
    expect((await within(section).findByRole('alert')).textContent).toBe('Could not load the queue for this book.');
    await userEvent.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByRole('button', { name: 'Place Hold' })).toBeInTheDocument();
  });
});
