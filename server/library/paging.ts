// Paging input shared by every list: `first` 1..100 and an opaque `after` cursor, refused with a clear message.
import { InvalidCursorError } from '../store/port.ts';
import { badInput } from './errors.ts';

export const MAX_PAGE_SIZE = 100;

export function pageSize(first: number | null | undefined): number {
  const size = first ?? 20;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw badInput('first', 'pageSizeRange', { max: MAX_PAGE_SIZE });
  return size;
}

export function cursor(after: string | null | undefined): string | null {
  if (after != null && (typeof after !== 'string' || after.length > 100)) throw badInput('after', 'afterCursor');
  return after ?? null;
}

/** Runs a store read, turning a cursor the store cannot decode into BAD_USER_INPUT. */
export async function paged<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw badInput('after', 'afterCursor');
    throw error;
  }
}
