// The desk's member panel says whether a borrow would go ahead as the gateway's standing says (the rule the
// borrow asks): never "free to borrow" for a member a borrow refuses, and the reason named, in both languages.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import bangla from '../../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../../lib/i18n.ts';
import DeskPage from '../desk-page.tsx';
import {
  accessMock,
  loan,
  memberMock,
  memberRow,
  membersMock,
  noOverdue,
  notesMock,
  standingOf,
} from '../desk-test-data.ts';

const UID = 'uid-1';

/** Overdue and at five of five loans, owing nothing: a borrow meets LOAN_OVERDUE first. */
const overdueAtLimit = (message: string) => ({
  balance: 0,
  loans: [
    loan('l1', 'Hamlet', { overdueDays: 3, fee: 150, dueDate: '2026-02-27' }),
    ...[2, 3, 4, 5].map((n) => loan(`l${n}`, `Book ${n}`, { dueDate: '2026-03-20' })),
  ],
  standing: standingOf(0, { code: 'LOAN_OVERDUE', message }),
});

function renderMember(member: Parameters<typeof memberMock>[1]) {
  render(
    <MockedProvider
      mocks={[
        accessMock('admin'),
        membersMock(null, null, { nodes: [memberRow(1)], totalCount: 1, endCursor: null, hasNextPage: false }),
        noOverdue(),
        memberMock(UID, member),
        notesMock(UID),
      ]}
    >
      <MemoryRouter initialEntries={[`/desk?member=${UID}`]}>
        <main>
          <DeskPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe("the member panel's standing", () => {
  it('names the reason a borrow would be refused, never "free to borrow", though nothing is owed', async () => {
    const sentence = '“Hamlet” is overdue. Please return it before borrowing another book.';
    renderMember(overdueAtLimit(sentence));
    expect(await screen.findByText('Cannot borrow: a loan is overdue.')).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(screen.queryByText(/free to borrow/)).not.toBeInTheDocument();
  });

  it('says the loan limit when that is what a borrow meets', async () => {
    renderMember({
      balance: 0,
      standing: standingOf(0, { code: 'LOAN_LIMIT', message: 'You already have 5 books on loan.' }),
    });
    expect(await screen.findByText('Cannot borrow: at the loan limit.')).toBeInTheDocument();
    expect(screen.queryByText(/free to borrow/)).not.toBeInTheDocument();
  });

  it("marks a late fee capped at the book's replacement cost, as the member's Loans tab does", async () => {
    renderMember({
      balance: 0,
      loans: [
        loan('l1', 'Hamlet', { overdueDays: 16, fee: 500, feeCapped: true, dueDate: '2026-02-12' }),
        loan('l2', 'Macbeth', { overdueDays: 2, fee: 100, dueDate: '2026-02-26' }),
      ],
      standing: standingOf(0, { code: 'LOAN_OVERDUE', message: '“Hamlet” is overdue.' }),
    });
    const hamlet = await screen.findByRole('listitem', { name: 'Hamlet' });
    expect(within(hamlet).getByText('16 days late, fee ৳500 so far')).toBeInTheDocument();
    expect(
      within(hamlet).getByText("Capped at the book's replacement cost: the fee grows no more."),
    ).toBeInTheDocument();
    const macbeth = screen.getByRole('listitem', { name: 'Macbeth' });
    expect(within(macbeth).queryByText(/Capped at/)).not.toBeInTheDocument();
  });

  it('says "free to borrow" only when the standing says a borrow would go ahead', async () => {
    renderMember({ balance: 0 });
    expect(await screen.findByText('Nothing owed: free to borrow.')).toBeInTheDocument();
  });

  it('names the reason in Bangla', async () => {
    applyCatalogue('bn', bangla);
    const sentence = '“Hamlet” বইটি ফেরতের সময় পেরিয়ে গেছে।';
    renderMember(overdueAtLimit(sentence));
    expect(await screen.findByText('ধার নিতে পারবেন না: একটি বই ফেরতের সময় পেরিয়ে গেছে।')).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    expect(screen.queryByText('কোনো বকেয়া নেই: বই ধার নিতে পারবেন।')).not.toBeInTheDocument();
  });
});
