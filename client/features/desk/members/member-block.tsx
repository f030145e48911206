import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { useBlockMember, useUnblockMember } from './use-member-actions.ts';
import { useSubmission } from '../use-submission.ts';

type Props = { uid: string; name: string; block: { reason: string; at: string } | null | undefined };

/** Whether the member is blocked and why; Block (a reason is required: the member is told it) and Unblock. */
export function MemberBlock({ uid, name, block }: Props) {
  const id = useId();
  const t = useI18n().formatMessage;
  const [blockMember] = useBlockMember();
  const [unblockMember] = useUnblockMember();
  const { busy, error, setError, run } = useSubmission();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState('');

  const onBlock = async (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why) {
      setError(t({ id: 'desk.block.reasonRequired' }));
      return;
    }
    const ok = await run(['block', uid, why], async (idempotencyKey) => {
      await blockMember({ variables: { uid, reason: why, idempotencyKey } });
    });
    if (!ok) return;
    setOpen(false);
    setReason('');
    setDone(t({ id: 'desk.block.done' }, { name }));
  };
  const onUnblock = async () => {
    const ok = await run(['unblock', uid], async (idempotencyKey) => {
      await unblockMember({ variables: { uid, idempotencyKey } });
    });
    if (ok) setDone(t({ id: 'desk.block.undone' }, { name }));
  };

  return (
    <div className={`rounded-lg p-4 ${block ? 'bg-red-50 text-red-900' : 'bg-slate-50 text-slate-800'}`}>
      {block ? (
        <>
          <p>{t({ id: 'desk.block.blocked' }, { date: formatDateTime(block.at), reason: block.reason })}</p>
          <button type="button" className="btn-secondary btn-sm mt-2" disabled={busy} onClick={() => void onUnblock()}>
            {t({ id: busy ? 'desk.block.unblocking' : 'desk.block.unblock' })}
          </button>
        </>
      ) : (
        <>
          <p>{t({ id: 'desk.block.notBlocked' })}</p>
          {open ? (
            <form noValidate onSubmit={(event) => void onBlock(event)} className="mt-2 space-y-2">
              <label htmlFor={`${id}-reason`} className="form-label">
                {t({ id: 'desk.block.reason' })}
              </label>
              <input
                id={`${id}-reason`}
                className="form-input"
                type="text"
                maxLength={300}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              <div className="flex gap-2">
                <button type="submit" className="btn-danger btn-sm" disabled={busy}>
                  {t({ id: busy ? 'desk.block.blocking' : 'desk.block.confirm' })}
                </button>
                <button type="button" className="btn-quiet btn-sm" onClick={() => setOpen(false)}>
                  {t({ id: 'common.cancel' })}
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className="btn-secondary btn-sm mt-2" onClick={() => setOpen(true)}>
              {t({ id: 'desk.block.block' })}
            </button>
          )}
        </>
      )}
      <p role="status" className="mt-2 text-sm">
        {done}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
