import { useI18n } from '../../lib/i18n.ts';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CategoriesSection } from './categories-section.tsx';
import { FeaturedBooks } from './featured-books.tsx';
import { HeroCarousel } from './hero-carousel.tsx';
import { Newsletter } from './newsletter.tsx';
import { Testimonials } from './testimonials.tsx';

export default function HomePage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'nav.home' }));
  return (
    <>
      <h1 className="sr-only">{t({ id: 'app.name' })}</h1>
      <HeroCarousel />
      <section aria-labelledby="welcome-heading" className="page-container py-16 text-center">
        <h2 id="welcome-heading" className="mb-4 text-3xl font-bold text-slate-900 md:text-4xl">
          {t({ id: 'home.welcome' })}
        </h2>
        <p className="mx-auto max-w-3xl text-lg text-slate-600">{t({ id: 'home.intro' })}</p>
        <Link to="/about" className="btn-secondary mt-6">
          {t({ id: 'home.learnMore' })}
        </Link>
      </section>
      <CategoriesSection />
      <FeaturedBooks />
      <Testimonials />
      <Newsletter />
    </>
  );
}
