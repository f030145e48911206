// Test data for the desk's component tests: answers shaped as the gateway gives them (schema.graphql).
import type { MockLink } from '@apollo/client/testing';
import { DESK_ACCESS_QUERY } from './desk-page.tsx';
import { DESK_MEMBER_QUERY } from './members/member-panel.tsx';
import { DESK_MEMBER_NOTES_QUERY } from './members/member-notes.tsx';
import { DESK_MEMBERS_QUERY, MEMBERS_PAGE_SIZE } from './members/member-search.tsx';
import { DESK_OVERDUE_QUERY, OVERDUE_PAGE_SIZE } from './reports/overdue-list.tsx';

export const POLICY = {
  __typename: 'Policy',
  currencySymbol: '৳',
  lostProcessingFee: 100,
  defaultReplacementCost: 500,
};

export const accessMock = (role: string): MockLink.MockedResponse => ({
  request: { query: DESK_ACCESS_QUERY },
  result: { data: { me: { __typename: 'User', id: 'staff-1', role }, policy: POLICY } },
});

export const memberRow = (n: number) => ({
  __typename: 'User',
  id: `id-${n}`,
  uid: `uid-${n}`,
  name: `Member ${n}`,
  email: `member${n}@example.com`,
  cardNumber: `BM${String(n).padStart(7, '0')}0`,
});

type Page<T> = { nodes: T[]; totalCount: number; endCursor: string | null; hasNextPage: boolean };

const connection = <T>(typename: string, page: Page<T>) => ({
  __typename: typename,
  nodes: page.nodes,
  totalCount: page.totalCount,
  pageInfo: { __typename: 'PageInfo', hasNextPage: page.hasNextPage, endCursor: page.endCursor },
});

export const membersMock = (
  search: string | null,
  after: string | null,
  page: Page<ReturnType<typeof memberRow>>,
): MockLink.MockedResponse => ({
  request: { query: DESK_MEMBERS_QUERY, variables: { search, first: MEMBERS_PAGE_SIZE, after } },
  result: { data: { members: connection('UserConnection', page) } },
});

export const overdueRow = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'BorrowRecord',
  id,
  userId: 'uid-1',
  userName: 'Member 1',
  userEmail: 'member1@example.com',
  bookTitle: `Late Book ${id}`,
  dueDate: '2026-03-01',
  claimedAt: null,
  overdueDays: 3,
  fee: 150,
  ...overrides,
});

export const overdueMock = (
  after: string | null,
  page: Page<ReturnType<typeof overdueRow>>,
  minDays = 1,
): MockLink.MockedResponse => ({
  request: { query: DESK_OVERDUE_QUERY, variables: { first: OVERDUE_PAGE_SIZE, after, minDays } },
  result: { data: { overdueLoans: connection('BorrowConnection', page) } },
});

export const noOverdue = () => overdueMock(null, { nodes: [], totalCount: 0, endCursor: null, hasNextPage: false });

export const loan = (id: string, title: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'BorrowRecord',
  id,
  bookId: `book-${id}`,
  bookTitle: title,
  bookAuthor: 'Some Author',
  borrowDate: '2026-02-01T10:00:00.000Z',
  dueDate: '2026-02-15',
  returnedAt: null,
  status: 'BORROWED',
  claimedAt: null,
  returnedVia: null,
  returnedBy: null,
  overdueDays: 0,
  fee: 0,
  feeCapped: false,
  ...overrides,
});

export const entry = (id: string, kind: string, amount: number, overrides: Record<string, unknown> = {}) => ({
  __typename: 'LedgerEntry',
  id,
  kind,
  amount,
  bookTitle: null,
  note: '',
  recordedBy: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  reference: kind === 'PAYMENT' || kind === 'WAIVER' ? `R-2026-${id.replace(/\D/g, '').padStart(6, '0')}` : null,
  balanceAfter: kind === 'PAYMENT' || kind === 'WAIVER' ? 0 : null,
  ...overrides,
});

/** The gateway's standing of a member: refused for fees when they owe, else free to borrow. */
export const standingOf = (balance: number, refusal: { code: string; message: string } | null = null) => ({
  __typename: 'Standing',
  canBorrow: refusal === null && balance <= 0,
  refusal: refusal
    ? { __typename: 'StandingRefusal', ...refusal }
    : balance > 0
      ? { __typename: 'StandingRefusal', code: 'FEES_UNPAID', message: `You owe ৳${balance} in fees.` }
      : null,
});

export const memberMock = (
  uid: string,
  member: { balance: number; loans?: unknown[]; ledger?: unknown[]; [field: string]: unknown } | null,
): MockLink.MockedResponse => ({
  request: { query: DESK_MEMBER_QUERY, variables: { uid } },
  result: {
    data: {
      member: member && {
        __typename: 'User',
        id: `id-${uid}`,
        uid,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: null,
        cardNumber: 'BM00000018',
        block: null,
        loans: [],
        ledger: [],
        standing: standingOf(member.balance),
        ...member,
      },
    },
  },
});

/** recordPayment's answer: the entry the payment receipt prints. */
/** A recorded payment as the gateway answers it: what was owed after it, and its reference, fixed then. */
export const paymentAnswer = (id: string, amount: number, note = '', balanceAfter = 0) => ({
  data: {
    recordPayment: {
      __typename: 'LedgerEntry',
      id,
      amount,
      note,
      recordedBy: 'Desk Staff',
      createdAt: '2026-03-02T09:00:00.000Z',
      balanceAfter,
      reference: 'R-2026-000123',
    },
  },
});

export const note = (id: string, text: string, at = '2026-03-02T09:00:00.000Z') => ({
  __typename: 'MemberNote',
  id,
  text,
  at,
  by: { __typename: 'AuditActor', name: 'Desk Staff' },
});

/** The notes on a member, which the member panel loads beside the member. */
export const notesMock = (uid: string, notes: ReturnType<typeof note>[] = []): MockLink.MockedResponse => ({
  request: { query: DESK_MEMBER_NOTES_QUERY, variables: { uid } },
  result: { data: { member: { __typename: 'User', id: `id-${uid}`, notes } } },
});
