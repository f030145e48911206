import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { axeViolations } from '../../../test/axe.ts';
import bangla from '../../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../../lib/i18n.ts';
import SuggestionsPage from './suggestions-page.tsx';
import { DECIDE_SUGGESTION, PURCHASE_SUGGESTIONS_QUERY, SUGGESTIONS_PAGE_SIZE } from './suggestion-operations.ts';

const row = (over: Record<string, unknown> = {}) => ({
  __typename: 'PurchaseSuggestion',
  id: 's1',
  title: 'Lalsalu',
  author: 'Syed Waliullah',
  note: 'For the book club',
  status: 'OPEN',
  reason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  memberName: 'Ann Reader',
  memberCard: 'BM00000017',
  ...over,
});
const list = (status: string, nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: PURCHASE_SUGGESTIONS_QUERY, variables: { status, first: SUGGESTIONS_PAGE_SIZE, after: null } },
  result: {
    data: {
      purchaseSuggestions: {
        __typename: 'PurchaseSuggestionConnection',
        nodes,
        totalCount: nodes.length,
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
      },
    },
  },
});
const decided = (accept: boolean, reason: string | null): MockLink.MockedResponse => ({
  request: { query: DECIDE_SUGGESTION, variables: { id: 's1', accept, reason } },
  result: {
    data: {
      decideSuggestion: {
        __typename: 'PurchaseSuggestion',
        id: 's1',
        status: accept ? 'ACCEPTED' : 'DECLINED',
        reason,
      },
    },
  },
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <main>
          <SuggestionsPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  ).container;
}

describe('Purchase suggestions at the desk', () => {
  it('lists open suggestions with the member; a decline needs a reason and leaves the open list', async () => {
    const container = renderPage([list('OPEN', [row()]), decided(false, 'Out of print'), list('OPEN', [])]);
    const cell = await screen.findByText('Lalsalu (Syed Waliullah)');
    const tr = cell.closest('tr')!;
    expect(tr).toHaveTextContent('Ann Reader · BM00000017');
    expect(tr).toHaveTextContent('For the book club');
    expect(await axeViolations(container)).toEqual([]);
    await userEvent.click(within(tr).getByRole('button', { name: 'Decline' }));
    expect(within(tr).getByRole('alert')).toHaveTextContent('Say why it is declined: the member is told.');
    await userEvent.type(within(tr).getByRole('textbox', { name: /Reason for “Lalsalu”/ }), 'Out of print');
    await userEvent.click(within(tr).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('No suggestions here.')).toBeInTheDocument();
  });

  it('shows answered suggestions with their reason, and refusals beside the row', async () => {
    renderPage([
      list('OPEN', [row()]),
      {
        request: { query: DECIDE_SUGGESTION, variables: { id: 's1', accept: true, reason: null } },
        result: {
          errors: [{ message: 'This suggestion has been answered already.', extensions: { code: 'CONFLICT' } }],
        },
      },
      list('DECLINED', [row({ status: 'DECLINED', reason: 'Out of print' })]),
    ]);
    const tr = (await screen.findByText('Lalsalu (Syed Waliullah)')).closest('tr')!;
    await userEvent.click(within(tr).getByRole('button', { name: 'Accept' }));
    expect(await within(tr).findByRole('alert')).toHaveTextContent('This suggestion has been answered already.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Declined');
    expect(await screen.findByText('Declined: Out of print')).toBeInTheDocument();
  });

  it('speaks Bangla', async () => {
    applyCatalogue('bn', bangla);
    renderPage([list('OPEN', [])]);
    expect(await screen.findByText('এখানে কোনো প্রস্তাব নেই।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'বই কেনার প্রস্তাব', level: 1 })).toBeInTheDocument();
  });
});
