import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The All Users search, kept in the URL (?q=) so a reload or Back shows the same list. Typing goes into a
 * draft so the box stays instant; the draft reaches the URL, and so the query, after a pause.
 */
export function useUserSearch() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState<string | null>(null);

  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (draft.trim()) next.set('q', draft.trim());
          else next.delete('q');
          return next;
        },
        // Back should leave the page, not undo each search.
        { replace: true },
      );
      setDraft(null);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, setParams]);

  return { search, searchText: draft ?? search, setSearchText: setDraft };
}
