// A book's descriptive fields, declared once. The store port's types, both adapters' writes and reads, the
// catalogue's input checks, the REST schemas and shapes and the audit trail are derived from this table, so a
// field added here is stored, checked and followed everywhere. tests/unit/book-fields.test.ts fails when
// GraphQL's book inputs and this table disagree, tests/store/contract/book-fields.contract.ts when a store
// drops a field. Copies owned and available are not here: they are stock, kept by the store's conditional
// writes (library/rules/book-edits.ts, changeStock).

/**
 * line: one line of text (shown in lists and e-mails); text: several lines; url: an http(s) URL or a path on
 * this site; rating: a number with decimals; money: whole taka.
 */
export type BookFieldKind = 'line' | 'text' | 'url' | 'rating' | 'money';

export interface BookFieldSpec {
  /** Its column in SQLite (MongoDB stores it under its own name). */
  readonly column: string;
  readonly kind: BookFieldKind;
  readonly min?: number;
  /** Characters for text, the largest value for numbers. */
  readonly max: number;
  /** May be null (stored as null): the library's default applies. Left out of an edit, it keeps its value. */
  readonly nullable?: true;
  /** May be left out of an edit (or sent as null): the book keeps its value. */
  readonly keptOnEdit?: true;
  /** What it means, as the REST documents tell a client (requests and answers). */
  readonly description?: string;
  /** What a client may send, told in the REST documents of request bodies only. */
  readonly inputHint?: string;
}

export const BOOK_FIELDS = {
  title: { column: 'title', kind: 'line', max: 300 },
  author: { column: 'author', kind: 'line', max: 200 },
  genre: { column: 'genre', kind: 'line', max: 60 },
  description: { column: 'description', kind: 'text', max: 5000, keptOnEdit: true },
  image: {
    column: 'image',
    kind: 'url',
    max: 2048,
    inputHint: 'An http(s) URL, or a path on this site such as /assets/library/…',
  },
  rating: { column: 'rating', kind: 'rating', min: 1, max: 5 },
  replacementCost: {
    column: 'replacement_cost',
    kind: 'money',
    min: 0,
    max: 1_000_000,
    nullable: true,
    description: 'What a lost or damaged copy costs in whole taka; null: the policy default.',
  },
} as const satisfies Record<string, BookFieldSpec>;

type Specs = typeof BOOK_FIELDS;
export type BookFieldName = keyof Specs;
type ValueOf<S> = S extends { kind: 'line' | 'text' | 'url' }
  ? string
  : S extends { nullable: true }
    ? number | null
    : number;

/** The fields as a book holds them (nullable ones as null when unset). */
export type BookFieldValues = { -readonly [K in BookFieldName]: ValueOf<Specs[K]> };
/** The fields a new book is given: the nullable ones may be left out. */
export type NewBookFieldValues = {
  -readonly [K in BookFieldName as Specs[K] extends { nullable: true } ? never : K]: ValueOf<Specs[K]>;
} & { -readonly [K in BookFieldName as Specs[K] extends { nullable: true } ? K : never]?: ValueOf<Specs[K]> };

export const BOOK_FIELD_NAMES = Object.keys(BOOK_FIELDS) as BookFieldName[];

/** Each field with its spec, in table order (the order of the SQL column lists and of checks). */
export const bookFieldEntries = (): [BookFieldName, BookFieldSpec][] =>
  BOOK_FIELD_NAMES.map((name) => [name, BOOK_FIELDS[name]]);

/** The fields of a new book as stored: the nullable ones left out become null. */
export function storedFields(fields: NewBookFieldValues): BookFieldValues {
  const values: Record<string, unknown> = {};
  for (const [name, spec] of bookFieldEntries()) values[name] = spec.nullable ? (fields[name] ?? null) : fields[name];
  return values as BookFieldValues;
}

/** What an edit writes: each field it gives, else the stored value (a field left out keeps its value). */
export function editedFields(stored: BookFieldValues, edit: Partial<BookFieldValues>): BookFieldValues {
  const values: Record<string, unknown> = {};
  for (const name of BOOK_FIELD_NAMES) values[name] = edit[name] === undefined ? stored[name] : edit[name];
  return values as BookFieldValues;
}
