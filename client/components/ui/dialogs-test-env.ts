import { afterAll, afterEach, beforeAll } from 'vitest';
import Swal from 'sweetalert2';

/**
 * Test-only: lets SweetAlert2 render in jsdom (it reads prefers-reduced-motion through matchMedia, which
 * jsdom lacks, and it restores the scroll position with scrollTo, which jsdom only reports as unimplemented) and closes any alert left open so it cannot leak into the next test.
 */
export function setUpDialogsForTests(): void {
  beforeAll(() => {
    window.scrollTo = () => {};
    if (typeof window.matchMedia === 'function') return;
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) satisfies MediaQueryList;
  });
  afterEach(() => {
    Swal.close();
  });
  // A closed alert gives focus back 100 ms later (SweetAlert2's RESTORE_FOCUS_TIMEOUT, a real timer): let it
  // run while the file's document still exists, or it throws "HTMLElement is not defined" after teardown.
  afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));
}
