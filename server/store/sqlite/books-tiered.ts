// The books adapter's pages of a search with many matches, read tier by tier from the indexes (docs/decisions/060
// and 062) instead of ranking every match.
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { BookPage } from '../port.ts';
import { searchIndexFor, WORD_START } from '../ids.ts';
import { SEPARATOR, encodeRankCursor, points, type RankCursor } from '../search-words.ts';
import { num, text } from './db.ts';
import type { Row } from './db.ts';
import { tierSql } from './search-sql.ts';
import { toBook, type BookSql } from './book-rows.ts';
import { byRank, wordMatch, type WordMatch } from './word-match.ts';

/** How many of a search's matches (in doc order) tell the share of each tier, to choose a walk or a ranking. */
const TIER_SAMPLE = 128;

/** The page's books, read whole by id, in the order of the ranked rows (tier, recent, key, id). */
function pageOf(
  prepare: (sql: string) => StatementSync,
  ranked: { id: string; tier: number; recent: number }[],
  limit: number,
  totalCount: number,
): BookPage {
  const pageRows = ranked.slice(0, limit - 1);
  const books = prepare('SELECT * FROM books WHERE id IN (SELECT value FROM json_each(?))').all(
    JSON.stringify(pageRows.map((row) => row.id)),
  );
  const byId = new Map(books.map((row) => [text(row, 'id'), row]));
  const last = pageRows.at(-1);
  return {
    nodes: pageRows.flatMap((row) => {
      const book = byId.get(row.id);
      return book ? [toBook(book)] : [];
    }),
    totalCount,
    hasNextPage: ranked.length > pageRows.length,
    endCursor: last ? encodeRankCursor({ tier: last.tier, recent: last.recent, id: last.id }) : null,
  };
}

/**
 * A page of one short word with many matches, best match first, tier by tier, each read in its order from an
 * index and stopped when the page is full (docs/decisions/060):
 * - 4 (the title is the word), 3 (the title starts with it and a space) and 2 (the title starts with it) are
 *   ranges of the key. Within one count of
 *   recent borrows, book_docs_by_rank holds them in key order, so each count, from the highest down, is one
 *   seek; a range of at most rankAllUpTo books is read whole from book_docs_by_key and sorted instead.
 * - 1 (the word starts a word) and 0 (only inside words): the docs in rank order (book_docs_by_rank), each
 *   checked, stopped at the page's end; or, when that would check more docs than the tier's own index range
 *   holds (the word-start gram's range for 1, the word's for 0: book_gram_counts), that range, sorted.
 * The count is the word's gram count. `after` resumes strictly after a ranked position.
 */
