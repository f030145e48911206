import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the gateway (Node, real stores and the real Auth emulator) and the SPA (jsdom).
// Browser journeys run separately (npm run test:e2e) against a real gateway.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/test/setup.ts'],
        },
      },
    ],
  },
});
