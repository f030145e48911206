import { useState } from 'react';
import { formatMoney } from '../../../lib/money.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { useRecordPayment } from '../members/use-desk-actions.ts';
import { FeeForm } from './fee-form.tsx';
import { PaymentReceipt, type Payment } from './slips.tsx';

type Props = { uid: string; name: string; fee: number; symbol: string };

/**
 * A check-in that charged a fee offers to take it there and then (issue 40): the amount (up to the fee), and once
 * recorded its receipt, with the reference and what the member still owed at that moment.
 */
export function TakePayment({ uid, name, fee, symbol }: Props) {
  const t = useI18n().formatMessage;
  const [recordPayment] = useRecordPayment();
  const [payment, setPayment] = useState<Payment | null>(null);
  if (payment)
    return (
      <div className="space-y-3">
        <p role="status" className="font-semibold text-green-800">
          {t({ id: 'desk.checkIn.paid' }, { amount: formatMoney(payment.amount, symbol) })}
        </p>
        <PaymentReceipt member={{ name }} payment={payment} symbol={symbol} />
      </div>
    );
  return (
    <FeeForm
      title={t({ id: 'desk.checkIn.takePayment' })}
      submitText={t({ id: 'desk.member.recordPayment' })}
      busyText={t({ id: 'desk.member.recording' })}
      balance={fee}
      symbol={symbol}
      onSubmit={async (amount, note, idempotencyKey) => {
        const { data } = await recordPayment({ variables: { uid, amount, note: note || null, idempotencyKey } });
        if (data) setPayment(data.recordPayment);
      }}
    />
  );
}
