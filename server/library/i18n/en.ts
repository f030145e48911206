// The library's English sentences as ICU message templates: every refusal, notice and e-mail line a member
// reads. Code raises a key and its raw values (errors.ts, ./keys.ts); the sentence is said once, at the edge, in
// the reader's language (./index.ts, docs/decisions/071). Adding a sentence: one entry here and one in bn.ts
// (the compiler refuses one without the other; tests/unit/sentence-keys.test.ts checks their arguments agree).
// Words of the API (field names, codes) stay English inside every language. Money is written `৳{amount}`.

export const en = {
  // Refusals of circulation and the catalogue.
  alreadyBorrowed: 'You have already borrowed this book. You can borrow it again after returning it.',
  outOfStock: 'This book is out of stock.',
  bookNotFound: 'Book not found',
  loanNotFound: 'Borrow record not found',
  notYourLoan: 'You can only return books you borrowed.',
  notYourList: 'You can only see your own borrowed books.',
  alreadyReturned: 'This book has already been returned.',
  /** RETURNS=desk: what a member's Return Book says (docs/decisions/041). */
  returnClaimed: "We'll close this loan when the book reaches the desk or the book drop.",
  unauthorized: 'Unauthorized access',
  forbidden: 'Forbidden access',
  staffOnly: 'Only library staff can do this.',
  editorsOnly: 'Only library staff can add or update books.',
  copiesStaffOnly: 'Only library staff can change how many copies the library owns.',
  costStaffOnly: "Only library staff can change a book's replacement cost.",
  bookChanged: 'This book changed while you were editing it. Reload it to see the changes, then make your edit again.',
  // Reverting a book edit from the desk's book history (issue 40).
  auditEntryNotFound: 'That entry is not in the audit trail.',
  notRevertible: "Only a change of a book's title, author, genre, description, cover or rating can be reverted.",
  revertFieldChanged:
    "The book's {field} changed again after that edit, so it was not reverted. Revert the latest change instead.",
  loanNotActive: 'This loan has already ended.',
  loanOverdue:
    'This book is overdue, so it cannot be renewed. Please return it; only loans that are not yet due can be renewed.',
  noCopies: 'The library has no copy of this book, so it cannot be put on hold.',
  holdNotFound: 'Hold not found',
  holdEnded: 'This hold has already ended.',
  notYourHold: 'You can only cancel your own holds.',
  // Pausing a hold (issue 42).
  notYourHoldToPause: 'You can only pause or resume your own holds.',
  holdReadyNoPause:
    'A copy is already set aside for you, so this hold cannot be paused: borrow it, or cancel the hold.',
  holdPauseNotAfterToday: 'Choose a day after today for the hold to resume on.',
  holdPauseTooLong:
    'A hold can be paused for at most {days, plural, one {# day} other {# days}}: choose {day} or an earlier day.',
  bookRequested: 'Another member has requested this book, so it cannot be renewed. Please return it by its due date.',
  unavailable: 'The library is temporarily unavailable. Please try again in a moment.',
  holdNotReady: 'This hold has no copy set aside yet, so there is nothing to put on the hold shelf.',
  holdStillReady: 'This hold is still waiting for its member to pick the copy up: leave the copy on the hold shelf.',
  holdNotOnShelf: "This hold's copy was never put on the hold shelf, or it was borrowed: there is nothing to take off.",
  // Raised in English only before keyed refusals (decision 071): now said in both languages.
  borrowOwnOnly: 'You can only borrow books for yourself.',
  calendarSpanTooLong: 'Ask for at most {max} days at once.',
  closureExists: 'The library is already closed on {day} ({reason}).',
  closureMissing: 'The library is not closed on {day}.',
  pageSizeRange: 'first must be a whole number between 1 and {max}',
  paramTooLong: 'A path parameter is longer than {max} characters',

  // Accounts and sign-in.
  idTokenRequired: 'idToken is required: sign in with Firebase and send its ID token',
  idTokenInvalid: 'idToken is not a valid Firebase ID token',
  uidMismatch: 'uid does not match the signed-in user',
  noEmail: 'The signed-in account has no e-mail address',
  ownAccountOnly: 'You can only see your own account.',
  memberNotFound: 'Member not found',
  noAccountForSession: 'Sign in again: there is no BookHaven account for this session.',
  accountInUse:
    "You can't delete your account while you have {list}. Return your books, cancel your holds and settle your balance at the desk, then try again.",
  // What stands in the way of deleting an account, each a part of accountInUse's {list}.
  inUseLoans: '{titles} on loan',
  inUseHolds: '{count, plural, one {a hold on} other {holds on}} {titles}',
  inUseBalance: 'a balance of ৳{amount}',

  // Loans, holds and fees.
  onLoanAlready: 'You have this book on loan already.',
  alreadyOnHold: 'You are already in the queue for this book.',
  // Click and collect (docs/decisions/075): a copy set aside is handed over at the desk, never taken from the app.
  pickupWaiting: '“{title}” is waiting for you at the desk until {day}: pick it up there.',
  pickupRequested: 'Requested: the library sets a copy aside for you to pick up at the desk.',
  copiesAvailable: 'Copies are available: borrow it now.',
  holdLimit:
    'You already have {limit, plural, one {# hold} other {# holds}}, the most the library keeps at once. Cancel one to place another.',
  loanLimit:
    'You already have {limit, plural, one {# book} other {# books}} on loan, the most the library lends at once. Return one to borrow another.',
  feesUnpaid: 'You owe ৳{amount} in fees. Please pay at the desk before borrowing more.',
  renewOwnOnly: 'You can only renew books you borrowed.',
  noRenewals: 'The library does not renew loans.',
  renewalLimit:
    'This loan has already been renewed {times, plural, =1 {once} other {# times}}, the most the library allows.',
  returnDateMissing: 'Please select a return date',
  returnDateFormat: 'returnDate must be a date (YYYY-MM-DD)',
  returnDatePast: 'The return date cannot be before today',
  returnDateTooLate:
    'Loans last at most {days, plural, one {# day} other {# days}}: choose a return date on or before {day}.',
  bookMismatch: 'bookId does not match the borrowed book',
  waiverNeedsReason: 'Say why the fee is waived.',
  owesNothing: 'This member owes nothing.',
  amountOverBalance: 'The amount is more than the member owes (৳{amount}).',
  copiesOnLoan:
    '{onLoan, plural, one {# copy is} other {# copies are}} on loan, so the library cannot own fewer than {fewest}.',
  auditOneOf: "Give exactly one of bookId (a book's history) or uid (a member's history).",

  // Notices and e-mail settings.
  ownNoticesOnly: 'You can only see your own notices.',
  markAtMost: 'Mark at most 100 notices at once.',
  emailSettingOwn: "Only the member and staff can see a member's e-mail setting.",
  smsSettingOwn: "Only the member and staff can see a member's SMS setting.",
  smsNeedsPhone: 'Add your mobile number first: SMS notices go to it.',
  readingHistoryOwn: 'Only the member can see their reading history.',
  unsubscribeBad:
    'This unsubscribe link is not valid: it may have been cut short or changed. Sign in to BookHaven and turn off "E-mail me notices" under Notices instead.',
  unsubscribeOutdated:
    'This unsubscribe link is older than your last change to "E-mail me notices", so it no longer changes it, and notices are still e-mailed to you. To stop them, use the link in your newest e-mail, or sign in to BookHaven and turn off "E-mail me notices" under Notices.',
  unsubscribeGone: 'The account this link was sent to no longer exists.',

  // Requests and limits.
  requestKeyFormat: 'idempotencyKey must be 1 to 128 visible characters, such as a UUID.',
  requestKeyReused:
    'This request key was already used for a different request. Nothing was recorded; please submit again.',
  requestInProgress: 'This request is still being recorded. Please wait a moment, then reload to see whether it was.',
  tooManyRequests: 'Too many requests, please try again later.',
  tooManyFailedSignIns: 'Too many failed sign-in attempts from this address. Please wait a minute and try again.',
  tooManySignIns: 'Too many sign-ins for this account in the last minute. Please wait a moment and try again.',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  malformedUrl: 'Malformed URL',
  internalError: 'Internal server error',
  // A request's body refused before any route reads it.
  bodyNotJson: 'The request body is not valid JSON.',
  bodyEmpty: 'The request body is empty, but its Content-Type says JSON.',
  bodyTooLarge: 'The request body is too large.',
  bodyLengthWrong: 'The request body does not match its Content-Length.',
  mediaTypeUnsupported: 'This Content-Type is not accepted here: send the body as JSON.',
  contentEncodingUnsupported:
    'This Content-Encoding is not accepted: send the body as gzip, deflate or br, or uncompressed.',
  bodyNotInflated: 'The compressed request body could not be read.',

  // Input checks: {field} is the API's name for it, the same in every language.
  fieldRequired: '{field} is required',
  fieldText: '{field} must be text',
  fieldOneLine: '{field} must be one line: no line breaks, tabs or other control characters',
  fieldTypeable: '{field} must not contain control characters or broken Unicode',
  fieldTooLong: '{field} must be at most {max} characters',
  fieldNumber: '{field} must be a number',
  fieldWhole: '{field} must be a whole number',
  fieldRange: '{field} must be between {min} and {max}',
  fieldUrl: '{field} must be an http or https URL',
  fieldId: '{field} must be a 24-character hexadecimal id',
  fieldDay: '{field} must be a date (YYYY-MM-DD)',
  fieldUnknown: 'Unknown field "{field}"',
  localeUnknown: 'locale must be "en" or "bn"',
  localeOwn: "Only the member and staff can see a member's language.",
  afterCursor: 'after is not a valid cursor',

  // Notices (library/notice-messages.ts): {day} is the library's calendar day, {fee} an amount of taka.
  noticeDueSoon: '“{title}” is due back on {day}.',
  noticeOverdue: '“{title}” was due back on {day}. Late fees are ৳{fee} a day: please return it.',
  noticeHoldReady: "“{title}” is ready for you until {day}. Borrow it from the book's page.",
  noticeHoldReadyAtDesk:
    '“{title}” is waiting for you at the desk until {day}. That day the library is open {opens}–{closes}.',
  noticeHoldReadyAtDeskNoHours: '“{title}” is waiting for you at the desk until {day}.',
  noticeHoldExpired: 'Your hold on “{title}” has expired: the copy was not borrowed by {day}.',
  // Auto-renewal (AUTO_RENEW, library/auto-renewals.ts): the renewal, or why a loan due soon was not renewed.
  noticeRenewed: '“{title}” was renewed for you: it is now due back on {day}.',
  autoRenewBlocked: 'It was not renewed for you: your card is blocked. Please speak to the library staff.',
  autoRenewFeesOwed: 'It was not renewed for you: you owe fees. Please pay them at the desk.',
  autoRenewOverdue: 'It was not renewed for you: another of your books is overdue. Please return it.',
  autoRenewRefused: 'It could not be renewed for you.',
  noticeRequestEndedUnshelved:
    'Your request to borrow “{title}” has ended: the library could not get a copy ready for you by {day}. You can ask for it again.',
  noticeRequestEndedUncollected:
    'Your request to borrow “{title}” has ended: it was not collected at the desk by {day}.',
  noticeSuggestionAccepted: 'The library will buy “{title}”, which you suggested.',
  noticeSuggestionAcceptedWhy: 'The library will buy “{title}”, which you suggested: {reason}',
  noticeSuggestionDeclined: 'The library will not buy “{title}”, which you suggested: {reason}',

  // Purchase suggestions (library/suggestions.ts).
  suggestionLimit:
    "You already have {limit, plural, one {# suggestion} other {# suggestions}} waiting for the library's answer, the most it takes at once. You can suggest more once staff have answered.",
  suggestionNotFound: 'There is no such suggestion.',
  suggestionDecided: 'This suggestion has been answered already.',
  suggestionDeclineReason: 'Say why the suggestion is declined: the member is told.',

  // E-mailed notices (library/mail.ts), said with keys rather than matched.
  mailSubjectDueSoon: 'Due soon: “{title}”',
  mailSubjectOverdue: 'Overdue: “{title}”',
  mailSubjectHoldReady: 'Ready for you: “{title}”',
  mailSubjectHoldExpired: 'Hold expired: “{title}”',
  mailSubjectDueDateMoved: 'The library is closed: a new date for “{title}”',
  mailSubjectRenewed: 'Renewed: “{title}”',
  mailSubjectSuggestion: 'Your suggestion: “{title}”',
  mailSubjectDatesMoved: 'The library is closed: new dates for {count} of your books',
  mailSubjectOpenAfterAll: 'The library is open after all: new due dates',
  mailHello: 'Hello {name},',
  mailOpen: 'Open it in BookHaven',
  mailWhy: 'You get this e-mail because your BookHaven notices are e-mailed to you.',
  mailStop: 'Stop e-mailing me notices',
  // The checkout receipt, e-mailed from the desk (library/receipts.ts).
  mailSubjectReceipt: 'Your BookHaven checkout receipt',
  mailReceiptLine: '“{title}” ({barcode}): due back on {day, date, medium}',
  mailReceiptReturn: 'Please return or renew each book by its due date.',
  receiptLoanCount: 'A receipt lists 1 to {max} loans.',
  receiptNoLoan: 'No loan has one of these ids.',
  receiptOneMember: "A receipt is for one member: these loans are not all one member's.",
  receiptNoMember: 'The member these loans are for no longer has an account.',
  receiptNoMail: 'The library does not send e-mail, so the receipt can only be printed.',
  receiptMailFailed: 'The receipt could not be sent just now. Please try again, or print it.',

  // The library's calendar (library/library-calendar.ts, circulation.ts, notices.ts).
  calendarRangeOrder: 'to must be on or after from',
  closureTooOld: 'A closure can be at most a year in the past.',
  closureTooFar: 'A closure can be at most three years ahead.',
  closureOrder: 'The last day of a closure cannot be before its first day.',
  closureTooLong: 'The library cannot be closed for more than {limit} days in a row.',
  // Moon-dated holidays staff confirm, move or drop (library/holidays.ts, decision 078).
  holidayMissing: 'That holiday is not among those proposed for this year and next.',
  holidayConfirmed: 'That holiday is already confirmed.',
  holidayDropped: 'That holiday was dropped.',
  holidayChanged: 'Someone changed that holiday meanwhile. Look at the calendar again.',
  holidayTooLong: 'A holiday can close the library for at most {max} days.',
  holidayTooFar: 'A holiday can be moved at most a month from the day proposed.',
  // Opening hours staff change (library/opening-hours.ts).
  hoursNone: 'Give the hours of at least one day. To close the library on a day, add a closure.',
  hoursUnknownWeekday: '{weekday} is not a day of the week.',
  hoursWeekdayTwice: 'A day of the week is given twice: give each day one opening time.',
  hoursTimeFormat: 'Opening and closing times are 24-hour HH:MM, like 09:30.',
  hoursOrder: 'The library must open before it closes: {opens} is not before {closes}.',
  hoursPast: 'New hours start today or later: a day already past keeps the hours it had.',
  hoursTooFar: 'New hours can start at most three years ahead.',
  hoursRangeOrder: 'The last day of the hours cannot be before their first day.',
  hoursPeriodTooLong:
    'Hours for a period can last at most three years: leave the last day empty for hours until changed.',
  noOpenDay:
    'The library is closed for more than {limit} days from {day}, so no date can be set then. Please ask at the desk.',
  noticeOverdueOpenDays:
    '“{title}” was due back on {day}. Late fees are ৳{fee} for each day the library is open: please return it.',
  noticeDueDateMovedLoan:
    'The library is closed on {closed, date, long}; your loan of “{title}” is now due on {day, date, long}.',
  noticeDueDateMovedHold:
    'The library is closed on {closed, date, long}; your hold on “{title}” now waits for you until {day, date, long}.',
  // A notice of several dates moved: a sentence for the closed days, then one for each date (notices.ts).
  noticeClosedOn: 'The library is closed on {closed, date, long}.',
  noticeClosedFromTo: 'The library is closed from {from, date, long} to {until, date, long}.',
  // A moon-dated holiday moved or dropped (holidays.ts): the days it had closed are open, the dates went back.
  noticeOpenOn: 'The library is open on {day, date, long} after all.',
  noticeOpenFromTo: 'The library is open from {from, date, long} to {until, date, long} after all.',
  noticeLoanNowDue: 'Your loan of “{title}” is now due on {day, date, long}.',
  noticeHoldNowUntil: 'Your hold on “{title}” now waits for you until {day, date, long}.',
  overdueOne: '“{title}” is overdue. Please return it before borrowing another book.',
  overdueMany:
    '“{title}” and {others, plural, one {# other book} other {# other books}} are overdue. Please return them before borrowing another book.',

  // Staff's reminder to every member at least some days overdue (library/overdue-reminders.ts): {titles} is the
  // loans, each said with noticeOverdueSummaryItem, joined.
  noticeOverdueSummary:
    'You have {count, plural, one {# overdue book} other {# overdue books}}: {titles}. Please return {count, plural, one {it} other {them}}.',
  noticeOverdueSummaryItem: '“{title}”, {days, plural, one {# day} other {# days}} late',
  mailSubjectOverdueSummary: 'Overdue: {count, plural, one {# book} other {# books}}',

  // The desk's lists and reports (library/desk-reports.ts).
  cashUpFuture: 'The cash-up of a day that has not come yet is empty: choose today or before.',
  notOverdueYet: '“{title}” is not overdue yet: it is due on {day}.',
  // The library's statistics (library/statistics.ts; issue 43).
  reportPeriodBackwards: 'The period ends before it starts: choose a “to” day on or after the “from” day.',
  reportPeriodTooLong: 'Ask for at most {max} years at once.',
  reportInterval: 'interval must be DAY, WEEK or MONTH',
  reportTooManyBuckets: 'That is more than {max} periods: choose weeks or months for a period this long.',
  // The scanning desk and copies as items (library/item-refusals.ts, items.ts, desk.ts; issue 31).
  deskBarcodeMalformed:
    "“{code}” is not a copy's barcode: scan the label again, or type BH and the 8 digits under its bars.",
  deskNoCopy: 'No copy has the barcode {barcode}.',
  deskItemBusy:
    '{barcode} is on loan or set aside for a hold: check it in, or cancel the hold, before changing its status.',
  deskNotOnLoan: '{barcode} is not on loan.',
  deskHeldForAnother: "{barcode} is set aside for another member's hold. Lend a copy from the shelf instead.",
  deskAlreadyHas: '{name} already has {barcode} on loan.',
  deskOnLoanTo: '{barcode} is on loan to {name}. Check it in first, then lend it again.',
  deskInRepair: '{barcode} is in repair. Put it back on the shelf when it is mended, then lend it.',
  deskLost: '{barcode} is recorded as lost. Mark it found (back on the shelf) before lending it.',
  deskWithdrawn: '{barcode} has been withdrawn from the collection and cannot be lent.',
  deskBeingLent: '{barcode} is being lent at another desk right now. Scan it again in a moment to see who has it.',
  deskScanAgain: '{barcode} cannot be lent right now. Scan it again.',
  deskReturnedFuture: 'The day it was returned cannot be after today.',
  deskReturnedBeforeLoan: 'The day it was returned cannot be before the loan began ({day}).',
  deskStatusOneOf: 'status must be one of {values}',
  deskNoCard: 'No member has the card {card}.',
  deskOverrideReason: 'Say why you lend past the refusal: the reason is kept in the audit trail.',

  // The unsubscribe page (rest/unsubscribe.ts), in the language of the browser that opens the e-mail's link.
  unsubscribeAskTitle: 'Stop e-mailing me notices?',
  unsubscribeAskText: 'BookHaven will keep showing your notices in the app, and stop e-mailing them to you.',
  unsubscribeDoneTitle: 'Notices are no longer e-mailed',
  unsubscribeDoneText:
    'Notices are no longer e-mailed to {email}. You still see them in BookHaven, and can turn the e-mail back on there under Notices.',
  unsubscribeBadTitle: 'This link does not work',
  // Members at the desk (library/members.ts, member-input.ts, blocks.ts).
  memberBlocked:
    'Your card is blocked (“{reason}”), so you cannot borrow books or place holds. Please speak to the library staff.',
  cardTaken: 'Another member already has the card {card}.',
  emailTaken: 'An account with the e-mail {email} exists already: find that member instead.',
  emailFormat: 'email must be an e-mail address, such as name@example.com',
  phoneFormat: 'phone must be a mobile number in Bangladesh: 01XXXXXXXXX or +8801XXXXXXXXX (013 to 019)',
  cardFormat: '{field} must be 4 to 20 letters, digits or dashes',
  cardIsItem: "{card} is the barcode of a copy, not a member's card.",
  cardCheckDigit: '{card} is not a valid library card: check it for a mistyped digit.',
  memberEditEmpty: 'Give at least one of name, email or phone.',
  // Ledger notes the library writes itself (store/port.ts LEDGER_NOTES), said when the ledger is read.
  ledgerReturnedLate: 'Returned late',
  ledgerLostReplacement: 'Lost: replacement cost',
  ledgerLostProcessing: 'Lost: processing fee',
  ledgerDamagedReplacement: 'Damaged: replacement cost',
  ledgerDamagedProcessing: 'Damaged: processing fee',
  ledgerPaidAtDesk: 'Paid at the desk',
  ledgerWaivedAtDesk: 'Waived at the desk',
  ledgerLostFound: 'Replacement refunded: the lost copy was found',
  // The REST layer's schema messages from Ajv (rest/errors.ts puts the field first). Last, so that every
  // sentence above is matched first; `{type}` and `{format}` are the schema's own words and stay English.
  ajvMinLength: '{field} must NOT have fewer than {limit} characters',
  ajvMaxLength: '{field} must NOT have more than {limit} characters',
  ajvMinItems: '{field} must NOT have fewer than {limit} items',
  ajvMaxItems: '{field} must NOT have more than {limit} items',
  ajvMinimum: '{field} must be >= {limit}',
  ajvMaximum: '{field} must be <= {limit}',
  ajvExclusiveMinimum: '{field} must be > {limit}',
  ajvExclusiveMaximum: '{field} must be < {limit}',
  ajvEnum: '{field} must be equal to one of the allowed values',
  ajvFormat: '{field} must match format "{format}"',
  ajvInvalid: '{field} is invalid',
  ajvType: '{field} must be {type}',
} as const satisfies Record<string, string>;

export type SentenceKey = keyof typeof en;
