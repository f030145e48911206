// Migrations from 29 on: click and collect (docs/decisions/075).
export const MIGRATIONS_FROM_29: readonly string[] = [
  // 29: a pickup request is a hold ready at once; it keeps the return date the member chose for the desk's loan
  // (midnight UTC of the day, as a loan's). Null on every hold placed in a queue, and on all holds before.
  `
  ALTER TABLE holds ADD COLUMN return_date INTEGER;
  `,
];
