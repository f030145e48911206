// One error handler for /api: schema failures, domain failures and the unexpected, each with a clear JSON
// message and the status a REST client expects. Nothing internal leaks.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { LibraryError, type ErrorCode } from '../library/errors.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';
import type { Locale } from '../store/port.ts';
import { say } from '../library/i18n/index.ts';
import { sentence, type Sentence, type SentenceKey, type ValuesArg } from '../library/i18n/keys.ts';
import { MAX_PARAM_LENGTH, PATTERN_SENTENCES } from './schemas.ts';
import { BODY_NOT_INFLATED, CONTENT_ENCODING_UNSUPPORTED } from '../compression.ts';

const STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  NOT_FOUND: 404,
  ALREADY_BORROWED: 400,
  OUT_OF_STOCK: 400,
  // The library's policy refuses this member for now.
  LOAN_LIMIT: 403,
  FEES_UNPAID: 403,
  RENEWAL_LIMIT: 409,
  BOOK_REQUESTED: 409,
  LOAN_NOT_ACTIVE: 409,
  // A borrow refused while a loan is overdue: the policy refuses it for now, as FEES_UNPAID and LOAN_LIMIT.
  LOAN_OVERDUE: 403,
  CONFLICT: 409,
  ALREADY_ON_HOLD: 409,
  COPIES_AVAILABLE: 409,
  NO_COPIES: 409,
  SUGGESTION_LIMIT: 403,
  HOLD_LIMIT: 403,
  // Loans, holds or a balance stand in the way of deleting the account: settled, it can go.
  ACCOUNT_IN_USE: 409,
  RATE_LIMITED: 429,
  REQUEST_KEY_REUSED: 422,
  REQUEST_IN_PROGRESS: 409,
  UNAVAILABLE: 503,
  // The desk's copies (issue 31; GraphQL only so far): the copy's state stands in the way.
  ITEM_ON_LOAN: 409,
  ITEM_UNAVAILABLE: 409,
  ITEM_BUSY: 409,
  NOT_ON_LOAN: 409,
  // Staff blocked the member: no borrowing or holds until they unblock them.
  MEMBER_BLOCKED: 403,
  HOLD_NOT_READY: 409,
  HOLD_STILL_READY: 409,
  NOT_ON_HOLD_SHELF: 409,
  HOLD_READY: 409,
  // No open day to put the date on: the library's closures stand in the way.
  LIBRARY_CLOSED: 409,
};

/** Refusals of a request's body before any route reads it, by their error's code. */
const BODY_REFUSALS = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'bodyNotJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bodyEmpty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bodyLengthWrong',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'mediaTypeUnsupported',
  [CONTENT_ENCODING_UNSUPPORTED]: 'contentEncodingUnsupported',
  [BODY_NOT_INFLATED]: 'bodyNotInflated',
} as const satisfies Record<string, SentenceKey>;

const bodyRefusal = (code: string) =>
  Object.hasOwn(BODY_REFUSALS, code) ? BODY_REFUSALS[code as keyof typeof BODY_REFUSALS] : undefined;

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The sentence a body is said with, kept beside its English `message` until the answer's language is known. */
const SAID = Symbol('said');
type Said = { message: string; [SAID]?: Sentence };

/** A failure's body: its English `message` (logs), said again in the reader's language on the way out. */
export function refusal<K extends SentenceKey>(key: K, ...[values]: ValuesArg<K>): Said {
  const said = sentence(key, ...([values] as ValuesArg<K>));
  return { message: say('en', said.key, said.values), [SAID]: said };
}
const bodyOf = (said: Sentence): Said => ({ message: say('en', said.key, said.values), [SAID]: said });

/** Ajv's keywords said by a sentence of en.ts, with the parameter that goes in it (the schema's own words stay). */
const AJV: Record<string, { key: SentenceKey; param?: 'limit' | 'format' }> = {
  minLength: { key: 'ajvMinLength', param: 'limit' },
  maxLength: { key: 'ajvMaxLength', param: 'limit' },
  minItems: { key: 'ajvMinItems', param: 'limit' },
  maxItems: { key: 'ajvMaxItems', param: 'limit' },
  minimum: { key: 'ajvMinimum', param: 'limit' },
  maximum: { key: 'ajvMaximum', param: 'limit' },
  exclusiveMinimum: { key: 'ajvExclusiveMinimum', param: 'limit' },
  exclusiveMaximum: { key: 'ajvExclusiveMaximum', param: 'limit' },
  enum: { key: 'ajvEnum' },
  format: { key: 'ajvFormat', param: 'format' },
};

