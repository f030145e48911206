// Categories: the genres' pages (name, image, description), seeded once.

export interface CategoryRecord {
  id: string;
  name: string;
  image: string;
  description: string;
}

export interface CategoryStore {
  list(): Promise<CategoryRecord[]>;
  /** Inserts the given categories only when there are none yet; returns how many were inserted. */
  seed(categories: Omit<CategoryRecord, 'id'>[]): Promise<number>;
}
