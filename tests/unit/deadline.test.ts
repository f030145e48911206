// Waits on a starting process stretch with the machine's load instead of a fixed guess (scripts/lib/deadline.ts).
import { describe, expect, it } from 'vitest';
import { loadScaledDeadline, slowdown, type Machine } from '../../scripts/lib/deadline.ts';

function machine(load: number, cores = 2) {
  const m = { at: 0, load, cores };
  const view: Machine = { now: () => m.at, load: () => m.load, cores };
  return { m, view };
}

describe('a load-scaled deadline', () => {
  it('is the idle budget on an idle machine', () => {
    const { m, view } = machine(0.5);
    const deadline = loadScaledDeadline(20_000, view);
    m.at = 20_000;
    expect(deadline.passed()).toBe(false);
    m.at = 20_001;
    expect(deadline.passed()).toBe(true);
  });

  it('stretches by the load per core: two busy processes beside a run of three files on two cores', () => {
    const { m, view } = machine(10);
    expect(slowdown(view)).toBe(5);
    const deadline = loadScaledDeadline(20_000, view);
    m.at = 60_000;
    expect(deadline.passed()).toBe(false);
    expect(deadline.allowedMs()).toBe(100_000);
  });

  it('reads the load again at each check, so a machine that fills up meanwhile gives more time', () => {
    const { m, view } = machine(1);
    const deadline = loadScaledDeadline(10_000, view);
    m.at = 15_000;
    m.load = 8;
    expect(deadline.passed()).toBe(false);
    m.load = 1;
    expect(deadline.passed()).toBe(true);
  });
});
