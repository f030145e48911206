import { Link } from 'react-router-dom';
import { PolicyText } from '../../components/ui/policy-text.tsx';
import type { IntlShape } from 'react-intl';
import type { LibraryPolicy } from '../../lib/policy.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n, type MessageId } from '../../lib/i18n.ts';

const VALUES: { title: MessageId; text: MessageId }[] = [
  { title: 'about.accessibility', text: 'about.accessibilityText' },
  { title: 'about.community', text: 'about.communityText' },
  { title: 'about.innovation', text: 'about.innovationText' },
];

const STATS: { value: number; more: boolean; label: MessageId }[] = [
  { value: 2010, more: false, label: 'about.founded' },
  { value: 10, more: true, label: 'about.years' },
  { value: 50000, more: true, label: 'about.books' },
  { value: 10000, more: true, label: 'about.users' },
  { value: 200, more: true, label: 'about.partners' },
];

/** The lending rules as the library runs them: every number is the gateway's policy. */
function rules(t: IntlShape['formatMessage'], p: LibraryPolicy): string[] {
  return [
    t({ id: 'rules.borrow' }, { limit: p.loanLimit }),
    t({ id: 'rules.loanDays' }, { days: p.loanDays }),
    p.maxRenewals === 0
      ? t({ id: 'faq.noRenewals' })
      : t({ id: 'rules.renew' }, { times: p.maxRenewals, days: p.renewalDays }),
    t({ id: 'rules.remind' }, { days: p.dueSoonDays }),
    t({ id: 'rules.lateFee' }, { fee: p.lateFeePerDay }),
    t({ id: 'rules.lost' }, { fee: p.lostProcessingFee }),
    t({ id: 'rules.holds' }, { limit: p.holdLimit, days: p.holdPickupDays }),
  ];
}

export default function AboutPage() {
  const { formatMessage: t, formatNumber } = useI18n();
  useDocumentTitle(t({ id: 'footer.aboutUs' }));
  return (
    <div>
      <section className="bg-gradient-to-r from-indigo-700 to-violet-700 py-20 text-center text-white">
        <div className="page-container">
          <h1 className="mb-4 text-4xl font-bold md:text-5xl">{t({ id: 'about.title' })}</h1>
          <p className="mx-auto max-w-2xl text-lg text-indigo-100">{t({ id: 'about.tagline' })}</p>
        </div>
      </section>
      <section aria-labelledby="story-heading" className="page-container grid items-center gap-10 py-16 md:grid-cols-2">
        <div>
          <h2 id="story-heading" className="mb-4 text-3xl font-bold text-slate-900">
            {t({ id: 'about.story' })}
          </h2>
          <p className="mb-4 text-slate-600">{t({ id: 'about.story1' })}</p>
          <p className="text-slate-600">{t({ id: 'about.story2' })}</p>
        </div>
        <img
          src="/images/hero/slide-2.svg"
          alt={t({ id: 'about.shelvesAlt' })}
          className="w-full rounded-2xl shadow-lg"
        />
      </section>
      <section aria-labelledby="values-heading" className="bg-indigo-50/60 py-16">
        <div className="page-container">
          <h2 id="values-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
            {t({ id: 'about.values' })}
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="mb-2 text-xl font-semibold text-indigo-700">{t({ id: value.title })}</h3>
                <p className="text-slate-600">{t({ id: value.text })}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="stats-heading" className="page-container py-16">
        <h2 id="stats-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
          {t({ id: 'about.numbers' })}
        </h2>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {STATS.map((stat) => (
            <div key={stat.label} className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-500">{t({ id: stat.label })}</dt>
              <dd className="text-3xl font-bold text-indigo-700">
                {t(
                  { id: stat.more ? 'about.statMore' : 'about.stat' },
                  { value: formatNumber(stat.value, { useGrouping: stat.more }) },
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="rules-heading" className="page-container max-w-3xl pb-16">
        <h2 id="rules-heading" className="mb-6 text-center text-3xl font-bold text-slate-900">
          {t({ id: 'about.rules' })}
        </h2>
        <PolicyText>
          {(policy) => (
            <ul className="list-disc space-y-2 pl-6 text-slate-600">
              {rules(t, policy).map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          )}
        </PolicyText>
      </section>
      <section className="page-container pb-20 text-center">
        <h2 className="mb-4 text-2xl font-bold text-slate-900">{t({ id: 'about.join' })}</h2>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/all-books" className="btn-primary">
            {t({ id: 'about.explore' })}
          </Link>
          <Link to="/register" className="btn-secondary">
            {t({ id: 'about.joinNow' })}
          </Link>
        </div>
      </section>
    </div>
  );
}
