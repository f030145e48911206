// Books in SQLite: keyset paging by id, search through a normalised column, conditional stock changes.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { BookFields, BookFilter, BookPage, BookRecord, BookStore, PageRequest } from '../port.ts';
import { decodeCursor, encodeCursor, compareText, newId, normaliseSearch, parseId, searchKey } from '../ids.ts';
import { date, num, text, transaction } from './db.ts';
import type { Row } from './db.ts';

const STREAM_CHUNK = 500;

export function toBook(row: Row): BookRecord {
  return {
    id: text(row, 'id'),
    title: text(row, 'title'),
    author: text(row, 'author'),
    genre: text(row, 'genre'),
    description: text(row, 'description'),
    image: text(row, 'image'),
    rating: num(row, 'rating'),
    quantity: num(row, 'quantity'),
    createdAt: date(row, 'created_at'),
    updatedAt: date(row, 'updated_at'),
  };
}

function sameFields(book: BookRecord, fields: BookFields): boolean {
  return (['title', 'author', 'genre', 'description', 'image', 'rating', 'quantity'] as const).every(
    (key) => book[key] === fields[key],
  );
}

function whereClause(filter: BookFilter): { sql: string[]; params: SQLInputValue[] } {
  const sql: string[] = [];
  const params: SQLInputValue[] = [];
  if (filter.search) {
    // instr() takes the needle literally, so % and _ in user input need no escaping.
    sql.push('instr(search_key, ?) > 0');
    params.push(normaliseSearch(filter.search));
  }
  if (filter.genre) {
    sql.push('genre = ?');
    params.push(filter.genre);
  }
  if (filter.availableOnly) sql.push('quantity > 0');
  return { sql, params };
}

export function sqliteBooks(db: DatabaseSync): BookStore {
  const cache = new Map<string, StatementSync>();
  const prepare = (sql: string): StatementSync => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  const insertSql = `INSERT INTO books (id, title, author, genre, description, image, rating, quantity, search_key,
    created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`;
  const insertRow = (fields: BookFields): Row => {
    const now = Date.now();
    const { title, author, genre, description, image, rating, quantity } = fields;
    const row = prepare(insertSql).get(newId(), title, author, genre, description, image, rating, quantity,
      searchKey(title, author), now, now);
    if (!row) throw new Error('Insert returned no row');
    return row;
  };
  const getRow = (id: string): Row | undefined => prepare('SELECT * FROM books WHERE id = ?').get(id);

  // Counting a filter scans the table, and every page asks for its totalCount. Counts are kept until the
  // database changes: total_changes() moves with every write on this connection (loans included) and
  // PRAGMA data_version with every commit by another connection, so a kept count is never stale.
  const counts = new Map<string, number>();
  let countsVersion = '';
  const countOf = (sql: string, params: SQLInputValue[]): number => {
    const version = `${num(prepare('SELECT total_changes() AS n').get() ?? {}, 'n')}:${num(prepare('PRAGMA data_version').get() ?? {}, 'data_version')}`;
    if (version !== countsVersion) {
      counts.clear();
      countsVersion = version;
    }
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    let n = counts.get(key);
    if (n === undefined) {
      n = num(prepare(sql).get(...params) ?? {}, 'n');
      if (counts.size >= 1000) counts.clear();
      counts.set(key, n);
    }
    return n;
  };

  return {
    async list(filter: BookFilter, page: PageRequest): Promise<BookPage> {
      const after = page.after ? decodeCursor(page.after) : null;
      const where = whereClause(filter);
      const countSql = `SELECT COUNT(*) AS n FROM books${where.sql.length ? ` WHERE ${where.sql.join(' AND ')}` : ''}`;
      const totalCount = countOf(countSql, where.params);
      const pageWhere = after ? [...where.sql, 'id > ?'] : where.sql;
      const pageParams = after ? [...where.params, after] : where.params;
      const pageSql = `SELECT * FROM books${pageWhere.length ? ` WHERE ${pageWhere.join(' AND ')}` : ''}
        ORDER BY id LIMIT ?`;
      const rows = prepare(pageSql).all(...pageParams, Math.max(page.first, 0) + 1);
      const nodes = rows.slice(0, Math.max(page.first, 0)).map(toBook);
      const last = nodes.at(-1);
      return { nodes, totalCount, hasNextPage: rows.length > nodes.length, endCursor: last ? encodeCursor(last.id) : null };
    },

    // Reads in keyset chunks instead of holding one statement open across awaits, where writes may interleave.
    async *all(): AsyncIterable<BookRecord> {
      let after = '';
      for (;;) {
        const rows = prepare('SELECT * FROM books WHERE id > ? ORDER BY id LIMIT ?').all(after, STREAM_CHUNK);
        for (const row of rows) yield toBook(row);
        const last = rows.at(-1);
        if (!last || rows.length < STREAM_CHUNK) return;
        after = text(last, 'id');
      }
    },

    async count() {
      return countOf('SELECT COUNT(*) AS n FROM books', []);
    },

    async get(id) {
      const key = parseId(id);
      const row = key ? getRow(key) : undefined;
      return row ? toBook(row) : null;
    },

    async byGenre(genre) {
      return prepare('SELECT * FROM books WHERE genre = ? ORDER BY id').all(genre).map(toBook);
    },

    async genres() {
      const rows = prepare('SELECT DISTINCT genre FROM books').all();
      return rows.map((row) => text(row, 'genre')).sort(compareText);
    },

    async insert(fields) {
      return toBook(insertRow(fields));
    },

    async insertMany(list) {
      return transaction(db, () => list.map(insertRow).length);
    },

    async update(id, fields) {
      const key = parseId(id);
      if (!key) return null;
      return transaction(db, () => {
        const row = getRow(key);
        if (!row) return null;
        const current = toBook(row);
        if (sameFields(current, fields)) return { book: current, modified: false };
        const { title, author, genre, description, image, rating, quantity } = fields;
        const updated = prepare(`UPDATE books SET title = ?, author = ?, genre = ?, description = ?, image = ?,
          rating = ?, quantity = ?, search_key = ?, updated_at = ? WHERE id = ? RETURNING *`)
          .get(title, author, genre, description, image, rating, quantity, searchKey(title, author), Date.now(), key);
        return updated ? { book: toBook(updated), modified: true } : null;
      });
    },

    async changeStock(id, delta) {
      const key = parseId(id);
      if (!key) return null;
      const row = prepare(`UPDATE books SET quantity = quantity + ?, updated_at = ?
        WHERE id = ? AND quantity + ? >= 0 RETURNING quantity`).get(delta, Date.now(), key, delta);
      return row ? num(row, 'quantity') : null;
    },
  };
}
