import { describe, expect, it } from 'vitest';
import { daysLeft, dueBadge, dueDayOf, isOverdue } from './due-badge.ts';

// A fixed "now" in local time: 10 March, mid-afternoon.
const now = new Date(2026, 2, 10, 15, 30);
const on = (day: number, hour = 12) => new Date(2026, 2, day, hour);

describe('dueBadge', () => {
  it('is Overdue once the due day has passed', () => {
    expect(dueBadge(on(9, 23), now)).toEqual({ text: 'Overdue', tone: 'red' });
    expect(isOverdue(on(9, 23), now)).toBe(true);
  });

  it('is Due Today for any time on the current day, even earlier today', () => {
    expect(dueBadge(on(10, 0), now)).toEqual({ text: 'Due Today', tone: 'yellow' });
    expect(dueBadge(on(10, 23), now)).toEqual({ text: 'Due Today', tone: 'yellow' });
    expect(isOverdue(on(10, 0), now)).toBe(false);
  });

  it('rounds part days up and uses the singular for one day', () => {
    expect(dueBadge(on(11, 1), now)).toEqual({ text: '1 day left', tone: 'yellow' });
    expect(dueBadge(on(13), now)).toEqual({ text: '3 days left', tone: 'yellow' });
  });

  it('turns blue when more than three days are left', () => {
    expect(dueBadge(on(14), now)).toEqual({ text: '4 days left', tone: 'blue' });
    expect(dueBadge(on(24), now)).toEqual({ text: '14 days left', tone: 'blue' });
  });

  it('counts calendar days across a month end', () => {
    expect(daysLeft(new Date(2026, 3, 2), new Date(2026, 2, 30, 22))).toBe(3);
  });

  it("reads the due day from the gateway's midnight-UTC date in any time zone", () => {
    const day = dueDayOf('2026-03-12T00:00:00.000Z');
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2026, 2, 12, 0]);
    expect(dueBadge(dueDayOf('2026-03-10T00:00:00.000Z'), now).text).toBe('Due Today');
  });
});
