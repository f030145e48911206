import { PolicyText } from '../../components/ui/policy-text.tsx';
import { useI18n, type MessageId } from '../../lib/i18n.ts';
import { LegalLayout } from './legal-layout.tsx';

const PLAIN: { heading: MessageId; text: MessageId }[] = [
  { heading: 'terms.lost', text: 'terms.lostText' },
  { heading: 'terms.account', text: 'terms.accountText' },
  { heading: 'terms.books', text: 'terms.booksText' },
  { heading: 'terms.law', text: 'terms.lawText' },
];

export default function TermsConditionsPage() {
  const { formatMessage: t } = useI18n();
  return (
    <LegalLayout
      title={t({ id: 'footer.terms' })}
      other={{ to: '/legal/privacy-policy', label: t({ id: 'footer.privacy' }) }}
    >
      <section>
        <h2>{t({ id: 'terms.accept' })}</h2>
        <p>{t({ id: 'terms.acceptText' })}</p>
      </section>
      <section>
        <h2>{t({ id: 'terms.rules' })}</h2>
        <PolicyText>
          {(p) => (
            <ul>
              <li>{t({ id: 'terms.borrow' }, { limit: p.loanLimit })}</li>
              <li>{t({ id: 'terms.period' }, { days: p.loanDays })}</li>
              <li>
                {p.maxRenewals === 0
                  ? t({ id: 'faq.noRenewals' })
                  : t({ id: 'terms.renew' }, { times: p.maxRenewals, days: p.renewalDays })}
              </li>
            </ul>
          )}
        </PolicyText>
      </section>
      <section>
        <h2>{t({ id: 'terms.fees' })}</h2>
        <p>
          <PolicyText unknown={t({ id: 'terms.feesUnknown' })}>
            {(p) => t({ id: 'terms.feesText' }, { fee: p.lateFeePerDay })}
          </PolicyText>
        </p>
      </section>
      {PLAIN.map((section) => (
        <section key={section.heading}>
          <h2>{t({ id: section.heading })}</h2>
          <p>{t({ id: section.text })}</p>
        </section>
      ))}
    </LegalLayout>
  );
}
