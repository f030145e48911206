import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CategoriesSection } from './categories-section.tsx';
import { FeaturedBooks } from './featured-books.tsx';
import { HeroCarousel } from './hero-carousel.tsx';
import { Newsletter } from './newsletter.tsx';
import { Testimonials } from './testimonials.tsx';

export default function HomePage() {
  useDocumentTitle('Home');
  return (
    <>
      <h1 className="sr-only">BookHaven</h1>
      <HeroCarousel />
      <section aria-labelledby="welcome-heading" className="page-container py-16 text-center">
        <h2 id="welcome-heading" className="mb-4 text-3xl font-bold text-slate-900 md:text-4xl">
          Welcome to BookHaven
        </h2>
        <p className="mx-auto max-w-3xl text-lg text-slate-600">
          BookHaven is your community library online. Discover books across every genre, borrow the ones you want to
          read and share your own favourites with fellow readers. Sign in to start borrowing today.
        </p>
        <Link to="/about" className="btn-secondary mt-6">
          Learn more about us
        </Link>
      </section>
      <CategoriesSection />
      <FeaturedBooks />
      <Testimonials />
      <Newsletter />
    </>
  );
}
