// Borrowed Books read in Bangla: every word from the Bangla catalogue, every number, day and amount in Bengali
// digits; only the library's data (titles, authors, notes) stays as it was entered, and a genre is named in Bangla.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import bangla from '../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import { policyMock } from '../../lib/policy-test-utils.ts';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import BorrowedBooksPage, { MY_BORROWED_BOOKS_QUERY } from './borrowed-books-page.tsx';
import { MY_BALANCE_QUERY, RETURN_BOOK_MUTATION } from './use-return-book.ts';
import { MY_HOLDS_QUERY } from './use-my-holds.ts';
import { MY_FEES_QUERY } from './fees-list.tsx';

setUpDialogsForTests();

// "now" is 10 March 2026, 09:00 local time; the language is Bangla (the test setup goes back to English after).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 10, 9, 0) });
  applyCatalogue('bn', bangla);
});

type Status = 'BORROWED' | 'RETURNED';

const loan = (id: string, title: string, dueDate: string, status: Status = 'BORROWED', late = 0) => ({
  __typename: 'BorrowRecord' as const,
  id,
  bookId: `book-${id}`,
  borrowDate: '2026-02-20T06:00:00.000Z',
  returnDate: `${dueDate}T00:00:00.000Z`,
  dueDate,
  returnedAt: status === 'RETURNED' ? '2026-03-01T06:00:00.000Z' : null,
  claimedAt: null,
  returnedVia: status === 'RETURNED' ? 'APP' : null,
  status,
  renewals: 0,
  overdueDays: late,
  fee: late * 50,
  feeCapped: false,
  canRenew: status === 'BORROWED' && late === 0,
  renewBlockedReason: null,
  autoRenewsOn: null as string | null,
  bookTitle: title,
  bookAuthor: `Author of ${title}`,
  bookImage: `/assets/library/${id}.jpg`,
  bookCategory: 'Drama',
});

const LOANS = [
  loan('l1', 'Hamlet', '2026-03-08', 'BORROWED', 2),
  // AUTO_RENEW on: the gateway says the day its run will renew the loan.
  { ...loan('l2', 'Lear', '2026-03-20'), autoRenewsOn: '2026-03-19' },
  loan('l3', 'Tempest', '2026-02-27', 'RETURNED', 1),
];
/** What the library's data says, which stays as entered in every language. */
const DATA = ['Author of Hamlet', 'Author of Lear', 'Author of Tempest', 'Hamlet', 'Lear', 'Tempest'];

const listMock: MockLink.MockedResponse = {
  request: { query: MY_BORROWED_BOOKS_QUERY },
  result: { data: { me: { __typename: 'User', id: 'u1', balance: 150 }, borrowedBooks: LOANS } },
};
const holdsMock: MockLink.MockedResponse = {
  request: { query: MY_HOLDS_QUERY },
  result: {
    data: {
      me: {
        __typename: 'User',
        id: 'u1',
        borrowing: { __typename: 'BorrowingStatus', allowed: true, message: null },
        holds: [],
      },
    },
  },
};

function renderPage(mocks: MockLink.MockedResponse[] = []) {
  return render(
    <MockedProvider mocks={[listMock, holdsMock, policyMock(), ...mocks]}>
      <MemoryRouter>
        <main>
          <BorrowedBooksPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  ).container;
}

/** Latin letters or digits an element shows or names (text, aria-label, alt, title), the data taken out. */
function latinIn(element: Element): string[] {
  const said = [element.textContent ?? ''];
  for (const node of element.querySelectorAll('[aria-label], [alt], [title], [placeholder]'))
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) said.push(node.getAttribute(name) ?? '');
  const words = DATA.reduce((text, datum) => text.replaceAll(datum, ' '), said.join(' '));
  return words.match(/[A-Za-z0-9]+/g) ?? [];
}

