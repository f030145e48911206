// The production build's graphql() documents (scripts/vite-graphql-documents.ts): each route's chunk holds the
// operations its route sends, and the entry chunk only the shell's. Runs the real Vite build, writing nothing.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';

const DOCUMENT = '\0graphql-document:';

async function buildChunks(): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
    logLevel: 'silent',
    build: { write: false, sourcemap: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  return outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
}

/** The operation documents a chunk holds (fragment documents only type getFragmentData, wherever they land). */
const operationsIn = (chunk: Rolldown.OutputChunk) =>
  chunk.moduleIds
    .filter((id) => id.startsWith(DOCUMENT) && !id.endsWith('FragmentDoc'))
    .map((id) => id.slice(DOCUMENT.length))
    .sort();

describe('graphql() documents in the production build', () => {
  it('puts each route’s operations in its own chunk, with their fragments, and only the shell’s in the entry', async () => {
    const chunks = await buildChunks();
    const entry = chunks.find((c) => c.isEntry);
    expect(entry && operationsIn(entry)).toEqual(['IssueTokenDocument', 'SignOutDocument']);

    const byPage = Object.fromEntries(
      chunks
        .filter((c) => /(-page|home-sections)\.tsx$/.test(c.facadeModuleId ?? '') && operationsIn(c).length > 0)
        .map((c) => [path.basename(c.facadeModuleId ?? ''), operationsIn(c)]),
    );
    expect(byPage).toEqual({
      // Home's sections after its welcome load after its first render, out of the initial JavaScript of /.
      'home-sections.tsx': ['FeaturedBooksDocument', 'HomeCategoriesDocument'],
      'all-books-page.tsx': ['AllBooksDocument'],
      'category-page.tsx': ['CategoryBooksDocument'],
      'book-details-page.tsx': [
        'BookDetailsDocument',
        'BookHoldDocument',
        'BorrowBookDocument',
        'BorrowWindowDocument',
        'MyBorrowingDocument',
        'MyLoanStatusDocument',
        'PlaceHoldDocument',
      ],
      'add-book-page.tsx': ['AddBookDocument'],
      'update-book-page.tsx': ['BookForUpdateDocument', 'UpdateBookDocument'],
      'all-users-page.tsx': ['AllUsersDocument'],
      'reading-history-page.tsx': [
        'DeleteReadingHistoryDocument',
        'ReadingHistoryDocument',
        'SetReadingHistoryDocument',
      ],
      'my-account-page.tsx': [
        'AccountDeletionCheckDocument',
        'DeleteMyAccountDocument',
        'MyCardDocument',
        'MyContactDocument',
        'SetSmsNoticesDocument',
      ],
      'borrowed-books-page.tsx': [
        'CheckMyRenewalsDocument',
        'MyBalanceDocument',
        'MyBorrowedBooksDocument',
        'MyFeesDocument',
        'MyHoldsDocument',
        'PauseHoldDocument',
        'RenewLoanDocument',
        'ResumeHoldDocument',
        'ReturnBookDocument',
      ],
      'contact-page.tsx': ['ContactCalendarDocument'],
      'desk-book-page.tsx': [
        'DeskAddItemsDocument',
        'DeskBookDocument',
        'DeskBookHistoryDocument',
        'DeskRevertBookEditDocument',
        'DeskSetItemStatusDocument',
        'DeskWithdrawItemDocument',
      ],
      'desk-calendar-page.tsx': [
        'DeskAddClosureDocument',
        'DeskCalendarDocument',
        'DeskConfirmHolidayDocument',
        'DeskDropHolidayDocument',
        'DeskMoveHolidayDocument',
        'DeskRemoveClosureDocument',
        'DeskSetOpeningHoursDocument',
      ],
      'cash-up-page.tsx': ['DeskCashUpDocument', 'DeskTodayDocument'],
      'reports-page.tsx': ['DeskReportsDocument', 'DeskReportsTodayDocument'],
      'suggestions-page.tsx': ['DecideSuggestionDocument', 'DeskSuggestionsDocument'],
      'suggest-page.tsx': ['MySuggestionsDocument', 'SuggestPurchaseDocument'],
      'desk-page.tsx': [
        'DeskAccessDocument',
        'DeskAddMemberNoteDocument',
        'DeskAuditDocument',
        'DeskBlockMemberDocument',
        'DeskBookCostDocument',
        'DeskCheckInDocument',
        'DeskCheckInItemDocument',
        'DeskCheckOutDocument',
        'DeskClaimsReturnedDocument',
        'DeskEditMemberDocument',
        'DeskEmailReceiptDocument',
        'DeskMarkLostDocument',
        'DeskMemberByCardDocument',
        'DeskMemberDocument',
        'DeskMemberNotesDocument',
        'DeskMembersDocument',
        'DeskOverdueLoansDocument',
        'DeskOverdueReminderPreviewDocument',
        'DeskReceiptDocument',
        'DeskRecordPaymentDocument',
        'DeskRegisterMemberDocument',
        'DeskRenewAllForDocument',
        'DeskRenewForDocument',
        'DeskSendOverdueRemindersDocument',
        'DeskSendReminderDocument',
        'DeskUnblockMemberDocument',
        'DeskWaiveFeeDocument',
      ],
    });
    // The header's staff and catalogue-editor links ask for the viewer's role, and its bell for the unread
    // count, from a chunk of their own, loaded after the first paint, not from the entry.
    const access = chunks.find((c) => c.facadeModuleId?.endsWith('/client/app/access-query.ts'));
    expect(access && operationsIn(access)).toEqual(['HeaderAccessDocument', 'UnreadNoticeCountDocument']);
    expect(entry?.dynamicImports).toContain(access?.fileName);
    expect(entry?.imports).not.toContain(access?.fileName);
    // The notices the bell opens are a chunk the bell loads when first opened.
    const notices = chunks.find((c) => c.facadeModuleId?.endsWith('/client/features/notices/notices-panel.tsx'));
    expect(notices && operationsIn(notices)).toEqual([
      'MarkNoticesReadDocument',
      'MyNoticesDocument',
      'SetEmailNoticesDocument',
    ]);
    expect(access?.dynamicImports).toContain(notices?.fileName);
    expect(entry?.dynamicImports).not.toContain(notices?.fileName);
    // Keeping the chosen language on the member's account is a chunk the language switch loads when used.
    const saveLocale = chunks.find((c) => c.facadeModuleId?.endsWith('/client/app/save-locale.ts'));
    expect(saveLocale && operationsIn(saveLocale)).toEqual(['SetLocaleDocument']);
    expect(entry?.dynamicImports).toContain(saveLocale?.fileName);
    expect(entry?.imports).not.toContain(saveLocale?.fileName);
    // What several routes send (the role that decides who may edit the catalogue, cancelling a hold, checking
    // the member's loans after a lost answer) travels in the one chunk of shared helpers that only those lazy
    // routes load, never the entry or what / preloads (vite.config.ts). The policy, which Home's hero states,
    // travels in the small chunk of what Home's first render needs.
    // The footer (a chunk of its own, after the first paint) asks for the library's hours.
    const footer = chunks.find((c) => c.facadeModuleId?.endsWith('/client/app/footer.tsx'));
    expect(footer && operationsIn(footer)).toEqual(['FooterCalendarDocument']);
    expect(entry?.dynamicImports).toContain(footer?.fileName);
    const shared = chunks.filter(
      (c) =>
        !c.isEntry &&
        c !== access &&
        c !== notices &&
        c !== saveLocale &&
        c !== footer &&
        !/(-page|home-sections)\.tsx$/.test(c.facadeModuleId ?? '') &&
        operationsIn(c).length > 0,
    );
    // The hold shelf's operations are the desk's and the hold shelf page's (the check-in's "Put it on the hold
    // shelf"): a chunk only those two staff routes load. A member's mobile number is set from the account page
    // and at registration: a chunk of its own for those two.
    const byFirst = (a: string[], b: string[]) => (a[0] ?? '').localeCompare(b[0] ?? '');
    expect(shared.map(operationsIn).sort(byFirst)).toEqual([
      ['CancelHoldDocument', 'CheckMyLoansDocument', 'MyRoleDocument'],
      [
        'ClearHoldShelfDocument',
        'HoldShelfAwaitingDocument',
        'HoldShelfToClearDocument',
        'HoldShelfToPullDocument',
        'ShelveHoldDocument',
      ],
      ['LibraryPolicyDocument'],
      ['SetMyPhoneDocument'],
    ]);
    for (const chunk of shared) expect(entry?.imports).not.toContain(chunk.fileName);
    // A spread fragment travels inside the operation's own document, as codegen wrote it.
    const borrowedBooks = chunks.find((c) => c.facadeModuleId?.endsWith('/borrowed-books-page.tsx'));
    const listQuery = borrowedBooks?.modules[`${DOCUMENT}MyBorrowedBooksDocument`]?.code;
    expect(listQuery).toMatch(/FragmentSpread[\s\S]*FragmentDefinition[\s\S]{0,80}BorrowedLoan/);
    // A production build: seconds on a quiet machine, over 30 on a busy one.
  }, 180_000);
});
