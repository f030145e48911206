import type { Location } from 'react-router-dom';

/** The navigation state Login and Register pass along: the page the visitor came from. */
export type OriginState = { from?: Partial<Location> } | null;

const ACCOUNT_PAGES = new Set(['/login', '/register']);

/** Where Login or Register goes after success: the page the visitor came from, or /. */
export function originOf(state: unknown): string {
  const from = (state as OriginState)?.from;
  if (!from?.pathname || ACCOUNT_PAGES.has(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
