// Who may call each Query and Mutation field: the one place this is declared. buildResolvers refuses to
// start when a field of the schema has no rule here (tests/api/access.test.ts checks it too).
// 'staff': signed in with the staff role (ADMIN_EMAILS). Fields of a member's account (User.loans, balance,
// ledger) are checked by the library itself: the member or staff (FIELD_ACCESS documents them).
export type AccessRule = 'public' | 'signedIn' | 'staff';

export const ACCESS = {
  Query: {
    books: 'public',
    book: 'public',
    booksByCategory: 'public',
    bookCount: 'public',
    categories: 'public',
    genres: 'public',
    me: 'public',
    borrowWindow: 'public',
    policy: 'public',
    borrowedBooks: 'signedIn',
    users: 'signedIn',
    userCount: 'signedIn',
    member: 'staff',
    members: 'staff',
    overdueLoans: 'staff',
    overdueReminderPreview: 'staff',
    holdsReady: 'staff',
    auditLog: 'staff',
    mySuggestions: 'signedIn',
    purchaseSuggestions: 'staff',
    calendar: 'public',
    accountDeletionCheck: 'signedIn',
    cashUp: 'staff',
    receipt: 'staff',
    item: 'staff',
    memberByCard: 'staff',
    holdsToPull: 'staff',
    holdsToClear: 'staff',
    loanStats: 'staff',
    topBooks: 'staff',
    topGenres: 'staff',
    overdueAging: 'staff',
    feeStats: 'staff',
    holdStats: 'staff',
  },
  Mutation: {
    // Exchanging a verified Firebase ID token is how one becomes signed in.
    issueToken: 'public',
    // Ends the session it was sent with, if any.
    signOut: 'public',
    addBook: 'signedIn',
    updateBook: 'signedIn',
    revertBookEdit: 'staff',
    borrow: 'signedIn',
    returnBook: 'signedIn',
    renewLoan: 'signedIn',
    placeHold: 'signedIn',
    cancelHold: 'signedIn',
    // The member's own hold, or staff for anyone's (library/hold-pauses.ts).
    pauseHold: 'signedIn',
    resumeHold: 'signedIn',
    markNoticesRead: 'signedIn',
    setEmailNotices: 'signedIn',
    setMyPhone: 'signedIn',
    setSmsNotices: 'signedIn',
    // Only ever the caller's own reading history.
    setReadingHistory: 'signedIn',
    deleteReadingHistory: 'signedIn',
    // Only ever the caller's own account.
    deleteMyAccount: 'signedIn',
    checkIn: 'staff',
    recordPayment: 'staff',
    waiveFee: 'staff',
    markLost: 'staff',
    setLocale: 'signedIn',
    addClosure: 'staff',
    removeClosure: 'staff',
    setOpeningHours: 'staff',
    confirmHoliday: 'staff',
    moveHoliday: 'staff',
    dropHoliday: 'staff',
    sendOverdueReminder: 'staff',
    sendOverdueReminders: 'staff',
    addItems: 'staff',
    withdrawItem: 'staff',
    setItemStatus: 'staff',
    checkOut: 'staff',
    checkInItem: 'staff',
    renewFor: 'staff',
    renewAllFor: 'staff',
    placeHoldFor: 'staff',
    emailCheckoutReceipt: 'staff',
    registerMember: 'staff',
    editMember: 'staff',
    blockMember: 'staff',
    unblockMember: 'staff',
    addMemberNote: 'staff',
    shelveHold: 'staff',
    clearHoldShelf: 'staff',
    markClaimsReturned: 'staff',
    suggestPurchase: 'signedIn',
    decideSuggestion: 'staff',
  },
} as const satisfies Record<'Query' | 'Mutation', Record<string, AccessRule>>;

export type AccessMap = Record<'Query' | 'Mutation', Record<string, AccessRule>>;

/**
 * Fields below the root that not everyone may read, and who may: 'selfOrStaff' is the member the User is, or
 * staff (the library's circulation service refuses anyone else with FORBIDDEN).
 */
export const FIELD_ACCESS = {
  User: {
    loans: 'selfOrStaff',
    balance: 'selfOrStaff',
    ledger: 'selfOrStaff',
    holds: 'selfOrStaff',
    notices: 'selfOrStaff',
    unreadNoticeCount: 'selfOrStaff',
    emailNotices: 'selfOrStaff',
    smsNotices: 'selfOrStaff',
    noticeChannels: 'selfOrStaff',
    locale: 'selfOrStaff',
    borrowing: 'selfOrStaff',
    standing: 'selfOrStaff',
    // The member's own card and block; null to other members (library/privacy.ts).
    cardNumber: 'selfOrStaff',
    block: 'selfOrStaff',
    notes: 'staff',
    // Only the member: staff do not read what a member reads (library/reading-history.ts).
    keepsReadingHistory: 'self',
    readingHistory: 'self',
  },
  // The caller's own hold; null for a visitor. A book's copies as items: staff only (members see counts).
  Book: { myHold: 'self', items: 'staff' },
} as const;
