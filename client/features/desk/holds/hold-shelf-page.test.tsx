import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import { axeViolations } from '../../../test/axe.ts';
import HoldShelfPage from './hold-shelf-page.tsx';
import {
  CLEAR_HOLD_SHELF,
  HOLDS_AWAITING_QUERY,
  HOLDS_TO_CLEAR_QUERY,
  HOLDS_TO_PULL_QUERY,
  HOLD_SHELF_PAGE_SIZE,
  SHELVE_HOLD,
} from './hold-shelf-operations.ts';

const page = <T,>(typename: string, nodes: T[]) => ({
  __typename: typename,
  nodes,
  totalCount: nodes.length,
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
});
const variables = { first: HOLD_SHELF_PAGE_SIZE, after: null };
const book = { __typename: 'Book', id: 'b1', title: 'Wanted Book', author: 'Pat Author' };
const member = (name: string) => ({ __typename: 'User', uid: `uid-${name}`, name, cardNumber: 'BM00000017' });

const pullRow = {
  __typename: 'HoldShelfEntry',
  hold: { __typename: 'Hold', id: 'h1', readyAt: '2026-11-20T09:00:00.000Z', itemBarcode: 'BH00000018', pickup: false },
  book,
  member: member('Ann Waiting'),
};
// An app borrow in a click-and-collect library: a pickup request, pulled as a hold is.
const requestRow = {
  ...pullRow,
  hold: { ...pullRow.hold, id: 'h4', itemBarcode: 'BH00000034', pickup: true },
  member: member('Dan Requesting'),
};
const awaitingRow = (shelvedAt: string | null) => ({
  __typename: 'Hold',
  id: 'h1',
  bookTitle: 'Wanted Book',
  userName: 'Ann Waiting',
  itemBarcode: 'BH00000018',
  readyUntil: '2026-11-27',
  shelvedAt,
});
const clearRow = {
  __typename: 'HoldShelfEntry',
  hold: { __typename: 'Hold', id: 'h2', status: 'EXPIRED', itemBarcode: 'BH00000026' },
  book,
  member: member('Bea First'),
  nextHold: { __typename: 'Hold', id: 'h3', userName: 'Cal Next' },
  copyGoesTo: 'NEXT_MEMBER',
};

const toPull = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: HOLDS_TO_PULL_QUERY, variables },
  result: { data: { holdsToPull: page('HoldShelfConnection', nodes) } },
});
const awaiting = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: HOLDS_AWAITING_QUERY, variables },
  result: { data: { holdsReady: page('HoldConnection', nodes) } },
});
const toClear = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: HOLDS_TO_CLEAR_QUERY, variables },
  result: { data: { holdsToClear: page('HoldShelfConnection', nodes) } },
});

function renderPage(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter>
        <main>
          <HoldShelfPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  ).container;
}

const section = async (name: string) => screen.findByRole('region', { name });

describe('Hold shelf', () => {
  it('lists a copy to pull; Put it on the hold shelf moves it to Awaiting pickup', async () => {
    const container = renderPage([
      toPull([pullRow]),
      awaiting([awaitingRow(null)]),
      toClear([]),
      {
        request: { query: SHELVE_HOLD, variables: { holdId: 'h1' } },
        result: { data: { shelveHold: { __typename: 'Hold', id: 'h1', shelvedAt: '2026-11-21T10:00:00.000Z' } } },
      },
      toPull([]),
      awaiting([awaitingRow('2026-11-21T10:00:00.000Z')]),
      toClear([]),
    ]);
    const pull = await section('To pull');
    const row = (await within(pull).findByText('Wanted Book')).closest('tr')!;
    expect(row.textContent).toContain('Pat Author');
    expect(row.textContent).toContain('BH00000018');
    expect(row.textContent).toContain('Ann Waiting');
    expect(row.textContent).toContain('BM00000017');
    // Each list answers on its own: To clear may still be loading when To pull shows its row.
    expect(
      await within(await section('Expired: take off the shelf')).findByText('Nothing to take off the hold shelf.'),
    ).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);

    await userEvent.click(within(row).getByRole('button', { name: 'Put it on the hold shelf' }));
    expect(
      await within(pull).findByText('Nothing to pull: every copy set aside is on the hold shelf.'),
    ).toBeInTheDocument();
    const waiting = await section('Awaiting pickup');
    expect(await within(waiting).findByText(/On the hold shelf since/)).toBeInTheDocument();
    expect(within(waiting).queryByRole('button', { name: 'Put it on the hold shelf' })).toBeNull();
  });

  it('marks which copies to pull are borrow requests and which are holds from the queue', async () => {
    renderPage([toPull([pullRow, requestRow]), awaiting([]), toClear([])]);
    const pull = await section('To pull');
    const request = (await within(pull).findByText('Dan Requesting')).closest('tr')!;
    expect(within(request).getByText('Borrow request')).toBeInTheDocument();
    const hold = within(pull).getByText('Ann Waiting').closest('tr')!;
    expect(within(hold).getByText('Hold from the queue')).toBeInTheDocument();
    expect(within(pull).getByRole('columnheader', { name: 'Kind' })).toBeInTheDocument();
  });

  it('says where an expired hold’s copy goes, and shows a refusal beside the row', async () => {
    renderPage([
      toPull([]),
      awaiting([]),
      toClear([clearRow]),
      {
        request: { query: CLEAR_HOLD_SHELF, variables: { holdId: 'h2' } },
        result: {
          errors: [
            {
              message:
                'This hold is still waiting for its member to pick the copy up: leave the copy on the hold shelf.',
              extensions: { code: 'HOLD_STILL_READY' },
            },
          ],
        },
      },
    ]);
    const clear = await section('Expired: take off the shelf');
    const row = (await within(clear).findByText('BH00000026')).closest('tr')!;
    expect(row.textContent).toContain('Cal Next, waiting next: put it back on the hold shelf for them');
    expect(row.textContent).toContain('Bea First');
    await userEvent.click(within(row).getByRole('button', { name: 'Taken off the shelf' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(
      'This hold is still waiting for its member to pick the copy up: leave the copy on the hold shelf.',
    );
    expect(within(await section('Awaiting pickup')).getByText('No copies are waiting for pickup.')).toBeInTheDocument();
  });

  it('shows a list that failed to load with Try Again, and Staff only when the gateway refuses', async () => {
    renderPage([
      { request: { query: HOLDS_TO_PULL_QUERY, variables }, error: new Error('offline') },
      toPull([pullRow]),
      {
        request: { query: HOLDS_AWAITING_QUERY, variables },
        result: { errors: [{ message: 'Only library staff can do this.', extensions: { code: 'FORBIDDEN' } }] },
      },
      toClear([]),
    ]);
    const pull = await section('To pull');
    const alert = await within(pull).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the holds to pull.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await within(pull).findByText('Wanted Book')).toBeInTheDocument();
    expect(
      await within(await section('Awaiting pickup')).findByRole('heading', { name: 'Staff only' }),
    ).toBeInTheDocument();
  });
});
