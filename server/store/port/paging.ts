// Paging shared by every aggregate's port: a page asked for, a page answered, a cursor refused.

export interface PageRequest {
  /** 1..100 (the service enforces the bound). */
  first: number;
  /** Opaque cursor from a previous page's endCursor. */
  after?: string | null;
}

export interface Page<T> {
  nodes: T[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}
