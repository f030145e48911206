// JSON schemas for every REST body and parameter. Fastify validates them before a handler runs, so wrong
// types, operator objects such as {"$gt": ""} and unknown fields are refused with 400 and never reach a store.
const objectId = { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } as const;
const shortText = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const idParams = { type: 'object', required: ['id'], properties: { id: objectId }, additionalProperties: false } as const;
export const categoryParams = {
  type: 'object',
  required: ['category'],
  properties: { category: { type: 'string', minLength: 1, maxLength: 60 } },
  additionalProperties: false,
} as const;
export const uidParams = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { type: 'string', minLength: 1, maxLength: 128 } },
  additionalProperties: false,
} as const;

const bookProperties = {
  title: shortText(300),
  author: shortText(200),
  genre: shortText(60),
  description: shortText(5000),
  image: shortText(2048),
  rating: { type: 'number' },
  quantity: { type: 'integer' },
} as const;

export const newBookBody = {
  type: 'object',
  required: ['title', 'author', 'genre', 'description', 'image', 'rating', 'quantity'],
  properties: bookProperties,
  additionalProperties: false,
} as const;

// The original client sends the whole loaded book back, `_id` included; the id in the path wins.
export const bookUpdateBody = {
  type: 'object',
  required: ['title', 'author', 'genre', 'image', 'rating', 'quantity'],
  properties: { ...bookProperties, description: { type: ['string', 'null'], maxLength: 5000 }, _id: objectId },
  additionalProperties: false,
} as const;

export const tokenBody = {
  type: 'object',
  properties: {
    idToken: shortText(8192),
    uid: shortText(128),
    email: { type: ['string', 'null'], maxLength: 320 },
    displayName: { type: ['string', 'null'], maxLength: 200 },
    photoURL: { type: ['string', 'null'], maxLength: 2048 },
  },
  additionalProperties: false,
} as const;

export const borrowBody = {
  type: 'object',
  required: ['bookId', 'returnDate'],
  properties: {
    bookId: objectId,
    returnDate: shortText(40),
    userId: shortText(128),
    userName: { type: ['string', 'null'], maxLength: 200 },
    userEmail: { type: ['string', 'null'], maxLength: 320 },
  },
  additionalProperties: false,
} as const;

export const returnBody = {
  type: 'object',
  required: ['borrowId'],
  properties: { borrowId: objectId, bookId: objectId, userId: shortText(128) },
  additionalProperties: false,
} as const;
