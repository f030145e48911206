// Migrations for the reports' statistics (sqlite/stats.ts): the indexes their aggregates count from, so a
// period of a million loans is a range of an index, never a walk of the table. Shipped entries are never edited
// (schema.ts).

export const MIGRATIONS_FROM_37: readonly string[] = [
  // 37: loans made per period and the members who made them (COUNT DISTINCT user_id) from one covering index;
  // genres from another (topBooks reads loans_by_borrow_date); returns (covering: a year's returns read from the
  // table took 10 s on a busy machine at 1,000,000 loans), the overdue loans' groups, new members, the ledger's
  // sums and the holds' counts and waits each from their time (partial, so the hold shelf's lists keep their own indexes).
  `
  CREATE INDEX loans_by_borrow_date_user ON loans (borrow_date, user_id);
  CREATE INDEX loans_by_borrow_date_genre ON loans (borrow_date, book_category);
  CREATE INDEX loans_by_return_time ON loans (returned_at, status, loss);
  CREATE INDEX loans_overdue_groups ON loans (return_date, claimed_at, book_id) WHERE status = 'borrowed';
  CREATE INDEX users_by_created ON users (created_at);
  CREATE INDEX ledger_by_time ON ledger (created_at, kind, amount);
  CREATE INDEX holds_by_created ON holds (created_at);
  CREATE INDEX holds_filled ON holds (ended_at) WHERE status = 'fulfilled';
  CREATE INDEX holds_expired ON holds (ended_at) WHERE status = 'expired';
  CREATE INDEX holds_by_ready ON holds (ready_at, created_at) WHERE ready_at IS NOT NULL;
  `,
];