export async function tieredPage(
  shared: BookSql,
  words: string[],
  total: number,
  after: (RankCursor & { key: string }) | null,
  limit: number,
  match: WordMatch = wordMatch(words, shared.gramCount),
): Promise<BookPage> {
  const { prepare, scans, searches, gramCount, rankAllUpTo, walkRowsPerMatch } = shared;
  const rows: { id: string; key: string; recent: number; tier: number }[] = [];
  const phrase = words.join(' ');
  const length = points(phrase);
  const catalogue = num(prepare('SELECT COALESCE(MAX(doc), 0) AS n FROM book_search_docs').get() ?? {}, 'n');
  const take = (found: Row[], tier: number) => {
    for (const row of found)
      rows.push({ id: text(row, 'id'), key: text(row, 'key'), recent: num(row, 'recent'), tier });
  };
  // Where a tier resumes: after the cursor in its own tier, from its start in a lower one.
  const resumeIn = (tier: number) => (after && after.tier === tier ? after : null);
  const afterSql = (at: { recent: number; key: string; id: string } | null, d = '') =>
    at
      ? {
          sql: ` AND ${d}recent <= ? AND (${d}recent < ? OR (${d}search_key, ${d}id) > (?, ?))`,
          params: [at.recent, at.recent, at.key, at.id] as SQLInputValue[],
        }
      : { sql: '', params: [] as SQLInputValue[] };

  const prefixEnd = (text: string): string => {
    const chars = Array.from(text);
    const lastPoint = chars.pop()?.codePointAt(0) ?? 0;
    return chars.join('') + String.fromCodePoint(lastPoint === 0xd7ff ? 0xe000 : lastPoint + 1);
  };
  /** Tiers 4 to 2: keys in [lo, hi), those in [skipLo, skipHi) left out (the titles of tiers 4 and 3, in 2). */
  const rangeTier = async (tier: number, lo: string, hi: string, skip: [string, string] | null): Promise<void> => {
    const need = limit - rows.length;
    const at = resumeIn(tier);
    const skipSql = skip ? ' AND NOT (search_key >= ? AND search_key < ?)' : '';
    const skipParams = skip ?? [];
    // The bounded count and a short range's sort read up to rankAllUpTo rows: on the reader, off the event loop.
    const [counted] = await searches.all(
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM book_search_docs INDEXED BY book_docs_by_key
        WHERE search_key >= ? AND search_key < ?${skipSql} LIMIT +?)`,
      [lo, hi, ...skipParams, rankAllUpTo + 1],
    );
    const size = num(counted ?? {}, 'n');
    if (size === 0) return;
    if (size <= rankAllUpTo) {
      const resume = afterSql(at);
      take(
        await searches.all(
          `SELECT id, search_key AS key, recent FROM book_search_docs INDEXED BY book_docs_by_key
            WHERE search_key >= ? AND search_key < ?${skipSql}${resume.sql}
            ORDER BY recent DESC, search_key, id LIMIT +?`,
          [lo, hi, ...skipParams, ...resume.params, need],
        ),
        tier,
      );
      return;
    }
    // One seek of book_docs_by_rank per count of recent borrows, from the cursor's (or the highest) down.
    const group = prepare(`SELECT id, search_key AS key, recent FROM book_search_docs INDEXED BY book_docs_by_rank
      WHERE recent = ? AND search_key >= ? AND search_key < ?${skipSql} AND (search_key, id) > (?, ?)
      ORDER BY search_key, id LIMIT +?`);
    const below = prepare(`SELECT recent FROM book_search_docs INDEXED BY book_docs_by_rank WHERE recent < ?
      ORDER BY recent DESC LIMIT 1`);
    let recent: number | null = at ? at.recent : num(below.get(Number.MAX_SAFE_INTEGER) ?? { recent: -1 }, 'recent');
    let from: [string, string] = at ? [at.key, at.id] : ['', ''];
    while (recent !== null && recent >= 0 && rows.length < limit) {
      take(group.all(recent, lo, hi, ...skipParams, ...from, limit - rows.length), tier);
      const next: Row | undefined = below.get(recent);
      recent = next ? num(next, 'recent') : null;
      from = ['', ''];
    }
  };
  /**
   * Tiers 1 and 0 of one short word: the docs in rank order, or the tier's gram range sorted, whichever checks
   * fewer (the gram counts give each tier's size).
   */
  const countedTier = async (
    tier: number,
    check: string,
    checkParams: SQLInputValue[],
    range: string,
    size: number,
    rangeSize: number,
  ) => {
    const need = limit - rows.length;
    if (size <= 0) return;
    const resume = afterSql(resumeIn(tier), 'd.');
    // Walking checks about need / (size / catalogue) docs; the range holds rangeSize.
    const found =
      (need * catalogue) / size < rangeSize
        ? await searches.all(
            `SELECT d.id, d.search_key AS key, d.recent FROM book_search_docs d INDEXED BY book_docs_by_rank
              WHERE ${check}${resume.sql} ORDER BY d.recent DESC, d.search_key, d.id LIMIT +?`,
            [...checkParams, ...resume.params, need],
          )
        : await searches.all(
            `SELECT d.id, d.search_key AS key, d.recent FROM book_grams g JOIN book_search_docs d ON d.doc = g.doc
              WHERE g.gram = ? AND ${check}${resume.sql} ORDER BY d.recent DESC, d.search_key, d.id LIMIT +?`,
            [range, ...checkParams, ...resume.params, need],
          );
    take(found, tier);
  };
  /**
   * Tiers 1 and 0 of any other search, whose sizes no count gives: the docs in rank order, checked, at most
   * `budget` of them (as many as ranking every match costs, walkRowsPerMatch each, so a walk that finds too few
   * at most doubles the cost), when the tier's expected size (its share of a sample of the matches) fills the
   * page in half that; a sparser tier, or a search with too few matches for a walk to pay, ranks its matches
   * from their index instead.
   */
  const ranked = tierSql(words, 'd.search_key');
  let sample: Promise<Row[]> | null = null;
  const tierSize = async (tier: number): Promise<number> => {
    sample ??= searches.all(
      `SELECT tier, COUNT(*) AS n FROM (SELECT ${ranked.sql} AS tier FROM ${match.from}
        WHERE ${match.where.join(' AND ')} LIMIT +?) GROUP BY tier`,
      [...ranked.params, ...match.params, TIER_SAMPLE],
    );
    const shares = await sample;
    const sampled = shares.reduce((sum, row) => sum + num(row, 'n'), 0);
    const inTier = num(shares.find((row) => num(row, 'tier') === tier) ?? { n: 0 }, 'n');
    return (total * Math.max(inTier, 0.5)) / Math.max(sampled, 1);
  };
  const walkedTier = async (tier: number, check: string, checkParams: SQLInputValue[]) => {
    const need = limit - rows.length;
    const at = resumeIn(tier);
    const budget = Math.ceil(walkRowsPerMatch * total) + need;
    if (2 * need * catalogue <= budget * (await tierSize(tier))) {
      const resume = afterSql(at, 'd.');
      const walked = `SELECT d.id AS id, d.search_key AS search_key, d.recent AS recent
        FROM book_search_docs d INDEXED BY book_docs_by_rank WHERE 1${resume.sql}
        ORDER BY d.recent DESC, d.search_key, d.id LIMIT +?`;
      const found = await searches.all(
        `SELECT id, search_key AS key, recent FROM (${walked}) AS d WHERE ${check} LIMIT +?`,
        [...resume.params, budget, ...checkParams, need],
      );
      // Complete when the page is full, or when the walk could pass every doc (none has a doc above catalogue).
      if (found.length >= need || budget >= catalogue) {
        // The walk's rows come in its order; sorted again here, so no order is left to the plan.
        take([...found].sort(byRank), tier);
        return;
      }
    }
    // Ranked whole, this tier and the ones below in one read: the page ends here.
    const resume = at ? ' AND (-tier, -recent, key, id) > (?, ?, ?, ?)' : '';
    const found = await scans.all(
      `SELECT id, key, recent, tier FROM (SELECT d.id AS id, d.search_key AS key, ${ranked.sql} AS tier,
        d.recent AS recent FROM ${match.from} WHERE ${match.where.join(' AND ')}) WHERE tier <= ?${resume}
        ORDER BY tier DESC, recent DESC, key, id LIMIT +?`,
      [...ranked.params, ...match.params, tier, ...(at ? [-at.tier, -at.recent, at.key, at.id] : []), need],
    );
    for (const row of found)
      rows.push({ id: text(row, 'id'), key: text(row, 'key'), recent: num(row, 'recent'), tier: num(row, 'tier') });
    return 'rest' as const;
  };

  // Tier 1: every word starts a word, the title not starting with the phrase; tier 0: the other matches.
  const startsWord = `instr(' ' || replace(d.search_key, char(31), ' '), ' ' || ?) > 0`;
  const titleStarts = `substr(d.search_key, 1, ${length}) = ?`;
  const allStart = words.map(() => startsWord).join(' AND ');
  const allIn = words.map(() => 'instr(d.search_key, ?) > 0').join(' AND ');
  const [only] = words;
  const oneShort = words.length === 1 && only !== undefined && searchIndexFor(only) === 'short';
  const starts = oneShort ? gramCount(`${WORD_START}${phrase}`) : 0;
  const tiers: [number, () => Promise<'rest' | void> | void][] = [
    [4, () => rangeTier(4, `${phrase}${SEPARATOR}`, `${phrase} `, null)],
    [3, () => rangeTier(3, `${phrase} `, `${phrase}!`, null)],
    [2, () => rangeTier(2, phrase, prefixEnd(phrase), [`${phrase}${SEPARATOR}`, `${phrase}!`])],
    oneShort
      ? [
          1,
          () =>
            countedTier(
              1,
              `${allStart} AND NOT ${titleStarts}`,
              [phrase, phrase],
              `${WORD_START}${phrase}`,
              starts,
              starts,
            ),
        ]
      : [1, () => walkedTier(1, `${allStart} AND NOT ${titleStarts}`, [...words, phrase])],
    oneShort
      ? [0, () => countedTier(0, `${allIn} AND NOT ${allStart}`, [phrase, phrase], phrase, total - starts, total)]
      : [0, () => walkedTier(0, `${allIn} AND NOT (${allStart})`, [...words, ...words])],
  ];
  for (const [tier, read] of tiers) {
    if (rows.length >= limit) break;
    if (after && tier > after.tier) continue;
    if ((await read()) === 'rest') break;
  }
  return pageOf(prepare, rows, limit, total);
}
