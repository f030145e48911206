// What a search means, shared by both adapters so they find and order the same books: the words of a search,
// the folded text they are matched against, and the rank of a match (docs/search.md).
import { InvalidCursorError } from './port.ts';
import { foldText } from '../library/rules/search-fold.ts';

export { foldText };

// The unit separator keeps a word from matching across the title/author (or name/e-mail) boundary.
export const SEPARATOR = '\u001f';

const DAY_MS = 86_400_000;

/** How many library days (UTC) count as recent for ranking ties: today and the 89 before it. */
export const RECENT_DAYS = 90;

/**
 * The first day (days since 1970-01-01, UTC) whose loans count as recent borrows at `now`: a loan counts when
 * it began on that day or later. Whole days, so a store can keep each book's count exact by moving the window
 * a day at a time instead of counting at every search (sqlite/books-search.ts).
 */
export const recentStartDay = (now: number): number => Math.floor(now / DAY_MS) - (RECENT_DAYS - 1);

/** The instant recent borrows start at `now` (the start of recentStartDay, UTC). */
export const recentSince = (now: number): Date => new Date(recentStartDay(now) * DAY_MS);

/** The folded text a record is searched by: two fields (title and author; name and e-mail), kept apart. */
export function foldedKey(first: string, second: string): string {
  return `${foldText(first)}${SEPARATOR}${foldText(second)}`;
}

/**
 * A member's search key: the name, then the e-mail, card number and phone (its digits alone too, so
 * "01711000000" finds "+880 1711-000000"). Staff search all of it; a member searches the name alone.
 */
export function memberKey(name: string, email: string, card: string | null, phone: string | null): string {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return foldedKey(name, [email, card ?? '', phone ?? '', digits].filter((part) => part !== '').join(' '));
}

/**
 * The distinct words of a search, folded: split at any white space or control character (no title holds
 * one), so order and extra spaces do not matter. Empty when the search holds no word.
 */
export function searchWords(search: string | null | undefined): string[] {
  if (!search) return [];
  // eslint-disable-next-line no-control-regex -- control characters separate words like spaces
  return [...new Set(foldText(search).split(/[\s\u0000-\u001f\u007f]+/u))].filter((word) => word !== '');
}

/** Code points, as SQLite's length() and substr() count them. */
export const points = (text: string): number => [...text].length;

/**
 * How well a key matches the words (all of which it contains): 4, its first field equals the search (the words
 * joined by one space); 3, the first field starts with the search as whole words (a space follows: "ami" and "Ami
 * Topu"); 2, the first field starts with it inside a word ("Amicitia"); 1, every word occurs at the start of a word
 * of either field (the field's start, or after a space); 0, some word only inside a word. SQLite computes the same
 * in SQL (sqlite/search-sql.ts, tierSql).
 */
export function matchTier(key: string, words: readonly string[]): number {
  const phrase = words.join(' ');
  if (key.startsWith(`${phrase}${SEPARATOR}`)) return 4;
  if (key.startsWith(`${phrase} `)) return 3;
  if (key.startsWith(phrase)) return 2;
  const spaced = ` ${key.replaceAll(SEPARATOR, ' ')}`;
  return words.every((word) => spaced.includes(` ${word}`)) ? 1 : 0;
}

/** A ranked record: its tier, recent borrows (0 for members), folded key and id. */
export interface Ranked {
  tier: number;
  recent: number;
  key: string;
  id: string;
}

/** UTF-8 byte order, which is SQLite's BINARY collation, so both adapters break ties alike. */
const utf8 = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** Best first: higher tier, then more recent borrows, then key (title, then author), then id. */
export function compareRanked(a: Ranked, b: Ranked): number {
  return b.tier - a.tier || b.recent - a.recent || utf8(a.key, b.key) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Where a ranked page resumes: the last record's tier, recent borrows and id (its key is read back by id). */
export interface RankCursor {
  tier: number;
  recent: number;
  id: string;
}

export function encodeRankCursor(cursor: RankCursor): string {
  return Buffer.from(`r${cursor.tier}.${cursor.recent}.${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeRankCursor(cursor: string): RankCursor {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InvalidCursorError();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^r([0-4])\.(\d{1,9})\.([0-9a-f]{24})$/.exec(text);
  if (!match || Buffer.from(text, 'utf8').toString('base64url') !== cursor) throw new InvalidCursorError();
  return { tier: Number(match[1]), recent: Number(match[2]), id: match[3] as string };
}

/**
 * Where a page of a search's Banglish matches resumes (banglish-search.ts): the last one's tier on its romanized key,
 * recent borrows and id, as a ranked cursor says them, behind "b".
 */
export function encodeBanglishCursor(cursor: RankCursor): string {
  return Buffer.from(`b${cursor.tier}.${cursor.recent}.${cursor.id}`, 'utf8').toString('base64url');
}

/** The position of a Banglish cursor; null for any other cursor (decodeRankCursor judges those). */
export function decodeBanglishCursor(cursor: string): RankCursor | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^b([0-4])\.(\d{1,9})\.([0-9a-f]{24})$/.exec(text);
  if (!match || Buffer.from(text, 'utf8').toString('base64url') !== cursor) return null;
  return { tier: Number(match[1]), recent: Number(match[2]), id: match[3] as string };
}
