// The REST compatibility layer under /api: the original app's paths and shapes over the same services.
// Handlers only translate; the services decide.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Library } from '../library/index.ts';
import type { BookRecord } from '../store/port.ts';
import { LibraryError, badInput } from '../library/errors.ts';
import { say } from '../library/i18n/index.ts';
import { refusal } from './errors.ts';
import { restShapes } from './shapes.ts';
import { PRIVATE, PUBLIC, addVary, noneMatch } from '../cache/http-cache.ts';
import type { Absolute } from '../library/site-urls.ts';
import type { RateLimits } from '../rate-limits.ts';
import * as schema from './schemas.ts';
import * as doc from './docs.ts';

type Id = { id: string };

/** A book's entity tag: its version, which every change of the book moves (edits, borrows, returns). */
const bookTag = (book: BookRecord): string => `"v${book.version}"`;

/** If-Match compared strongly (RFC 9110 13.1.1): `*`, or one of the listed strong tags. */
function strongMatch(header: string, etag: string): boolean {
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim() === etag);
}
type Body<T> = { Body: T };

/** preValidation of every route that needs a session: 401 without a token, 403 with a bad one, before the body is judged. */
export async function signedIn(request: FastifyRequest, reply: FastifyReply) {
  if (request.viewer.session) return;
  const missing = request.viewer.credential === 'none';
  await reply.code(missing ? 401 : 403).send(refusal(missing ? 'unauthorized' : 'forbidden'));
}

const session = (request: FastifyRequest) => {
  if (!request.viewer.session) throw new LibraryError('UNAUTHENTICATED', 'unauthorized');
  return request.viewer.session;
};

/** The first field of a parsed body holding a string that is not Unicode (a lone surrogate such as "\ud800"). */
function brokenField(value: unknown, field: string): string | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : field;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const broken = brokenField(inner, field ? `${field}.${key}` : key);
    if (broken !== null) return broken;
  }
  return null;
}

/**
 * The schemas refuse control characters; lone surrogates have no pattern other validators can compile, so
 * this refuses them in every body after the session and schema checks, fields the services ignore included.
 */
function wellFormedBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const field = request.body === undefined ? null : brokenField(request.body, '');
  done(field === null ? undefined : badInput(field, 'fieldTypeable', { field }));
}

/** Streams books (the whole catalogue, a genre) as one JSON array without building it in memory. */
async function* jsonArray(books: AsyncIterable<BookRecord>, shape: (book: BookRecord) => unknown) {
  let first = true;
  yield '[';
  for await (const book of books) {
    yield (first ? '' : ',') + JSON.stringify(shape(book));
    first = false;
  }
  yield ']';
}

