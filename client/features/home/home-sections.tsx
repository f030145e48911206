import { CategoriesSection } from './categories-section.tsx';
import { FeaturedBooks } from './featured-books.tsx';
import { Newsletter } from './newsletter.tsx';
import { Testimonials } from './testimonials.tsx';

/** What Home shows after its welcome, below the fold on every screen: a chunk of its own (home-page.tsx). */
export default function HomeSections() {
  return (
    <>
      <CategoriesSection />
      <FeaturedBooks />
      <Testimonials />
      <Newsletter />
    </>
  );
}
