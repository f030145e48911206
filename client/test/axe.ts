import axe from 'axe-core';

/**
 * axe-core's violations in a rendered part of the page. jsdom has no layout, so colour contrast is left to the
 * browser journeys; everything else (names, labels, roles, headings, table structure) is checked here.
 */
export async function axeViolations(container: Element): Promise<string[]> {
  const result = await axe.run(container, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
