// A ledger entry's note as its reader reads it: staff's words as they typed them, a note the library wrote itself
// (a late fee's "Returned late", a payment's "Paid at the desk") in the reader's language.
import { systemNoteKey } from '../store/port.ts';
import { say, type Locale } from './i18n/index.ts';

export function ledgerNote(note: string, locale: Locale): string {
  const key = systemNoteKey(note);
  return key ? say(locale, key) : note;
}
