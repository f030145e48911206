// The journeys' staff accounts. global-setup makes their addresses, one per run (the journey shards may share
// one Auth emulator), and lists them in ADMIN_EMAILS; the desk journey creates the desk's account, and the
// catalogue keeper's is made on first use: with staff configured, only staff stock the library (copies owned,
// replacement costs), so journeys add and restock books through the keeper.
import { inject } from 'vitest';
import { uniqueEmail, type Account } from './accounts.ts';

export const newStaffEmail = () => uniqueEmail('desk-staff');
export const newKeeperEmail = () => uniqueEmail('catalogue-keeper');

export function staff(): Account {
  return { email: inject('staffEmail'), password: 'Secret123', name: 'Desk Librarian' };
}

export function keeper(): Account {
  return { email: inject('keeperEmail'), password: 'Secret123', name: 'Catalogue Keeper' };
}
