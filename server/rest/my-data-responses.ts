// The response schema of GET /api/me/export (library/my-data.ts MemberExport): every field declared, so the
// serialiser sends exactly these and the OpenAPI document shows them.
const objectId = { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;

const record = (properties: Record<string, object>, description?: string) =>
  ({
    type: 'object',
    required: Object.keys(properties),
    properties,
    additionalProperties: false,
    ...(description ? { description } : {}),
  }) as const;

export const myData = record({
  profile: record({
    uid: text,
    name: text,
    email: text,
    photoURL: nullableText,
    role: text,
    status: text,
    cardNumber: nullableText,
    phone: nullableText,
    memberSince: nullableDateTime,
    lastSignIn: nullableDateTime,
    emailNotices: { type: 'boolean' },
    smsNotices: { type: 'boolean' },
    keepsReadingHistory: { type: 'boolean' },
  }),
  loans: {
    type: 'array',
    description:
      'Every loan still linked to the member (a returned one is anonymized some days after its return unless they keep their reading history), newest first, with the book’s title and author.',
    items: record({
      id: objectId,
      bookId: objectId,
      bookTitle: text,
      bookAuthor: text,
      borrowDate: dateTime,
      returnDate: dateTime,
      returnedAt: nullableDateTime,
      status: text,
      renewals: { type: 'integer' },
      lateFee: { type: 'integer' },
    }),
  },
  holds: {
    type: 'array',
    items: record({
      id: objectId,
      bookId: objectId,
      bookTitle: text,
      status: text,
      createdAt: dateTime,
      readyAt: nullableDateTime,
      endedAt: nullableDateTime,
    }),
  },
  ledger: record({
    balance: { type: 'integer', description: 'What the member owes now, in whole taka.' },
    entries: {
      type: 'array',
      items: record({
        id: objectId,
        kind: text,
        amount: { type: 'integer' },
        loanId: { type: ['string', 'null'] },
        bookTitle: nullableText,
        note: text,
        createdAt: dateTime,
      }),
    },
  }),
  notices: {
    type: 'array',
    items: record({
      id: objectId,
      kind: text,
      message: text,
      bookTitle: text,
      day: text,
      createdAt: dateTime,
      readAt: nullableDateTime,
      email: {
        ...nullableText,
        description: 'What became of its e-mail (pending, sent, failed, skipped); null: not e-mailed.',
      },
    }),
  },
  suggestions: {
    type: 'array',
    description: 'The member’s purchase suggestions, newest first, with staff’s answers.',
    items: record({
      id: objectId,
      title: text,
      author: text,
      note: text,
      status: { type: 'string', enum: ['open', 'accepted', 'declined'] },
      reason: nullableText,
      createdAt: dateTime,
      decidedAt: nullableDateTime,
    }),
  },
  audit: {
    type: 'array',
    description:
      'The audit trail’s entries about the member, newest first, as a member may read them: without who made them, without staff’s words (an override’s reason, a claim’s note: null) and without the notes staff keep on them.',
    items: record({
      id: objectId,
      at: dateTime,
      api: { type: ['string', 'null'], enum: ['graphql', 'rest', null] },
      action: text,
      field: nullableText,
      oldValue: nullableText,
      newValue: nullableText,
      bookId: { type: ['string', 'null'] },
    }),
  },
});
