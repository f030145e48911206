// The unsubscribe link of every notice e-mail: /api/unsubscribe?token=<signed>. POST turns the member's e-mailed
// notices off: the one-click unsubscribe of RFC 8058 (mail programs POST `List-Unsubscribe=One-Click` to the
// List-Unsubscribe address) and the button of the page GET shows. GET changes nothing, since mail scanners and
// link previews open links on their own. Answers are small pages, or JSON for a client that asks for it.
// Not in the OpenAPI document (untagged): it is the e-mail's link, not an API for clients.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Library } from '../library/index.ts';
import { LibraryError } from '../library/errors.ts';
import { localeFromHeader, say, type Locale } from '../library/i18n/index.ts';

type Query = { Querystring: { token?: unknown } };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)} | BookHaven</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const wantsJson = (request: FastifyRequest) => /application\/json/.test(request.headers.accept ?? '');
/** The page is opened from an e-mail, often signed out: it speaks the browser's language (Accept-Language). */
const localeOf = (request: FastifyRequest): Locale => localeFromHeader(request.headers['accept-language']);

function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  title: string,
  text: string,
  extra: { html?: string; json?: object } = {},
) {
  reply.code(status).header('cache-control', 'private, no-store');
  if (wantsJson(request)) return reply.send({ ...extra.json, message: text });
  return reply
    .type('text/html; charset=utf-8')
    .send(page(localeOf(request), title, `<p>${escapeHtml(text)}</p>${extra.html ?? ''}`));
}

function refusal(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (!(error instanceof LibraryError)) throw error;
  const status = error.code === 'NOT_FOUND' ? 404 : error.code === 'CONFLICT' ? 409 : 400;
  const locale = localeOf(request);
  return answer(request, reply, status, say(locale, 'unsubscribeBadTitle'), say(locale, error.key, error.values));
}

export function unsubscribeRoutes(library: Library) {
  return async (app: FastifyInstance) => {
    // RFC 8058's body is a form; the page's button sends the same. Only here, and small.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, body, done) => done(null, body),
    );

    app.get<Query>('/unsubscribe', async (request, reply) => {
      const token = request.query.token;
      try {
        await library.mail.checkUnsubscribe(token);
      } catch (error) {
        return refusal(request, reply, error);
      }
      const action = `/api/unsubscribe?token=${encodeURIComponent(String(token))}`;
      const locale = localeOf(request);
      return answer(request, reply, 200, say(locale, 'unsubscribeAskTitle'), say(locale, 'unsubscribeAskText'), {
        html:
          `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
          `<button type="submit">${escapeHtml(say(locale, 'mailStop'))}</button></form>`,
      });
    });

    app.post<Query>('/unsubscribe', async (request, reply) => {
      try {
        const user = await library.mail.unsubscribe(request.query.token);
        const locale = localeOf(request);
        return answer(
          request,
          reply,
          200,
          say(locale, 'unsubscribeDoneTitle'),
          say(locale, 'unsubscribeDoneText', { email: user.email }),
          { json: { emailNotices: user.emailNotices } },
        );
      } catch (error) {
        return refusal(request, reply, error);
      }
    });
  };
}
