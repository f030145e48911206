// Response schemas for the REST layer. Fastify serialises each reply with the schema of its status, so every
// field a route sends is declared here (an undeclared one would be dropped); the same schemas become the
// OpenAPI document's responses, which Schemathesis checks the live answers against.
import { BOOK_FIELD_NAMES, bookFieldEntries, type BookFieldSpec } from '../store/port.ts';

const objectId = { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;

/** A field of the book table (store/book-fields.ts) as an answer carries it. */
function bookFieldAnswer(spec: BookFieldSpec) {
  const about = spec.description ? { description: spec.description } : {};
  if (spec.kind === 'rating') return { type: 'number', ...about };
  if (spec.kind === 'money') return { type: spec.nullable ? ['integer', 'null'] : 'integer', ...about };
  return spec.nullable ? { ...nullableText, ...about } : { ...text, ...about };
}

export const book = {
  type: 'object',
  required: ['_id', ...BOOK_FIELD_NAMES, 'quantity', 'copies', '__v'],
  properties: {
    _id: objectId,
    ...Object.fromEntries(bookFieldEntries().map(([name, spec]) => [name, bookFieldAnswer(spec)])),
    quantity: { type: 'integer', description: 'Copies available: copies owned minus copies on loan.' },
    copies: { type: 'integer', description: 'Copies the library owns.' },
    __v: {
      type: 'integer',
      description:
        'The book\'s version (also its ETag, "v<version>"). Send it back with PUT, or the ETag in If-Match: a book changed since is refused.',
    },
  },
  additionalProperties: false,
} as const;

export const bookList = { type: 'array', items: book } as const;

export const category = {
  type: 'object',
  required: ['_id', 'name', 'image', 'description'],
  properties: { _id: objectId, name: text, image: text, description: text },
  additionalProperties: false,
} as const;

export const closure = {
  type: 'object',
  required: ['date', 'reason', 'reasonEn', 'reasonBn'],
  properties: {
    date: { type: 'string', description: "YYYY-MM-DD in the library's calendar." },
    reason: {
      type: 'string',
      description:
        "Why, in the reader's language (a signed-in member's choice, else Accept-Language), or in the other when only it was given.",
    },
    reasonEn: { ...nullableText, description: 'Why, in English, as staff entered it; null when not given.' },
    reasonBn: { ...nullableText, description: 'Why, in Bangla, as staff entered it; null when not given.' },
  },
  additionalProperties: false,
} as const;

export const loan = {
  type: 'object',
  required: [
    '_id',
    'bookId',
    'userId',
    'userName',
    'userEmail',
    'borrowDate',
    'returnDate',
    'returnedAt',
    'returnedDate',
    'status',
    'renewals',
    'lateFee',
    'bookTitle',
    'bookAuthor',
    'bookImage',
    'bookCategory',
  ],
  properties: {
    _id: objectId,
    bookId: objectId,
    userId: text,
    userName: text,
    userEmail: text,
    borrowDate: dateTime,
    returnDate: dateTime,
    returnedAt: { type: ['string', 'null'], format: 'date-time' },
    returnedDate: {
      type: ['string', 'null'],
      format: 'date-time',
      description: 'The same as returnedAt (the original server named it so).',
    },
    status: {
      type: 'string',
      enum: ['borrowed', 'returning', 'returned', 'lost', 'damaged'],
      description: "returning: RETURNS=desk, the member claimed the return; the desk's check-in closes it.",
    },
    renewals: { type: 'integer', description: 'How many times the loan has been renewed.' },
    lateFee: { type: 'integer', description: 'The late fee charged at the return, in whole taka (0 while on loan).' },
    bookTitle: text,
    bookAuthor: text,
    bookImage: text,
    bookCategory: text,
  },
  additionalProperties: false,
} as const;

/** GET /api/me/standing: the standing GraphQL's `User.standing` answers, from the same computation. */
export const standing = {
  type: 'object',
  required: ['owed', 'accruing', 'canBorrow', 'refusal'],
  properties: {
    owed: {
      type: 'integer',
      description:
        'What the member owes by the ledger (charges less payments and waivers), whole taka; fees accruing are not in it.',
    },
    accruing: {
      type: 'array',
      description:
        'The late fees of loans still out (on loan, or returning), charged when each comes back; largest first.',
      items: {
        type: 'object',
        required: ['borrowId', 'bookId', 'bookTitle', 'amount', 'capped'],
        properties: {
          borrowId: objectId,
          bookId: objectId,
          bookTitle: text,
          amount: { type: 'integer', description: 'The fee so far, whole taka.' },
          capped: {
            type: 'boolean',
            description:
              "Whether the fee stopped at the book's replacement cost (FEE_CAP=replacement): it grows no more.",
          },
        },
        additionalProperties: false,
      },
    },
    canBorrow: { type: 'boolean', description: 'Whether a borrow of a book on the shelf would go ahead now.' },
    refusal: {
      type: ['object', 'null'],
      description: "The refusal a borrow would meet first now (the borrow's own code and sentence); null when none.",
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: ['MEMBER_BLOCKED', 'LOAN_OVERDUE', 'FEES_UNPAID', 'LOAN_LIMIT'] },
        message: text,
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

export const user = {
  type: 'object',
  required: ['_id', 'uid', 'name', 'email', 'role', 'status', 'createdAt', 'phone', 'photoURL'],
  properties: {
    _id: objectId,
    uid: text,
    name: text,
    email: text,
    role: { type: 'string', enum: ['admin', 'member'] },
    status: text,
    createdAt: dateTime,
    phone: nullableText,
    photoURL: nullableText,
  },
  additionalProperties: false,
} as const;

export const token = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', description: 'Session token: send it as `Authorization: Bearer <token>`.' } },
  additionalProperties: false,
} as const;

export const inserted = {
  type: 'object',
  required: ['acknowledged', 'insertedId'],
  properties: { acknowledged: { type: 'boolean', enum: [true] }, insertedId: objectId },
  additionalProperties: false,
} as const;

export const updated = {
  type: 'object',
  required: ['acknowledged', 'matchedCount', 'modifiedCount', 'upsertedId', 'upsertedCount'],
  // MongoDB's UpdateResult, as the original server answered it: an update never inserts here.
  properties: {
    acknowledged: { type: 'boolean', enum: [true] },
    matchedCount: { type: 'integer' },
    modifiedCount: { type: 'integer', enum: [0, 1] },
    upsertedId: { type: 'null' },
    upsertedCount: { type: 'integer', enum: [0] },
  },
  additionalProperties: false,
} as const;

export const borrowed = {
  type: 'object',
  required: ['message', 'bookId', 'borrowId', 'currentQuantity'],
  properties: { message: text, bookId: objectId, borrowId: objectId, currentQuantity: { type: 'integer', minimum: 0 } },
  additionalProperties: false,
} as const;

/** A pickup request taken (BORROWING=collect, 202): a copy is set aside at the desk; no loan yet (decision 075). */
export const pickupRequested = {
  type: 'object',
  required: ['status', 'message', 'bookId', 'holdId', 'readyUntil', 'returnDate', 'currentQuantity'],
  properties: {
    status: { type: 'string', enum: ['requested'] },
    message: text,
    bookId: objectId,
    holdId: objectId,
    readyUntil: {
      type: ['string', 'null'],
      description: 'The last day (YYYY-MM-DD, the library’s calendar) the copy waits at the desk.',
    },
    returnDate: {
      type: ['string', 'null'],
      description: 'The return date asked for (YYYY-MM-DD): the desk’s loan keeps it when it still fits.',
    },
    currentQuantity: { type: 'integer', minimum: 0 },
  },
  additionalProperties: false,
} as const;

export const returned = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean', enum: [true] }, message: text },
  additionalProperties: false,
} as const;

/** Every failure: a message for people and, for bad input, the field at fault. */
export const failure = {
  type: 'object',
  required: ['message'],
  properties: {
    message: text,
    field: { type: 'string', description: 'The input field at fault (bad input only).' },
    code: {
      type: 'string',
      description: 'Why the library refused, as a machine code (LOAN_LIMIT, FEES_UNPAID, CONFLICT, ...).',
    },
  },
  additionalProperties: false,
} as const;

/** POST /api/borrow failures: `alreadyBorrowed: true` when the caller already holds a copy of the book. */
export const borrowFailure = {
  ...failure,
  properties: { ...failure.properties, alreadyBorrowed: { type: 'boolean', enum: [true] } },
} as const;

/** POST /api/return-book keeps the original `{ success: false, message }` envelope on every failure. */
export const envelopeFailure = {
  ...failure,
  required: ['success', 'message'],
  properties: { success: { type: 'boolean', enum: [false] }, ...failure.properties },
} as const;

const WHY: Record<number, string> = {
  400: 'Malformed or invalid input',
  401: 'No session token',
  403: 'The session token is invalid, or the caller may not do this (code LOAN_LIMIT, FEES_UNPAID, LOAN_OVERDUE: the policy refuses it for now)',
  404: 'Not found',
  409: 'The book changed since the version sent in __v (code CONFLICT)',
  412: 'The book no longer matches the ETag sent in If-Match (code CONFLICT)',
  413: 'Request body larger than 100 KiB',
  414: 'A path parameter longer than 128 characters',
  415: 'Unsupported content type (send application/json)',
  429: 'Too many requests in the last minute',
  503: 'The store is unavailable; retry after the Retry-After delay',
};

/** The error responses of a route: each listed status with a description and the given schema. */
export function failures(statuses: number[], schema: object = failure): Record<number, object> {
  return Object.fromEntries(statuses.map((status) => [status, { description: WHY[status] ?? 'Failure', ...schema }]));
}

/** Statuses every route that reads a JSON body can answer before its handler runs. */
export const BODY_FAILURES = [400, 413, 415];

/** Statuses every route with a path parameter can answer from the router (a malformed escape, too long). */
export const PATH_FAILURES = [400, 414];
