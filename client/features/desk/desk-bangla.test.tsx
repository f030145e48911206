// The desk read in Bangla: its words from the Bangla catalogue, its counts, days and amounts in Bengali digits;
// only the library's data (names, e-mails, titles, notes) stays as it was entered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter } from 'react-router-dom';
import bangla from '../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import { addDays, toDateInputValue } from '../../lib/dates.ts';
import { setUpDialogsForTests } from '../../components/ui/dialogs-test-env.ts';
import DeskPage from './desk-page.tsx';
import DeskCalendarPage, { DESK_CALENDAR_QUERY } from './calendar/desk-calendar-page.tsx';
import { BOOK_COST_QUERY } from './members/use-desk-actions.ts';
import {
  accessMock,
  entry,
  loan,
  memberMock,
  memberRow,
  membersMock,
  overdueMock,
  overdueRow,
  notesMock,
} from './desk-test-data.ts';

setUpDialogsForTests();

// The language is Bangla (the test setup goes back to English after each test).
beforeEach(() => applyCatalogue('bn', bangla));
afterEach(() => vi.useRealTimers());

const UID = 'uid-1';

/** What the library's data says, which stays as entered in every language. */
const DATA = [
  // Card numbers are data: the library's scheme, BM and digits, in every language.
  'BM00000010',
  'BM00000020',
  'BM00000018',
  'member1@example.com',
  'member2@example.com',
  'ada@example.com',
  'Member 1',
  'Member 2',
  'Ada Lovelace',
  'Grace Hopper',
  'Desk Staff',
  'Late Book o1',
  'Hamlet',
  'Macbeth',
  'Cash',
  // A receipt's reference is the library's record, written the same in every language.
  'R-2026-000002',
];

/** Latin letters or digits the page shows or names (text, aria-label, alt, title, placeholder), data taken out. */
function latinIn(element: Element): string[] {
  const said = [element.textContent ?? ''];
  for (const node of element.querySelectorAll('[aria-label], [alt], [title], [placeholder]'))
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) said.push(node.getAttribute(name) ?? '');
  const words = DATA.reduce((text, datum) => text.replaceAll(datum, ' '), said.join(' '));
  return words.match(/[A-Za-z0-9]+/g) ?? [];
}

function renderDesk(mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks}>
      <MemoryRouter initialEntries={[`/desk?member=${UID}`]}>
        <main>
          <DeskPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  ).container;
}

