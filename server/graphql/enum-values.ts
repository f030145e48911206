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
    LOST_FOUND: 'lost-found',
  },
  CatalogueEditors: { MEMBERS: 'members', STAFF: 'staff' },
  ReturnsMode: { SELF: 'self', DESK: 'desk' },
  BorrowingMode: { INSTANT: 'instant', COLLECT: 'collect' },
  FeeDays: { OPEN: 'open', CALENDAR: 'calendar' },
  FeeCap: { REPLACEMENT: 'replacement', NONE: 'none' },
  HolidayState: { PROVISIONAL: 'provisional', CONFIRMED: 'confirmed', DROPPED: 'dropped' },
  // As the store counts them (Date.getUTCDay).
  Weekday: { SUNDAY: 0, MONDAY: 1, TUESDAY: 2, WEDNESDAY: 3, THURSDAY: 4, FRIDAY: 5, SATURDAY: 6 },
  NoticeKind: {
    DUE_SOON: 'due-soon',
    OVERDUE: 'overdue',
    HOLD_READY: 'hold-ready',
    HOLD_EXPIRED: 'hold-expired',
    DUE_DATE_MOVED: 'due-date-moved',
    RENEWED: 'renewed',
    SUGGESTION_DECIDED: 'suggestion-decided',
    OVERDUE_SUMMARY: 'overdue-summary',
  },
  SuggestionStatus: { OPEN: 'open', ACCEPTED: 'accepted', DECLINED: 'declined' },
  HoldStatus: {
    WAITING: 'waiting',
    READY: 'ready',
    FULFILLED: 'fulfilled',
    CANCELLED: 'cancelled',
    EXPIRED: 'expired',
  },
} as const;
