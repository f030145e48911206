// Input checks shared by every service. Each failure names the field and says what is expected.
import { badInput } from './errors.ts';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * Characters no one types into a form, refused in all text: C0 and C1 controls other than tab and line
 * breaks (NUL, terminal escapes), DEL, and the Unicode line and paragraph separators. The REST schemas state
 * the same set as a pattern.
 */
export const CONTROL_CHARACTERS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u2028\\u2029';
/**
 * What a single-line field (a title, a name, a note) refuses besides: tab and line breaks. Such a field is
 * shown on one line, in lists and in the plain-text e-mails sent to other members, where a line break would
 * start a line of the sender's choosing.
 */
export const SINGLE_LINE_CONTROL_CHARACTERS = `${CONTROL_CHARACTERS}\\u0009\\u000A\\u000D`;
const CONTROL = new RegExp(`[${CONTROL_CHARACTERS}]`);
const SINGLE_LINE_CONTROL = new RegExp(`[${SINGLE_LINE_CONTROL_CHARACTERS}]`);
const SINGLE_LINE_CONTROL_RUNS = new RegExp(`[${SINGLE_LINE_CONTROL_CHARACTERS}]+`, 'g');

/** Text a person could have typed: no control characters, and no half of a UTF-16 surrogate pair (not Unicode on its own). */
export const isTypeable = (value: string): boolean => value.isWellFormed() && !CONTROL.test(value);

/**
 * Text that came from elsewhere (a name the identity provider holds) made one line: each run of line breaks,
 * tabs and control characters becomes one space. What a member sends is refused instead, so they see why.
 */
export const oneLine = (value: string): string => value.replace(SINGLE_LINE_CONTROL_RUNS, ' ').trim();

export function id(value: unknown, field: string): string {
  if (typeof value !== 'string' || !OBJECT_ID.test(value)) throw badInput(field, 'fieldId', { field });
  return value.toLowerCase();
}

/**
 * Text of at most `max` characters, trimmed. One line unless `lines` (a description, or a search term, which
 * is only matched, never stored or shown): then tab and line breaks are kept.
 */
export function text(
  value: unknown,
  field: string,
  opts: { max: number; required?: boolean; lines?: boolean },
): string {
  if (value === undefined || value === null) {
    if (opts.required === false) return '';
    throw badInput(field, 'fieldRequired', { field });
  }
  if (typeof value !== 'string') throw badInput(field, 'fieldText', { field });
  // A single-line field's set holds every control character, so its sentence covers them all.
  if (!opts.lines && value.isWellFormed() && SINGLE_LINE_CONTROL.test(value))
    throw badInput(field, 'fieldOneLine', { field });
  if (!isTypeable(value)) throw badInput(field, 'fieldTypeable', { field });
  const trimmed = value.trim();
  if (trimmed === '' && opts.required !== false) throw badInput(field, 'fieldRequired', { field });
  if (trimmed.length > opts.max) throw badInput(field, 'fieldTooLong', { field, max: opts.max });
  return trimmed;
}

export function number(value: unknown, field: string, opts: { min: number; max: number; integer?: boolean }): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput(field, 'fieldNumber', { field });
  if (opts.integer && !Number.isInteger(value)) throw badInput(field, 'fieldWhole', { field });
  if (value < opts.min || value > opts.max)
    throw badInput(field, 'fieldRange', { field, min: opts.min, max: opts.max });
  return value;
}

/** An absolute http(s) URL, or a path on this site (the seeded covers live under /assets/library/). */
export function imageUrl(value: unknown, field: string, max = 2048): string {
  const url = text(value, field, { max });
  if (url.startsWith('/') && !url.startsWith('//') && !/\s/.test(url)) return url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // fall through to the message below
  }
  throw badInput(field, 'fieldUrl', { field });
}
