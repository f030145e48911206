import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { Slip } from '../slip.tsx';

/** Who a slip is for: the member's name and, once they have one, their card number. */
export type SlipMember = { name: string; cardNumber?: string | null };

export type ReceiptLoan = { id: string; bookTitle: string; barcode: string; dueDate: string };

function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="font-semibold">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function MemberLines({ member }: { member: SlipMember }) {
  const t = useI18n().formatMessage;
  return (
    <>
      <Line term={t({ id: 'desk.slip.member' })}>{member.name}</Line>
      {member.cardNumber && <Line term={t({ id: 'desk.slip.card' })}>{member.cardNumber}</Line>}
    </>
  );
}

/** What a member took home this visit: each copy and its due day. */
export function CheckoutReceipt(props: { member: SlipMember; loans: ReceiptLoan[]; actions?: ReactNode }) {
  const t = useI18n().formatMessage;
  return (
    <Slip title={t({ id: 'desk.slip.checkoutTitle' })} actions={props.actions}>
      <dl className="mb-2 text-sm">
        <MemberLines member={props.member} />
        <Line term={t({ id: 'desk.slip.printedAt' })}>{formatDateTime(new Date())}</Line>
      </dl>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col">{t({ id: 'desk.slip.book' })}</th>
            <th scope="col">{t({ id: 'desk.slip.barcode' })}</th>
            <th scope="col">{t({ id: 'desk.slip.due' })}</th>
          </tr>
        </thead>
        <tbody>
          {props.loans.map((loan) => (
            <tr key={loan.id}>
              <td>{loan.bookTitle}</td>
              <td className="font-mono">{loan.barcode}</td>
              <td>{formatDay(loan.dueDate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm">{t({ id: 'desk.slip.checkoutFooter' })}</p>
    </Slip>
  );
}

export type Payment = {
  id: string;
  amount: number;
  note: string;
  recordedBy?: string | null;
  createdAt: string;
  /** What the member owed just after it, as recorded then: a reprint says the same (decision 074). */
  balanceAfter?: number | null;
  reference?: string | null;
};

/** A payment at the desk: how much, when, who took it, what the member owed after it, and its reference. */
export function PaymentReceipt(props: { member: SlipMember; payment: Payment; symbol: string }) {
  const t = useI18n().formatMessage;
  const { payment, symbol } = props;
  return (
    <Slip title={t({ id: 'desk.slip.paymentTitle' })}>
      <dl className="text-sm">
        <MemberLines member={props.member} />
        <Line term={t({ id: 'desk.slip.paid' })}>{formatMoney(payment.amount, symbol)}</Line>
        <Line term={t({ id: 'desk.slip.paidAt' })}>{formatDateTime(payment.createdAt)}</Line>
        {payment.note && <Line term={t({ id: 'desk.slip.note' })}>{payment.note}</Line>}
        {payment.recordedBy && <Line term={t({ id: 'desk.slip.takenBy' })}>{payment.recordedBy}</Line>}
        {payment.balanceAfter != null && (
          <Line term={t({ id: 'desk.slip.balanceAfter' })}>{formatMoney(payment.balanceAfter, symbol)}</Line>
        )}
        <Line term={t({ id: 'desk.slip.reference' })}>{payment.reference ?? payment.id}</Line>
      </dl>
    </Slip>
  );
}

export type FoundHold = {
  holdId: string;
  readyUntil: string;
  bookTitle: string;
  barcode: string;
  member: SlipMember;
};

/** Tucked into the copy on the hold shelf: whose it is, and until when it waits for them. */
export function HoldSlip({ hold }: { hold: FoundHold }) {
  const t = useI18n().formatMessage;
  return (
    <Slip title={t({ id: 'desk.slip.holdTitle' })}>
      <p className="mb-1 text-2xl font-bold">{hold.member.name}</p>
      <dl className="text-sm">
        {hold.member.cardNumber && <Line term={t({ id: 'desk.slip.card' })}>{hold.member.cardNumber}</Line>}
        <Line term={t({ id: 'desk.slip.bookLine' })}>{hold.bookTitle}</Line>
        <Line term={t({ id: 'desk.slip.barcodeLine' })}>{hold.barcode}</Line>
        <Line term={t({ id: 'desk.slip.pickUpBy' })}>{formatDay(hold.readyUntil)}</Line>
      </dl>
    </Slip>
  );
}
