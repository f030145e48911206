const TESTIMONIALS = [
  {
    name: 'Nusrat Jahan',
    role: 'Student',
    quote: 'BookHaven made it so easy to find the textbooks and novels I needed. Borrowing takes seconds!',
  },
  {
    name: 'Tanvir Ahmed',
    role: 'Software Engineer',
    quote: 'I love tracking my loans and due dates in one place. The sci-fi collection is fantastic.',
  },
  {
    name: 'Farhana Rahman',
    role: 'Teacher',
    quote: 'A wonderful community library. My students and I discover new favourites every month.',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="page-container py-16">
      <h2 id="testimonials-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
        What Our Readers Say
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <figure>
              <blockquote className="mb-4 text-slate-700 italic">“{t.quote}”</blockquote>
              <figcaption className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
                >
                  {t.name.charAt(0)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-sm text-slate-500">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
