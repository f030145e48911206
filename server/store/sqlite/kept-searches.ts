// Pages of a search without a filter, kept across the writes that cannot change them (decision 093). Such a page
// is its matches best first (tier, recent borrows, key, id: search-words.ts) and a count of the catalogue, so
// of this connection's writes (book-changes.ts) only these change it: a book added, removed or renamed; a book
// on the page changed (its stock, any field); a book whose recent borrows moved so that it now ranks before the
// page's last book (or anywhere, on a last page after a cursor). A borrow elsewhere leaves the page as it is.
// Another connection's commit, which this one does not see row by row, drops every page, as before.
import type { BookPage } from '../port.ts';
import { searchKey } from '../ids.ts';
import { compareRanked, decodeRankCursor, matchTier, type Ranked } from '../search-words.ts';
import type { BookChange, BookChanges } from './book-changes.ts';

interface Kept {
  page: Promise<BookPage>;
  /** The page once read: what a change is weighed against. */
  read: BookPage | null;
  /** The log's position when the page was read or last found current. */
  checked: number;
}

/** The page's last book as ranked, or null when it cannot be (a Banglish cursor, no book). */
function lastRanked(page: BookPage): Ranked | null {
  const last = page.nodes.at(-1);
  if (!last || !page.endCursor) return null;
  try {
    const cursor = decodeRankCursor(page.endCursor);
    return { ...cursor, key: searchKey(last.title, last.author) };
  } catch {
    return null;
  }
}

/** Whether the change may make the page read otherwise (false only when it cannot). */
export function mayChange(page: BookPage, words: readonly string[], firstPage: boolean, change: BookChange): boolean {
  if (page.nodes.some((book) => book.id === change.id)) return true;
  // A book's own row changed, off the page: an unfiltered search ranks by its doc alone.
  if (change.key === undefined || change.recent === undefined) return false;
  // A first page without a next one holds every match: a book off it does not match. A later last page takes
  // whatever comes to rank after its cursor, which is not kept with it.
  if (!page.hasNextPage) return !firstPage;
  const last = lastRanked(page);
  if (!last) return true;
  const moved: Ranked = { tier: matchTier(change.key, words), recent: change.recent, key: change.key, id: change.id };
  return compareRanked(moved, last) < 0;
}

/**
 * Kept pages by key, at most `upTo` (the least recently asked going first), until `version` moves (another
 * connection's commit, the catalogue) or a change weighs on them. A page asked again while it is read shares
 * that read when nothing changed since it began.
 */
export function keptSearches(log: BookChanges, version: () => string, upTo: number) {
  const kept = new Map<string, Kept>();
  let keptVersion = '';
  return (key: string, words: readonly string[], firstPage: boolean, run: () => Promise<BookPage>) => {
    const now = version();
    if (now !== keptVersion) {
      kept.clear();
      keptVersion = now;
    }
    const found = kept.get(key);
    if (found) {
      kept.delete(key);
      const since = log.since(found.checked);
      const read = found.read;
      const current =
        since !== null &&
        (since.length === 0 || (read !== null && !since.some((change) => mayChange(read, words, firstPage, change))));
      if (current) {
        found.checked = log.head();
        kept.set(key, found);
        return found.page;
      }
    }
    if (kept.size >= upTo) kept.delete(kept.keys().next().value ?? '');
    // Changes made while it is read are weighed the next time it is asked: the position is taken before.
    const checked = log.head();
    const entry: Kept = { page: run(), read: null, checked };
    kept.set(key, entry);
    const forget = () => {
      if (kept.get(key) === entry) kept.delete(key);
    };
    entry.page.then((page) => {
      entry.read = page;
      try {
        if (version() !== now) forget();
      } catch {
        forget(); // closed meanwhile
      }
    }, forget);
    return entry.page;
  };
}