describe('Borrowed Books in Bangla', () => {
  it('shows the loans, badges, late fees, days and the balance in Bangla, with no English or Latin digits left', async () => {
    const container = renderPage();
    expect(screen.getByRole('status').textContent).toContain('ধার নেওয়া বই লোড হচ্ছে...');
    expect(await screen.findByRole('tab', { name: 'ফেরত বাকি (২)', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'আমার ধার নেওয়া বই' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'ফেরত দেওয়া (১)' })).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'ধার নেওয়া বই' })).toBeInTheDocument();
    expect(screen.getByText('আরও বই ধার নেওয়ার আগে ডেস্কে পরিশোধ করুন।', { exact: false }).textContent).toBe(
      'আপনার ৳১৫০ বকেয়া আছে। আরও বই ধার নেওয়ার আগে ডেস্কে পরিশোধ করুন।',
    );

    const hamlet = screen.getByRole('article', { name: 'Hamlet' });
    expect(within(hamlet).getByText('মেয়াদ পেরিয়েছে')).toBeInTheDocument();
    expect(within(hamlet).getByText('নাটক')).toBeInTheDocument();
    expect(within(hamlet).getByText('২ দিন দেরি · দেরির জরিমানা ৳১০০')).toBeInTheDocument();
    expect(within(hamlet).getByText('ফেরতের শেষ দিন: ৮ মার্চ ২০২৬')).toBeInTheDocument();
    expect(within(hamlet).getByText('ধার নেওয়া: ২০ ফেব্রুয়ারি ২০২৬')).toBeInTheDocument();
    expect(within(hamlet).getByRole('button', { name: 'বই ফেরত দিন: Hamlet' })).toBeInTheDocument();
    expect(within(hamlet).getByRole('link', { name: 'Hamlet-এর বিস্তারিত দেখুন' })).toBeInTheDocument();
    const lear = screen.getByRole('article', { name: 'Lear' });
    expect(within(lear).getByText('আর ১০ দিন বাকি')).toBeInTheDocument();
    expect(within(lear).getByRole('button', { name: 'মেয়াদ বাড়ান: Lear' })).toBeInTheDocument();
    expect(within(lear).getByText('১৯ মার্চ ২০২৬ তারিখে মেয়াদ নিজে থেকেই বাড়বে')).toBeInTheDocument();
    expect(within(hamlet).queryByText(/নিজে থেকেই/)).toBeNull();
    expect(latinIn(container)).toEqual([]);

    await userEvent.click(screen.getByRole('tab', { name: 'ফেরত দেওয়া (১)' }));
    const tempest = screen.getByRole('article', { name: 'Tempest' });
    expect(within(tempest).getByText('১ মার্চ ২০২৬ তারিখে ফেরত দেওয়া হয়েছে')).toBeInTheDocument();
    expect(within(tempest).getByText('১ দিন দেরিতে ফেরত · দেরির জরিমানা ৳৫০')).toBeInTheDocument();
    expect(latinIn(container)).toEqual([]);
  });

  it('asks before a return and says what it charged, in Bangla', async () => {
    const returned = { ...loan('l1', 'Hamlet', '2026-03-08', 'RETURNED', 2), canRenew: false };
    renderPage([
      {
        request: { query: RETURN_BOOK_MUTATION, variables: { borrowId: 'l1' } },
        result: { data: { returnBook: returned } },
      },
      {
        request: { query: MY_BALANCE_QUERY },
        result: { data: { me: { __typename: 'User', id: 'u1', balance: 250 } } },
      },
    ]);
    const card = await screen.findByRole('article', { name: 'Hamlet' });
    await userEvent.click(within(card).getByRole('button', { name: 'বই ফেরত দিন: Hamlet' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('বই ফেরত দেবেন?')).toBeInTheDocument();
    expect(within(confirm).getByText('আপনি কি নিশ্চিত যে বইটি ফেরত দিতে চান?')).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'হ্যাঁ, ফেরত দিন!' }));
    expect(await screen.findByText('বই ফেরত দেওয়া হয়েছে!')).toBeInTheDocument();
    expect(screen.getByText('আপনার অ্যাকাউন্টে ৳১০০ দেরির জরিমানা যোগ হয়েছে।')).toBeInTheDocument();
  });

  it('lists the fees in Bangla: the kinds of entry, their days and amounts, and the fees accruing', async () => {
    const entry = (id: string, kind: string, amount: number, bookTitle: string | null) => ({
      __typename: 'LedgerEntry' as const,
      id,
      kind,
      amount,
      bookTitle,
      note: null,
      createdAt: '2026-03-10T06:00:00.000Z',
    });
    const container = renderPage([
      {
        request: { query: MY_FEES_QUERY },
        result: {
          data: {
            me: {
              __typename: 'User',
              id: 'u1',
              standing: {
                __typename: 'Standing',
                owed: 150,
                accruing: [
                  {
                    __typename: 'AccruingFee',
                    loan: { __typename: 'BorrowRecord', id: 'l7', bookTitle: 'Hamlet' },
                    amount: 500,
                    capped: true,
                  },
                  {
                    __typename: 'AccruingFee',
                    loan: { __typename: 'BorrowRecord', id: 'l8', bookTitle: 'Lear' },
                    amount: 250,
                    capped: false,
                  },
                ],
              },
              ledger: [entry('e2', 'PAYMENT', 50, null), entry('e1', 'LATE_FEE', 200, 'Hamlet')],
            },
          },
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('tab', { name: 'জরিমানা' }));
    const fees = await screen.findByRole('region', { name: 'জরিমানা' });
    expect(within(fees).getByText('(খোলার সময়ে ডেস্কে পরিশোধ করুন)', { exact: false }).textContent).toBe(
      'বকেয়া: ৳১৫০ (খোলার সময়ে ডেস্কে পরিশোধ করুন)',
    );
    const accrued = within(fees).getByRole('region', { name: 'জমছে এমন বিলম্ব জরিমানা' });
    expect(within(accrued).getByText('Hamlet: ৳৫০০, বইটির প্রতিস্থাপন মূল্যে সীমাবদ্ধ (আর বাড়বে না)')).toBeInTheDocument();
    expect(within(accrued).getByText('Lear: এ পর্যন্ত ৳২৫০')).toBeInTheDocument();
    expect(accrued).toHaveTextContent('এ পর্যন্ত ৳৭৫০');
    const rows = within(fees)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['তারিখবিবরণবইমন্তব্যপরিমাণ', '১০ মার্চ ২০২৬পরিশোধ−৳৫০', '১০ মার্চ ২০২৬দেরির জরিমানাHamlet+৳২০০']);
    expect(latinIn(container)).toEqual([]);
  });
});
