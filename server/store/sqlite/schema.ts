// The SQLite schema as an append-only list of migrations, kept in migrations/ a few at a time, in order; PRAGMA
// user_version records how many have run. Never edit a shipped entry: add a new one at the end of the last file
// (or in a new file, named from its first number, once that one is long).
import { MIGRATIONS_1_TO_7 } from './migrations/01-catalogue-and-circulation.ts';
import { MIGRATIONS_8_TO_14 } from './migrations/08-search-audit-and-returns.ts';
import { MIGRATIONS_15_TO_19 } from './migrations/15-calendar-items-and-cards.ts';
import { MIGRATIONS_20_TO_25 } from './migrations/20-found-counts-and-sessions.ts';
import { MIGRATIONS_FROM_26 } from './migrations/26-ledger-notes-and-hours.ts';
import { MIGRATIONS_FROM_29 } from './migrations/29-pickup-requests.ts';
import { MIGRATIONS_FROM_30 } from './migrations/30-ledger-references.ts';
import { MIGRATIONS_FROM_31 } from './migrations/31-bengali-search.ts';
import { MIGRATIONS_FROM_33 } from './migrations/33-closure-reasons.ts';
import { MIGRATIONS_FROM_34 } from './migrations/34-moon-holidays.ts';
import { MIGRATIONS_FROM_35 } from './migrations/35-sms-notices.ts';
import { MIGRATIONS_FROM_36 } from './migrations/36-hold-pauses.ts';
import { MIGRATIONS_FROM_37 } from './migrations/37-report-indexes.ts';
import { MIGRATIONS_FROM_38 } from './migrations/38-auto-renewal.ts';
import { MIGRATIONS_FROM_39 } from './migrations/39-reading-history.ts';
import { MIGRATIONS_FROM_40 } from './migrations/40-purchase-suggestions.ts';
import { MIGRATIONS_FROM_41 } from './migrations/41-anonymous-audit.ts';
import { MIGRATIONS_FROM_42 } from './migrations/42-overdue-reminders.ts';
import { MIGRATIONS_FROM_43 } from './migrations/43-anonymous-audit-backfill.ts';
import { MIGRATIONS_FROM_44 } from './migrations/44-roman-trigrams.ts';

export const MIGRATIONS: readonly string[] = [
  ...MIGRATIONS_1_TO_7,
  ...MIGRATIONS_8_TO_14,
  ...MIGRATIONS_15_TO_19,
  ...MIGRATIONS_20_TO_25,
  ...MIGRATIONS_FROM_26,
  ...MIGRATIONS_FROM_29,
  ...MIGRATIONS_FROM_30,
  ...MIGRATIONS_FROM_31,
  ...MIGRATIONS_FROM_33,
  ...MIGRATIONS_FROM_34,
  ...MIGRATIONS_FROM_35,
  ...MIGRATIONS_FROM_36,
  ...MIGRATIONS_FROM_37,
  ...MIGRATIONS_FROM_38,
  ...MIGRATIONS_FROM_39,
  ...MIGRATIONS_FROM_40,
  ...MIGRATIONS_FROM_41,
  ...MIGRATIONS_FROM_42,
  ...MIGRATIONS_FROM_43,
  ...MIGRATIONS_FROM_44,
];
