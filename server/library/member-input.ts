// What the desk may send about a member: a name, an e-mail, a phone and a card number, each checked once here.
import type { UserRecord, UserStore } from '../store/port.ts';
import { isItemBarcode, isMemberCard, scannedCards } from '../../shared/barcodes.ts';
import { bangladeshMobile } from '../../shared/phone.ts';
import { badInput } from './errors.ts';
import * as check from './validate.ts';

// Enough to refuse what is plainly not an address; Firebase refuses the rest with its own check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// A card of the library's scheme, or one a library already printed: letters, digits and dashes.
const CARD = /^[A-Z0-9][A-Z0-9-]{2,18}[A-Z0-9]$/;

export const memberName = (value: unknown): string => check.text(value, 'name', { max: 200 });

export function memberEmail(value: unknown): string {
  const email = check.text(value, 'email', { max: 254 }).toLowerCase();
  if (!EMAIL.test(email)) throw badInput('email', 'emailFormat');
  return email;
}

/**
 * A mobile number as typed, by the member or the desk: a Bangladeshi one (shared/phone.ts), answered in the one
 * form it is kept in (+8801XXXXXXXXX); null when left empty.
 */
export function memberPhone(value: unknown): string | null {
  const typed = check.text(value, 'phone', { max: 24, required: false });
  if (typed === '') return null;
  const phone = bangladeshMobile(typed);
  if (phone === null) throw badInput('phone', 'phoneFormat');
  return phone;
}

/**
 * A card number as the library keeps it (upper case, no spaces around it); null when left empty. A card of the
 * library's own scheme (BM…) must have the right check digit, and a copy's barcode is not a card.
 */
export function cardNumber(value: unknown, field = 'cardNumber', required = false): string | null {
  const card = check.text(value, field, { max: 20, required }).toUpperCase();
  if (card === '') return null;
  if (!CARD.test(card)) throw badInput(field, 'cardFormat', { field });
  if (isItemBarcode(card)) throw badInput(field, 'cardIsItem', { card });
  if (/^BM\d{8}$/.test(card) && !isMemberCard(card)) throw badInput(field, 'cardCheckDigit', { card });
  return card;
}

/**
 * The member a scanned or typed card names, or null: the card as read, then, for a BM card's eight digits
 * scanned or typed without their prefix, with it (barcodes.ts, scannedCards).
 */
export async function memberByCard(users: Pick<UserStore, 'getByCard'>, value: unknown): Promise<UserRecord | null> {
  const card = cardNumber(value, 'card', true) ?? '';
  for (const number of scannedCards(card)) {
    const member = await users.getByCard(number);
    if (member) return member;
  }
  return null;
}

/** A reason for a block, or a note: one line a member may be told (a block's reason is). */
export const reason = (value: unknown): string => check.text(value, 'reason', { max: 300 });
export const noteText = (value: unknown): string => check.text(value, 'text', { max: 1000 });
