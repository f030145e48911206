// Migrations from 26: the library's ledger notes as keys.
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
];
