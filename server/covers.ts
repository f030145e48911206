// Covers drawn from a book's own title, author and genre (the seeded catalogue's, decision 085): an SVG the
// gateway writes from the address's words, escaped, never a picture of another book.
import type { FastifyInstance } from 'fastify';
import { BOOK_FIELDS } from './store/book-fields.ts';
import { DRAWN_COVER_PATH, coverSvg } from './store/seed/cover-svg.ts';

const line = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;

export function coverRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { title: string; author: string; genre: string } }>(
    DRAWN_COVER_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['title', 'author', 'genre'],
          properties: {
            title: line(BOOK_FIELDS.title.max),
            author: line(BOOK_FIELDS.author.max),
            genre: line(BOOK_FIELDS.genre.max),
          },
        },
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(coverSvg(request.query)),
  );
}
