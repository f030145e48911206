// The shapes of the environment's variables in the configuration's schema (config.ts, policy-settings.ts), and
// how a yes/no variable reads.

export const SWITCH = { type: 'string', enum: ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] } as const;
export const port = (fallback: number) => ({ type: 'integer', minimum: 0, maximum: 65535, default: fallback }) as const;
export const count = (fallback: number) =>
  ({ type: 'integer', minimum: 1, maximum: 1_000_000, default: fallback }) as const;
export const millis = (fallback: number, minimum: number) =>
  ({ type: 'integer', minimum, maximum: 3_600_000, default: fallback }) as const;
export const amount = (fallback: number) =>
  ({ type: 'integer', minimum: 0, maximum: 1_000_000, default: fallback }) as const;
export const days = (fallback: number) => ({ type: 'integer', minimum: 1, maximum: 365, default: fallback }) as const;
export const url = { type: 'string', pattern: '^https?://[^\\s/?#]+(/[^\\s?#]*)?$' } as const;

/** A SWITCH variable's value, as the schema gave it: on or off. */
export const on = (value: string | number | undefined) => ['true', '1', 'yes', 'on'].includes(String(value));

/** The variables' values once the schema checked them (numbers for integers), by name. */
export type CheckedValues = Record<string, string | number | undefined>;
