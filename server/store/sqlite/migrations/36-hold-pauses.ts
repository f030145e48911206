// Migrations from 36: paused holds (issue 42). Shipped entries are never edited (schema.ts).

export const MIGRATIONS_FROM_36: readonly string[] = [
  // 36: a hold may be paused (Koha's suspension) until an instant, the start of the day it resumes in the
  // library's zone; NULL when not paused. The few paused holds are indexed by that instant for the lazy resume
  // (HoldStore.resumeDue), which clears it.
  `
  ALTER TABLE holds ADD COLUMN paused_until INTEGER;
  CREATE INDEX holds_paused ON holds (paused_until) WHERE paused_until IS NOT NULL;
  `,
];
