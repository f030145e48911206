import { useState } from 'react';
import { serverMessage } from './desk-errors.ts';
import { useI18n } from '../../lib/i18n.ts';

/** What a desk action said: its sentence, and whether it went through. */
export interface Outcome {
  ok: boolean;
  text: string;
}

/**
 * One desk panel's actions (a closure added, a holiday confirmed...): a busy flag while one is on its way, and the
 * sentence it ends with - the action's own on success, the gateway's refusal (or a general one) on failure.
 */
export function useOutcome() {
  const t = useI18n().formatMessage;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: await work() });
    } catch (failure) {
      setOutcome({ ok: false, text: serverMessage(failure) ?? t({ id: 'desk.somethingWrong' }) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run };
}
