import { lazy, Suspense } from 'react';
import { useI18n } from '../../lib/i18n.ts';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HeroCarousel } from './hero-carousel.tsx';

// The sections after the welcome are below the fold on every screen: their code (the categories, featured books,
// testimonials and the newsletter's form, with the pieces only they use) loads once the page is drawn, out of the
// JavaScript a visitor of / downloads before it. Until it is in, a screen's height of nothing keeps the footer
// out of sight, so nothing on screen moves when the sections arrive.
const HomeSections = lazy(() => import('./home-sections.tsx'));

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
      <Suspense fallback={<div className="min-h-screen" />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
