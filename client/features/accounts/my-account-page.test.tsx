import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, FakeAuthProvider, TEST_USER } from '../../lib/auth-test-utils.tsx';
import type { AuthContextValue } from '../../lib/auth.tsx';
import { stubDialogs } from '../../test/dialogs.ts';
import MyAccountPage from './my-account-page.tsx';
import { ACCOUNT_DELETION_CHECK, DELETE_MY_ACCOUNT_MUTATION } from './my-data.ts';
import bangla from '../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import { MY_CARD_QUERY } from './library-card.tsx';
import { MY_CONTACT_QUERY, SET_SMS_NOTICES_MUTATION } from './contact.ts';
import { SET_MY_PHONE_MUTATION } from './set-my-phone.ts';

const dialogs = stubDialogs();

const IN_USE =
  "You can't delete your account while you have 1 book on loan. Return your books, cancel your holds and settle your balance at the desk, then try again.";

function renderPage(auth: AuthContextValue, mocks: MockLink.MockedResponse[]) {
  const router = createMemoryRouter(
    [
      { path: '/my-account', element: <MyAccountPage /> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: ['/my-account'] },
  );
  render(
    <MockedProvider mocks={[cardAnswer(), ...(mocks.some(asksContact) ? [] : [contactAnswer()]), ...mocks]}>
      <FakeAuthProvider value={auth}>
        <RouterProvider router={router} />
      </FakeAuthProvider>
    </MockedProvider>,
  );
  return router;
}

const CARD = 'BM00000018';

const asksContact = (mock: MockLink.MockedResponse) => mock.request.query === MY_CONTACT_QUERY;
const contactAnswer = (
  contact: { phone?: string | null; smsNotices?: boolean; noticeChannels?: ('EMAIL' | 'SMS')[] } = {},
): MockLink.MockedResponse => ({
  request: { query: MY_CONTACT_QUERY },
  result: {
    data: {
      me: { __typename: 'User', id: 'me', phone: null, smsNotices: false, noticeChannels: ['EMAIL'], ...contact },
    },
  },
});
const phoneAnswer = (phone: string | null): MockLink.MockedResponse => ({
  request: { query: SET_MY_PHONE_MUTATION, variables: { phone } },
  result: { data: { setMyPhone: { __typename: 'User', id: 'me', phone, smsNotices: false } } },
});
const smsAnswer = (enabled: boolean): MockLink.MockedResponse => ({
  request: { query: SET_SMS_NOTICES_MUTATION, variables: { enabled } },
  result: { data: { setSmsNotices: { __typename: 'User', id: 'me', smsNotices: enabled } } },
});

const cardAnswer = (block: { reason: string } | null = null): MockLink.MockedResponse => ({
  request: { query: MY_CARD_QUERY },
  result: {
    data: {
      me: { __typename: 'User', id: 'me', cardNumber: CARD, block: block && { __typename: 'MemberBlock', ...block } },
    },
  },
});

const checkAnswer = (
  blockers: { loans?: string[]; holds?: string[]; balance?: number } = {},
): MockLink.MockedResponse => {
  const { loans = [], holds = [], balance = 0 } = blockers;
  const allowed = loans.length + holds.length === 0 && balance === 0;
  return {
    request: { query: ACCOUNT_DELETION_CHECK },
    result: {
      data: { accountDeletionCheck: { __typename: 'AccountDeletionCheck', allowed, loans, holds, balance } },
    },
  };
};

const deleteAnswer = (result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: DELETE_MY_ACCOUNT_MUTATION },
  result,
});