function describe(issue: AjvIssue, context: string | undefined): { said: Sentence | string; field?: string } {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'required') {
    const field = String(issue.params?.missingProperty ?? '');
    return { said: sentence('fieldRequired', { field }), field };
  }
  if (issue.keyword === 'additionalProperties') {
    const field = String(issue.params?.additionalProperty ?? '');
    return { said: sentence('fieldUnknown', { field }), field };
  }
  const field = path || context || 'body';
  const pattern = issue.keyword === 'pattern' ? PATTERN_SENTENCES[String(issue.params?.pattern)] : undefined;
  if (pattern) return { said: sentence(pattern, { field }), field };
  if (issue.message === undefined) return { said: sentence('ajvInvalid', { field }), field };
  // `type` names one type or several ("string,null"), as Ajv's message writes them.
  if (issue.keyword === 'type') return { said: sentence('ajvType', { field, type: issue.message.slice(8) }), field };
  const known = AJV[issue.keyword ?? ''];
  if (!known) return { said: `${field} ${issue.message}`, field };
  const value = known.param ? issue.params?.[known.param] : undefined;
  const values = known.param ? { field, [known.param]: value as string | number } : { field };
  return { said: { key: known.key, values }, field };
}

export function restErrorHandler(
  error: FastifyError & { validation?: AjvIssue[]; validationContext?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const envelope = request.routeOptions.config.envelope === 'success' ? { success: false } : {};
  if (error.validation) {
    const first = error.validation[0];
    const { said, field } = first
      ? describe(first, error.validationContext === 'body' ? undefined : error.validationContext)
      : { said: sentence('invalidRequest') };
    const body = typeof said === 'string' ? { message: said } : bodyOf(said);
    return reply.code(400).send({ ...envelope, ...body, ...(field ? { field } : {}) });
  }
  if (error instanceof LibraryError) {
    return reply.code(STATUS[error.code]).send({
      ...envelope,
      ...bodyOf(error.sentence),
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
      ...(error.code === 'ALREADY_BORROWED' ? { alreadyBorrowed: true } : {}),
    });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit) and a compressed
    // body's (compression.ts): a sentence in the caller's language where one is known.
    const known = status === 429 ? 'tooManyRequests' : bodyRefusal(error.code);
    return reply.code(status).send({ ...envelope, ...(known ? refusal(known) : { message: error.message }) });
  }
  if (isStoreUnavailable(error)) {
    request.log.warn({ err: error }, 'store unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ ...envelope, ...refusal('unavailable') });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ ...envelope, ...refusal('internalError') });
}

/**
 * Fastify's router failures (a malformed percent-escape, a path parameter longer than the router takes),
 * in the same `{ message }` shape as every other failure instead of Fastify's own, which echoes the path.
 */
export function routerErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    void reply.code(414).send(refusal('paramTooLong', { max: MAX_PARAM_LENGTH }));
  else void reply.code(400).send(refusal('malformedUrl'));
}

/** Which language to answer a request in: the member's choice, else its Accept-Language. */
export type AnswerLanguage = (request: FastifyRequest) => Promise<Locale>;

/**
 * Every failure's `message`, however it was sent (the error handler, a guard's own `refusal`), said in the
 * caller's language from its sentence; the status, code and field stay the same. Only failures ask which
 * language, so a signed-in member's record is read only then. A message without a sentence (Fastify's own, in
 * English) is left as it is.
 */
export function failuresInLanguage(language: AnswerLanguage) {
  return async function inLanguage(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const said = (payload as Said | null)?.[SAID];
    if (reply.statusCode < 400 || !said) return payload;
    const locale = await language(request).catch(() => 'en' as const);
    if (locale === 'en') return payload;
    return { ...(payload as Said), message: say(locale, said.key, said.values) };
  };
}
