// The desk's book page shows the book's trail, newest first, with a Revert button on a member's edit of a
// descriptive field; the revert's answer and its refusal are said in the reader's language.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import bangla from '../../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../../lib/i18n.ts';
import { AUDIT_PAGE_SIZE } from '../audit-entries.ts';
import { BookHistory, DESK_BOOK_HISTORY_QUERY, REVERT_BOOK_EDIT_MUTATION } from './book-history.tsx';

const BOOK = 'book-1';

const entry = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'AuditEntry',
  id,
  at: '2026-03-02T09:00:00.000Z',
  actor: { __typename: 'AuditActor', uid: 'uid-member', name: 'Eager Editor' },
  api: 'graphql',
  uid: null,
  memberCard: null,
  action: 'book-edited',
  field: 'title',
  oldValue: 'Gitanjali',
  newValue: 'Gitanjali (vandalised)',
  ...overrides,
});

const checkOut = entry('e1', { action: 'check-out', field: 'status', oldValue: null, newValue: 'BH00000019' });
const edit = entry('e2');
const revert = entry('e3', {
  action: 'book-reverted',
  actor: { __typename: 'AuditActor', uid: 'uid-staff', name: 'Desk Clerk' },
  oldValue: 'Gitanjali (vandalised)',
  newValue: 'Gitanjali',
});

const history = (nodes: unknown[]): MockLink.MockedResponse => ({
  request: { query: DESK_BOOK_HISTORY_QUERY, variables: { bookId: BOOK, first: AUDIT_PAGE_SIZE } },
  result: {
    data: {
      auditLog: {
        __typename: 'AuditConnection',
        totalCount: nodes.length,
        pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
        nodes,
      },
    },
  },
});

const reverted: MockLink.MockedResponse = {
  request: { query: REVERT_BOOK_EDIT_MUTATION, variables: { auditId: 'e2' } },
  result: {
    data: { revertBookEdit: { __typename: 'Book', id: BOOK, title: 'Gitanjali', author: 'Tagore', version: 4 } },
  },
};

const renderHistory = (mocks: MockLink.MockedResponse[]) =>
  render(
    <MockedProvider mocks={mocks}>
      <BookHistory bookId={BOOK} />
    </MockedProvider>,
  );

describe("Circulation Desk: a book's history", () => {
  it('lists the edits and loans newest first, and reverts a member’s edit, which joins the trail', async () => {
    const user = userEvent.setup();
    renderHistory([history([edit, checkOut]), reverted, history([revert, edit, checkOut])]);
    const section = await screen.findByRole('region', { name: 'History of this book' });
    const rows = await within(section).findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Edited',
      'Checked out',
    ]);
    expect(within(rows[1]!).getByText('title: Gitanjali → Gitanjali (vandalised)')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Eager Editor')).toBeInTheDocument();
    // Only an edit of a descriptive field can be reverted: the loan's row has no button.
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Revert title to “Gitanjali”' }));
    expect(await screen.findByText('Reverted: title is “Gitanjali” again.')).toBeInTheDocument();
    const after = within(section).getAllByRole('row');
    expect(within(after[1]!).getAllByRole('cell')[1]).toHaveTextContent('Reverted');
    expect(within(after[1]!).getByText('Desk Clerk')).toBeInTheDocument();
    expect(within(after[1]!).queryByRole('button')).not.toBeInTheDocument();
    // The edit it undid is no longer the field's latest change: nothing to revert there any more.
    expect(within(after[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists a loan made and ended in the app with the member’s card, in either language', async () => {
    const reader = { __typename: 'AuditActor', uid: 'uid-reader', name: 'Rina Akter' };
    const about = { actor: reader, uid: 'uid-reader', memberCard: 'BM00000018' };
    const borrowed = entry('e4', {
      ...about,
      action: 'borrowed',
      field: 'dueDate',
      oldValue: null,
      newValue: '2026-03-16',
    });
    const returned = entry('e5', {
      ...about,
      action: 'returned',
      field: 'status',
      oldValue: 'borrowed',
      newValue: 'returned',
    });
    renderHistory([history([returned, borrowed, checkOut])]);
    const section = await screen.findByRole('region', { name: 'History of this book' });
    const rows = (await within(section).findAllByRole('row')).slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(rows.map((row) => cells(row).slice(1))).toEqual([
      ['Returned in the app', 'status: borrowed → returned', 'Rina Akter', 'BM00000018', ''],
      ['Borrowed in the app', 'dueDate: 2026-03-16', 'Rina Akter', 'BM00000018', ''],
      ['Checked out', 'status: BH00000019', 'Eager Editor', '', ''],
    ]);
    expect(within(section).getByRole('columnheader', { name: "Member's card" })).toBeInTheDocument();
  });

  it('shows a loan that has lost its member as an anonymous reader’s, in either language', async () => {
    // After the daily run (decision 083): the member's own return is a marker's, the desk's check-out staff's.
    const marker = 'anonymous:3f2a';
    const returned = entry('e6', {
      actor: { __typename: 'AuditActor', uid: marker, name: '' },
      uid: marker,
      action: 'returned',
      field: 'status',
      oldValue: 'borrowed',
      newValue: 'returned',
    });
    const lent = entry('e7', {
      actor: { __typename: 'AuditActor', uid: 'uid-staff', name: 'Desk Clerk' },
      uid: marker,
      action: 'check-out',
      field: 'item',
      oldValue: null,
      newValue: 'BH00000019',
    });
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(3, 5)
        .map((cell) => cell.textContent);
    const shown = async (heading: string) => {
      const section = await screen.findByRole('region', { name: heading });
      return (await within(section).findAllByRole('row')).slice(1).map(cells);
    };
    const { unmount } = renderHistory([history([returned, lent, edit])]);
    expect(await shown('History of this book')).toEqual([
      ['Anonymous reader', 'Anonymous reader'],
      ['Desk Clerk', 'Anonymous reader'],
      ['Eager Editor', ''],
    ]);
    unmount();
    applyCatalogue('bn', bangla);
    renderHistory([history([returned, lent])]);
    expect(await shown('এই বইয়ের ইতিহাস')).toEqual([
      ['বেনামি পাঠক', 'বেনামি পাঠক'],
      ['Desk Clerk', 'বেনামি পাঠক'],
    ]);
  });

  it('says in Bangla what it shows, and the gateway’s refusal when the field changed since', async () => {
    applyCatalogue('bn', bangla);
    const user = userEvent.setup();
    const refusal = 'ওই সম্পাদনার পরে বইটির title আবার বদলেছে, তাই আগের অবস্থায় ফেরানো হয়নি। সবশেষ পরিবর্তনটি ফেরান।';
    renderHistory([
      history([edit]),
      {
        request: reverted.request,
        result: { errors: [new GraphQLError(refusal, { extensions: { code: 'CONFLICT' } })] },
      },
    ]);
    const section = await screen.findByRole('region', { name: 'এই বইয়ের ইতিহাস' });
    const [, row] = await within(section).findAllByRole('row');
    expect(within(row!).getByText('সম্পাদিত')).toBeInTheDocument();
    await user.click(within(row!).getByRole('button', { name: 'title আবার “Gitanjali” করুন' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('button', { name: 'title আবার “Gitanjali” করুন' })).toHaveTextContent('আগের অবস্থায় ফেরান');
  });
});
