// The journeys' staff account: global-setup lists its e-mail in ADMIN_EMAILS, the desk journey creates it.
import type { Account } from './accounts.ts';

export const STAFF: Account = {
  email: 'desk-staff@example.com',
  password: 'Secret123',
  name: 'Desk Librarian',
};
