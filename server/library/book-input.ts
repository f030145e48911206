// The checks of a book's fields, derived from the field table (store/book-fields.ts): one check per kind of
// field, so a new field is checked as soon as the table declares it. Each failure names the field.
import {
  bookFieldEntries,
  type BookEdit,
  type BookFieldKind,
  type BookFieldName,
  type BookFields,
  type BookFieldSpec,
  type BookFieldValues,
} from '../store/port.ts';
import * as check from './validate.ts';

/** What a client sends for a book: each field of the table, the stock and the version it started from. */
export type BookInput = { [K in BookFieldName]?: unknown } & {
  quantity?: unknown;
  copies?: unknown;
  version?: unknown;
};

/**
 * The most copies one book may have: each copy is an item with a barcode, written when the copies are added, so a
 * number beyond a library's shelves is refused instead of writing a million items in one request. MongoDB writes
 * each copy added or withdrawn on its own (a batched write broke the items' agreement with the counters in the
 * circulation property test, seed 4): on the FerretDB test server under load 183 copies took over 10 s, 50 a few.
 */
export const COPIES_MAX = 50;

type Check = (value: unknown, name: string, spec: BookFieldSpec, edit: boolean) => string | number;

const CHECKS: Record<BookFieldKind, Check> = {
  line: (value, name, spec) => check.text(value, name, { max: spec.max }),
  // On an edit that may leave it out, an empty text is allowed (it clears the field).
  text: (value, name, spec, edit) =>
    check.text(value, name, { max: spec.max, lines: true, required: !(edit && spec.keptOnEdit) }),
  url: (value, name, spec) => check.imageUrl(value, name, spec.max),
  rating: (value, name, spec) => check.number(value, name, { min: spec.min ?? 0, max: spec.max }),
  money: (value, name, spec) => check.number(value, name, { min: spec.min ?? 0, max: spec.max, integer: true }),
};

/**
 * The checked value of each field the input gives. Left out (undefined): on an edit the book keeps the
 * field's value if the table allows it; null: a nullable field is set to null (the default), another field
 * kept on an edit keeps its value. `sitePath` turns a URL of this site into its path.
 */
function checkedFields(input: BookInput, edit: boolean, sitePath: (url: string) => string) {
  const fields: Record<string, unknown> = {};
  for (const [name, spec] of bookFieldEntries()) {
    const value = input[name];
    if (value == null && spec.nullable) {
      if (!(edit && value === undefined)) fields[name] = null;
    } else if (!(value == null && edit && spec.keptOnEdit)) {
      const checked = CHECKS[spec.kind](value, name, spec, edit);
      // A client sends back the absolute URL it was given for a cover of ours: keep the path, not the address.
      fields[name] = spec.kind === 'url' ? sitePath(String(checked)) : checked;
    }
  }
  return fields;
}

export function newBook(input: BookInput, sitePath: (url: string) => string): BookFields {
  return {
    ...(checkedFields(input, false, sitePath) as BookFieldValues),
    quantity: check.number(input.quantity, 'quantity', { min: 1, max: COPIES_MAX, integer: true }),
  };
}

export function bookEdit(input: BookInput, sitePath: (url: string) => string): BookEdit {
  const count = (field: 'copies' | 'quantity') =>
    input[field] == null ? undefined : check.number(input[field], field, { min: 0, max: COPIES_MAX, integer: true });
  return {
    ...(checkedFields(input, true, sitePath) as Partial<BookFieldValues>),
    copies: count('copies'),
    quantity: count('quantity'),
  };
}
