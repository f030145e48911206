import type { FeaturedBookFragment as FeaturedBook } from '../../gql/graphql.ts';

export const FEATURED_COUNT = 3;

// Spec 2: three built-in books stand in when the catalogue is empty, with covers shipped in client/public.
export const SAMPLE_BOOKS: FeaturedBook[] = [
  {
    id: 'sample-1',
    title: 'The Silent Patient',
    author: 'Alex Michaelides',
    genre: 'Thriller',
    image: '/images/covers/sample-1.svg',
    rating: 4.5,
  },
  {
    id: 'sample-2',
    title: 'Project Hail Mary',
    author: 'Andy Weir',
    genre: 'Sci-Fi',
    image: '/images/covers/sample-2.svg',
    rating: 4.8,
  },
  {
    id: 'sample-3',
    title: 'The Night Circus',
    author: 'Erin Morgenstern',
    genre: 'Fantasy',
    image: '/images/covers/sample-3.svg',
    rating: 4.2,
  },
];

export function featuredToShow(fromServer: readonly FeaturedBook[]): FeaturedBook[] {
  return fromServer.length === 0 ? SAMPLE_BOOKS : fromServer.slice(0, FEATURED_COUNT);
}
