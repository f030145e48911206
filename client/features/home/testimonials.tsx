import { useI18n, type MessageId } from '../../lib/i18n.ts';

const TESTIMONIALS: { name: string; role: MessageId; quote: MessageId }[] = [
  {
    name: 'Nusrat Jahan',
    role: 'testimonials.student',
    quote: 'testimonials.nusrat',
  },
  {
    name: 'Tanvir Ahmed',
    role: 'testimonials.engineer',
    quote: 'testimonials.tanvir',
  },
  {
    name: 'Farhana Rahman',
    role: 'testimonials.teacher',
    quote: 'testimonials.farhana',
  },
];

export function Testimonials() {
  const { formatMessage: say } = useI18n();
  return (
    <section aria-labelledby="testimonials-heading" className="page-container py-16">
      <h2 id="testimonials-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
        {say({ id: 'testimonials.title' })}
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <figure>
              <blockquote className="mb-4 text-slate-700 italic">
                {say({ id: 'testimonials.quote' }, { quote: say({ id: t.quote }) })}
              </blockquote>
              <figcaption className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
                >
                  {t.name.charAt(0)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-sm text-slate-500">{say({ id: t.role })}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
