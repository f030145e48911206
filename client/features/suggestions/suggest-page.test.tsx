import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { axeViolations } from '../../test/axe.ts';
import bangla from '../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import SuggestPage from './suggest-page.tsx';
import { MY_SUGGESTIONS_QUERY, SUGGEST_PURCHASE } from './suggestion-operations.ts';

const suggestion = (over: Record<string, unknown>) => ({
  __typename: 'PurchaseSuggestion',
  id: 's1',
  title: 'Lalsalu',
  author: 'Syed Waliullah',
  status: 'OPEN',
  reason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  ...over,
});
const mine = (list: unknown[]): MockLink.MockedResponse => ({
  request: { query: MY_SUGGESTIONS_QUERY },
  result: { data: { mySuggestions: list } },
});

function renderAt(url: string, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/suggest', element: <SuggestPage /> }], { initialEntries: [url] });
  return render(
    <MockedProvider mocks={mocks}>
      <main>
        <RouterProvider router={router} />
      </main>
    </MockedProvider>,
  ).container;
}

describe('Suggest a book', () => {
  it('comes prefilled from the book page, sends the suggestion and lists it with the answers so far', async () => {
    const declined = suggestion({ id: 's0', title: 'Old One', author: '', status: 'DECLINED', reason: 'Out of print' });
    const container = renderAt('/suggest?title=Lalsalu&author=Syed%20Waliullah', [
      mine([declined]),
      {
        request: {
          query: SUGGEST_PURCHASE,
          variables: { input: { title: 'Lalsalu', author: 'Syed Waliullah', note: 'For the club' } },
        },
        result: { data: { suggestPurchase: suggestion({}) } },
      },
      mine([suggestion({}), declined]),
    ]);
    expect(await screen.findByText('Staff said: Out of print')).toBeInTheDocument();
    expect(screen.getByText(/the library will not buy it\./)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Lalsalu');
    expect(screen.getByRole('textbox', { name: 'Author (optional)' })).toHaveValue('Syed Waliullah');
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'A note to staff (optional)' }), 'For the club');
    await userEvent.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you: “Lalsalu” is with the library');
    expect(await screen.findByText('Lalsalu by Syed Waliullah')).toBeInTheDocument();
    expect(screen.getByText(/waiting for the library's answer/)).toBeInTheDocument();
  });

  it('shows the refusal beside its field, and the limit as a sentence', async () => {
    renderAt('/suggest', [
      mine([]),
      {
        request: { query: SUGGEST_PURCHASE, variables: { input: { title: 'x', author: '', note: '' } } },
        result: {
          errors: [{ message: 'You already have 10 suggestions waiting', extensions: { code: 'SUGGESTION_LIMIT' } }],
        },
      },
    ]);
    expect(await screen.findByText('You have not suggested a book yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send suggestion' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have 10 suggestions waiting');
  });

  it('speaks Bangla', async () => {
    applyCatalogue('bn', bangla);
    renderAt('/suggest', [mine([])]);
    expect(await screen.findByText('আপনি এখনো কোনো বইয়ের প্রস্তাব দেননি।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'বই কেনার প্রস্তাব', level: 1 })).toBeInTheDocument();
  });
});
