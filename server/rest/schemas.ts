// JSON schemas for every REST body and parameter. Fastify validates them before a handler runs, so wrong
// types, operator objects such as {"$gt": ""} and unknown fields are refused with 400 and never reach a store.
import { CONTROL_CHARACTERS, SINGLE_LINE_CONTROL_CHARACTERS } from '../library/validate.ts';
import { COPIES_MAX } from '../library/book-input.ts';
import { bookFieldEntries, type BookFieldSpec } from '../store/port.ts';

const ID_PATTERN = '^[0-9a-fA-F]{24}$';
/**
 * Text without control characters: the domain's rule, so fields it ignores obey it too. (Its other half, no
 * lone surrogates, has no pattern other validators can compile; routes.ts checks it for every body.)
 */
const TEXT_PATTERN = `^[^${CONTROL_CHARACTERS}]*$`;
/** One line of it: every text field but a book's description (the domain's rule, library/validate.ts). */
const LINE_PATTERN = `^[^${SINGLE_LINE_CONTROL_CHARACTERS}]*$`;
/** A calendar day or an ISO 8601 date-time: the shapes the domain parses (it then checks the day exists). */
const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T[\\d:.]+(Z|[+-]\\d{2}:\\d{2}))?$';

/** What a value failing each pattern is told: a sentence of i18n/en.ts that names the field. */
export const PATTERN_SENTENCES: Record<string, 'fieldId' | 'fieldTypeable' | 'fieldOneLine' | 'fieldDay'> = {
  [ID_PATTERN]: 'fieldId',
  [TEXT_PATTERN]: 'fieldTypeable',
  [LINE_PATTERN]: 'fieldOneLine',
  [DAY_PATTERN]: 'fieldDay',
};

const objectId = { type: 'string', pattern: ID_PATTERN } as const;
const shortText = (maxLength: number) => ({ type: 'string', maxLength, pattern: LINE_PATTERN }) as const;
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength, pattern: LINE_PATTERN }) as const;

/** The longest path parameter the router takes (a Firebase uid is at most 128 characters); longer is 414. */
export const MAX_PARAM_LENGTH = 128;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: objectId },
  additionalProperties: false,
} as const;
export const categoryParams = {
  type: 'object',
  required: ['category'],
  properties: { category: { ...shortText(60), minLength: 1 } },
  additionalProperties: false,
} as const;
export const uidParams = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { ...shortText(MAX_PARAM_LENGTH), minLength: 1 } },
  additionalProperties: false,
} as const;

/** A field of the book table (store/book-fields.ts) as JSON schema: new books, or edits (`edit`). */
function bookFieldSchema(spec: BookFieldSpec, edit: boolean): Record<string, unknown> {
  const told = [spec.description, spec.inputHint].filter(Boolean).join(' ');
  const about = told ? { description: told } : {};
  switch (spec.kind) {
    case 'line':
    case 'url':
      return { ...shortText(spec.max), minLength: 1, ...about };
    case 'text':
      // An edit may leave it out or send null (the book keeps it), or send it empty.
      return edit && spec.keptOnEdit
        ? { type: ['string', 'null'], maxLength: spec.max, pattern: TEXT_PATTERN, ...about }
        : { type: 'string', maxLength: spec.max, pattern: TEXT_PATTERN, minLength: 1, ...about };
    case 'rating':
      return { type: 'number', minimum: spec.min, maximum: spec.max, ...about };
    case 'money':
      return { type: spec.nullable ? ['integer', 'null'] : 'integer', minimum: spec.min, maximum: spec.max, ...about };
  }
}

const bookProperties = (edit: boolean) =>
  Object.fromEntries(bookFieldEntries().map(([name, spec]) => [name, bookFieldSchema(spec, edit)]));
const requiredFields = (edit: boolean) =>
  bookFieldEntries()
    .filter(([, spec]) => !spec.nullable && !(edit && spec.keptOnEdit))
    .map(([name]) => name);
// Copies: the catalogue's bounds (server/library/book-input.ts), stated here so the OpenAPI document shows them.
const quantity = { type: 'integer', minimum: 1, maximum: COPIES_MAX } as const;

export const newBookBody = {
  type: 'object',
  required: [...requiredFields(false), 'quantity'],
  properties: { ...bookProperties(false), quantity },
  additionalProperties: false,
} as const;

// The original client sends the whole loaded book back, `_id` included; the id in the path wins.
export const bookUpdateBody = {
  type: 'object',
  required: [...requiredFields(true), 'quantity'],
  properties: {
    ...bookProperties(true),
    quantity: { ...quantity, minimum: 0 },
    copies: {
      type: 'integer',
      minimum: 0,
      maximum: COPIES_MAX,
      description: 'Read-only: accepted so a loaded book can be sent back whole, and ignored (quantity decides).',
    },
    __v: {
      type: 'integer',
      minimum: 0,
      description: 'The version the edit started from (as loaded): a book changed since is refused with 409.',
    },
    _id: objectId,
  },
  additionalProperties: false,
} as const;

export const tokenBody = {
  type: 'object',
  properties: {
    idToken: shortText(8192),
    uid: shortText(128),
    email: nullableText(320),
    displayName: nullableText(200),
    photoURL: nullableText(2048),
  },
  additionalProperties: false,
} as const;

export const borrowBody = {
  type: 'object',
  required: ['bookId', 'returnDate'],
  properties: {
    bookId: objectId,
    returnDate: {
      type: 'string',
      maxLength: 40,
      pattern: DAY_PATTERN,
      description: 'YYYY-MM-DD (or ISO 8601), not before today in the library’s time zone',
    },
    userId: shortText(128),
    userName: nullableText(200),
    userEmail: nullableText(320),
  },
  additionalProperties: false,
} as const;

/**
 * The optional `Idempotency-Key` header of a member's write: sent again with the same key, the write answers what
 * it first did (the same status and body) instead of a refusal. Checked by the service (library/requests.ts),
 * which answers a malformed key with a sentence, so the schema only documents it.
 */
export const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description:
        'One per action, e.g. a UUID (1 to 128 visible characters), kept a day. A retry with it answers the first result; the same key with a different request is refused with 422 and `code` REQUEST_KEY_REUSED.',
    },
  },
} as const;

export const returnBody = {
  type: 'object',
  required: ['borrowId'],
  properties: { borrowId: objectId, bookId: objectId, userId: shortText(128) },
  additionalProperties: false,
} as const;
