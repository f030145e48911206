import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { LongestFirst } from './tests/support/longest-first.ts';
import { catalogueParts } from './scripts/vite-message-catalogues.ts';

// Node loads graphql's CommonJS build for Apollo; the gateway's own imports must get the same copy, or
// `instanceof GraphQLError` and schema checks fail only under test.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

// Three projects: unit (Node, starts nothing: `npx vitest run --project unit` answers in seconds), the gateway
// (Node, real stores and the real Auth emulator) and the SPA (jsdom). Browser journeys run separately
// (npm run test:e2e) against a real gateway.
export default defineConfig({
  test: {
    // Three test files at a time: the gateway suites mostly wait on their stores, the emulator and sockets, so
    // Vitest's default on two cores (one file at a time) left a core idle; three took the run from 262 s to 146 s.
    maxWorkers: 3,
    // The longest files first, whatever their project, so none of them starts last (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
        // Worker threads, not processes, where no test needs a process of its own: 8 s less CPU for these two
        // projects (user + system, two runs each of `vitest run --project client --project unit --pool ...`).
        // And files share their thread's module graph (isolate: false): for these two projects 50 s of CPU
        // instead of 72 (two alternating runs each of `vitest run --project client --project unit [--isolate]`).
        // Their tests keep no state in modules, and spy on a module rather than replace it with vi.mock, which
        // lint forbids there (client/test/dialogs.ts).
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          pool: 'threads',
          isolate: false,
        },
      },
      {
        resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/unit/**'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Files share their process's module graph, so each file no longer loads the gateway's modules
          // afresh: 84 s and 148 s of CPU instead of 103 s and 184 s (`vitest run --project server
          // [--no-isolate]`; the shared run also in a clean clone's order, with no timings cached). Every test
          // starts its own gateway and store, and a test that changes process.env puts it back.
          isolate: false,
        },
      },
      {
        plugins: [react(), catalogueParts()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          pool: 'threads',
          isolate: false,
          setupFiles: ['client/test/setup.ts'],
          // Whole routes render with axe checks; on a loaded two-core machine some take several seconds.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
