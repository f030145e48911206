import { LIBRARY_CONTACT } from '../../components/ui/library-info.ts';
import { localDigits } from '../../lib/format-count.ts';
import { OpeningHoursSection } from './opening-hours-section.tsx';
import { SocialLinks } from '../../components/ui/social-links.tsx';
import { PolicyText } from '../../components/ui/policy-text.tsx';
import type { LibraryPolicy } from '../../lib/policy.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n, type MessageId } from '../../lib/i18n.ts';
import type { IntlShape } from 'react-intl';
import { ContactForm } from './contact-form.tsx';

type Say = IntlShape['formatMessage'];

const renewal = (t: Say, p: LibraryPolicy) =>
  p.maxRenewals === 0
    ? t({ id: 'faq.noRenewals' })
    : t({ id: 'faq.renewals' }, { times: p.maxRenewals, days: p.renewalDays });

// The answers that state a rule are written with the gateway's policy (lib/policy.ts).
const FAQ: { q: MessageId; a: MessageId | ((t: Say, policy: LibraryPolicy) => string) }[] = [
  { q: 'faq.borrowQ', a: (t, p) => t({ id: 'faq.borrowA' }, { limit: p.loanLimit }) },
  {
    q: 'faq.periodQ',
    a: (t, p) => t({ id: 'faq.periodA' }, { days: p.loanDays, renewal: renewal(t, p) }),
  },
  { q: 'faq.feesQ', a: (t, p) => t({ id: 'faq.feesA' }, { fee: p.lateFeePerDay }) },
  { q: 'faq.returnQ', a: 'faq.returnA' },
];

export default function ContactPage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'footer.contactUs' }));
  return (
    <div>
      <section className="bg-gradient-to-r from-indigo-700 to-violet-700 py-16 text-center text-white">
        <h1 className="mb-3 text-4xl font-bold">{t({ id: 'footer.contactUs' })}</h1>
        <p className="text-lg text-indigo-100">{t({ id: 'contact.intro' })}</p>
      </section>
      <div className="page-container grid gap-10 py-16 lg:grid-cols-3">
        <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 lg:col-span-2">
          <ContactForm />
        </div>
        <aside className="space-y-8">
          <section
            aria-labelledby="contact-info-heading"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="contact-info-heading" className="mb-3 text-xl font-semibold text-slate-900">
              {t({ id: 'contact.info' })}
            </h2>
            <address className="space-y-2 text-slate-600 not-italic">
              <p>{t({ id: LIBRARY_CONTACT.address })}</p>
              <p>
                <a className="text-indigo-700 hover:underline" href={`mailto:${LIBRARY_CONTACT.email}`}>
                  {LIBRARY_CONTACT.email}
                </a>
              </p>
              <p>{localDigits(LIBRARY_CONTACT.phone)}</p>
            </address>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="hours-heading" className="mb-3 text-xl font-semibold text-slate-900">
              {t({ id: 'footer.openingHours' })}
            </h2>
            <OpeningHoursSection />
          </section>
          <section
            aria-labelledby="follow-heading"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="follow-heading" className="mb-3 text-xl font-semibold text-slate-900">
              {t({ id: 'contact.follow' })}
            </h2>
            <SocialLinks tone="dark" />
          </section>
        </aside>
      </div>
      <section aria-labelledby="map-heading" className="page-container pb-16">
        <h2 id="map-heading" className="mb-4 text-2xl font-bold text-slate-900">
          {t({ id: 'contact.findUs' })}
        </h2>
        {/* A local map illustration: the app must work without access to an external map service. */}
        <figure className="overflow-hidden rounded-2xl shadow-sm ring-1 ring-slate-200">
          <img
            src="/images/map.svg"
            alt={t({ id: 'contact.mapAlt' }, { address: t({ id: LIBRARY_CONTACT.address }) })}
            className="h-80 w-full object-cover"
          />
          <figcaption className="bg-white px-4 py-2 text-sm text-slate-600">
            {t({ id: LIBRARY_CONTACT.address })}
          </figcaption>
        </figure>
      </section>
      <section aria-labelledby="faq-heading" className="page-container max-w-3xl pb-20">
        <h2 id="faq-heading" className="mb-6 text-center text-2xl font-bold text-slate-900">
          {t({ id: 'contact.faq' })}
        </h2>
        <div className="space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <summary className="cursor-pointer font-semibold text-slate-900 marker:text-indigo-600">
                {t({ id: item.q })}
              </summary>
              <p className="mt-3 text-slate-600">
                {typeof item.a === 'string' ? (
                  t({ id: item.a })
                ) : (
                  <PolicyText>{(policy) => (item.a as Exclude<typeof item.a, string>)(t, policy)}</PolicyText>
                )}
              </p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
