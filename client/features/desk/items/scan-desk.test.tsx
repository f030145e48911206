import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from 'react-router-dom';
import { itemBarcode } from '../../../../shared/barcodes.ts';
import { formatDay } from '../../../lib/dates.ts';
import DeskPage from '../desk-page.tsx';
import { CHECK_IN_ITEM_MUTATION, CHECK_OUT_MUTATION, MEMBER_BY_CARD_QUERY } from './scan-operations.ts';
import { accessMock, memberMock, membersMock, noOverdue } from '../desk-test-data.ts';
import { EMAIL_RECEIPT_MUTATION } from '../money/email-receipt.tsx';
import { SHELVE_HOLD } from '../holds/hold-shelf-operations.ts';
import { RECORD_PAYMENT_MUTATION } from '../members/use-desk-actions.ts';
import bangla from '../../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../../lib/i18n.ts';
import { formatDateTime } from '../../../lib/dates.ts';

const CARD = 'BM00000042';
const ITEM = itemBarcode(18);
const UID = 'uid-1';
const noMembers = () => membersMock(null, null, { nodes: [], totalCount: 0, endCursor: null, hasNextPage: false });
const ada = { balance: 0, cardNumber: CARD };

function renderDesk(mocks: MockLink.MockedResponse[], start = '/desk') {
  render(
    <MockedProvider mocks={[accessMock('admin'), noMembers(), noOverdue(), ...mocks]}>
      <MemoryRouter initialEntries={[start]}>
        <main>
          <DeskPage />
        </main>
      </MemoryRouter>
    </MockedProvider>,
  );
}

const scanBox = (name = 'Scan a card or an item') => screen.findByRole('textbox', { name });

/** What a USB scanner does: types the code into the focused box, then Enter. */
async function scan(code: string, boxName?: string) {
  const box = await scanBox(boxName);
  await waitFor(() => expect(document.activeElement).toBe(box));
  await userEvent.keyboard(`${code}{Enter}`);
}

const refusal = (code: string, message: string, overridable = false) => ({
  errors: [new GraphQLError(message, { extensions: { code, ...(overridable ? { overridable } : {}) } })],
});

/** checkOut of ITEM to CARD with this override (null: none). */
const checkOutMock = (override: string | null, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: {
    query: CHECK_OUT_MUTATION,
    variables: (v: Record<string, unknown>) =>
      v['card'] === CARD && v['barcode'] === ITEM && v['override'] === override,
  },
  result,
});

const lent = (title: string, dueDate: string) => ({
  data: { checkOut: { __typename: 'BorrowRecord', id: 'loan-9', bookId: 'book-1', bookTitle: title, dueDate } },
});

const checkInAnswer = (holdFound: unknown, overrides: Record<string, unknown> = {}) => ({
  data: {
    checkInItem: {
      __typename: 'CheckInResult',
      fee: 150,
      daysLate: 3,
      forgiven: false,
      itemStatus: holdFound ? 'ON_HOLD_SHELF' : 'ON_SHELF',
      found: false,
      refunded: 0,
      loan: {
        __typename: 'BorrowRecord',
        id: 'loan-1',
        userId: 'uid-7',
        userName: 'Grace Hopper',
        userEmail: 'grace@example.com',
        bookId: 'book-1',
        bookTitle: 'Hamlet',
        dueDate: '2026-03-01',
      },
      holdFound,
      ...overrides,
    },
  },
});

const checkInMock = (
  expected: { forgive: boolean; returnedOn: string | null },
  result: MockLink.MockedResponse['result'],
): MockLink.MockedResponse => ({
  request: {
    query: CHECK_IN_ITEM_MUTATION,
    variables: (v: Record<string, unknown>) =>
      v['barcode'] === ITEM && v['forgive'] === expected.forgive && v['returnedOn'] === expected.returnedOn,
  },
  result,
});

afterEach(() => vi.restoreAllMocks());

