import { useState } from 'react';

/**
 * One page of a cursor-paged list at a time: the cursors of the pages already seen make "Previous" a cache hit
 * and "Next" one request for one page, however long the list.
 */
export type CursorPages = ReturnType<typeof useCursorPages>;

export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    after: cursors[cursors.length - 1] ?? null,
    page: cursors.length,
    next: (endCursor: string) => setCursors((seen) => [...seen, endCursor]),
    previous: () => setCursors((seen) => (seen.length > 1 ? seen.slice(0, -1) : seen)),
    /** Back to the first page (the list's filter changed, so the cursors seen belong to another list). */
    reset: () => setCursors([null]),
  };
}
