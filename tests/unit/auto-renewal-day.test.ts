// The day AUTO_RENEW's run renews a loan (server/library/circulation/auto-renewal.ts): the run of a day covers the
// loans due on it and the next, at AUTO_RENEW_AT in the library's zone, so a loan is renewed the day before it is due
// unless that run has passed; what a loan shows as `autoRenewsOn`.
import { describe, expect, it } from 'vitest';
import { autoRenewalDay, runDayAt } from '../../server/library/circulation/auto-renewal.ts';

const ZONE = 'Asia/Dhaka';
const at = (day: string, time: string) => new Date(`${day}T${time}:00+06:00`);

describe('runDayAt', () => {
  it('is today once the time has passed in the library’s zone, else yesterday', () => {
    expect(runDayAt(at('2026-12-10', '05:59'), ZONE, '06:00')).toBe('2026-12-09');
    expect(runDayAt(at('2026-12-10', '06:00'), ZONE, '06:00')).toBe('2026-12-10');
    // 23:30 UTC on the 9th is already the 10th in Dhaka.
    expect(runDayAt(new Date('2026-12-09T23:30:00Z'), ZONE, '05:00')).toBe('2026-12-10');
  });
});

describe('autoRenewalDay', () => {
  it('is the day before the due day while that day’s run is still to come', () => {
    expect(autoRenewalDay('2026-12-13', '2026-12-10')).toBe('2026-12-12');
    expect(autoRenewalDay('2026-12-13', '2026-12-12')).toBe('2026-12-12');
  });

  it('is the next run’s day once the day before has passed: a loan due the day the next run covers', () => {
    expect(autoRenewalDay('2026-12-13', '2026-12-13')).toBe('2026-12-13');
  });

  it('is null when no run comes before the loan is overdue', () => {
    expect(autoRenewalDay('2026-12-13', '2026-12-14')).toBeNull();
  });
});
