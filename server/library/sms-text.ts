// An SMS as the network carries it: Latin text in the GSM 7-bit default alphabet (160 characters, 153 a part once
// split), anything else (Bangla) in UCS-2 (70 UTF-16 units, 67 a part); a longer text goes as several parts the
// phone joins again (the 6-byte concatenation header takes the difference). A notice may take at most a few parts
// (the policy's cap); a longer one is cut at a word and ends with an ellipsis, so what arrives still reads.

export type SmsEncoding = 'gsm' | 'ucs2';

export interface SmsText {
  encoding: SmsEncoding;
  /** The parts in order, each within one SMS; one part for a short text. */
  parts: string[];
  /** Whether the text was cut to the cap. */
  shortened: boolean;
}

// GSM 03.38: the default alphabet (one septet each) and its extension table (an escape and one more septet).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '\f^{}\\[~]|€';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  gsm: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
};
const ELLIPSIS: Record<SmsEncoding, string> = { gsm: '...', ucs2: '…' };
/** Typography the library's English uses that GSM lacks, as GSM writes it (the taka sign as "Tk"). */
const GSM_FOLDS: Record<string, string> = {
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '–': '-',
  '—': '-',
  '…': '...',
  '৳': 'Tk',
};
const FOLDABLE = new RegExp(`[${Object.keys(GSM_FOLDS).join('')}]`, 'g');

/** GSM when every character is in the default alphabet or its extension, UCS-2 otherwise. */
export function smsEncoding(text: string): SmsEncoding {
  for (const c of text) if (!BASIC.has(c) && !EXTENDED.has(c)) return 'ucs2';
  return 'gsm';
}

/**
 * The text as it is best sent: with curly quotes, dashes and the taka sign written the GSM way when that makes
 * it GSM text (English: 160 characters a part, not 70); as it is otherwise (Bangla keeps its own punctuation).
 */
function gsmFolded(text: string): string {
  const folded = text.replace(FOLDABLE, (c) => GSM_FOLDS[c] ?? c);
  return smsEncoding(folded) === 'gsm' ? folded : text;
}

/** What one character takes: septets in GSM (2 for the extension table), UTF-16 units in UCS-2. */
const cost = (c: string, encoding: SmsEncoding) => (encoding === 'gsm' ? (EXTENDED.has(c) ? 2 : 1) : c.length);

const length = (text: string, encoding: SmsEncoding) => [...text].reduce((n, c) => n + cost(c, encoding), 0);

/** Splits into parts of at most `size`, never inside a character (a surrogate pair, an escaped GSM character). */
function chunks(text: string, encoding: SmsEncoding, size: number): string[] {
  const parts: string[] = [];
  let part = '';
  let used = 0;
  for (const c of text) {
    const n = cost(c, encoding);
    if (used + n > size) {
      parts.push(part);
      part = '';
      used = 0;
    }
    part += c;
    used += n;
  }
  if (part !== '' || parts.length === 0) parts.push(part);
  return parts;
}

/** The longest start of `text` within `room`, cut after a word when one ends in its last third. */
function cut(text: string, encoding: SmsEncoding, room: number): string {
  let kept = '';
  let used = 0;
  for (const c of text) {
    const n = cost(c, encoding);
    if (used + n > room) break;
    kept += c;
    used += n;
  }
  const space = kept.lastIndexOf(' ');
  return (space > (kept.length * 2) / 3 ? kept.slice(0, space) : kept).trimEnd();
}

/** The text as parts of at most `maxParts` SMS, shortened with an ellipsis when it needs more. */
export function smsText(said: string, maxParts: number): SmsText {
  const text = gsmFolded(said);
  const encoding = smsEncoding(text);
  const { single, part } = LIMITS[encoding];
  const total = length(text, encoding);
  if (total <= single) return { encoding, parts: [text], shortened: false };
  if (total <= part * maxParts) return { encoding, parts: chunks(text, encoding, part), shortened: false };
  const room = (maxParts === 1 ? single : part * maxParts) - length(ELLIPSIS[encoding], encoding);
  const short = cut(text, encoding, room) + ELLIPSIS[encoding];
  return {
    encoding,
    parts: maxParts === 1 ? [short] : chunks(short, encoding, part),
    shortened: true,
  };
}
