// The scanning desk's refusals (issue 31) in Bangla: each sentence the desk raises matches its template, and
// its changing parts (a barcode, a member's name, a day) carry over unchanged into the Bangla sentence.
import { describe, expect, it } from 'vitest';
import { translate } from '../../server/library/i18n/index.ts';

const BARCODE = 'BH00000018';

describe("the desk's sentences in Bangla", () => {
  it.each([
    [`“BH1234” is not a copy's barcode: scan the label again, or type BH and the 8 digits under its bars.`, 'BH1234'],
    [`No copy has the barcode ${BARCODE}.`, BARCODE],
    [
      `${BARCODE} is on loan or set aside for a hold: check it in, or cancel the hold, before changing its status.`,
      BARCODE,
    ],
    [`${BARCODE} is not on loan.`, BARCODE],
    [`${BARCODE} is set aside for another member's hold. Lend a copy from the shelf instead.`, BARCODE],
    [`Ned Holder already has ${BARCODE} on loan.`, 'Ned Holder'],
    [`${BARCODE} is on loan to Ned Holder. Check it in first, then lend it again.`, 'Ned Holder'],
    [`${BARCODE} is in repair. Put it back on the shelf when it is mended, then lend it.`, BARCODE],
    [`${BARCODE} is recorded as lost. Mark it found (back on the shelf) before lending it.`, BARCODE],
    [`${BARCODE} has been withdrawn from the collection and cannot be lent.`, BARCODE],
    [`${BARCODE} cannot be lent right now. Scan it again.`, BARCODE],
    [`${BARCODE} is being lent at another desk right now. Scan it again in a moment to see who has it.`, BARCODE],
    ['The day it was returned cannot be after today.', 'ফেরতের দিন'],
    ['The day it was returned cannot be before the loan began (2026-12-10).', '১০ ডিসেম্বর ২০২৬'],
    ['No member has the card BM00000017.', 'BM00000017'],
    ['Say why you lend past the refusal: the reason is kept in the audit trail.', 'অডিট'],
  ])('%s', (english, kept) => {
    const bangla = translate(english, 'bn');
    expect(bangla).not.toBe(english);
    expect(bangla).toContain(kept);
    expect(translate(english, 'en')).toBe(english);
  });
});
