import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTypedText } from '../../lib/use-typed-text.ts';

const trimmed = (text: string) => text.trim();

/**
 * The All Users search, kept in the URL (?q=, trimmed) so a reload or Back shows the same list. What is typed
 * shows at once and reaches the URL, and so the query, after a pause (useTypedText).
 */
export function useUserSearch() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const write = useCallback(
    (q: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (q) next.set('q', q);
          else next.delete('q');
          return next;
        },
        // Back should leave the page, not undo each search.
        { replace: true },
      ),
    [setParams],
  );
  const typed = useTypedText(search, write, { normalize: trimmed });
  return { search, searchText: typed.text, setSearchText: typed.setText };
}
