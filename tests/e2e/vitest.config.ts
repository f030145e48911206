import { defineConfig } from 'vitest/config';

// Browser journeys: Debian's Chromium driven by playwright-core against a real gateway (embedded store,
// real Auth emulator, fresh data directory), started once for the run by support/global-setup.ts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    setupFiles: ['tests/e2e/support/close-browser.ts'],
    testTimeout: 90_000,
    // A poll waits on the page like Playwright's own waits do: Vitest's default second was outlasted by a
    // "Load more" answer on a loaded machine.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 90_000,
    pool: 'forks',
    // One browser at a time: the machine has two cores and the gateway needs one.
    fileParallelism: false,
  },
});
