import { useCallback, useEffect, useRef, useState } from 'react';

/** The pause after the last key before what was typed is searched for. */
export const SEARCH_DEBOUNCE_MS = 300;

const asTyped = (text: string) => text;

/**
 * A text box whose value lives in the URL (a search kept over a reload and Back). What is typed shows at once and is
 * written to the URL after a pause; `normalize` (a function made once) says what the URL holds of it (All Users
 * trims). The typed text keeps showing until the URL changes to something the box did not write (Back, a link,
 * Clear). The router commits a URL as a transition, later than this state: a box that went back to the URL's text
 * as it wrote showed the old text for a moment, and a key pressed then went into that text, the earlier ones lost.
 * It also keeps what the URL leaves out (a space typed before the next word).
 */
export function useTypedText(
  value: string,
  write: (text: string) => void,
  { delayMs = SEARCH_DEBOUNCE_MS, normalize = asTyped } = {},
) {
  const [typed, setTyped] = useState<string | null>(null);
  // What was written and has not yet shown in the URL, oldest first.
  const pending = useRef<string[]>([]);

  useEffect(() => {
    const ours = pending.current.indexOf(value);
    if (ours >= 0) {
      pending.current.splice(0, ours + 1);
      return;
    }
    pending.current = [];
    setTyped(null);
  }, [value]);

  useEffect(() => {
    if (typed === null) return;
    const next = normalize(typed);
    if (next === value) return;
    const timer = setTimeout(() => {
      pending.current.push(next);
      write(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, value, write, delayMs, normalize]);

  /** Drops what was typed: the box shows the URL's text. */
  const reset = useCallback(() => setTyped(null), []);
  return { text: typed ?? value, setText: setTyped, reset };
}
