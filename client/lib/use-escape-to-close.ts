import { useEffect, type RefObject } from 'react';

/**
 * While `open`, Escape closes it and puts the focus back on the control that opened it, as a disclosure should
 * (the header's phone menu, the notices bell).
 */
export function useEscapeToClose(open: boolean, close: () => void, control: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      control.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close, control]);
}
