// Categories and users in SQLite: small tables, read whole, written rarely.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { CategoryRecord, CategoryStore, Locale, Role, UserRecord, UserSearchFields, UserStore } from '../port.ts';
import { InvalidCursorError } from '../port.ts';
import { decodeCursor, encodeCursor, keysetPage, newId } from '../ids.ts';
import { matchTier, searchWords } from '../search-words.ts';
import { tierSql } from './search-sql.ts';
import { date, dateOrNull, num, text, textOrNull, transaction, wholeRows } from './db.ts';
import { settleMember, sqliteMembers } from './members.ts';
import { BALANCE_SQL } from './ledger.ts';
import type { Row } from './db.ts';

function toCategory(row: Row): CategoryRecord {
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    image: text(row, 'image'),
    description: text(row, 'description'),
  };
}

function toRole(value: string): Role {
  if (value === 'admin' || value === 'member') return value;
  throw new TypeError(`Unknown role ${value}`);
}

/** A language the library speaks, or null (not chosen, or a value this version does not know). */
const toLocale = (value: string | null): Locale | null => (value === 'en' || value === 'bn' ? value : null);

function toUser(row: Row): UserRecord {
  return {
    id: text(row, 'id'),
    uid: text(row, 'uid'),
    email: text(row, 'email'),
    name: text(row, 'name'),
    photoURL: textOrNull(row, 'photo_url'),
    role: toRole(text(row, 'role')),
    status: text(row, 'status'),
    phone: textOrNull(row, 'phone'),
    createdAt: date(row, 'created_at'),
    lastLoginAt: date(row, 'last_login_at'),
    emailNotices: num(row, 'email_notices') !== 0,
    emailNoticesVersion: num(row, 'email_notices_version'),
    smsNotices: num(row, 'sms_notices') !== 0,
    locale: toLocale(textOrNull(row, 'locale')),
    cardNumber: textOrNull(row, 'card_number'),
    blockedReason: textOrNull(row, 'blocked_reason'),
    blockedAt: dateOrNull(row, 'blocked_at'),
  };
}

export function sqliteCategories(db: DatabaseSync): CategoryStore {
  return {
    async list() {
      return db.prepare('SELECT * FROM categories ORDER BY id').all().map(toCategory);
    },
    async seed(categories) {
      const insert = db.prepare('INSERT OR IGNORE INTO categories (id, name, image, description) VALUES (?, ?, ?, ?)');
      return transaction(db, () => {
        const existing = num(db.prepare('SELECT COUNT(*) AS n FROM categories').get() ?? {}, 'n');
        if (existing > 0) return 0;
        let inserted = 0;
        for (const c of categories) inserted += Number(insert.run(newId(), c.name, c.image, c.description).changes);
        return inserted;
      });
    },
  };
}

/**
 * What a member search looks in, as an SQL expression of the folded key (name, separator, e-mail): the whole
 * key, or the name and its separator alone, so the tiers read the name as the first field either way.
 */
const KEY_WITHIN: Record<UserSearchFields, string> = {
  nameOrEmail: 'search_key',
  name: 'substr(search_key, 1, instr(search_key, char(31)))',
};

