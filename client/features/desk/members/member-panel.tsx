import { useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';
import type { DeskLoanFragment } from '../../../gql/graphql.ts';
import { confirmAction } from '../../../components/ui/dialogs.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { newRequestKey } from '../../../lib/request-key.ts';
import { serverMessage } from '../desk-errors.ts';
import { EmptyState, LoadError } from '../desk-states.tsx';
import { FeeForm } from '../money/fee-form.tsx';
import { LedgerTable } from '../money/ledger-table.tsx';
import { ActiveLoans, PastLoans, type LoanAction } from './loan-lists.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { formatDay } from '../../../lib/dates.ts';
import { AuditHistory } from './audit-history.tsx';
import { MemberBlock } from './member-block.tsx';
import { MemberDetailsForm } from './member-details-form.tsx';
import { MemberNotes } from './member-notes.tsx';
import { useI18n } from '../../../lib/i18n.ts';
import { PaymentReceipt, type Payment } from '../money/slips.tsx';
import { RenewAll } from './renew-all.tsx';
import { BorrowingStanding } from './borrowing-standing.tsx';
import {
  BOOK_COST_QUERY,
  useCheckIn,
  useMarkClaimsReturned,
  useMarkLost,
  useRecordPayment,
  useRenewFor,
  useWaiveFee,
} from './use-desk-actions.ts';

export const DESK_MEMBER_QUERY = graphql(`
  query DeskMember($uid: String!) {
    member(uid: $uid) {
      id
      uid
      name
      email
      phone
      cardNumber
      block {
        reason
        at
      }
      balance
      standing {
        canBorrow
        refusal {
          code
          message
        }
      }
      loans {
        ...DeskLoan
      }
      ledger {
        ...DeskLedgerEntry
      }
    }
  }
`);

export type DeskPolicy = { currencySymbol: string; lostProcessingFee: number; defaultReplacementCost: number };

type Outcome = { kind: 'done' | 'failed'; text: string };

export function MemberPanel({ uid, policy }: { uid: string; policy: DeskPolicy }) {
  const symbol = policy.currencySymbol;
  const money = (amount: number) => formatMoney(amount, symbol);
  const client = useApolloClient();
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(DESK_MEMBER_QUERY, {
    variables: { uid },
    // Balances move with every return and payment, at this desk or elsewhere.
    fetchPolicy: 'cache-and-network',
  });
  const [checkIn] = useCheckIn();
  const [markLost] = useMarkLost();
  const [markClaimsReturned] = useMarkClaimsReturned();
  const [recordPayment] = useRecordPayment();
  const [waiveFee] = useWaiveFee();
  const [renewFor] = useRenewFor();
  const [payment, setPayment] = useState<Payment | null>(null);
  const [busy, setBusy] = useState<{ loanId: string; action: LoanAction } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [editing, setEditing] = useState(false);

  if (loading && !data) return <Spinner label={t({ id: 'desk.member.loading' })} />;
  if (error && !data) {
    return (
      <LoadError
        error={error}
        text={t({ id: 'desk.member.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  }
  const member = data?.member;
  if (!member) return <EmptyState>{t({ id: 'desk.member.notFound' })}</EmptyState>;
  const name = member.name || member.email;

  /** Lost or damaged: says what will be charged (the book's replacement cost and the processing fee) first. */
  const confirmLoss = async (loan: DeskLoanFragment, damaged: boolean) => {
    const { data: cost } = await client.query({
      query: BOOK_COST_QUERY,
      variables: { id: loan.bookId },
      fetchPolicy: 'network-only',
    });
    const replacement = cost?.book?.replacementCost ?? policy.defaultReplacementCost;
    const fee = policy.lostProcessingFee;
    return confirmAction({
      title: t({ id: damaged ? 'desk.loss.damagedTitle' : 'desk.loss.lostTitle' }),
      text: t(
        { id: damaged ? 'desk.loss.damagedText' : 'desk.loss.lostText' },
        {
          title: loan.bookTitle,
          name,
          replacement: money(replacement),
          fee: money(fee),
          total: money(replacement + fee),
        },
      ),
      confirmText: t({ id: damaged ? 'desk.loss.damagedConfirm' : 'desk.loss.lostConfirm' }),
    });
  };

  const onAction = async (loan: DeskLoanFragment, action: LoanAction) => {
    setOutcome(null);
    setBusy({ loanId: loan.id, action });
    try {
      if (action === 'check-in') {
        const { data: done } = await checkIn({ variables: { loanId: loan.id, idempotencyKey: newRequestKey() } });
        const fee = done?.checkIn.fee ?? 0;
        setOutcome({
          kind: 'done',
          text:
            fee > 0
              ? t({ id: 'desk.member.checkedInFee' }, { title: loan.bookTitle, fee: money(fee) })
              : t({ id: 'desk.member.checkedIn' }, { title: loan.bookTitle }),
        });
      } else if (action === 'renew') {
        const { data: renewed } = await renewFor({ variables: { loanId: loan.id, idempotencyKey: newRequestKey() } });
        const day = formatDay(renewed?.renewFor.dueDate ?? loan.dueDate);
        setOutcome({ kind: 'done', text: t({ id: 'desk.member.renewed' }, { title: loan.bookTitle, day }) });
      } else if (action === 'claims') {
        await markClaimsReturned({ variables: { loanId: loan.id } });
        setOutcome({ kind: 'done', text: t({ id: 'desk.member.claimsReturned' }, { title: loan.bookTitle }) });
      } else {
        const damaged = action === 'damaged';
        if (!(await confirmLoss(loan, damaged))) return;
        await markLost({ variables: { loanId: loan.id, damaged, idempotencyKey: newRequestKey() } });
        setOutcome({
          kind: 'done',
          text: t({ id: damaged ? 'desk.member.markedDamaged' : 'desk.member.markedLost' }, { title: loan.bookTitle }),
        });
      }
    } catch (actionError) {
      // The loan may have been closed elsewhere: show the member as the gateway has them now.
      void refetch().catch(() => {});
      setOutcome({ kind: 'failed', text: serverMessage(actionError) ?? t({ id: 'desk.somethingWrong' }) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="member-heading" className="space-y-6 rounded-xl bg-white p-5 shadow-sm">
      <div>
        <h2 id="member-heading" className="text-xl font-semibold">
          {name}
        </h2>
        <p className="text-slate-600">{member.email}</p>
        {member.cardNumber && (
          <p className="font-mono text-slate-800">{t({ id: 'desk.card.number' }, { card: member.cardNumber })}</p>
        )}
        {member.phone && <p className="text-slate-600">{t({ id: 'desk.card.phone' }, { phone: member.phone })}</p>}
        {!editing && (
          <button type="button" className="btn-quiet btn-sm mt-2" onClick={() => setEditing(true)}>
            {t({ id: 'desk.edit.open' })}
          </button>
        )}
      </div>
      {editing && (
        <MemberDetailsForm
          uid={uid}
          details={{ name: member.name, email: member.email, phone: member.phone ?? '' }}
          onClose={(saved) => {
            setEditing(false);
            if (saved) setOutcome({ kind: 'done', text: t({ id: 'desk.edit.saved' }) });
          }}
        />
      )}
      <MemberBlock uid={uid} name={name} block={member.block} />
      <BorrowingStanding balance={member.balance} standing={member.standing} money={money} />
      {member.balance > 0 && (
        <div className="grid gap-4 md:grid-cols-2">
          <FeeForm
            title={t({ id: 'desk.member.recordPayment' })}
            submitText={t({ id: 'desk.member.recordPayment' })}
            busyText={t({ id: 'desk.member.recording' })}
            balance={member.balance}
            symbol={symbol}
            onSubmit={async (amount, note, idempotencyKey) => {
              setOutcome(null);
              const { data: paid } = await recordPayment({
                variables: { uid, amount, note: note || null, idempotencyKey },
              });
              if (paid) setPayment(paid.recordPayment);
              setOutcome({ kind: 'done', text: t({ id: 'desk.member.paymentRecorded' }, { amount: money(amount) }) });
            }}
          />
          <FeeForm
            title={t({ id: 'desk.member.waiveFees' })}
            submitText={t({ id: 'desk.member.waive' })}
            busyText={t({ id: 'desk.member.waiving' })}
            balance={member.balance}
            symbol={symbol}
            reasonRequired
            onSubmit={async (amount, note, idempotencyKey) => {
              setOutcome(null);
              await waiveFee({ variables: { uid, amount, note, idempotencyKey } });
              setOutcome({ kind: 'done', text: t({ id: 'desk.member.waived' }, { amount: money(amount) }) });
            }}
          />
        </div>
      )}
      <p role="status" className="text-green-800">
        {outcome?.kind === 'done' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'failed' && (
        <p role="alert" className="text-red-700">
          {outcome.text}
        </p>
      )}
      {payment && <PaymentReceipt member={{ name, cardNumber: member.cardNumber }} payment={payment} symbol={symbol} />}
      <RenewAll uid={uid} loans={member.loans} onDone={setOutcome} />
      <ActiveLoans
        loans={member.loans}
        symbol={symbol}
        busy={busy}
        onAction={(loan, action) => void onAction(loan, action)}
      />
      <PastLoans loans={member.loans} symbol={symbol} />
      <LedgerTable entries={member.ledger} symbol={symbol} onReprint={setPayment} />
      <MemberNotes uid={uid} />
      <AuditHistory key={uid} uid={uid} />
    </section>
  );
}
