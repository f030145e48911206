import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor give up after 3 s rather than 1 s: lazy routes load and render slower on a loaded machine.
configure({ asyncUtilTimeout: 3_000 });

// Strict tests: a console error (React warnings, failed prop types, unhandled Apollo errors) fails the test.
let consoleErrors: unknown[][] = [];
const originalError = console.error;

console.error = (...args: unknown[]) => {
  consoleErrors.push(args);
  originalError(...args);
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
