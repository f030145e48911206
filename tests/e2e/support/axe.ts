// axe-core in the page: no serious or critical accessibility violations.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The violations axe finds on the page (or the part `context` leaves in): serious and critical unless `all`. */
export async function axeViolations(
  page: Page,
  context: { exclude?: string[][]; all?: boolean } = {},
): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not block it.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selection) => {
    const axe = (
      window as unknown as { axe: { run(context: object, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(selection.exclude ? { exclude: selection.exclude } : document, {
      resultTypes: ['violations'],
    });
    return result.violations;
  }, context);
  return violations
    .filter((v) => context.all || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** Finite CSS transitions and animations still running (a carousel slide fading in, a dialog opening). */
const moving = (page: Page) =>
  page.evaluate(
    () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .length,
  );

export async function expectAccessible(page: Page) {
  // Colour contrast is read from what is painted: a slide half-way through its fade has half-transparent text.
  await expect.poll(() => moving(page), { message: `transitions still running on ${page.url()}` }).toBe(0);
  expect(await axeViolations(page), `axe violations on ${page.url()}`).toEqual([]);
}