describe('MyAccountPage', () => {
  it('names each loan, hold and the balance in the way before any confirmation, and sends nothing', async () => {
    const logOut = vi.fn(() => Promise.resolve());
    // No delete answered: a mutation sent anyway would fail the test with an unhandled request.
    renderPage(fakeAuth({ user: TEST_USER, logOut }), [
      checkAnswer({ loans: ['Gitanjali', 'Padma'], holds: ['Meghna'], balance: 250 }),
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete my account' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("You can't delete your account yet. First:");
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Return “Gitanjali”',
      'Return “Padma”',
      'Cancel your hold on “Meghna”',
      'Settle your balance of ৳250 at the desk',
    ]);
    expect(dialogs.confirmAction).not.toHaveBeenCalled();
    expect(logOut).not.toHaveBeenCalled();
  });

  it('names what stands in the way in Bangla', async () => {
    applyCatalogue('bn', bangla);
    renderPage(fakeAuth({ user: TEST_USER }), [checkAnswer({ loans: ['Gitanjali'], holds: ['Meghna'], balance: 250 })]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'আমার অ্যাকাউন্ট মুছুন' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('আপনার অ্যাকাউন্ট এখনই মুছে ফেলা যাবে না। আগে:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['“Gitanjali” ফেরত দিন', '“Meghna”-এর রিজার্ভ বাতিল করুন', 'ডেস্কে আপনার ৳২৫০ বকেয়া পরিশোধ করুন']);
    expect(dialogs.confirmAction).not.toHaveBeenCalled();
  });

  it('asks for confirmation when nothing is in the way, and shows the refusal sentence should one open meanwhile', async () => {
    const logOut = vi.fn(() => Promise.resolve());
    const router = renderPage(fakeAuth({ user: TEST_USER, logOut }), [
      checkAnswer(),
      deleteAnswer({ errors: [new GraphQLError(IN_USE, { extensions: { code: 'ACCOUNT_IN_USE' } })] }),
    ]);
    expect(screen.getByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(dialogs.confirmAction).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Delete your account?', confirmText: 'Yes, delete my account' }),
      ),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(IN_USE);
    expect(logOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/my-account');
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    vi.mocked(dialogs.confirmAction).mockResolvedValue(false);
    const logOut = vi.fn(() => Promise.resolve());
    // No delete answered: a mutation sent anyway would fail the test with an unhandled request.
    renderPage(fakeAuth({ user: TEST_USER, logOut }), [checkAnswer()]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(dialogs.confirmAction).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logOut).not.toHaveBeenCalled();
  });

  it('deletes the account, signs out and goes home', async () => {
    const logOut = vi.fn(() => Promise.resolve());
    renderPage(fakeAuth({ user: TEST_USER, logOut }), [
      checkAnswer(),
      deleteAnswer({ data: { deleteMyAccount: true } }),
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(dialogs.showSuccess).toHaveBeenCalledWith('Account Deleted', expect.any(String), { timer: 2000 });
  });

  it('shows the library card as a Code 128 barcode with its number under it, and prints the card', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderPage(fakeAuth({ user: TEST_USER }), []);
    const card = await screen.findByRole('region', { name: 'Your library card' });
    const barcode = await within(card).findByRole('img', { name: `Barcode of library card ${CARD}` });
    await waitFor(() => expect(barcode.querySelector('svg')).not.toBeNull());
    // Bars: the SVG draws them as one path of many rectangles.
    const bars = barcode.querySelector('svg path')?.getAttribute('d') ?? '';
    expect(bars.match(/M/g)?.length ?? 0).toBeGreaterThan(10);
    expect(within(card).getByText(CARD)).toBeInTheDocument();
    expect(card.querySelector('.print-only-card')?.contains(barcode)).toBe(true);
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Print my card' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('tells a blocked member why, on their account page', async () => {
    const router = createMemoryRouter([{ path: '/my-account', element: <MyAccountPage /> }], {
      initialEntries: ['/my-account'],
    });
    render(
      <MockedProvider mocks={[cardAnswer({ reason: 'Three books unreturned' }), contactAnswer()]}>
        <FakeAuthProvider value={fakeAuth({ user: TEST_USER })}>
          <RouterProvider router={router} />
        </FakeAuthProvider>
      </MockedProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card is blocked: Three books unreturned. You cannot borrow books or place holds until the library lifts the block. Please speak to the library staff.',
    );
  });

  it('saves a mobile number in the one form the library keeps, and refuses one that is not Bangladeshi', async () => {
    // No answer for a refused number: sending it would fail the test with an unhandled request.
    renderPage(fakeAuth({ user: TEST_USER }), [phoneAnswer('+8801711000000')]);
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Mobile number');
    await user.type(phone, '02-9123456');
    await user.click(screen.getByRole('button', { name: 'Save number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a mobile number in Bangladesh: 01XXXXXXXXX or +8801XXXXXXXXX (013 to 019).',
    );
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.clear(phone);
    await user.type(phone, '01711-000000');
    await user.click(screen.getByRole('button', { name: 'Save number' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your mobile number is saved.');
    expect(phone).toHaveValue('+8801711000000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The library sends no SMS here: there is nothing to choose.
    expect(screen.queryByRole('checkbox', { name: 'Send my notices by SMS too' })).not.toBeInTheDocument();
  });

  it('lets a member with a number choose SMS when the library sends SMS, in Bangla', async () => {
    applyCatalogue('bn', bangla);
    renderPage(fakeAuth({ user: TEST_USER }), [
      contactAnswer({ phone: '+8801711000000', noticeChannels: ['EMAIL', 'SMS'] }),
      smsAnswer(true),
    ]);
    const sms = await screen.findByRole('checkbox', { name: 'আমার নোটিশ এসএমএসেও পাঠান' });
    expect(screen.getByLabelText('মোবাইল নম্বর')).toHaveValue('+8801711000000');
    expect(sms).not.toBeChecked();
    await userEvent.setup().click(sms);
    await waitFor(() => expect(sms).toBeChecked());
  });

  it('offers SMS only once a number is saved', async () => {
    renderPage(fakeAuth({ user: TEST_USER }), [contactAnswer({ noticeChannels: ['SMS'] })]);
    expect(await screen.findByRole('checkbox', { name: 'Send my notices by SMS too' })).toBeDisabled();
    expect(screen.getByText('Save a mobile number first to get notices by SMS.')).toBeVisible();
  });
});
