import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { setUpDialogsForTests } from '../../../components/ui/dialogs-test-env.ts';
import DeskPage from '../desk-page.tsx';
import {
  ADD_NOTE_MUTATION,
  BLOCK_MEMBER_MUTATION,
  EDIT_MEMBER_MUTATION,
  REGISTER_MEMBER_MUTATION,
  UNBLOCK_MEMBER_MUTATION,
} from './use-member-actions.ts';
import { accessMock, memberMock, memberRow, membersMock, noOverdue, note, notesMock } from '../desk-test-data.ts';

setUpDialogsForTests();

const UID = 'uid-1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const BLOCK = { __typename: 'MemberBlock', reason: 'Three books unreturned', at: '2026-03-02T09:00:00.000Z' };

/** A desk write's variables: exactly `expected` and a fresh idempotency key. */
const keyed = (expected: Record<string, unknown>) => (variables: Record<string, unknown>) => {
  const { idempotencyKey, ...rest } = variables;
  return (
    typeof idempotencyKey === 'string' && UUID.test(idempotencyKey) && JSON.stringify(rest) === JSON.stringify(expected)
  );
};

const members = () =>
  membersMock(null, null, { nodes: [memberRow(1)], totalCount: 1, endCursor: null, hasNextPage: false });
/** What a member write refetches: the member, the member search and the notes. */
const refetched = (member: Parameters<typeof memberMock>[1], notes: ReturnType<typeof note>[] = []) => [
  memberMock(UID, member),
  members(),
  notesMock(UID, notes),
];

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.search}</p>;
}

