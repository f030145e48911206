// Helpers shared by both adapters, so ids, cursors and search behave identically whatever the engine.
import { randomBytes } from 'node:crypto';
import { InvalidCursorError, type Page } from './port.ts';
import { foldedKey } from './search-words.ts';

const HEX24 = /^[0-9a-fA-F]{24}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

// A MongoDB ObjectId's layout, made here rather than by bson, whose module allocates a 17 MB buffer on load
// that an embedded gateway would carry for nothing: 4 bytes of seconds, 5 random bytes fixed per process, and
// a 3-byte counter starting at a random value.
const PROCESS_PART = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/** A fresh 24-hex id; ObjectIds grow with time, so ascending id is insertion order in both engines. */
export function newId(): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000) % 0x100000000;
  return `${seconds.toString(16).padStart(8, '0')}${PROCESS_PART}${counter.toString(16).padStart(6, '0')}`;
}

/** The canonical (lowercase) form of an id, or null when the string cannot be one. */
export function parseId(id: string): string | null {
  return HEX24.test(id) ? id.toLowerCase() : null;
}

export function encodeCursor(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

/** The id a cursor stands for. Node's base64 decoder is lenient, so the cursor must also round-trip exactly. */
export function decodeCursor(cursor: string): string {
  if (!BASE64URL.test(cursor)) throw new InvalidCursorError();
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!HEX24.test(id) || encodeCursor(id) !== cursor) throw new InvalidCursorError();
  return id.toLowerCase();
}

/** A cursor for a (time, id) sort key, such as the overdue list's (due date, loan id). */
export function encodeTimeCursor(time: Date, id: string): string {
  return encodeCursor(`${time.getTime()}:${id}`);
}

export function decodeTimeCursor(cursor: string): { time: Date; id: string } {
  if (!BASE64URL.test(cursor)) throw new InvalidCursorError();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):([0-9a-f]{24})$/.exec(text);
  if (!match || encodeCursor(text) !== cursor) throw new InvalidCursorError();
  return { time: new Date(Number(match[1])), id: match[2] as string };
}

/** The folded text a book is searched by: title and author (search-words.ts). */
export function searchKey(title: string, author: string): string {
  return foldedKey(title, author);
}

/**
 * Which index answers one folded search word: its trigrams (3+ code points) or its one short gram (1-2 code
 * points, see searchShortGrams); none for an empty term or one holding a control character (NUL ends an FTS5
 * query string early, and no gram holds one), which searchWords never gives.
 */
export function searchIndexFor(term: string): 'trigrams' | 'short' | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  if (term === '' || /[\u0000-\u001f]/.test(term)) return null;
  let points = 0;
  for (const _ of term) if (++points === 3) return 'trigrams';
  return 'short';
}

/**
 * The distinct trigrams (3 code points, as SQLite's FTS5 trigram tokenizer counts them) of a normalised text,
 * in first-seen order. A text contains a term of 3+ code points only if it has every trigram of the term, so
 * they narrow a search before the exact substring check. Empty below 3 code points.
 */
export function searchTrigrams(text: string): string[] {
  const points = Array.from(text);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= points.length; i++) grams.add(`${points[i]}${points[i + 1]}${points[i + 2]}`);
  return [...grams];
}

/**
 * The distinct substrings of 1 and 2 code points of a normalised text that hold no control character (the
 * separator of title and author is one, so no substring spans both). A text contains a term of 1-2 code
 * points exactly when the term is one of these.
 */
export function searchShortGrams(text: string): string[] {
  const points = Array.from(text);
  const grams = new Set<string>();
  const plain = (point: string | undefined) => point !== undefined && point.codePointAt(0)! >= 0x20;
  for (let i = 0; i < points.length; i++) {
    if (!plain(points[i])) continue;
    grams.add(points[i]!);
    if (plain(points[i + 1])) grams.add(`${points[i]}${points[i + 1]}`);
  }
  return [...grams];
}

/** What marks a word-start gram (searchWordStarts): no search word holds a control character. */
export const WORD_START = '\u0001';

/**
 * The first one and two characters of every word of a search key (at the start of a field or after a space),
 * each behind WORD_START: "\u0001th" says some word starts with "th". A search of one short word finds its matches
 * at a word start in that gram's range (SQLite's book_grams, beside searchShortGrams).
 */
export function searchWordStarts(text: string): string[] {
  const points = Array.from(text);
  const grams = new Set<string>();
  const plain = (point: string | undefined) => point !== undefined && point.codePointAt(0)! > 0x20;
  for (let i = 0; i < points.length; i++) {
    if (!plain(points[i]) || (i > 0 && points[i - 1] !== ' ' && points[i - 1] !== '\u001f')) continue;
    grams.add(`${WORD_START}${points[i]}`);
    if (plain(points[i + 1])) grams.add(`${WORD_START}${points[i]}${points[i + 1]}`);
  }
  return [...grams];
}

/** Escapes every regex metacharacter so user input only ever matches itself. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Code-unit order, identical in both adapters (locale-free on purpose: the answer must not vary by host). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A page from a keyset read that asked for one row more than the page (`limit` = page size + 1): the rows before
 * that extra one, whether it came (another page follows), and the cursor of the page's last node.
 */
export function keysetPage<R, T>(
  rows: R[],
  limit: number,
  toNode: (row: R) => T,
  cursorOf: (node: T) => string | null,
  totalCount: number,
): Page<T> {
  const nodes = rows.slice(0, limit - 1).map((row) => toNode(row));
  const last = nodes.at(-1);
  return { nodes, totalCount, hasNextPage: rows.length > nodes.length, endCursor: last ? cursorOf(last) : null };
}
