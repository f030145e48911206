import { useI18n } from '../../../lib/i18n.ts';

export type DeskStanding = { canBorrow: boolean; refusal: { code: string; message: string } | null };

/**
 * What the member owes and whether a borrow would go ahead now: the gateway's standing, the rule the borrow
 * itself asks. When refused, it names the reason (and says the member's own sentence, as a borrow would).
 */
export function BorrowingStanding({
  balance,
  standing,
  money,
}: {
  balance: number;
  standing: DeskStanding;
  money: (amount: number) => string;
}) {
  const t = useI18n().formatMessage;
  const { refusal } = standing;
  const refused = refusal !== null || balance > 0;
  let status = t({ id: 'desk.member.owesNothing' });
  if (refusal) status = t({ id: 'desk.member.refused' }, { code: refusal.code });
  else if (balance > 0) status = t({ id: 'desk.member.mustPay' });
  return (
    <div className={`rounded-lg p-4 ${refused ? 'bg-red-50 text-red-900' : 'bg-green-50 text-green-900'}`}>
      <p className="text-lg">
        {t({ id: 'desk.member.balance' }, { amount: money(balance), strong: (words) => <strong>{words}</strong> })}
      </p>
      <p className="text-sm">{status}</p>
      {refusal && refusal.code !== 'FEES_UNPAID' && <p className="text-sm">{refusal.message}</p>}
    </div>
  );
}
