import { PolicyText } from '../../components/ui/policy-text.tsx';
import { plural, renewals } from '../../lib/policy.ts';
import { LegalLayout } from './legal-layout.tsx';

export default function PrivacyPolicyPage() {
  return (
    <LegalLayout title="Privacy Policy" other={{ to: '/legal/terms-conditions', label: 'Terms & Conditions' }}>
      <section>
        <h2>1. Information We Collect</h2>
        <p>
          When you create an account we collect your name, e-mail address and, if you choose, a profile photo URL. When
          you borrow books we record which books you borrowed, when, and the return date you chose.
        </p>
      </section>
      <section>
        <h2>2. How We Use Your Information</h2>
        <ul>
          <li>To let you sign in and manage your loans.</li>
          <li>
            To track loans
            <PolicyText>
              {(policy) =>
                `: up to ${plural(policy.loanLimit, 'book', 'books')} at a time, each for ${plural(policy.loanDays, 'day', 'days')}, with ${renewals(policy)}${policy.maxRenewals > 0 ? ' if nobody else has requested the book' : ''}`
              }
            </PolicyText>
            .
          </li>
          <li>
            To calculate late fees
            <PolicyText>{(policy) => ` of ${policy.lateFeePerDay} taka per day`}</PolicyText> for each overdue book.
          </li>
          <li>To send the newsletter, only if you subscribe.</li>
        </ul>
      </section>
      <section>
        <h2>3. Sign-in Providers</h2>
        <p>
          You may sign in with e-mail and password or with a Google or GitHub account. We receive only your basic
          profile (name, e-mail, photo) from these providers.
        </p>
      </section>
      <section>
        <h2>4. Data Storage and Security</h2>
        <p>
          Your session token is kept in your browser&apos;s local storage and removed when you log out. Newsletter
          subscriptions and contact messages you write on this site stay in your browser.
        </p>
      </section>
      <section>
        <h2>5. Children&apos;s Privacy</h2>
        <p>
          Our services are not intended for children under 13, and we do not knowingly collect information from children
          under 13.
        </p>
      </section>
      <section>
        <h2>6. Your Rights</h2>
        <p>
          On your My account page you can download everything the library holds about you (your profile, loans, holds,
          fees and notices) as one file, and delete your account. An account is deleted once its books are returned, its
          holds cancelled and its balance settled: your profile, notices and sign-in are removed, and your past loans
          are kept for the library&apos;s statistics without your name or e-mail. You may also ask us to correct your
          personal information at any time by contacting us.
        </p>
      </section>
      <section>
        <h2>7. Governing Law</h2>
        <p>This policy is governed by the laws of Bangladesh.</p>
      </section>
    </LegalLayout>
  );
}
