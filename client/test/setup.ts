import { afterEach, vi } from 'vitest';
// The jest-dom matchers (toBeInTheDocument, toBeVisible, toHaveTextContent, ...) on Vitest's expect, with their types.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import english from '../messages/en.json' with { type: 'json' };
import { applyCatalogue } from '../lib/i18n.ts';

// Components read their words from the English catalogue, as in the app before a language is chosen.
applyCatalogue('en', english);

// findBy* and waitFor give up after 10 s rather than 1 s: they wait only as long as needed, and on a loaded two-core
// machine (npm test beside other work) a lazy route or a mocked answer can take seconds to render.
configure({ asyncUtilTimeout: 10_000 });

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
  applyCatalogue('en', english);
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
