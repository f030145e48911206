import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { AUDIT_PAGE_SIZE, AuditHistory, DESK_AUDIT_QUERY } from './audit-history.tsx';

const UID = 'uid-1';

const entry = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'AuditEntry',
  id,
  at: '2026-03-02T09:00:00.000Z',
  actor: { __typename: 'AuditActor', uid: 'uid-staff', name: 'Desk Clerk' },
  api: 'graphql',
  uid: UID,
  memberCard: null,
  action: 'payment',
  field: 'balance',
  oldValue: '600',
  newValue: '400',
  ...overrides,
});

const page = (after: string | null, nodes: unknown[], endCursor: string | null, hasNextPage: boolean) =>
  ({
    request: {
      query: DESK_AUDIT_QUERY,
      variables: after === null ? { uid: UID, first: AUDIT_PAGE_SIZE } : { uid: UID, first: AUDIT_PAGE_SIZE, after },
    },
    result: {
      data: {
        auditLog: {
          __typename: 'AuditConnection',
          totalCount: 2,
          pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor },
          nodes,
        },
      },
    },
  }) as MockLink.MockedResponse;

describe('Circulation Desk: a member’s history', () => {
  it('loads when asked, newest first, and adds the next page with Load more', async () => {
    const user = userEvent.setup();
    render(
      <MockedProvider
        mocks={[
          page(null, [entry('a2')], 'c1', true),
          page(
            'c1',
            [
              entry('a1', {
                action: 'check-in',
                field: 'status',
                oldValue: 'borrowed',
                newValue: 'returned',
                api: 'rest',
              }),
            ],
            'c2',
            false,
          ),
        ]}
      >
        <AuditHistory uid={UID} />
      </MockedProvider>,
    );
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).queryByRole('table')).toBeNull();
    await user.click(within(history).getByRole('button', { name: 'Show history' }));
    expect(await within(history).findByRole('cell', { name: 'balance: 600 → 400' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'Desk Clerk' })).toBeInTheDocument();
    expect(within(history).getByText('Showing 1 of 2')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Load more' }));
    expect(await within(history).findByRole('cell', { name: 'status: borrowed → returned' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'REST' })).toBeInTheDocument();
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names the hold shelf’s and claims returned entries in words', async () => {
    const user = userEvent.setup();
    const nodes = [
      entry('a3', { action: 'hold-shelved', field: 'shelvedAt', oldValue: null, newValue: 'BH00000018' }),
      entry('a2', { action: 'hold-shelf-cleared', field: 'shelfClearedAt', oldValue: null, newValue: 'BH00000018' }),
      entry('a1', { action: 'claims-returned', field: 'status', oldValue: 'borrowed', newValue: 'Used the drop' }),
    ];
    render(
      <MockedProvider mocks={[{ ...page(null, nodes, null, false) }]}>
        <AuditHistory uid={UID} />
      </MockedProvider>,
    );
    const history = screen.getByRole('region', { name: 'History' });
    await user.click(within(history).getByRole('button', { name: 'Show history' }));
    expect(await within(history).findByRole('cell', { name: 'Put on the hold shelf' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'Taken off the hold shelf' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'Claims returned' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'status: borrowed → Used the drop' })).toBeInTheDocument();
  });
});
