// Slips the desk hands a member: the checkout receipt, e-mailed when the member would rather not carry paper.
// Sent at once through the Mailer (not the notices' outbox): staff at the desk wait for the answer, and a
// failure is theirs to see and retry, not a notice to deliver later.
import { createHash } from 'node:crypto';
import type { LoanRecord, Store } from '../store/port.ts';
import { dueDayOf, requireStaff } from './circulation.ts';
import { badInput, LibraryError } from './errors.ts';
import type { Session } from './identity.ts';
import { say } from './i18n/index.ts';
import { escapeHtml, type Mailer } from './mail.ts';
import { id, oneLine } from './validate.ts';

export const MAX_RECEIPT_LOANS = 50;

export interface Receipts {
  /** E-mails the member the receipt of these loans of theirs; answers the address it went to. Staff only. */
  emailCheckout(session: Session, loanIds: readonly string[]): Promise<string>;
}

export interface ReceiptOptions {
  mailer: Mailer | null;
  siteOrigin: () => string;
}

export function createReceipts(store: Store, opts: ReceiptOptions): Receipts {
  async function loansOf(loanIds: readonly string[]): Promise<LoanRecord[]> {
    if (loanIds.length < 1 || loanIds.length > MAX_RECEIPT_LOANS)
      throw badInput('loanIds', 'receiptLoanCount', { max: MAX_RECEIPT_LOANS });
    const ids = [...new Set(loanIds.map((loanId) => id(loanId, 'loanIds')))];
    const loans = await Promise.all(ids.map((loanId) => store.loans.get(loanId)));
    const found = loans.filter((loan): loan is LoanRecord => loan !== null);
    if (found.length < ids.length) throw new LibraryError('NOT_FOUND', 'receiptNoLoan');
    if (new Set(found.map((loan) => loan.userId)).size > 1) throw badInput('loanIds', 'receiptOneMember');
    return found;
  }

  return {
    async emailCheckout(session, loanIds) {
      requireStaff(session);
      const loans = await loansOf(loanIds);
      if (!opts.mailer) throw new LibraryError('UNAVAILABLE', 'receiptNoMail');
      const member = await store.users.getByUid(loans[0]!.userId);
      if (!member) throw new LibraryError('NOT_FOUND', 'receiptNoMember');
      const locale = member.locale ?? 'en';
      const lines = loans.map((loan) =>
        say(locale, 'mailReceiptLine', {
          title: oneLine(loan.bookTitle),
          barcode: loan.itemBarcode ?? '',
          // "10 Apr 2026", "১০ এপ্রিল ২০২৬": the template's form of a day.
          day: dueDayOf(loan),
        }),
      );
      const hello = say(locale, 'mailHello', { name: oneLine(member.name) });
      const thanks = say(locale, 'mailReceiptReturn');
      const host = new URL(opts.siteOrigin() || 'http://localhost').hostname;
      // One Message-ID per set of loans: sent again (staff pressing twice), a receiving server may drop the repeat.
      const digest = createHash('sha256')
        .update(loans.map((loan) => loan.id).join(','))
        .digest('hex')
        .slice(0, 24);
      try {
        await opts.mailer.send({
          to: member.email,
          subject: say(locale, 'mailSubjectReceipt'),
          text: [hello, '', ...lines, '', thanks, ''].join('\n'),
          html: `<!doctype html><html lang="${locale}"><body>
<p>${escapeHtml(hello)}</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(thanks)}</p>
</body></html>`,
          messageId: `<receipt-${digest}@${host}>`,
          headers: {},
        });
      } catch {
        throw new LibraryError('UNAVAILABLE', 'receiptMailFailed');
      }
      return member.email;
    },
  };
}
