// A setup file of the journeys: closes the file's one Chromium (support/browser.ts) once all its suites are done.
import { afterAll } from 'vitest';
import { closeSharedBrowser } from './browser.ts';

afterAll(closeSharedBrowser);
