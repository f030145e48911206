import { PolicyText } from '../../components/ui/policy-text.tsx';
import { useI18n, type MessageId } from '../../lib/i18n.ts';
import { LegalLayout } from './legal-layout.tsx';

/** A numbered section of plain text: its heading and paragraph from the catalogue. */
const PLAIN: { heading: MessageId; text: MessageId }[] = [
  { heading: 'privacy.providers', text: 'privacy.providersText' },
  { heading: 'privacy.storage', text: 'privacy.storageText' },
  { heading: 'privacy.children', text: 'privacy.childrenText' },
  { heading: 'privacy.rights', text: 'privacy.rightsText' },
  { heading: 'privacy.law', text: 'privacy.lawText' },
];

export default function PrivacyPolicyPage() {
  const { formatMessage: t } = useI18n();
  return (
    <LegalLayout
      title={t({ id: 'footer.privacy' })}
      other={{ to: '/legal/terms-conditions', label: t({ id: 'footer.terms' }) }}
    >
      <section>
        <h2>{t({ id: 'privacy.collect' })}</h2>
        <p>{t({ id: 'privacy.collectText' })}</p>
      </section>
      <section>
        <h2>{t({ id: 'privacy.use' })}</h2>
        <ul>
          <li>{t({ id: 'privacy.useSignIn' })}</li>
          <li>
            <PolicyText unknown={t({ id: 'privacy.useLoansUnknown' })}>
              {(p) =>
                t(
                  { id: 'privacy.useLoans' },
                  { limit: p.loanLimit, days: p.loanDays, renewals: p.maxRenewals, renewalDays: p.renewalDays },
                )
              }
            </PolicyText>
          </li>
          <li>
            <PolicyText unknown={t({ id: 'privacy.useFeesUnknown' })}>
              {(p) => t({ id: 'privacy.useFees' }, { fee: p.lateFeePerDay })}
            </PolicyText>
          </li>
          <li>
            <PolicyText unknown={t({ id: 'privacy.useHistoryUnknown' })}>
              {(p) => t({ id: 'privacy.useHistory' }, { days: p.anonymizeAfterDays })}
            </PolicyText>
          </li>
          <li>{t({ id: 'privacy.useNewsletter' })}</li>
        </ul>
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
