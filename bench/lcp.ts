// Largest Contentful Paint of the SPA's home page in Debian's Chromium (playwright-core), read from the
// browser's own PerformanceObserver: a fresh context per run (cold HTTP cache), the median of several runs.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from './load.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/lib/chromium.ts';

export interface LcpResult {
  medianMs: number;
  runsMs: number[];
  element: string;
}

/** Why LCP cannot be measured here, or null when it can. */
export function lcpUnavailable(): string | null {
  if (!existsSync(CHROMIUM)) return `no ${CHROMIUM} (apt-get install chromium)`;
  if (!existsSync(path.join(ROOT, 'dist', 'client', 'index.html'))) return 'the SPA is not built (npm run build)';
  return null;
}

export async function measureLcp(url: string, runs = 5): Promise<LcpResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const runsMs: number[] = [];
  let element = '';
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      // LCP entries stop once the page is interacted with or hidden; a settled page has its final one.
      const lcp = await page.evaluate(
        () =>
          new Promise<{ ms: number; element: string }>((resolve) => {
            let last = { ms: 0, element: '' };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as (PerformanceEntry & {
                element?: Element | null;
                url?: string;
              })[]) {
                const el = entry.element;
                last = {
                  ms: entry.startTime,
                  element: el
                    ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${entry.url || (el.textContent ?? '').trim().slice(0, 40)}`
                    : '',
                };
              }
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(last), 1500);
          }),
      );
      runsMs.push(Math.round(lcp.ms));
      element = lcp.element;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runsMs, element };
}
