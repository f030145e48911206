// Member cards, registration at the desk, details, blocks and staff notes in SQLite (port.ts UserStore).
import type { DatabaseSync } from 'node:sqlite';
import { CardTakenError, MemberExistsError } from '../port.ts';
import type { MemberNote, UserRecord, UserStore } from '../port.ts';
import { memberCard } from '../../../shared/barcodes.ts';
import { newId } from '../ids.ts';
import { memberKey } from '../search-words.ts';
import { date, isUniqueViolation, num, text, textOrNull, transaction } from './db.ts';
import type { Row } from './db.ts';

type MemberMethods = Pick<UserStore, 'getByCard' | 'register' | 'editDetails' | 'setBlock' | 'addNote' | 'listNotes'>;

function toNote(row: Row): MemberNote {
  return {
    id: text(row, 'id'),
    uid: text(row, 'uid'),
    text: text(row, 'text'),
    at: date(row, 'created_at'),
    byUid: text(row, 'by_uid'),
    byName: text(row, 'by_name'),
  };
}

/**
 * The next card number from the counter, skipping a number staff gave a member by hand. Call inside a
 * transaction (BEGIN IMMEDIATE), so two first sign-ins cannot take the same number.
 */
export function nextCard(db: DatabaseSync): string {
  for (;;) {
    const row = db.prepare('UPDATE member_card_counter SET value = value + 1 WHERE id = 1 RETURNING value').get();
    const card = memberCard(num(row ?? {}, 'value'));
    if (!db.prepare('SELECT 1 FROM users WHERE card_number = ?').get(card)) return card;
  }
}

/**
 * A member's row after a sign-in or an edit, with a card (given now when they have none) and a search key
 * that matches their name, e-mail, card and phone. Call inside a transaction.
 */
export function settleMember(db: DatabaseSync, row: Row): Row {
  const uid = text(row, 'uid');
  const card = textOrNull(row, 'card_number') ?? nextCard(db);
  const key = memberKey(text(row, 'name'), text(row, 'email'), card, textOrNull(row, 'phone'));
  if (card === textOrNull(row, 'card_number') && key === text(row, 'search_key')) return row;
  const updated = db
    .prepare('UPDATE users SET card_number = ?, search_key = ? WHERE uid = ? RETURNING *')
    .get(card, key, uid);
  if (!updated) throw new Error(`Member ${uid} vanished`);
  return updated;
}

export function sqliteMembers(db: DatabaseSync, toUser: (row: Row) => UserRecord): MemberMethods {
  const byUid = db.prepare('SELECT * FROM users WHERE uid = ?');
  const insert = db.prepare(`INSERT INTO users (id, uid, email, name, photo_url, role, status, phone, created_at,
      last_login_at, search_key, card_number) VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?, ?) RETURNING *`);
  return {
    async getByCard(card) {
      const row = db.prepare('SELECT * FROM users WHERE card_number = ?').get(String(card));
      return row ? toUser(row) : null;
    },
    async register(member) {
      const row = transaction(db, () => {
        if (byUid.get(member.uid)) throw new MemberExistsError(member.uid);
        const card = member.cardNumber ?? nextCard(db);
        if (db.prepare('SELECT 1 FROM users WHERE card_number = ?').get(card)) throw new CardTakenError(card);
        const now = Date.now();
        const key = memberKey(member.name, member.email, card, member.phone);
        const { uid, email, name, photoURL, role, phone } = member;
        try {
          return insert.get(newId(), uid, email, name, photoURL, role, phone, now, now, key, card);
        } catch (error) {
          if (isUniqueViolation(error)) throw new MemberExistsError(uid);
          throw error;
        }
      });
      if (!row) throw new Error('Insert returned no row');
      return toUser(row);
    },
    async editDetails(uid, details) {
      const row = transaction(db, () => {
        const current = byUid.get(String(uid));
        if (!current) return null;
        const edited = db
          .prepare('UPDATE users SET name = ?, email = ?, phone = ? WHERE uid = ? RETURNING *')
          .get(
            details.name ?? text(current, 'name'),
            details.email ?? text(current, 'email'),
            details.phone === undefined ? textOrNull(current, 'phone') : details.phone,
            String(uid),
          );
        return edited ? settleMember(db, edited) : null;
      });
      return row ? toUser(row) : null;
    },
    async setBlock(uid, block) {
      const row = db
        .prepare('UPDATE users SET blocked_reason = ?, blocked_at = ? WHERE uid = ? RETURNING *')
        .get(block?.reason ?? null, block ? block.at.getTime() : null, String(uid));
      return row ? toUser(row) : null;
    },
    async addNote(note) {
      const row = db
        .prepare(
          'INSERT INTO member_notes (id, uid, text, created_at, by_uid, by_name) VALUES (?, ?, ?, ?, ?, ?) RETURNING *',
        )
        .get(note.id, note.uid, note.text, note.at.getTime(), note.byUid, note.byName);
      if (!row) throw new Error('Insert returned no row');
      return toNote(row);
    },
    async listNotes(uid) {
      return db
        .prepare('SELECT * FROM member_notes WHERE uid = ? ORDER BY created_at DESC, id DESC')
        .all(String(uid))
        .map(toNote);
    },
  };
}
