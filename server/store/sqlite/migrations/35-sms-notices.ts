// Notices by SMS (docs/decisions/079): the member's choice beside e-mail, and each notice's SMS as a second outbox
// entry on the notice itself, with the e-mail's columns and meaning (NULL sms_status: recorded while SMS was off).
export const MIGRATIONS_FROM_35: readonly string[] = [
  // 35
  `
  ALTER TABLE users ADD COLUMN sms_notices INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE notices ADD COLUMN sms_status TEXT CHECK (sms_status IN ('pending', 'sent', 'failed', 'skipped'));
  ALTER TABLE notices ADD COLUMN sms_attempts INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE notices ADD COLUMN sms_next_at INTEGER;
  ALTER TABLE notices ADD COLUMN sms_error TEXT;
  ALTER TABLE notices ADD COLUMN sms_settled_at INTEGER;
  CREATE INDEX notices_sms_due ON notices (sms_next_at, id) WHERE sms_status = 'pending';
  `,
];
