import { afterEach, beforeEach, vi } from 'vitest';
import * as dialogs from '../components/ui/dialogs.ts';

/**
 * Spies on the four alert helpers for every test of the file, each answering as if the user pressed OK, and
 * puts the real ones back after it. Spies on the shared module, not vi.mock: SPA test files share their
 * worker's module graph (vitest.config.ts), where a module replaced for one file would not reach components
 * another file imported first.
 */
export function stubDialogs(): typeof dialogs {
  beforeEach(() => {
    vi.spyOn(dialogs, 'showSuccess').mockResolvedValue(true);
    vi.spyOn(dialogs, 'showError').mockResolvedValue();
    vi.spyOn(dialogs, 'showWarning').mockResolvedValue();
    vi.spyOn(dialogs, 'confirmAction').mockResolvedValue(true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return dialogs;
}