describe('Circulation Desk in Bangla', () => {
  it('shows the members, one member’s loans, balance and ledger, and the overdue list in Bangla', async () => {
    const container = renderDesk([
      accessMock('admin'),
      membersMock(null, null, {
        nodes: [memberRow(1), memberRow(2)],
        totalCount: 2,
        endCursor: null,
        hasNextPage: false,
      }),
      overdueMock(null, {
        nodes: [overdueRow('o1', { userName: 'Grace Hopper', overdueDays: 12, fee: 600 })],
        totalCount: 1,
        endCursor: null,
        hasNextPage: false,
      }),
      notesMock(UID),
      memberMock(UID, {
        balance: 250,
        loans: [
          loan('l1', 'Hamlet', { overdueDays: 3, fee: 150, dueDate: '2026-02-27' }),
          loan('l2', 'Macbeth', {
            status: 'RETURNED',
            returnedAt: '2026-03-01T12:00:00.000Z',
            returnedVia: 'DESK',
            returnedBy: 'Desk Staff',
            overdueDays: 2,
            fee: 100,
          }),
        ],
        ledger: [
          entry('e2', 'PAYMENT', 50, { note: 'Cash', recordedBy: 'Desk Staff' }),
          entry('e1', 'LATE_FEE', 100, { bookTitle: 'Macbeth' }),
        ],
      }),
    ]);
    expect(screen.getByRole('status').textContent).toContain('ডেস্ক লোড হচ্ছে...');
    const panel = await screen.findByRole('region', { name: 'Ada Lovelace' });
    expect(screen.getByRole('heading', { level: 1, name: 'সার্কুলেশন ডেস্ক' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'লাইব্রেরির ক্যালেন্ডার: খোলার সময় ও বন্ধের দিন' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'সদস্য খুঁজুন' })).toBeInTheDocument();
    expect(await screen.findByText('২ জন সদস্য')).toBeInTheDocument();

    expect(within(panel).getByText('বকেয়া:', { exact: false }).textContent).toBe('বকেয়া: ৳২৫০');
    expect(within(panel).getByText('আরও বই ধার নেওয়ার আগে জরিমানা পরিশোধ করতে হবে।')).toBeInTheDocument();
    expect(within(panel).getByRole('form', { name: 'পরিশোধ রেকর্ড করুন' })).toBeInTheDocument();
    expect(within(panel).getAllByLabelText('পরিমাণ (৳)')).toHaveLength(2);
    expect(within(panel).getAllByText('সর্বোচ্চ ৳২৫০।')).toHaveLength(2);

    const onLoan = within(panel).getByRole('region', { name: 'ধারে আছে (১)' });
    const hamlet = within(onLoan).getByRole('listitem', { name: 'Hamlet' });
    expect(within(hamlet).getByText('৩ দিন দেরি, এ পর্যন্ত জরিমানা ৳১৫০')).toBeInTheDocument();
    expect(within(hamlet).getByText(/^ফেরতের শেষ দিন ২৭ ফেব্রুয়ারি ২০২৬/)).toBeInTheDocument();
    for (const name of ['জমা নিন: Hamlet', 'হারানো চিহ্নিত করুন: Hamlet', 'নষ্ট চিহ্নিত করুন: Hamlet'])
      expect(within(hamlet).getByRole('button', { name })).toBeInTheDocument();
    const past = within(panel).getByRole('region', { name: 'আগের ধার (১)' });
    expect(within(past).getByRole('listitem', { name: 'Macbeth' }).textContent).toMatch(
      /^Macbeth[০-৯]+ মার্চ ২০২৬ তারিখে ফেরত \(ডেস্কে, গ্রহণকারী: Desk Staff\); ২ দিন দেরি, জরিমানা ৳১০০$/,
    );
    const ledger = within(within(panel).getByRole('region', { name: 'হিসাবের খাতা' })).getByRole('table');
    expect(
      within(ledger)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'তারিখবিবরণবইমন্তব্যরেফারেন্সরেকর্ড করেছেনপরিমাণ',
      '২ মার্চ ২০২৬পরিশোধCashR-2026-000002Desk Staff−৳৫০',
      '২ মার্চ ২০২৬দেরির জরিমানাMacbethলাইব্রেরি+৳১০০',
    ]);

    const overdue = screen.getByRole('region', { name: 'মেয়াদ পেরোনো ধার' });
    expect(within(overdue).getByText('১টি মেয়াদ পেরোনো ধার')).toBeInTheDocument();
    expect(
      within(overdue)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'সদস্যবইফেরতের শেষ দিনদেরির দিনজরিমানামনে করিয়ে দেওয়া',
      'Grace Hopper member1@example.comLate Book o1১ মার্চ ২০২৬১২৳৬০০মনে করিয়ে দিন',
    ]);
    await userEvent.click(within(panel).getByRole('button', { name: 'ইতিহাস দেখুন' }));
    expect(latinIn(container)).toEqual([]);
  });

  it('asks before marking a copy lost, in Bangla with Bangla amounts', async () => {
    renderDesk([
      accessMock('admin'),
      membersMock(null, null, { nodes: [memberRow(1)], totalCount: 1, endCursor: null, hasNextPage: false }),
      overdueMock(null, { nodes: [], totalCount: 0, endCursor: null, hasNextPage: false }),
      memberMock(UID, { balance: 0, loans: [loan('l1', 'Hamlet')] }),
      notesMock(UID),
      {
        request: { query: BOOK_COST_QUERY, variables: { id: 'book-l1' } },
        result: { data: { book: { __typename: 'Book', id: 'book-l1', replacementCost: 400 } } },
      },
    ]);
    const panel = await screen.findByRole('region', { name: 'Ada Lovelace' });
    expect(within(panel).getByText('কোনো বকেয়া নেই: বই ধার নিতে পারবেন।')).toBeInTheDocument();
    expect(screen.getByText('মেয়াদ পেরোনো কোনো ধার নেই।')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'হারানো চিহ্নিত করুন: Hamlet' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('হারানো হিসেবে চিহ্নিত করবেন?')).toBeInTheDocument();
    expect(
      within(confirm).getByText(
        '“Hamlet” হারানো হিসেবে বন্ধ হবে এবং Ada Lovelace-এর কাছ থেকে বইয়ের দাম ৳৪০০ + প্রক্রিয়াকরণ ফি ৳১০০ = ৳৫০০ নেওয়া হবে।',
      ),
    ).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'হ্যাঁ, হারানো চিহ্নিত করুন' })).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'বাতিল' }));
  });

  it('shows the library calendar in Bangla: its closures in both languages, and opening hours', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 10, 9, 0) });
    const today = toDateInputValue(new Date());
    const calendar = {
      __typename: 'LibraryCalendar',
      openingHours: [
        { __typename: 'OpeningHours', weekday: 'SATURDAY', opens: '10:00', closes: '20:00' },
        { __typename: 'OpeningHours', weekday: 'FRIDAY', opens: '14:00', closes: '20:00' },
      ],
      closures: [{ __typename: 'Closure', date: '2026-03-31', reason: 'ঈদ', reasonEn: 'Eid', reasonBn: 'ঈদ' }],
      holidays: [],
      hoursChanges: [],
    };
    const { container } = render(
      <MockedProvider
        mocks={[
          {
            request: {
              query: DESK_CALENDAR_QUERY,
              variables: { from: addDays(today, -31), to: addDays(today, 365) },
            },
            result: { data: { me: { __typename: 'User', id: 'staff-1', role: 'admin' }, calendar } },
          },
        ]}
      >
        <MemoryRouter>
          <main>
            <DeskCalendarPage />
          </main>
        </MemoryRouter>
      </MockedProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('ক্যালেন্ডার লোড হচ্ছে...');
    const closed = await screen.findByRole('list', { name: 'যেসব দিনে লাইব্রেরি বন্ধ' });
    expect(screen.getByRole('heading', { level: 1, name: 'লাইব্রেরির ক্যালেন্ডার' })).toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: '৩১ মার্চ ২০২৬ আবার খুলুন' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'লাইব্রেরি বন্ধ রাখুন' });
    expect(within(closed).getByText('Eid / ঈদ')).toBeInTheDocument();
    expect(within(form).getByLabelText('ইংরেজিতে কারণ')).toBeRequired();
    expect(within(form).getByLabelText('বাংলায় কারণ').getAttribute('placeholder')).toBe('ঈদুল ফিতর');
    // Either reason alone will do.
    await userEvent.type(within(form).getByLabelText('বাংলায় কারণ'), 'বন্যা');
    expect(within(form).getByLabelText('ইংরেজিতে কারণ')).not.toBeRequired();
    expect(within(form).getByRole('button', { name: 'এই দিনে লাইব্রেরি বন্ধ রাখুন' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'খোলার সময়' })).toBeInTheDocument();
    const hoursForm = screen.getByRole('form', { name: 'খোলার সময় বদলান' });
    expect(within(hoursForm).getByLabelText('শুক্রবার খোলে')).toBeInTheDocument();
    const words = latinIn(container).filter((word) => word !== 'Eid');
    expect(words).toEqual([]);
  });
});
