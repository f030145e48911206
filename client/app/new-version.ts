// After a deploy, an open tab still runs the old build: the page chunks it asks for are gone from the server.
// Reloading fetches the new index.html and its chunks. Once per address (sessionStorage), so a chunk that
// fails for another reason (offline, a broken deploy) shows the error page instead of reloading for ever.

const KEY = 'bookhaven:reloaded-for';

export const page = {
  reload: () => window.location.reload(),
};

const here = () => window.location.pathname + window.location.search;

/** Reloads the page for the new version unless this address was already reloaded for it; says which. */
export function reloadOnceForNewVersion(): boolean {
  if (!navigator.onLine) return false;
  try {
    if (sessionStorage.getItem(KEY) === here()) return false;
    sessionStorage.setItem(KEY, here());
  } catch {
    // Storage refused (private mode, full): no guard, so no automatic reload.
    return false;
  }
  page.reload();
  return true;
}

/** A page's code loaded: a later failure on this address may reload again. */
export function pageCodeLoaded(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
