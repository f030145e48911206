import type { BookConnectionResolvers, QueryResolvers, MutationResolvers } from '../generated/resolvers-types.ts';
import type { BookFacets, BookRecord } from '../../store/port.ts';
import { sessionOf } from '../session-of.ts';

/** A page of books, with its facets read only if asked for, once for both fields. */
export interface BookConnectionParent {
  nodes: BookRecord[];
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  facets: () => Promise<BookFacets>;
}

export const catalogQueries: QueryResolvers = {
  async books(_parent, { filter, first, after }, { library }) {
    const page = await library.catalog.list(filter, first, after);
    let facets: Promise<BookFacets> | null = null;
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      facets: () => (facets ??= library.catalog.facets(filter)),
    };
  },
  async book(_parent, { id }, { library }) {
    return library.catalog.get(id);
  },
  // The whole genre in one list, as the original callers expect; the category page pages books(filter: { genre }).
  async booksByCategory(_parent, { category }, { library }) {
    const books = [];
    for await (const book of library.catalog.byGenre(category)) books.push(book);
    return books;
  },
  bookCount: (_parent, _args, { library }) => library.catalog.count(),
  categories: (_parent, _args, { library }) => library.catalog.categories(),
  genres: (_parent, _args, { library }) => library.catalog.genres(),
};

export const catalogMutations: MutationResolvers = {
  addBook: (_parent, { input }, ctx) => ctx.library.catalog.add(sessionOf(ctx), input),
  async updateBook(_parent, { id, input }, ctx) {
    const { book } = await ctx.library.catalog.update(sessionOf(ctx), id, input);
    return book;
  },
  revertBookEdit: (_parent, { auditId }, ctx) => ctx.library.catalog.revertEdit(sessionOf(ctx), auditId),
};

export const bookConnectionFields: BookConnectionResolvers = {
  genreCounts: async (connection) => (await connection.facets()).genreCounts,
  availableCount: async (connection) => (await connection.facets()).availableCount,
};
