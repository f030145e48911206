// Migrations from 30: every ledger entry has a reference (decision 074, amended). Shipped entries are never
// edited (schema.ts).

export const MIGRATIONS_FROM_30: readonly string[] = [
  // Charges and refunds recorded before take their references once here, each after the last number its year
  // has given (ledger_references), in the order recorded; each year's counter then moves on past them.
  `
  UPDATE ledger SET reference = numbered.reference FROM (
    SELECT entries.id, 'R-' || entries.year || '-' || printf('%06d', COALESCE(counters.last, 0)
        + ROW_NUMBER() OVER (PARTITION BY entries.year ORDER BY entries.created_at, entries.id)) AS reference
    FROM (SELECT id, created_at, CAST(strftime('%Y', created_at / 1000, 'unixepoch') AS INTEGER) AS year
        FROM ledger WHERE reference IS NULL) AS entries
      LEFT JOIN ledger_references AS counters ON counters.year = entries.year) AS numbered
    WHERE ledger.id = numbered.id;
  INSERT INTO ledger_references (year, last)
    SELECT CAST(substr(reference, 3, 4) AS INTEGER), MAX(CAST(substr(reference, 8) AS INTEGER)) FROM ledger
    WHERE reference IS NOT NULL GROUP BY 1
    ON CONFLICT (year) DO UPDATE SET last = max(last, excluded.last);
  `,
];
