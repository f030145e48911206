import { Link } from 'react-router-dom';
import { PolicyText } from '../../components/ui/policy-text.tsx';
import { plural, times, type LibraryPolicy } from '../../lib/policy.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const VALUES = [
  {
    title: 'Accessibility',
    text: 'Books for everyone: a simple, free way to find and borrow what you want to read, wherever you are.',
  },
  {
    title: 'Community',
    text: 'Readers share their own books and recommendations, so the collection grows with the people who use it.',
  },
  {
    title: 'Innovation',
    text: 'We keep improving how people discover and borrow books, from online catalogues to due-date reminders.',
  },
];

const STATS = [
  { value: '2010', label: 'Founded' },
  { value: '10+', label: 'Years of service' },
  { value: '50,000+', label: 'Books' },
  { value: '10,000+', label: 'Active users' },
  { value: '200+', label: 'Partner libraries' },
];

/** The lending rules as the library runs them: every number is the gateway's policy. */
function rules(p: LibraryPolicy): string[] {
  return [
    `Borrow up to ${plural(p.loanLimit, 'book', 'books')} at a time.`,
    `Each loan lasts ${plural(p.loanDays, 'day', 'days')}.`,
    p.maxRenewals === 0
      ? 'Loans cannot be renewed.'
      : `Renew a loan ${times(p.maxRenewals)} for ${plural(p.renewalDays, 'day', 'days')} if nobody else has requested the book.`,
    `We remind you when a loan is due within ${plural(p.dueSoonDays, 'day', 'days')}.`,
    `A late fee of ${p.lateFeePerDay} taka per day is charged for each overdue book; late fees must be paid before you borrow more.`,
    `A damaged or lost book costs its replacement cost plus a processing fee of ${p.lostProcessingFee} taka.`,
    `Hold up to ${plural(p.holdLimit, 'book', 'books')} that are out; a copy set aside for you waits ${plural(p.holdPickupDays, 'day', 'days')}.`,
  ];
}

export default function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <div>
      <section className="bg-gradient-to-r from-indigo-700 to-violet-700 py-20 text-center text-white">
        <div className="page-container">
          <h1 className="mb-4 text-4xl font-bold md:text-5xl">About BookHaven</h1>
          <p className="mx-auto max-w-2xl text-lg text-indigo-100">A library for readers, built by readers.</p>
        </div>
      </section>
      <section aria-labelledby="story-heading" className="page-container grid items-center gap-10 py-16 md:grid-cols-2">
        <div>
          <h2 id="story-heading" className="mb-4 text-3xl font-bold text-slate-900">
            Our Story
          </h2>
          <p className="mb-4 text-slate-600">
            BookHaven was founded in 2010 by a small group of book lovers in Dhaka who wanted to make reading easier to
            share. What began as a single shelf in a community centre is now a lending library that connects readers
            with books across the country.
          </p>
          <p className="text-slate-600">
            For more than 10 years we have worked with partner libraries, schools and readers to keep books moving from
            one pair of hands to the next.
          </p>
        </div>
        <img
          src="/images/hero/slide-2.svg"
          alt="Shelves of books in the BookHaven library"
          className="w-full rounded-2xl shadow-lg"
        />
      </section>
      <section aria-labelledby="values-heading" className="bg-indigo-50/60 py-16">
        <div className="page-container">
          <h2 id="values-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
            Mission &amp; Values
          </h2>
          <ul className="grid gap-6 md:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="mb-2 text-xl font-semibold text-indigo-700">{value.title}</h3>
                <p className="text-slate-600">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="stats-heading" className="page-container py-16">
        <h2 id="stats-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
          BookHaven in Numbers
        </h2>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {STATS.map((stat) => (
            <div key={stat.label} className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-500">{stat.label}</dt>
              <dd className="text-3xl font-bold text-indigo-700">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="rules-heading" className="page-container max-w-3xl pb-16">
        <h2 id="rules-heading" className="mb-6 text-center text-3xl font-bold text-slate-900">
          Borrowing Rules
        </h2>
        <PolicyText>
          {(policy) => (
            <ul className="list-disc space-y-2 pl-6 text-slate-600">
              {rules(policy).map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          )}
        </PolicyText>
      </section>
      <section className="page-container pb-20 text-center">
        <h2 className="mb-4 text-2xl font-bold text-slate-900">Join our community of readers</h2>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/all-books" className="btn-primary">
            Explore Our Books
          </Link>
          <Link to="/register" className="btn-secondary">
            Join Now
          </Link>
        </div>
      </section>
    </div>
  );
}
