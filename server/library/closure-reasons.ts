// Why the library is closed, in both languages (issue 41): staff give the reason in English, in Bangla or both;
// a reader is told the one in their language, else the other.
import type { ClosureRecord, Locale } from '../store/port.ts';
import { badInput } from './errors.ts';
import * as check from './validate.ts';

const MAX = 120;

/** The reasons staff entered, checked: either may be left out (or blank), not both. */
export function closureReasons(rawEn: unknown, rawBn: unknown): { reason: string; reasonBn: string | null } {
  const reason = check.text(rawEn, 'reason', { max: MAX, required: false });
  const reasonBn = check.text(rawBn, 'reasonBn', { max: MAX, required: false });
  if (!reason && !reasonBn) throw badInput('reason', 'fieldRequired', { field: 'reason' });
  return { reason, reasonBn: reasonBn || null };
}

/** The reason a reader sees: in their language, else in the other. */
export function reasonIn(closure: Pick<ClosureRecord, 'reason' | 'reasonBn'>, locale: Locale): string {
  const bn = closure.reasonBn ?? '';
  return (locale === 'bn' ? bn || closure.reason : closure.reason || bn) || '';
}

/** Both reasons as one line, for the audit trail: "Victory Day / বিজয় দিবস". */
export const bothReasons = (closure: Pick<ClosureRecord, 'reason' | 'reasonBn'>): string =>
  [closure.reason, closure.reasonBn].filter(Boolean).join(' / ');
