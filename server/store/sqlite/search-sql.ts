// The rank of a search match in SQL, for the books and the members adapters (search-words.ts says what it means).
import type { SQLInputValue } from 'node:sqlite';
import { SEPARATOR, points } from '../search-words.ts';

/**
 * A record's rank for the words, as search-words.ts matchTier computes it on the folded key `key` (an SQL
 * expression): 4, the first field (the key up to the separator) equals the words joined by one space; 3, it
 * starts with them and a space; 2, it starts with them; 1, every word starts a field or follows a space; else 0. substr() and length() count
 * code points, as matchTier does. Only built-in functions, so ranking every match of a search stays cheap.
 */
export function tierSql(words: string[], key: string): { sql: string; params: SQLInputValue[] } {
  const phrase = words.join(' ');
  const length = points(phrase);
  const starts = words.map(() => `instr(' ' || replace(${key}, char(31), ' '), ' ' || ?) > 0`);
  return {
    sql: `CASE WHEN substr(${key}, 1, ${length + 1}) = ? THEN 4 WHEN substr(${key}, 1, ${length + 1}) = ? THEN 3
      WHEN substr(${key}, 1, ${length}) = ? THEN 2 WHEN ${starts.join(' AND ')} THEN 1 ELSE 0 END`,
    params: [`${phrase}${SEPARATOR}`, `${phrase} `, phrase, ...words],
  };
}
