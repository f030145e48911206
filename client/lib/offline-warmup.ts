/**
 * The runtime config (/config.json) is fetched once, as the page starts, before a first visit's service worker
 * exists; without it an offline start could not set up sign-in. When the service worker takes control of this
 * page (first visit, or a new version), it is asked again, through the worker, which keeps it for offline starts.
 */
export function keepConfigForOffline(): void {
  navigator.serviceWorker?.addEventListener('controllerchange', () => {
    void fetch('/config.json', { headers: { accept: 'application/json' } }).catch(() => undefined);
  });
}
