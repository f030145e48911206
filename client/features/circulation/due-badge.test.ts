import { describe, expect, it } from 'vitest';
import { calendarDay, daysLeft, dueBadge, isOverdue, lateText, loanDueBadge } from './due-badge.ts';

// The default policy's due-soon window (the gateway's dueSoonDays).
const SOON = 3;

// A fixed "now" in local time: 10 March, mid-afternoon.
const now = new Date(2026, 2, 10, 15, 30);
const on = (day: number, hour = 12) => new Date(2026, 2, day, hour);

describe('dueBadge', () => {
  it('is Overdue once the due day has passed', () => {
    expect(dueBadge(on(9, 23), now, SOON)).toEqual({ text: 'Overdue', tone: 'red' });
    expect(isOverdue(on(9, 23), now)).toBe(true);
  });

  it('is Due Today for any time on the current day, even earlier today', () => {
    expect(dueBadge(on(10, 0), now, SOON)).toEqual({ text: 'Due Today', tone: 'yellow' });
    expect(dueBadge(on(10, 23), now, SOON)).toEqual({ text: 'Due Today', tone: 'yellow' });
    expect(isOverdue(on(10, 0), now)).toBe(false);
  });

  it('rounds part days up and uses the singular for one day', () => {
    expect(dueBadge(on(11, 1), now, SOON)).toEqual({ text: '1 day left', tone: 'yellow' });
    expect(dueBadge(on(13), now, SOON)).toEqual({ text: '3 days left', tone: 'yellow' });
  });

  it('turns blue when more than three days are left', () => {
    expect(dueBadge(on(14), now, SOON)).toEqual({ text: '4 days left', tone: 'blue' });
    expect(dueBadge(on(24), now, SOON)).toEqual({ text: '14 days left', tone: 'blue' });
  });

  it('takes its due-soon window from the policy, and shows no warning colour while it is unknown', () => {
    expect(dueBadge(on(15), now, 5)).toEqual({ text: '5 days left', tone: 'yellow' });
    expect(dueBadge(on(13), now, 2)).toEqual({ text: '3 days left', tone: 'blue' });
    expect(dueBadge(on(11), now, null)).toEqual({ text: '1 day left', tone: 'blue' });
  });

  it('counts calendar days across a month end', () => {
    expect(daysLeft(new Date(2026, 3, 2), new Date(2026, 2, 30, 22))).toBe(3);
  });

  it("reads the gateway's YYYY-MM-DD due day as that same local day in any time zone", () => {
    const day = calendarDay('2026-03-12');
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2026, 2, 12, 0]);
    expect(dueBadge(calendarDay('2026-03-10'), now, SOON).text).toBe('Due Today');
  });
});

describe('loanDueBadge', () => {
  it("is Overdue when the gateway counts late days, even while the reader's own calendar is a day behind", () => {
    expect(loanDueBadge(on(10), 1, now, SOON)).toEqual({ text: 'Overdue', tone: 'red' });
  });

  it("is Due Today, not Overdue, when the reader's calendar is ahead of the library's", () => {
    expect(loanDueBadge(on(9), 0, now, SOON)).toEqual({ text: 'Due Today', tone: 'yellow' });
    expect(loanDueBadge(on(14), 0, now, SOON)).toEqual({ text: '4 days left', tone: 'blue' });
  });

  it('says how late and what it costs, singular for one day', () => {
    expect(lateText(3, '৳150')).toBe('Overdue 3 days · late fee ৳150');
    expect(lateText(1, '৳50')).toBe('Overdue 1 day · late fee ৳50');
  });
});