describe('the scan box', () => {
  it('opens the member a scanned card belongs to, then checks a scanned item out to them, with a receipt', async () => {
    const sent = vi.fn(() => lent('Hamlet', '2026-03-20'));
    renderDesk([
      {
        request: { query: MEMBER_BY_CARD_QUERY, variables: { card: CARD } },
        result: {
          data: {
            memberByCard: { __typename: 'User', id: 'id-1', uid: UID, name: 'Ada Lovelace', email: 'ada@example.com' },
          },
        },
      },
      // The member panel and the scan box share one request for the member; a spare for a slow machine's timing.
      memberMock(UID, ada),
      memberMock(UID, ada),
      checkOutMock(null, sent),
      memberMock(UID, ada),
      noOverdue(),
      {
        request: { query: EMAIL_RECEIPT_MUTATION, variables: { loanIds: ['loan-9'] } },
        result: { data: { emailCheckoutReceipt: 'ada@example.com' } },
      },
    ]);
    await scan(CARD);
    expect(await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByText(/checks it out to Ada Lovelace/)).toBeInTheDocument();

    await scan(ITEM);
    expect(await screen.findByText(`Checked out Hamlet, due ${formatDay('2026-03-20')}.`)).toBeInTheDocument();
    expect(sent).toHaveBeenCalledOnce();
    const receipt = screen.getByRole('region', { name: 'Checkout receipt' });
    expect(within(receipt).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(receipt).getByText(CARD)).toBeInTheDocument();
    const rows = within(receipt)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([['Hamlet', ITEM, formatDay('2026-03-20')]]);
    await userEvent.click(within(receipt).getByRole('button', { name: 'E-mail the receipt' }));
    expect(await within(receipt).findByText('Receipt sent to ada@example.com.')).toBeInTheDocument();
    // Ready for the next scan.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Scan/ })));
  });

  it('checks a scanned item in when no member is open: who had it, the fee, and the member waiting for it', async () => {
    const hold = {
      __typename: 'HoldFound',
      holdId: 'hold-1',
      readyUntil: '2026-03-12',
      bookTitle: 'Hamlet',
      barcode: ITEM,
      member: { __typename: 'User', id: 'id-8', name: 'Zula Rahman', cardNumber: 'BM00000077' },
    };
    const shelved = vi.fn(() => ({
      data: { shelveHold: { __typename: 'Hold', id: 'hold-1', shelvedAt: '2026-03-05T09:00:00.000Z' } },
    }));
    renderDesk([
      checkInMock({ forgive: false, returnedOn: null }, checkInAnswer(hold)),
      noOverdue(),
      { request: { query: SHELVE_HOLD, variables: { holdId: 'hold-1' } }, result: shelved },
    ]);
    await scan(ITEM);
    const result = await screen.findByRole('region', { name: 'Check-in' });
    expect(within(result).getByRole('heading', { name: `Checked in Hamlet (${ITEM})` })).toBeInTheDocument();
    expect(result.textContent).toContain(`Grace Hopper had it, due ${formatDay('2026-03-01')}.`);
    expect(within(result).getByText('3 days late: fee of ৳150 charged.')).toBeInTheDocument();
    const found = within(result).getByRole('alert');
    expect(within(found).getByRole('heading', { name: 'Hold found: put it on the hold shelf' })).toBeInTheDocument();
    expect(found.textContent).toContain(
      `Zula Rahman is waiting for it; it waits for them until ${formatDay('2026-03-12')}.`,
    );
    const slip = within(found).getByRole('region', { name: 'Hold slip' });
    expect(slip.textContent).toContain('Zula Rahman');
    const lines = within(slip)
      .getAllByRole('definition')
      .map((dd) => `${dd.previousElementSibling?.textContent} ${dd.textContent}`);
    expect(lines).toEqual([
      'Card: BM00000077',
      'Book: Hamlet',
      `Barcode: ${ITEM}`,
      `Pick up by: ${formatDay('2026-03-12')}`,
    ]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(within(slip).getByRole('button', { name: 'Print Hold slip' }));
    expect(print).toHaveBeenCalledOnce();
    expect(slip.classList.contains('print-target')).toBe(true);

    // Staff confirm the copy is on the hold shelf: it leaves the list to pull.
    await userEvent.click(within(found).getByRole('button', { name: 'Put it on the hold shelf' }));
    expect((await within(found).findByRole('status')).textContent).toBe(
      'On the hold shelf: it is listed under Awaiting pickup.',
    );
    expect(shelved).toHaveBeenCalledOnce();
  });

  describe('a check-in that charged a fee offers to take it there, with its receipt', () => {
    const paid = (amount: number) => ({
      data: {
        recordPayment: {
          __typename: 'LedgerEntry',
          id: 'e9',
          amount,
          note: '',
          recordedBy: 'Desk Staff',
          createdAt: '2026-03-05T09:00:00.000Z',
          balanceAfter: 200 - amount,
          reference: 'R-2026-000123',
        },
      },
    });
    const paying = (amount: number) => ({
      request: {
        query: RECORD_PAYMENT_MUTATION,
        variables: (v: Record<string, unknown>) => v['uid'] === 'uid-7' && v['amount'] === amount && v['note'] === null,
      },
      result: vi.fn(() => paid(amount)),
    });
    const receiptLines = (receipt: HTMLElement) =>
      within(receipt)
        .getAllByRole('definition')
        .map((dd) => `${dd.previousElementSibling?.textContent} ${dd.textContent}`);

    it('in English: the fee, paid in full, and the receipt with what was still owed then and its reference', async () => {
      const payment = paying(150);
      renderDesk([
        checkInMock({ forgive: false, returnedOn: null }, checkInAnswer(null)),
        noOverdue(),
        payment,
        noOverdue(),
      ]);
      await scan(ITEM);
      const result = await screen.findByRole('region', { name: 'Check-in' });
      const form = within(result).getByRole('form', { name: 'Take the fee now' });
      expect(within(form).getByText('Up to ৳150.')).toBeInTheDocument();
      await userEvent.type(within(form).getByLabelText('Amount (৳)'), '150');
      await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
      expect(await within(result).findByText('Paid ৳150: receipt below.')).toBeInTheDocument();
      expect(payment.result).toHaveBeenCalledOnce();
      const receipt = within(result).getByRole('region', { name: 'Payment receipt' });
      expect(receiptLines(receipt)).toEqual([
        'Member: Grace Hopper',
        'Paid: ৳150',
        `When: ${formatDateTime('2026-03-05T09:00:00.000Z')}`,
        'Taken by: Desk Staff',
        'Still owed: ৳50',
        'Reference: R-2026-000123',
      ]);
      expect(within(result).queryByRole('form', { name: 'Take the fee now' })).toBeNull();
    });

    it('in Bangla: the same offer and receipt in Bangla words and digits', async () => {
      applyCatalogue('bn', bangla);
      const payment = paying(100);
      renderDesk([
        checkInMock({ forgive: false, returnedOn: null }, checkInAnswer(null)),
        noOverdue(),
        payment,
        noOverdue(),
      ]);
      await scan(ITEM, bangla['desk.scan.label']);
      const result = await screen.findByRole('region', { name: bangla['desk.checkIn.title'] });
      const form = within(result).getByRole('form', { name: 'এখনই ফি নিন' });
      await userEvent.type(within(form).getByLabelText('পরিমাণ (৳)'), '100');
      await userEvent.click(within(form).getByRole('button', { name: bangla['desk.member.recordPayment'] }));
      expect(await within(result).findByText('৳১০০ পরিশোধ হয়েছে: রসিদ নিচে।')).toBeInTheDocument();
      const receipt = within(result).getByRole('region', { name: bangla['desk.slip.paymentTitle'] });
      const lines = receiptLines(receipt);
      expect(lines).toContain('এখনও বাকি: ৳১০০');
      expect(lines).toContain('রেফারেন্স: R-2026-000123');
    });

    it('is not offered when the fee was forgiven', async () => {
      renderDesk([
        checkInMock({ forgive: false, returnedOn: null }, checkInAnswer(null, { fee: 0, forgiven: true })),
        noOverdue(),
      ]);
      await scan(ITEM);
      const result = await screen.findByRole('region', { name: 'Check-in' });
      expect(within(result).queryByRole('form', { name: 'Take the fee now' })).toBeNull();
    });
  });

  it('sends Forgive and the book drop day chosen before the scan; Forgive then clears', async () => {
    renderDesk([
      checkInMock({ forgive: true, returnedOn: '2026-02-28' }, checkInAnswer(null, { fee: 0, forgiven: true })),
      noOverdue(),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Forgive the late fee (next check-in only)' }));
    await user.type(screen.getByLabelText('Returned earlier (book drop date)'), '2026-02-28');
    await user.click(await scanBox());
    await user.keyboard(`${ITEM}{Enter}`);
    const result = await screen.findByRole('region', { name: 'Check-in' });
    expect(within(result).getByText('3 days late: fee forgiven.')).toBeInTheDocument();
    expect(within(result).getByText('Nobody is waiting for it: put it back on the shelf.')).toBeInTheDocument();
    expect(
      (screen.getByRole('checkbox', { name: 'Forgive the late fee (next check-in only)' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect((screen.getByLabelText('Returned earlier (book drop date)') as HTMLInputElement).value).toBe('2026-02-28');
  });

  const lostFound = { fee: 0, daysLate: 0, found: true, refunded: 400 };

  it('says what a lost copy found refunded to the member who had it', async () => {
    renderDesk([checkInMock({ forgive: false, returnedOn: null }, checkInAnswer(null, lostFound)), noOverdue()]);
    await scan(ITEM);
    const result = await screen.findByRole('region', { name: 'Check-in' });
    expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(`Found Hamlet (${ITEM})`);
    expect(within(result).getByText('Found: ৳400 replacement refunded to Grace Hopper')).toBeInTheDocument();
    expect(within(result).queryByText('Returned on time: no fee.')).toBeNull();
    expect(within(result).getByText('Nobody is waiting for it: put it back on the shelf.')).toBeInTheDocument();
  });

  it('says a copy found that staff had marked lost by hand refunded nothing', async () => {
    const byHand = checkInAnswer(null, { ...lostFound, refunded: 0, loan: null });
    renderDesk([checkInMock({ forgive: false, returnedOn: null }, byHand), noOverdue()]);
    await scan(ITEM);
    const result = await screen.findByRole('region', { name: 'Check-in' });
    expect(within(result).getByRole('heading', { level: 2 }).textContent).toBe(
      `Found ${ITEM}: it had been marked lost.`,
    );
    expect(within(result).getByText('Found: no replacement refunded.')).toBeInTheDocument();
  });

  it('shows a policy refusal with Override, which asks for a reason and lends with it', async () => {
    const overridden = vi.fn(() => lent('Hamlet', '2026-03-20'));
    renderDesk(
      [
        memberMock(UID, ada),
        checkOutMock(
          null,
          refusal('LOAN_LIMIT', 'Ada Lovelace already has 5 books, the most a member may borrow.', true),
        ),
        checkOutMock('Exam week', overridden),
        memberMock(UID, ada),
        noOverdue(),
      ],
      `/desk?member=${UID}`,
    );
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await scan(ITEM);
    expect(
      await screen.findByText(
        `Could not check out ${ITEM}: Ada Lovelace already has 5 books, the most a member may borrow.`,
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Override' }));
    const form = screen.getByRole('form', { name: 'Override the refusal' });
    const reason = within(form).getByLabelText('Reason for the override (recorded)');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    await user.click(within(form).getByRole('button', { name: 'Check out anyway' }));
    expect(within(form).getByText('Give a reason: it is recorded with the loan.')).toBeInTheDocument();
    expect(overridden).not.toHaveBeenCalled();
    await user.type(reason, 'Exam week');
    await user.click(within(form).getByRole('button', { name: 'Check out anyway' }));
    expect(
      await screen.findByText(`Checked out Hamlet with an override, due ${formatDay('2026-03-20')}.`),
    ).toBeInTheDocument();
    expect(overridden).toHaveBeenCalledOnce();
  });

  it('offers no override for a refusal that is not the policy’s, and "Check it in first" for a copy on loan', async () => {
    renderDesk(
      [
        memberMock(UID, ada),
        checkOutMock(null, refusal('ITEM_ON_LOAN', 'Grace Hopper has this copy: check it in first.')),
        checkInMock({ forgive: false, returnedOn: null }, checkInAnswer(null)),
        memberMock(UID, ada),
        noOverdue(),
        checkOutMock(null, lent('Hamlet', '2026-03-20')),
        memberMock(UID, ada),
        noOverdue(),
      ],
      `/desk?member=${UID}`,
    );
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await scan(ITEM);
    await screen.findByText(`Could not check out ${ITEM}: Grace Hopper has this copy: check it in first.`);
    expect(screen.queryByRole('button', { name: 'Override' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Check it in first' }));
    expect(await screen.findByText(`Checked out Hamlet, due ${formatDay('2026-03-20')}.`)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Check-in' }).textContent).toContain('3 days late: fee of ৳150 charged.');
  });

  it('refuses a barcode whose check digit is wrong without asking the gateway, and keeps the focus', async () => {
    renderDesk([]);
    const wrong = `${ITEM.slice(0, 9)}${(Number(ITEM[9]) + 1) % 10}`;
    await scan(wrong);
    expect(
      await screen.findByText(
        `${wrong} is not a barcode of ours: its check digit is wrong. Scan it again, or type it as printed.`,
      ),
    ).toBeInTheDocument();
    // A click on the page (not a form field) gives the focus back to the scan box.
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Scan/ })));
  });

  it('offers the camera only where the browser can read barcodes (BarcodeDetector)', async () => {
    renderDesk([]);
    await scanBox();
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).toBeNull();
    cleanup();
    vi.stubGlobal('BarcodeDetector', class {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: {} }));
    try {
      renderDesk([]);
      expect(await screen.findByRole('button', { name: 'Scan with camera' })).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('reads a scan whatever its case, spaces and prefix: a card by its digits, then a lower-case copy lent to them', async () => {
    const sent = vi.fn(() => lent('Hamlet', '2026-03-20'));
    renderDesk([
      {
        // The card's digits alone: the gateway finds the BM card they make.
        request: { query: MEMBER_BY_CARD_QUERY, variables: { card: CARD.slice(2) } },
        result: {
          data: {
            memberByCard: { __typename: 'User', id: 'id-1', uid: UID, name: 'Ada Lovelace', email: 'ada@example.com' },
          },
        },
      },
      memberMock(UID, ada),
      memberMock(UID, ada),
      checkOutMock(null, sent),
      memberMock(UID, ada),
      noOverdue(),
    ]);
    await scan(` ${CARD.slice(2)} `);
    expect(await screen.findByText(/checks it out to Ada Lovelace/)).toBeInTheDocument();
    await scan(`  ${ITEM.toLowerCase()} `);
    expect(await screen.findByText(`Checked out Hamlet, due ${formatDay('2026-03-20')}.`)).toBeInTheDocument();
    expect(sent).toHaveBeenCalledOnce();
    expect(screen.queryByText(/not a member's card/)).toBeNull();
  });

  it('gives the focus back to the scan box after each action, an override sent with Enter included', async () => {
    renderDesk(
      [
        memberMock(UID, ada),
        checkOutMock(
          null,
          refusal('LOAN_LIMIT', 'Ada Lovelace already has 5 books, the most a member may borrow.', true),
        ),
        checkOutMock('Exam week', lent('Hamlet', '2026-03-20')),
        memberMock(UID, ada),
        noOverdue(),
      ],
      `/desk?member=${UID}`,
    );
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await scan(ITEM);
    await screen.findByText(/Could not check out/);
    const box = await scanBox();
    expect(document.activeElement).toBe(box);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Override' }));
    const reason = screen.getByLabelText('Reason for the override (recorded)');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    // Enter in the reason sends the override; the form goes with the answer, and the box has the focus again.
    await user.keyboard('Exam week{Enter}');
    expect(
      await screen.findByText(`Checked out Hamlet with an override, due ${formatDay('2026-03-20')}.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('says when no member has a scanned card', async () => {
    renderDesk([
      { request: { query: MEMBER_BY_CARD_QUERY, variables: { card: 'C9' } }, result: { data: { memberByCard: null } } },
    ]);
    await scan('C9');
    expect(await screen.findByText('No member has the card C9.')).toBeInTheDocument();
  });
});
