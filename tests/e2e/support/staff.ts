// The journeys' staff account. global-setup makes its address, one per run (the journey shards may share one
// Auth emulator), and lists it in ADMIN_EMAILS; the desk journey creates the account.
import { inject } from 'vitest';
import { uniqueEmail, type Account } from './accounts.ts';

export const newStaffEmail = () => uniqueEmail('desk-staff');

export function staff(): Account {
  return { email: inject('staffEmail'), password: 'Secret123', name: 'Desk Librarian' };
}
