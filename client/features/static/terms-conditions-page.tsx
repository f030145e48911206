import { PolicyText } from '../../components/ui/policy-text.tsx';
import { plural, times } from '../../lib/policy.ts';
import { LegalLayout } from './legal-layout.tsx';

export default function TermsConditionsPage() {
  return (
    <LegalLayout title="Terms & Conditions" other={{ to: '/legal/privacy-policy', label: 'Privacy Policy' }}>
      <section>
        <h2>1. Acceptance of Terms</h2>
        <p>By using BookHaven you agree to these terms. Our services are not available to children under 13.</p>
      </section>
      <section>
        <h2>2. Borrowing Rules</h2>
        <PolicyText>
          {(policy) => (
            <ul>
              <li>You may borrow up to {plural(policy.loanLimit, 'book', 'books')} at a time.</li>
              <li>The loan period is {plural(policy.loanDays, 'day', 'days')}.</li>
              <li>
                {policy.maxRenewals === 0
                  ? 'Loans cannot be renewed.'
                  : `You may renew a loan ${times(policy.maxRenewals)} for ${plural(policy.renewalDays, 'day', 'days')} if nobody else has requested the book.`}
              </li>
            </ul>
          )}
        </PolicyText>
      </section>
      <section>
        <h2>3. Late Fees</h2>
        <p>
          <PolicyText>
            {(policy) => `A late fee of ${policy.lateFeePerDay} taka per day is charged for each overdue book.`}
          </PolicyText>{' '}
          Late fees must be paid before you can borrow more books.
        </p>
      </section>
      <section>
        <h2>4. Damaged or Lost Books</h2>
        <p>If a book is damaged or lost while on loan, you must pay its replacement cost plus a processing fee.</p>
      </section>
      <section>
        <h2>5. Your Account</h2>
        <p>You are responsible for keeping your sign-in details safe and for all activity under your account.</p>
      </section>
      <section>
        <h2>6. Adding and Updating Books</h2>
        <p>
          Books you add or update must be described accurately. We may remove entries that are misleading or
          inappropriate.
        </p>
      </section>
      <section>
        <h2>7. Governing Law</h2>
        <p>These terms are governed by the laws of Bangladesh, and any dispute falls under the courts of Bangladesh.</p>
      </section>
    </LegalLayout>
  );
}
