// Migrations from 26: the library's ledger notes as keys; opening hours staff change; receipts as records.
// Shipped entries are never edited (schema.ts).

export const MIGRATIONS_FROM_26: readonly string[] = [
  // 26: the notes the library writes on ledger entries are keys, said in the reader's language (port/ledger.ts
  // systemNote: the key behind U+0001); those it wrote in English before are rewritten so. Staff's words stay.
  `
  UPDATE ledger SET note = char(1) || CASE kind || ':' || note
      WHEN 'late-fee:Returned late' THEN 'ledgerReturnedLate'
      WHEN 'replacement:Lost: replacement cost' THEN 'ledgerLostReplacement'
      WHEN 'processing-fee:Lost: processing fee' THEN 'ledgerLostProcessing'
      WHEN 'replacement:Damaged: replacement cost' THEN 'ledgerDamagedReplacement'
      WHEN 'processing-fee:Damaged: processing fee' THEN 'ledgerDamagedProcessing'
      WHEN 'payment:Paid at the desk' THEN 'ledgerPaidAtDesk'
      WHEN 'waiver:Waived at the desk' THEN 'ledgerWaivedAtDesk'
      WHEN 'lost-found:Replacement refunded: the lost copy was found' THEN 'ledgerLostFound'
    END
    WHERE kind || ':' || note IN ('late-fee:Returned late', 'replacement:Lost: replacement cost',
      'processing-fee:Lost: processing fee', 'replacement:Damaged: replacement cost',
      'processing-fee:Damaged: processing fee', 'payment:Paid at the desk', 'waiver:Waived at the desk',
      'lost-found:Replacement refunded: the lost copy was found');
  `,
  // 27: opening hours staff change (docs/decisions/073): each change is a row, the week's hours (JSON, as
  // port/calendar.ts OpeningHours[]) from one day to another or on until changed (to_day NULL), never edited, so a
  // past day keeps the hours it had. opening_hours keeps the hours the library started with.
  `
  CREATE TABLE hours_changes (
    id INTEGER PRIMARY KEY,
    from_day TEXT NOT NULL,
    to_day TEXT CHECK (to_day IS NULL OR to_day >= from_day),
    hours TEXT NOT NULL,
    set_at INTEGER NOT NULL
  );
  CREATE TRIGGER hours_changes_never_updated BEFORE UPDATE ON hours_changes
    BEGIN SELECT RAISE(ABORT, 'a change of opening hours is never edited: record another'); END;
  `,
  // 28: a payment's or waiver's receipt is a record (docs/decisions/074): the balance just after it, fixed when
  // recorded, and a reference, R-<year>-<six digits>, from one sequence a year (ledger_references holds each year's
  // last). Credits recorded before get theirs once here: the balance after each in the order settlement.ts reads
  // the ledger (by time, charges first at one instant, then by id), and their numbers in the order recorded.
  `
  ALTER TABLE ledger ADD COLUMN balance_after INTEGER;
  ALTER TABLE ledger ADD COLUMN reference TEXT;
  CREATE UNIQUE INDEX ledger_by_reference ON ledger (reference) WHERE reference IS NOT NULL;
  CREATE TABLE ledger_references (year INTEGER PRIMARY KEY, last INTEGER NOT NULL) WITHOUT ROWID;
  UPDATE ledger SET balance_after = running.after FROM (
    SELECT id, SUM(CASE WHEN kind IN ('late-fee', 'replacement', 'processing-fee') THEN amount ELSE -amount END)
      OVER (PARTITION BY user_id ORDER BY created_at,
        CASE WHEN kind IN ('late-fee', 'replacement', 'processing-fee') THEN 0 ELSE 1 END, id
        ROWS UNBOUNDED PRECEDING) AS after
    FROM ledger) AS running
    WHERE ledger.id = running.id AND ledger.kind IN ('payment', 'waiver');
  UPDATE ledger SET reference = numbered.reference FROM (
    SELECT id, 'R-' || strftime('%Y', created_at / 1000, 'unixepoch') || '-' || printf('%06d',
      ROW_NUMBER() OVER (PARTITION BY strftime('%Y', created_at / 1000, 'unixepoch') ORDER BY created_at, id))
      AS reference
    FROM ledger WHERE kind IN ('payment', 'waiver')) AS numbered
    WHERE ledger.id = numbered.id;
  INSERT INTO ledger_references (year, last)
    SELECT CAST(strftime('%Y', created_at / 1000, 'unixepoch') AS INTEGER), COUNT(*) FROM ledger
    WHERE kind IN ('payment', 'waiver') GROUP BY 1;
  `,
];
