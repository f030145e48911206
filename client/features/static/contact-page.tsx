import { LIBRARY_CONTACT } from '../../components/ui/library-info.ts';
import { OpeningHoursSection } from './opening-hours-section.tsx';
import { SocialLinks } from '../../components/ui/social-links.tsx';
import { PolicyText } from '../../components/ui/policy-text.tsx';
import { plural, times, type LibraryPolicy } from '../../lib/policy.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ContactForm } from './contact-form.tsx';

const renewal = (p: LibraryPolicy) =>
  p.maxRenewals === 0
    ? 'Loans cannot be renewed.'
    : `You can renew ${times(p.maxRenewals)} for ${p.renewalDays} more days if nobody else has requested the book.`;

// The answers that state a rule are written with the gateway's policy (lib/policy.ts).
const FAQ: { q: string; a: string | ((policy: LibraryPolicy) => string) }[] = [
  {
    q: 'How do I borrow a book?',
    a: (p) =>
      `Sign in, open a book from All Books and choose Borrow Book. Pick a return date and confirm. You can borrow up to ${plural(p.loanLimit, 'book', 'books')} at a time.`,
  },
  {
    q: 'How long is the loan period?',
    a: (p) => `Books are lent for ${plural(p.loanDays, 'day', 'days')}. ${renewal(p)}`,
  },
  {
    q: 'Are there late fees?',
    a: (p) =>
      `Yes: ${p.lateFeePerDay} taka per day for each overdue book. Late fees must be paid before you can borrow more books.`,
  },
  {
    q: 'How do I return a book?',
    a: 'Open My Borrowed Books, find the book under Pending and choose Return Book, then bring the copy to the library desk.',
  },
];

export default function ContactPage() {
  useDocumentTitle('Contact Us');
  return (
    <div>
      <section className="bg-gradient-to-r from-indigo-700 to-violet-700 py-16 text-center text-white">
        <h1 className="mb-3 text-4xl font-bold">Contact Us</h1>
        <p className="text-lg text-indigo-100">
          Questions, suggestions or book requests? We would love to hear from you.
        </p>
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
              Contact Information
            </h2>
            <address className="space-y-2 text-slate-600 not-italic">
              <p>{LIBRARY_CONTACT.address}</p>
              <p>
                <a className="text-indigo-700 hover:underline" href={`mailto:${LIBRARY_CONTACT.email}`}>
                  {LIBRARY_CONTACT.email}
                </a>
              </p>
              <p>{LIBRARY_CONTACT.phone}</p>
            </address>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="hours-heading" className="mb-3 text-xl font-semibold text-slate-900">
              Opening Hours
            </h2>
            <OpeningHoursSection />
          </section>
          <section
            aria-labelledby="follow-heading"
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h2 id="follow-heading" className="mb-3 text-xl font-semibold text-slate-900">
              Follow Us
            </h2>
            <SocialLinks tone="dark" />
          </section>
        </aside>
      </div>
      <section aria-labelledby="map-heading" className="page-container pb-16">
        <h2 id="map-heading" className="mb-4 text-2xl font-bold text-slate-900">
          Find Us
        </h2>
        {/* A local map illustration: the app must work without access to an external map service. */}
        <figure className="overflow-hidden rounded-2xl shadow-sm ring-1 ring-slate-200">
          <img
            src="/images/map.svg"
            alt={`Map showing BookHaven at ${LIBRARY_CONTACT.address}`}
            className="h-80 w-full object-cover"
          />
          <figcaption className="bg-white px-4 py-2 text-sm text-slate-600">{LIBRARY_CONTACT.address}</figcaption>
        </figure>
      </section>
      <section aria-labelledby="faq-heading" className="page-container max-w-3xl pb-20">
        <h2 id="faq-heading" className="mb-6 text-center text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        <div className="space-y-3">
          {FAQ.map((item) => (
            <details key={item.q} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <summary className="cursor-pointer font-semibold text-slate-900 marker:text-indigo-600">{item.q}</summary>
              <p className="mt-3 text-slate-600">
                {typeof item.a === 'string' ? item.a : <PolicyText>{item.a}</PolicyText>}
              </p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
