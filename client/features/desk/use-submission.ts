import { useRef, useState } from 'react';
import { newRequestKey } from '../../lib/request-key.ts';
import { serverMessage } from './desk-errors.ts';
import { useI18n } from '../../lib/i18n.ts';

/**
 * One desk form's submissions: an idempotency key per request (the same values sent again keep their key, so a
 * repeat records nothing), a busy flag that ignores clicks while one is on its way, and the refusal to show.
 */
export function useSubmission() {
  const t = useI18n().formatMessage;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const last = useRef<{ request: string; key: string } | null>(null);
  const sending = useRef(false);

  const run = async (values: unknown, send: (idempotencyKey: string) => Promise<void>): Promise<boolean> => {
    if (sending.current) return false;
    const request = JSON.stringify(values);
    const key = last.current?.request === request ? last.current.key : newRequestKey();
    last.current = { request, key };
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await send(key);
      last.current = null;
      return true;
    } catch (failure) {
      setError(serverMessage(failure) ?? t({ id: 'desk.somethingWrong' }));
      return false;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}
