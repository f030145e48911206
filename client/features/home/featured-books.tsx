import { useI18n } from '../../lib/i18n.ts';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { getFragmentData, graphql } from '../../gql/index.ts';
import { BookImage } from '../../components/ui/book-image.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { FEATURED_COUNT, featuredToShow } from './sample-books.ts';

// In the order the card shows them.
const FeaturedBookFragment = graphql(`
  fragment FeaturedBook on Book {
    id
    image
    genre
    title
    author
    rating
  }
`);

export const FeaturedBooksQuery = graphql(`
  query FeaturedBooks($first: Int!) {
    books(first: $first) {
      nodes {
        ...FeaturedBook
      }
    }
  }
`);

export function FeaturedBooks() {
  const { data, loading, error } = useQuery(FeaturedBooksQuery, { variables: { first: FEATURED_COUNT } });
  const { formatMessage: t } = useI18n();
  let body;
  if (loading) body = <Spinner label={t({ id: 'home.loadingFeatured' })} />;
  else if (error)
    body = (
      <p role="alert" className="text-center text-red-600">
        {t({ id: 'home.featuredFailed' })}
      </p>
    );
  else
    body = (
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {featuredToShow(getFragmentData(FeaturedBookFragment, data?.books.nodes ?? [])).map((book) => (
          <li key={book.id}>
            <Link
              to={`/book-details/${book.id}`}
              className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-1 hover:shadow-lg"
            >
              <BookImage
                src={book.image}
                alt={t({ id: 'home.coverOf' }, { title: book.title })}
                className="h-72 w-full bg-slate-100 object-contain"
                loading="lazy"
              />
              <div className="p-5">
                <span className="mb-2 inline-block rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700">
                  {book.genre}
                </span>
                <h3 className="mb-1 text-lg font-semibold text-slate-900 group-hover:text-indigo-700">{book.title}</h3>
                <p className="mb-3 text-slate-600">{t({ id: 'home.byAuthor' }, { author: book.author })}</p>
                <Stars rating={book.rating} />
              </div>
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="featured-heading" className="bg-indigo-50/60 py-16">
      <div className="page-container">
        <h2 id="featured-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
          {t({ id: 'home.featured' })}
        </h2>
        {body}
        <div className="mt-10 text-center">
          <Link to="/all-books" className="btn-primary px-6 py-3">
            {t({ id: 'home.viewAll' })}
          </Link>
        </div>
      </div>
    </section>
  );
}
