// wholeRows (store/sqlite/db.ts): whole rows read as arrays and decoded through one reused object give what
// `SELECT *` gives, row by row, with nothing of one row left in the next.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { rowFiller, wholeRows, type Row } from '../../server/store/sqlite/db.ts';

function library() {
  const db = new DatabaseSync(':memory:');
  db.exec(`CREATE TABLE shelf (id TEXT PRIMARY KEY, title TEXT NOT NULL, note TEXT, copies INTEGER NOT NULL);
    INSERT INTO shelf VALUES ('a', 'Gitanjali', NULL, 2), ('b', 'Pather Panchali', 'signed', 0), ('c', 'Devdas', NULL, 5);`);
  return db;
}

const copy = (row: Row) => ({ ...row });

describe('wholeRows', () => {
  it('decodes each row as SELECT * reads it, in order, each its own object', () => {
    const db = library();
    const shelf = wholeRows(db, 'shelf', copy);
    const expected = db.prepare('SELECT * FROM shelf WHERE copies >= ? ORDER BY id').all(0).map(copy);
    const rows = shelf.all('WHERE copies >= ? ORDER BY id', 0);
    expect(rows).toEqual(expected);
    expect(rows.map((row) => row.note)).toEqual([null, 'signed', null]);
    expect(new Set(rows).size).toBe(3);
  });

  it('answers the first row of a read, or null when there is none', () => {
    const db = library();
    const shelf = wholeRows(db, 'shelf', copy);
    expect(shelf.get('WHERE id = ?', 'b')).toEqual({ id: 'b', title: 'Pather Panchali', note: 'signed', copies: 0 });
    expect(shelf.get('WHERE id = ?', 'z')).toBeNull();
  });

  it('leaves the table read as objects everywhere else', () => {
    const db = library();
    wholeRows(db, 'shelf', copy).all('ORDER BY id');
    expect(db.prepare('SELECT * FROM shelf WHERE id = ?').get('a')).toEqual({
      id: 'a',
      title: 'Gitanjali',
      note: null,
      copies: 2,
    });
  });

  it('fills a row under names that JavaScript would need quoted, each its own property', () => {
    const fill = rowFiller(['id', "it's", 'say "hi"', 'back\\slash', 'two words']);
    const row: Row = {};
    fill(['a', 1, 'x', null, 2.5], row);
    expect(row).toEqual({ id: 'a', "it's": 1, 'say "hi"': 'x', 'back\\slash': null, 'two words': 2.5 });
    fill(['b', 2, 'y', 'z', 0], row);
    expect(Object.keys(row)).toEqual(['id', "it's", 'say "hi"', 'back\\slash', 'two words']);
    expect(row['back\\slash']).toBe('z');
  });
});
