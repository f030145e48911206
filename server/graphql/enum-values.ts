// The stored value behind each value of the schema's enums. One table for both sides: codegen.ts maps the
// resolver types with it (enumValues), and schema.ts gives it to the executable schema as the enums' resolvers.
export const ENUM_VALUES = {
  BorrowStatus: {
    BORROWED: 'borrowed',
    RETURNING: 'returning',
    RETURNED: 'returned',
    LOST: 'lost',
    DAMAGED: 'damaged',
  },
  LedgerKind: {
    LATE_FEE: 'late-fee',
    REPLACEMENT: 'replacement',
    PROCESSING_FEE: 'processing-fee',
    PAYMENT: 'payment',
    WAIVER: 'waiver',
  },
  CatalogueEditors: { MEMBERS: 'members', STAFF: 'staff' },
  ReturnsMode: { SELF: 'self', DESK: 'desk' },
  NoticeKind: {
    DUE_SOON: 'due-soon',
    OVERDUE: 'overdue',
    HOLD_READY: 'hold-ready',
    HOLD_EXPIRED: 'hold-expired',
  },
  HoldStatus: {
    WAITING: 'waiting',
    READY: 'ready',
    FULFILLED: 'fulfilled',
    CANCELLED: 'cancelled',
    EXPIRED: 'expired',
  },
} as const;
