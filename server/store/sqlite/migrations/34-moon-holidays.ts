// Migrations from 34: the moon-dated holidays staff acted on. Shipped entries are never edited (schema.ts).

export const MIGRATIONS_FROM_34: readonly string[] = [
  // 34: a moon-dated holiday the calendar proposed, as staff left it (docs/decisions/078, port/holidays.ts): its
  // days now, provisional, confirmed (its days are closures) or dropped, and the loans its closure moved with the
  // day each was due before (JSON), so moving or dropping it moves them back. A proposal nobody acted on has no row.
  `
  CREATE TABLE holidays (
    key TEXT PRIMARY KEY,
    from_day TEXT NOT NULL,
    to_day TEXT NOT NULL CHECK (to_day >= from_day),
    state TEXT NOT NULL CHECK (state IN ('provisional', 'confirmed', 'dropped')),
    moved TEXT NOT NULL DEFAULT '[]',
    version INTEGER NOT NULL CHECK (version >= 1),
    decided_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
];
