import { useState } from 'react';
import { useSetEmailNotices } from './use-notices.ts';
import { useI18n } from '../../lib/i18n.ts';

/** "E-mail me notices": the member's own setting; the library e-mails notices only when it sends e-mail at all. */
export function EmailToggle({ enabled }: { enabled: boolean }) {
  const [setEmailNotices, { loading }] = useSetEmailNotices();
  const [failure, setFailure] = useState<string | null>(null);
  const { formatMessage: t } = useI18n();

  const change = async (next: boolean) => {
    setFailure(null);
    try {
      await setEmailNotices({ variables: { enabled: next } });
    } catch {
      setFailure(t({ id: 'notices.emailFailed' }));
    }
  };

  return (
    <div className="mb-4">
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={enabled}
          disabled={loading}
          onChange={(event) => void change(event.target.checked)}
        />
        {t({ id: 'notices.emailMe' })}
      </label>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}