export function sqliteUsers(db: DatabaseSync): UserStore {
  const users = wholeRows(db, 'users', toUser);
  // One statement for three counts: a member's page asks for all three, and as three statements they cost 2.4x
  // as much (11.1-12.0 against 4.6-5.0 µs a member in a loop on S1-S5's store).
  const summary = db.prepare(`SELECT (${BALANCE_SQL}) AS balance,
    (SELECT COUNT(*) FROM notices WHERE user_id = ?1) AS notices,
    (SELECT COUNT(*) FROM notices WHERE user_id = ?1 AND read_at IS NULL) AS unread`);
  /**
   * A page of a member search, best match first as books are (search-words.ts), then by folded name and id.
   * Every word is a substring of the name or the e-mail (instr() takes it literally); a scan, which at 10,000
   * members takes a few milliseconds.
   */
  function rankedPage(words: string[], afterCursor: string | null, limit: number, within: UserSearchFields) {
    const key = KEY_WITHIN[within];
    const tier = tierSql(words, key);
    const where = words.map(() => `instr(${key}, ?) > 0`).join(' AND ');
    let resume = '';
    const resumeParams: SQLInputValue[] = [];
    if (afterCursor) {
      // The cursor is the last member's id (as without a search): their rank is worked out again from it.
      const id = decodeCursor(afterCursor);
      const row = db.prepare(`SELECT ${key} AS k FROM users WHERE id = ?`).get(id);
      if (!row) throw new InvalidCursorError();
      resume = 'WHERE (-tier, k, id) > (?, ?, ?)';
      resumeParams.push(-matchTier(text(row, 'k'), words), text(row, 'k'), id);
    }
    const rows = db
      .prepare(
        `SELECT * FROM (SELECT users.*, ${key} AS k, ${tier.sql} AS tier FROM users WHERE ${where}) ${resume}
        ORDER BY tier DESC, k, id LIMIT +?`,
      )
      .all(...tier.params, ...words, ...resumeParams, limit);
    const totalCount =
      !afterCursor && rows.length < limit
        ? rows.length
        : num(db.prepare(`SELECT COUNT(*) AS n FROM users WHERE ${where}`).get(...words) ?? {}, 'n');
    const pageRows = rows.slice(0, limit - 1);
    const last = pageRows.at(-1);
    return {
      nodes: pageRows.map(toUser),
      totalCount,
      hasNextPage: rows.length > pageRows.length,
      endCursor: last ? encodeCursor(text(last, 'id')) : null,
    };
  }

  // One statement, so two first sign-ins of the same uid cannot both insert; the card and search key follow in
  // the same transaction (members.ts, settleMember).
  const upsert = db.prepare(`INSERT INTO users (id, uid, email, name, photo_url, role, status, phone, created_at,
      last_login_at, search_key) VALUES (?, ?, ?, ?, ?, ?, 'active', NULL, ?, ?, '')
    ON CONFLICT (uid) DO UPDATE SET email = excluded.email, name = excluded.name, photo_url = excluded.photo_url,
      role = excluded.role, last_login_at = excluded.last_login_at
    RETURNING *`);
  return {
    ...sqliteMembers(db, toUser),
    async upsert(profile, at = new Date()) {
      const now = at.getTime();
      const row = transaction(db, () => {
        const { uid, email, name, photoURL, role } = profile;
        const upserted = upsert.get(newId(), uid, email, name, photoURL, role, now, now);
        if (!upserted) throw new Error('Upsert returned no row');
        return settleMember(db, upserted);
      });
      return toUser(row);
    },
    async getByUid(uid) {
      return users.get('WHERE uid = ?', uid);
    },
    async summary(uid) {
      const row = summary.get(uid) ?? {};
      return { balance: num(row, 'balance'), notices: num(row, 'notices'), unreadNotices: num(row, 'unread') };
    },
    async list() {
      return db.prepare('SELECT * FROM users ORDER BY id').all().map(toUser);
    },
    async page(search, page, within = 'nameOrEmail') {
      const limit = Math.max(page.first, 0) + 1;
      const words = searchWords(search);
      if (words.length > 0) return rankedPage(words, page.after ?? null, limit, within);
      const after = page.after ? decodeCursor(page.after) : null;
      const rows = db
        .prepare(`SELECT * FROM users${after ? ' WHERE id > ?' : ''} ORDER BY id LIMIT +?`)
        .all(...(after ? [after] : []), limit);
      const totalCount =
        !after && rows.length < limit
          ? rows.length
          : num(db.prepare('SELECT COUNT(*) AS n FROM users').get() ?? {}, 'n');
      return keysetPage(rows, limit, toUser, (user) => encodeCursor(user.id), totalCount);
    },
    async setEmailNotices(uid, enabled) {
      const row = db
        .prepare(
          'UPDATE users SET email_notices = ?, email_notices_version = email_notices_version + 1 WHERE uid = ? RETURNING *',
        )
        .get(enabled ? 1 : 0, String(uid));
      return row ? toUser(row) : null;
    },
    async setSmsNotices(uid, enabled) {
      const row = db
        .prepare('UPDATE users SET sms_notices = ? WHERE uid = ? RETURNING *')
        .get(enabled ? 1 : 0, String(uid));
      return row ? toUser(row) : null;
    },
    async setLocale(uid, locale) {
      const row = db.prepare('UPDATE users SET locale = ? WHERE uid = ? RETURNING *').get(locale, String(uid));
      return row ? toUser(row) : null;
    },
    async turnOffEmailNoticesAt(uid, version) {
      const row = db
        .prepare(
          `UPDATE users SET email_notices = 0, email_notices_version = email_notices_version + 1
            WHERE uid = ? AND email_notices_version = ? RETURNING *`,
        )
        .get(String(uid), version);
      if (row) return { user: toUser(row), applied: true };
      const current = db.prepare('SELECT * FROM users WHERE uid = ?').get(String(uid));
      return current ? { user: toUser(current), applied: false } : null;
    },
  };
}
