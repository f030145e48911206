// Migrations from 33: a closure's reason in both languages (issue 41). Shipped entries are never edited (schema.ts).

export const MIGRATIONS_FROM_33: readonly string[] = [
  // 33: a closure says why in English (reason, '' when staff gave only the Bangla one) and in Bangla (reason_bn,
  // null when not given). The fixed-date holidays seeded before get their Bangla names (seed/calendar.ts).
  `
  ALTER TABLE closures ADD COLUMN reason_bn TEXT;
  UPDATE closures SET reason_bn = CASE reason
    WHEN 'Shaheed Day and International Mother Language Day' THEN 'শহীদ দিবস ও আন্তর্জাতিক মাতৃভাষা দিবস'
    WHEN 'Independence Day' THEN 'স্বাধীনতা দিবস'
    WHEN 'Bengali New Year (Pohela Boishakh)' THEN 'বাংলা নববর্ষ (পহেলা বৈশাখ)'
    WHEN 'May Day' THEN 'মে দিবস'
    WHEN 'July Mass Uprising Day' THEN 'জুলাই গণঅভ্যুত্থান দিবস'
    WHEN 'Victory Day' THEN 'বিজয় দিবস'
    WHEN 'Christmas Day' THEN 'বড়দিন'
  END WHERE reason_bn IS NULL;
  `,
];
