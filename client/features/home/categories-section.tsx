import { useI18n } from '../../lib/i18n.ts';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { BookImage } from '../../components/ui/book-image.tsx';
import { categoryDescription, genreName } from '../../lib/genre-names.ts';
import { categoriesToShow, categoryPath } from './fallback-categories.ts';

export const HomeCategoriesQuery = graphql(`
  query HomeCategories {
    categories {
      id
      name
      image
      description
    }
  }
`);

export function CategoriesSection() {
  const { data, loading, error } = useQuery(HomeCategoriesQuery);
  const intl = useI18n();
  const t = intl.formatMessage;
  let body;
  if (loading) body = <Spinner label={t({ id: 'home.loadingCategories' })} />;
  else if (error)
    body = (
      <p role="alert" className="text-center text-red-600">
        {t({ id: 'home.categoriesFailed' })}
      </p>
    );
  else
    body = (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {categoriesToShow(data?.categories ?? []).map((category) => (
          <li key={category.id}>
            <Link
              to={categoryPath(category.name)}
              className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-1 hover:shadow-lg"
            >
              <BookImage
                src={category.image}
                alt={t({ id: 'home.categoryImage' }, { name: genreName(intl, category.name) })}
                className="aspect-[3/2] w-full object-cover"
                loading="lazy"
              />
              <div className="p-5">
                <h3 className="mb-2 text-xl font-semibold text-slate-900">{genreName(intl, category.name)}</h3>
                <p className="mb-4 text-slate-600">{categoryDescription(intl, category)}</p>
                <span className="font-semibold text-indigo-600 group-hover:text-indigo-800">
                  {t({ id: 'home.exploreBooks' })}
                  <span aria-hidden="true" className="ml-1 after:content-['→']" />
                </span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="categories-heading" className="page-container py-16">
      <h2 id="categories-heading" className="mb-10 text-center text-3xl font-bold text-slate-900">
        {t({ id: 'home.categories' })}
      </h2>
      {body}
    </section>
  );
}
