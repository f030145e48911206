import { useState } from 'react';
import type { FormEvent } from 'react';
import { bangladeshMobile } from '../../../shared/phone.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useI18n } from '../../lib/i18n.ts';
import { useMyContact, useSetSmsNotices } from './contact.ts';
import { useSetMyPhone } from './set-my-phone.ts';

/**
 * The member's mobile number (checked as the gateway checks it: shared/phone.ts) and, when the library sends SMS,
 * their choice of notices by SMS, which needs a saved number.
 */
export function PhoneAndSms() {
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useMyContact();
  const [setMyPhone, { loading: saving }] = useSetMyPhone();
  const [setSmsNotices, { loading: switching }] = useSetSmsNotices();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState('');
  const me = data?.me;
  const value = typed ?? me?.phone ?? '';

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    setSaved('');
    const phone = value.trim() === '' ? null : bangladeshMobile(value);
    if (value.trim() !== '' && phone === null) return setProblem(t({ id: 'account.phoneInvalid' }));
    try {
      await setMyPhone({ variables: { phone } });
      setTyped(null);
      setSaved(t({ id: phone ? 'account.phoneSaved' : 'account.phoneRemoved' }));
    } catch {
      setProblem(t({ id: 'account.phoneFailed' }));
    }
  };

  const onSms = async (enabled: boolean) => {
    setProblem('');
    try {
      await setSmsNotices({ variables: { enabled } });
    } catch {
      setProblem(t({ id: 'account.smsFailed' }));
    }
  };

  let body: React.ReactNode;
  if (loading && !me) body = <Spinner label={t({ id: 'account.phoneLoading' })} />;
  else if (error && !me) {
    body = (
      <div role="alert" className="text-red-700">
        <p>{t({ id: 'account.phoneLoadFailed' })}</p>
        <button type="button" className="btn-secondary mt-2" onClick={() => void refetch().catch(() => {})}>
          {t({ id: 'account.card.retry' })}
        </button>
      </div>
    );
  } else if (me) {
    body = (
      <>
        <form onSubmit={(event) => void onSave(event)} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="my-phone" className="mb-1 block text-sm font-medium text-slate-700">
              {t({ id: 'account.phoneLabel' })}
            </label>
            <input
              id="my-phone"
              type="tel"
              autoComplete="tel"
              className="form-input"
              value={value}
              placeholder={t({ id: 'account.phoneHint' })}
              aria-invalid={problem !== ''}
              aria-describedby={problem ? 'my-phone-problem' : undefined}
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary" disabled={saving}>
            {t({ id: saving ? 'account.phoneSaving' : 'account.phoneSave' })}
          </button>
        </form>
        {problem && (
          <p id="my-phone-problem" role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
        {saved && (
          <p role="status" className="mt-2 text-sm text-green-700">
            {saved}
          </p>
        )}
        {me.noticeChannels.includes('SMS') && (
          <label className="mt-4 flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={me.smsNotices}
              disabled={switching || (!me.phone && !me.smsNotices)}
              onChange={(event) => void onSms(event.target.checked)}
            />
            {t({ id: 'account.smsMe' })}
          </label>
        )}
        {me.noticeChannels.includes('SMS') && !me.phone && (
          <p className="mt-1 text-sm text-slate-600">{t({ id: 'account.smsNeedsPhone' })}</p>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="phone-heading" className="mb-8 rounded-xl bg-white p-6 shadow ring-1 ring-slate-200">
      <h2 id="phone-heading" className="mb-2 text-xl font-semibold text-slate-900">
        {t({ id: 'account.phoneTitle' })}
      </h2>
      <p className="mb-4 text-slate-600">{t({ id: 'account.phoneText' })}</p>
      {body}
    </section>
  );
}