function renderDesk(mocks: MockLink.MockedResponse[], at = `/desk?member=${UID}`) {
  render(
    <MockedProvider mocks={[accessMock('admin'), members(), noOverdue(), ...mocks]}>
      <MemoryRouter initialEntries={[at]}>
        <main>
          <DeskPage />
          <Address />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
}

const panel = () => screen.findByRole('region', { name: 'Ada Lovelace' });

describe('Circulation Desk: a member’s card, block, details and notes', () => {
  it('shows the card number, and blocks the member only with a reason', async () => {
    renderDesk([
      memberMock(UID, { balance: 0 }),
      notesMock(UID),
      {
        request: { query: BLOCK_MEMBER_MUTATION, variables: keyed({ uid: UID, reason: 'Three books unreturned' }) },
        result: { data: { blockMember: { __typename: 'User', id: `id-${UID}`, block: BLOCK } } },
      },
      ...refetched({ balance: 0, block: BLOCK }),
    ]);
    const member = await panel();
    expect(within(member).getByText('Card BM00000018')).toBeInTheDocument();
    expect(within(member).getByText('Not blocked: may borrow and place holds.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(member).getByRole('button', { name: 'Block' }));
    // No reason: refused here, nothing sent (an unmatched mutation would fail the test).
    await user.click(within(member).getByRole('button', { name: 'Block member' }));
    expect(within(member).getByRole('alert').textContent).toBe(
      'Give a reason: the member is told why they cannot borrow.',
    );
    await user.type(within(member).getByLabelText('Reason (the member is told it)'), 'Three books unreturned');
    await user.click(within(member).getByRole('button', { name: 'Block member' }));
    expect(await within(member).findByText(/Blocked since .*: Three books unreturned/)).toBeInTheDocument();
    expect(await within(member).findByText('Ada Lovelace is blocked.')).toBeInTheDocument();
    expect(within(member).getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
  });

  it('unblocks a blocked member', async () => {
    renderDesk([
      memberMock(UID, { balance: 0, block: BLOCK }),
      notesMock(UID),
      {
        request: { query: UNBLOCK_MEMBER_MUTATION, variables: keyed({ uid: UID }) },
        result: { data: { unblockMember: { __typename: 'User', id: `id-${UID}`, block: null } } },
      },
      ...refetched({ balance: 0 }),
    ]);
    const member = await panel();
    await userEvent.setup().click(within(member).getByRole('button', { name: 'Unblock' }));
    expect(await within(member).findByText('Ada Lovelace is no longer blocked.')).toBeInTheDocument();
    expect(within(member).getByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it('lists the notes newest first and adds one', async () => {
    const older = note('n1', 'Prefers large print');
    const newer = note('n2', 'Moved to Mirpur', '2026-03-03T09:00:00.000Z');
    renderDesk([
      memberMock(UID, { balance: 0 }),
      notesMock(UID, [older]),
      {
        request: { query: ADD_NOTE_MUTATION, variables: keyed({ uid: UID, text: 'Moved to Mirpur' }) },
        result: { data: { addMemberNote: { __typename: 'MemberNote', id: 'n2', text: 'Moved to Mirpur' } } },
      },
      ...refetched({ balance: 0 }, [newer, older]),
    ]);
    const member = await panel();
    const notes = await within(member).findByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Prefers large print')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(notes).getByLabelText('New note'), 'Moved to Mirpur');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(
        within(notes)
          .getAllByRole('listitem')
          .map((item) => item.firstChild?.textContent),
      ).toEqual(['Moved to Mirpur', 'Prefers large print']),
    );
    // The field empties once the add has answered, which may come after the list shows the note.
    await waitFor(() => expect((within(notes).getByLabelText('New note') as HTMLInputElement).value).toBe(''));
  });

  it('edits the member’s details, and shows a refusal without closing the form', async () => {
    const input = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '01711 000000' };
    renderDesk([
      memberMock(UID, { balance: 0 }),
      notesMock(UID),
      {
        request: {
          query: EDIT_MEMBER_MUTATION,
          variables: keyed({ uid: UID, input: { ...input, email: 'desk@example.com' } }),
        },
        result: {
          errors: [
            {
              message: 'An account with the e-mail desk@example.com exists already: find that member instead.',
              extensions: { code: 'CONFLICT' },
            },
          ],
        },
      },
      {
        request: { query: EDIT_MEMBER_MUTATION, variables: keyed({ uid: UID, input }) },
        result: { data: { editMember: { __typename: 'User', id: `id-${UID}`, ...input } } },
      },
      ...refetched({ balance: 0, phone: '01711 000000' }),
    ]);
    const member = await panel();
    const user = userEvent.setup();
    await user.click(within(member).getByRole('button', { name: 'Edit details' }));
    const form = within(member).getByRole('form', { name: 'Edit details' });
    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'desk@example.com');
    await user.type(within(form).getByLabelText('Phone'), '01711 000000');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('desk@example.com exists already');
    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(member).findByText('Details saved.')).toBeInTheDocument();
    expect(within(member).getByText('Phone 01711 000000')).toBeInTheDocument();
    expect(within(member).queryByRole('form', { name: 'Edit details' })).toBeNull();
  });
});

describe('Circulation Desk: register a member', () => {
  it('registers a member with their details and opens them', async () => {
    const input = { name: 'Nadia Rahman', email: 'nadia@example.com', phone: '+880 1711-000111', cardNumber: null };
    renderDesk(
      [
        {
          request: { query: REGISTER_MEMBER_MUTATION, variables: keyed({ input }) },
          result: {
            data: {
              registerMember: {
                __typename: 'User',
                id: 'id-new',
                uid: 'uid-new',
                name: 'Nadia Rahman',
                cardNumber: 'BM00000026',
              },
            },
          },
        },
        members(),
        memberMock('uid-new', { balance: 0, name: 'Nadia Rahman' }),
        notesMock('uid-new'),
      ],
      '/desk',
    );
    const form = await screen.findByRole('region', { name: 'Register a member' });
    const user = userEvent.setup();
    // Name and e-mail are required: refused here, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Register member' }));
    expect(within(form).getByRole('alert').textContent).toBe('Name and e-mail are required.');
    await user.type(within(form).getByLabelText('Name'), 'Nadia Rahman');
    await user.type(within(form).getByLabelText('E-mail'), 'nadia@example.com');
    await user.type(within(form).getByLabelText('Phone'), '+880 1711-000111');
    expect(within(form).getByLabelText('Card number (optional)').getAttribute('aria-describedby')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Register member' }));
    expect(await within(form).findByText(/Nadia Rahman is registered with card BM00000026/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?member=uid-new'));
    expect(await screen.findByRole('region', { name: 'Nadia Rahman' })).toBeInTheDocument();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows the gateway’s refusal of a card another member holds', async () => {
    const input = { name: 'Old Card', email: 'old@example.com', phone: null, cardNumber: 'LIB-0042' };
    renderDesk(
      [
        {
          request: { query: REGISTER_MEMBER_MUTATION, variables: keyed({ input }) },
          result: {
            errors: [{ message: 'Another member already has the card LIB-0042.', extensions: { code: 'CONFLICT' } }],
          },
        },
      ],
      '/desk',
    );
    const form = await screen.findByRole('region', { name: 'Register a member' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Name'), 'Old Card');
    await user.type(within(form).getByLabelText('E-mail'), 'old@example.com');
    await user.type(within(form).getByLabelText('Card number (optional)'), 'LIB-0042');
    await user.click(within(form).getByRole('button', { name: 'Register member' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Another member already has the card LIB-0042.');
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Old Card');
  });
});
