import { render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { policyMock } from '../../lib/policy-test-utils.ts';
import AboutPage from './about-page.tsx';
import ContactPage from './contact-page.tsx';
import { contactCalendarMock } from './calendar-test-utils.ts';
import PrivacyPolicyPage from './privacy-policy-page.tsx';
import TermsConditionsPage from './terms-conditions-page.tsx';

// A gateway started with LOAN_LIMIT=3 LOAN_DAYS=21 LATE_FEE_PER_DAY=20 (and more unlike the defaults).
const POLICY = policyMock({ loanLimit: 3, loanDays: 21, lateFeePerDay: 20, renewalDays: 10, maxRenewals: 2 }, 20);

function renderPage(Page: ComponentType) {
  const { container } = render(
    <MockedProvider mocks={[POLICY, contactCalendarMock()]}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </MockedProvider>,
  );
  return container;
}

/** The defaults a page must not print once another policy is in force. */
const noDefaults = (container: HTMLElement) =>
  expect(container.textContent).not.toMatch(/\b5 books|\b14 days|\b50 taka|\bonce for 7|7-day|five/);

describe("the policy's numbers on the static pages", () => {
  it('About prints the borrowing rules, and none until the policy is known', async () => {
    const container = renderPage(AboutPage);
    expect(screen.getByRole('heading', { name: 'Borrowing Rules' })).toBeInTheDocument();
    expect(screen.getByTestId('policy-pending')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/Borrow up to/);
    expect(await screen.findByText('Borrow up to 3 books at a time.')).toBeInTheDocument();
    expect(screen.getByText('Each loan lasts 21 days.')).toBeInTheDocument();
    expect(
      screen.getByText('Renew a loan twice for 10 days if nobody else has requested the book.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/A late fee of 20 taka per day is charged for each overdue book/)).toBeInTheDocument();
    expect(screen.getByText(/processing fee of 120 taka/)).toBeInTheDocument();
    expect(screen.getByText('We remind you when a loan is due within 4 days.')).toBeInTheDocument();
    noDefaults(container);
  });

  it('Terms keep the wording with the numbers filled in', async () => {
    const container = renderPage(TermsConditionsPage);
    expect(screen.getByRole('heading', { name: '2. Borrowing Rules' })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/borrow up to/);
    expect(await screen.findByText('You may borrow up to 3 books at a time.')).toBeInTheDocument();
    expect(screen.getByText('The loan period is 21 days.')).toBeInTheDocument();
    expect(
      screen.getByText('You may renew a loan twice for 10 days if nobody else has requested the book.'),
    ).toBeInTheDocument();
    expect(container.textContent).toMatch(
      /A late fee of 20 taka per day is charged for each overdue book. Late fees must be paid before you can borrow more books./,
    );
    noDefaults(container);
  });

  it('Privacy says how loans and fees are tracked by the same numbers', async () => {
    const container = renderPage(PrivacyPolicyPage);
    expect(
      await screen.findByText(
        /To track loans: up to 3 books at a time, each for 21 days, with up to 2 10-day renewals if nobody else has requested the book\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/To calculate late fees of 20 taka per day for each overdue book\./)).toBeInTheDocument();
    noDefaults(container);
  });

  it("the Contact FAQ answers with the gateway's numbers", async () => {
    const container = renderPage(ContactPage);
    expect(screen.getByText('How long is the loan period?')).toBeInTheDocument();
    expect(await screen.findByText(/You can borrow up to 3 books at a time\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Books are lent for 21 days. You can renew twice for 10 more days if nobody else has requested the book.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Yes: 20 taka per day for each overdue book\./)).toBeInTheDocument();
    noDefaults(container);
  });

  it('says a library without renewals does not renew', async () => {
    render(
      <MockedProvider mocks={[policyMock({ maxRenewals: 0 })]}>
        <MemoryRouter>
          <TermsConditionsPage />
        </MemoryRouter>
      </MockedProvider>,
    );
    expect(await screen.findByText('Loans cannot be renewed.')).toBeInTheDocument();
  });
});