export function restRoutes(library: Library, limits: RateLimits, absolute: Absolute) {
  const shape = restShapes(absolute);
  const writeLimit = { write: true };
  return async function routes(app: FastifyInstance) {
    // Writes share one budget with GraphQL's mutations, counted before anything else is judged.
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.write) await limits.write(request);
    });
    app.addHook('preHandler', wellFormedBody);

    app.post<Body<Record<string, unknown>>>(
      '/jwt',
      { schema: { ...doc.signIn, body: schema.tokenBody }, config: { personal: true } },
      async (request) => {
        const { token } = await limits.signIn(request, () => library.accounts.signIn(request.body, 'rest'));
        return { token };
      },
    );

    // Not a counted write: a spent budget must not keep a session alive, and each token ends its session once.
    app.post('/logout', { schema: doc.signOut }, async (request, reply) => {
      await library.sessions.end(request.viewer.session);
      return reply.code(204).send();
    });

    // Sent as streams, so Fastify's serialiser never touches them; the response schemas only document them.
    app.get('/books', { schema: doc.listBooks }, async (_request, reply) => {
      return reply
        .type('application/json; charset=utf-8')
        .send(Readable.from(jsonArray(library.catalog.all(), shape.book)));
    });

    app.post<Body<Record<string, unknown>>>(
      '/books',
      { schema: { ...doc.addBook, body: schema.newBookBody }, preValidation: signedIn, config: writeLimit },
      async (request, reply) => {
        const book = await library.catalog.add(session(request), request.body);
        return reply.code(201).send({ acknowledged: true, insertedId: book.id });
      },
    );

    app.get<{ Params: { category: string } }>(
      '/books/category/:category',
      { schema: { ...doc.booksInCategory, params: schema.categoryParams }, config: { cacheable: true } },
      async (request, reply) =>
        reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(jsonArray(library.catalog.byGenre(request.params.category), shape.book))),
    );

    // The book's own validator rather than the store's revision, for everyone: If-Match on PUT compares against
    // it. A conditional GET reads the book (by id, cheap) to compare.
    app.get<{ Params: Id }>(
      '/books/:id',
      {
        schema: { ...doc.getBook, params: schema.idParams },
        // Until the handler labels a found book, every answer (a bad id, a missing book) is private.
        onRequest: (_request, reply, done) => {
          addVary(reply);
          reply.header('cache-control', PRIVATE);
          done();
        },
      },
      async (request, reply) => {
        const book = await library.catalog.get(request.params.id);
        if (!book) return reply.code(404).send(refusal('bookNotFound'));
        const etag = bookTag(book);
        reply.header('etag', etag).header('cache-control', request.headers.authorization ? PRIVATE : PUBLIC);
        if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return shape.book(book);
      },
    );

    app.put<{ Params: Id } & Body<Record<string, unknown>>>(
      '/books/:id',
      {
        schema: { ...doc.updateBook, params: schema.idParams, body: schema.bookUpdateBody },
        preValidation: signedIn,
        config: writeLimit,
      },
      async (request, reply) => {
        const caller = session(request);
        const ifMatch = request.headers['if-match'];
        let expected: number | null = null;
        if (ifMatch !== undefined) {
          const book = await library.catalog.get(request.params.id);
          if (!book) return reply.code(404).send(refusal('bookNotFound'));
          if (!strongMatch(ifMatch, bookTag(book)))
            return reply.code(412).send({ ...refusal('bookChanged'), code: 'CONFLICT' });
          expected = book.version;
        }
        // `copies` comes back with a whole loaded book and is read-only here: quantity says what the client wants.
        const { __v: version, copies: _owned, ...edit } = request.body;
        let result;
        try {
          result = await library.catalog.update(
            caller,
            request.params.id,
            edit,
            expected ?? (version as number | undefined),
          );
        } catch (error) {
          // The book changed between the If-Match check and the write: still a failed precondition.
          if (expected !== null && error instanceof LibraryError && error.code === 'CONFLICT')
            return reply.code(412).send({ ...refusal('bookChanged'), code: 'CONFLICT' });
          throw error;
        }
        const { modified } = result;
        return {
          acknowledged: true,
          matchedCount: 1,
          modifiedCount: modified ? 1 : 0,
          upsertedId: null,
          upsertedCount: 0,
        };
      },
    );

    app.post<Body<{ bookId: string; returnDate: string; userId?: string }>>(
      '/borrow',
      {
        schema: { ...doc.borrow, body: schema.borrowBody, headers: schema.idempotencyHeaders },
        preValidation: signedIn,
        config: writeLimit,
      },
      async (request, reply) => {
        const caller = session(request);
        // The borrower is whoever holds the session; a body naming someone else is refused, not obeyed.
        if (request.body.userId !== undefined && request.body.userId !== caller.uid) {
          return reply.code(403).send(refusal('borrowOwnOnly'));
        }
        const idempotencyKey = request.headers['idempotency-key'];
        const { loan, hold, quantity } = await library.circulation.borrow(caller, { ...request.body, idempotencyKey });
        if (!loan) {
          // Click and collect (BORROWING=collect): accepted, not lent; the desk hands the copy over (decision 075).
          const [view, locale] = await Promise.all([
            library.holds.view(hold),
            library.language.forRequest(request.viewer.session, request.headers['accept-language']),
          ]);
          return reply.code(202).send({
            status: 'requested',
            message: say(locale, 'pickupRequested'),
            bookId: hold.bookId,
            holdId: hold.id,
            readyUntil: view.readyUntil,
            returnDate: hold.returnDate?.toISOString().slice(0, 10) ?? null,
            currentQuantity: quantity,
          });
        }
        return reply.code(201).send({
          message: 'Book borrowed successfully',
          bookId: loan.bookId,
          borrowId: loan.id,
          currentQuantity: quantity,
        });
      },
    );

    app.get<{ Params: { uid: string } }>(
      '/borrowed-books/:uid',
      { schema: { ...doc.loansOf, params: schema.uidParams }, preValidation: signedIn },
      async (request) => (await library.circulation.loansOf(session(request), request.params.uid)).map(shape.loan),
    );

    app.get('/me/standing', { schema: doc.myStanding, preValidation: signedIn }, async (request) => {
      const caller = session(request);
      const [standing, locale] = await Promise.all([
        library.circulation.memberStanding(caller),
        library.language.forRequest(caller, request.headers['accept-language']),
      ]);
      return shape.standing(standing, locale);
    });

    app.post<Body<{ borrowId: string; bookId?: string; userId?: string }>>(
      '/return-book',
      {
        schema: { ...doc.giveBack, body: schema.returnBody, headers: schema.idempotencyHeaders },
        preValidation: signedIn,
        config: { ...writeLimit, envelope: 'success' },
      },
      async (request, reply) => {
        const caller = session(request);
        if (request.body.userId !== undefined && request.body.userId !== caller.uid) {
          return reply.code(403).send({ success: false, ...refusal('notYourLoan') });
        }
        const { borrowId, bookId } = request.body;
        const loan = await library.circulation.giveBack(caller, borrowId, bookId, request.headers['idempotency-key']);
        // RETURNS=desk: the loan is only claimed; the member is told what closes it.
        if (loan.status === 'returning') return { success: true, message: say('en', 'returnClaimed') };
        return { success: true, message: 'Book returned successfully' };
      },
    );

    app.get('/categories', { schema: doc.categories, config: { cacheable: true } }, async () =>
      (await library.catalog.categories()).map(shape.category),
    );

    app.get<{ Querystring: { from: string; to: string } }>(
      '/closures',
      { schema: doc.closures },
      async (request, reply) => {
        const locale = await library.language.forRequest(request.viewer.session, request.headers['accept-language']);
        const { closures } = await library.calendar.view(request.query.from, request.query.to);
        // Said in the reader's language: never kept by a shared cache for another reader.
        reply.header('cache-control', PRIVATE);
        return closures.map((c) => shape.closure(c, locale));
      },
    );

    app.get('/users', { schema: doc.users, preValidation: signedIn }, async (request) =>
      (await library.accounts.list(session(request))).map(shape.user),
    );

    app.get<{ Querystring: { minDays?: string } }>(
      '/desk/overdue.csv',
      { schema: doc.overdueCsv, preValidation: signedIn },
      async (request, reply) => {
        const lines = await library.reports.overdueCsv(
          session(request),
          request.query.minDays === undefined ? undefined : Number(request.query.minDays),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="bookhaven-overdue.csv"')
          .send(Readable.from(lines));
      },
    );

    app.get('/me/export', { schema: doc.exportMyData, preValidation: signedIn }, async (request, reply) => {
      const locale = await library.language.forRequest(request.viewer.session, request.headers['accept-language']);
      const data = await library.myData.export(session(request), locale);
      return reply.header('content-disposition', 'attachment; filename="bookhaven-my-data.json"').send(data);
    });
  };
}
