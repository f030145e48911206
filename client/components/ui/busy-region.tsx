import type { ReactNode } from 'react';

/**
 * A thin bar that says a request is out. Shown at once: a member on a slow network sees within a frame that
 * their search or page is on its way, rather than an unchanged screen for seconds.
 */
export function ProgressBar({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} className="h-1 w-full overflow-hidden rounded bg-indigo-100">
      <div className="h-full w-1/3 animate-busy rounded bg-indigo-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}

/**
 * Old results stay on screen while new ones load (no blank page per keystroke), dimmed and marked aria-busy,
 * under a progress bar, so nobody takes them for the answer to what they just asked.
 */
export function BusyRegion({ busy, label, children }: { busy: boolean; label: string; children: ReactNode }) {
  return (
    <div aria-busy={busy} className="relative">
      <div className="absolute inset-x-0 -top-3">{busy && <ProgressBar label={label} />}</div>
      <div className={busy ? 'pointer-events-none opacity-50 transition-opacity' : 'transition-opacity'}>
        {children}
      </div>
    </div>
  );
}
