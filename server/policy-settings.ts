// The circulation policy's variables (library/policy.ts says what each number means and holds its default): their
// checks in the configuration's schema, and the Policy read from them. config.ts reads them with the others.
import { DEFAULT_POLICY, type Policy } from './library/policy.ts';
import { SWITCH, amount, days, on, type CheckedValues } from './config-values.ts';

export const POLICY_SCHEMA = {
  LOAN_LIMIT: { type: 'integer', minimum: 1, maximum: 1000, default: DEFAULT_POLICY.loanLimit },
  LOAN_DAYS: days(DEFAULT_POLICY.loanDays),
  RENEWAL_DAYS: days(DEFAULT_POLICY.renewalDays),
  MAX_RENEWALS: { type: 'integer', minimum: 0, maximum: 100, default: DEFAULT_POLICY.maxRenewals },
  LATE_FEE_PER_DAY: amount(DEFAULT_POLICY.lateFeePerDay),
  LOST_PROCESSING_FEE: amount(DEFAULT_POLICY.lostProcessingFee),
  DEFAULT_REPLACEMENT_COST: amount(DEFAULT_POLICY.defaultReplacementCost),
  CATALOGUE_EDITORS: { type: 'string', enum: ['members', 'staff'], default: DEFAULT_POLICY.catalogueEditors },
  HOLD_LIMIT: { type: 'integer', minimum: 1, maximum: 1000, default: DEFAULT_POLICY.holdLimit },
  SUGGESTION_LIMIT: { type: 'integer', minimum: 1, maximum: 1000, default: DEFAULT_POLICY.suggestionLimit },
  HOLD_PICKUP_DAYS: days(DEFAULT_POLICY.holdPickupDays),
  HOLD_PAUSE_MAX_DAYS: days(DEFAULT_POLICY.holdPauseMaxDays),
  DUE_SOON_DAYS: { type: 'integer', minimum: 0, maximum: 365, default: DEFAULT_POLICY.dueSoonDays },
  ANONYMIZE_AFTER_DAYS: days(DEFAULT_POLICY.anonymizeAfterDays),
  // No default: a staffed library (ADMIN_EMAILS names someone) takes the desk's, a self-service one the app's.
  RETURNS: { type: 'string', enum: ['self', 'desk'] },
  BORROWING: { type: 'string', enum: ['collect', 'instant'] },
  FEE_DAYS: { type: 'string', enum: ['open', 'calendar'], default: DEFAULT_POLICY.feeDays },
  GRACE_DAYS: { type: 'integer', minimum: 0, maximum: 365, default: DEFAULT_POLICY.graceDays },
  FEE_CAP: { type: 'string', enum: ['replacement', 'none'], default: DEFAULT_POLICY.feeCap },
  OVERDUE_BLOCKS_BORROWING: { ...SWITCH, default: String(DEFAULT_POLICY.overdueBlocksBorrowing) },
  // At least a week (any weekday the library opens comes round within it), at most the three years ahead a
  // closure may be entered.
  MAX_CLOSED_DAYS: { type: 'integer', minimum: 7, maximum: 1098, default: DEFAULT_POLICY.maxClosedDays },
  PROVISIONAL_CLOSURES_COUNT: { ...SWITCH, default: String(DEFAULT_POLICY.provisionalClosuresCount) },
  AUTO_RENEW: { ...SWITCH, default: String(DEFAULT_POLICY.autoRenew) },
  AUTO_RENEW_AT: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', default: DEFAULT_POLICY.autoRenewAt },
} as const;

export type PolicyVariable = keyof typeof POLICY_SCHEMA;

/** The policy's variables, in the schema's order. */
export const POLICY_VARIABLES = Object.keys(POLICY_SCHEMA) as PolicyVariable[];

/** The policy from the checked values; `staff`: ADMIN_EMAILS names someone. */
export function readPolicy(v: CheckedValues, staff: boolean): Policy {
  const int = (name: PolicyVariable) => Number(v[name]);
  return {
    loanLimit: int('LOAN_LIMIT'),
    loanDays: int('LOAN_DAYS'),
    renewalDays: int('RENEWAL_DAYS'),
    maxRenewals: int('MAX_RENEWALS'),
    lateFeePerDay: int('LATE_FEE_PER_DAY'),
    lostProcessingFee: int('LOST_PROCESSING_FEE'),
    defaultReplacementCost: int('DEFAULT_REPLACEMENT_COST'),
    catalogueEditors: v.CATALOGUE_EDITORS === 'staff' ? 'staff' : 'members',
    // Inventory and money are staff fields once there is staff to keep them.
    inventoryEditors: staff ? 'staff' : 'members',
    holdLimit: int('HOLD_LIMIT'),
    suggestionLimit: int('SUGGESTION_LIMIT'),
    holdPickupDays: int('HOLD_PICKUP_DAYS'),
    holdPauseMaxDays: int('HOLD_PAUSE_MAX_DAYS'),
    dueSoonDays: int('DUE_SOON_DAYS'),
    anonymizeAfterDays: int('ANONYMIZE_AFTER_DAYS'),
    // A staffed library's counter is the truth (docs/decisions/075): returns at the desk and click and collect,
    // unless set otherwise; without staff, the app's self-service as the specification has it.
    returns: v.RETURNS === 'desk' || (v.RETURNS === undefined && staff) ? 'desk' : 'self',
    borrowing: v.BORROWING === 'collect' || (v.BORROWING === undefined && staff) ? 'collect' : 'instant',
    feeDays: v.FEE_DAYS === 'calendar' ? 'calendar' : 'open',
    graceDays: int('GRACE_DAYS'),
    feeCap: v.FEE_CAP === 'none' ? 'none' : 'replacement',
    overdueBlocksBorrowing: on(v.OVERDUE_BLOCKS_BORROWING),
    maxClosedDays: int('MAX_CLOSED_DAYS'),
    provisionalClosuresCount: on(v.PROVISIONAL_CLOSURES_COUNT),
    autoRenew: on(v.AUTO_RENEW),
    autoRenewAt: String(v.AUTO_RENEW_AT),
  };
}
