// The scanning desk's refusals (issue 31) as keys: each says, in English, the sentence the desk always said, and
// in Bangla the same refusal with its changing parts (a barcode, a member's name, a day) carried over.
import { describe, expect, it } from 'vitest';
import { LibraryError } from '../../server/library/errors.ts';
import { say } from '../../server/library/i18n/index.ts';
import { barcodeOf, itemBusy, noCopy, notOnLoan } from '../../server/library/item-refusals.ts';

const BARCODE = 'BH00000018';
const barcode = { barcode: BARCODE };
const name = 'Ned Holder';

function refusalOf(raise: () => unknown): LibraryError {
  try {
    raise();
  } catch (error) {
    if (error instanceof LibraryError) return error;
  }
  throw new Error('no refusal');
}

describe("the desk's sentences in Bangla", () => {
  it.each([
    [
      `“BH1234” is not a copy's barcode: scan the label again, or type BH and the 8 digits under its bars.`,
      refusalOf(() => barcodeOf('BH1234')),
      'BH1234',
    ],
    [`No copy has the barcode ${BARCODE}.`, noCopy(BARCODE), BARCODE],
    [
      `${BARCODE} is on loan or set aside for a hold: check it in, or cancel the hold, before changing its status.`,
      itemBusy(BARCODE),
      BARCODE,
    ],
    [`${BARCODE} is not on loan.`, notOnLoan(BARCODE), BARCODE],
    [
      `${BARCODE} is set aside for another member's hold. Lend a copy from the shelf instead.`,
      new LibraryError('ITEM_UNAVAILABLE', 'deskHeldForAnother', barcode),
      BARCODE,
    ],
    [
      `Ned Holder already has ${BARCODE} on loan.`,
      new LibraryError('ALREADY_BORROWED', 'deskAlreadyHas', { name, barcode: BARCODE }),
      name,
    ],
    [
      `${BARCODE} is on loan to Ned Holder. Check it in first, then lend it again.`,
      new LibraryError('ITEM_ON_LOAN', 'deskOnLoanTo', { name, barcode: BARCODE }),
      name,
    ],
    [
      `${BARCODE} is in repair. Put it back on the shelf when it is mended, then lend it.`,
      new LibraryError('ITEM_UNAVAILABLE', 'deskInRepair', barcode),
      BARCODE,
    ],
    [
      `${BARCODE} is recorded as lost. Mark it found (back on the shelf) before lending it.`,
      new LibraryError('ITEM_UNAVAILABLE', 'deskLost', barcode),
      BARCODE,
    ],
    [
      `${BARCODE} has been withdrawn from the collection and cannot be lent.`,
      new LibraryError('ITEM_UNAVAILABLE', 'deskWithdrawn', barcode),
      BARCODE,
    ],
    [
      `${BARCODE} cannot be lent right now. Scan it again.`,
      new LibraryError('ITEM_UNAVAILABLE', 'deskScanAgain', barcode),
      BARCODE,
    ],
    [
      `${BARCODE} is being lent at another desk right now. Scan it again in a moment to see who has it.`,
      new LibraryError('ITEM_ON_LOAN', 'deskBeingLent', barcode),
      BARCODE,
    ],
    [
      'The day it was returned cannot be after today.',
      new LibraryError('BAD_USER_INPUT', 'deskReturnedFuture'),
      'ফেরতের দিন',
    ],
    [
      'The day it was returned cannot be before the loan began (2026-12-10).',
      new LibraryError('BAD_USER_INPUT', 'deskReturnedBeforeLoan', { day: '2026-12-10' }),
      '১০ ডিসেম্বর ২০২৬',
    ],
    [
      'No member has the card BM00000017.',
      new LibraryError('NOT_FOUND', 'deskNoCard', { card: 'BM00000017' }),
      'BM00000017',
    ],
    [
      'Say why you lend past the refusal: the reason is kept in the audit trail.',
      new LibraryError('BAD_USER_INPUT', 'deskOverrideReason'),
      'অডিট',
    ],
  ])('%s', (english, refusal, kept) => {
    expect(refusal.message).toBe(english);
    const bangla = say('bn', refusal.key, refusal.values);
    expect(bangla).not.toBe(english);
    expect(bangla).toContain(kept);
  });
});
