// The book's fields are declared once (server/store/book-fields.ts). GraphQL's inputs are the contract and
// stay in schema.graphql: these checks fail when BookInput or BookUpdateInput names a field the table lacks
// (so no adapter would store it) or the table a field they lack, or when a field's type or optionality
// differs. The contract suite (tests/store/contract/book-fields.contract.ts) proves both adapters store
// every field of the table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchema, getNullableType, isInputObjectType, isNonNullType, type GraphQLInputObjectType } from 'graphql';
import { BOOK_FIELD_NAMES, BOOK_FIELDS, type BookFieldKind, type BookFieldSpec } from '../../server/store/port.ts';
import { bookUpdateBody, newBookBody } from '../../server/rest/schemas.ts';
import { book as bookAnswer } from '../../server/rest/responses.ts';

const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
const input = (name: string): GraphQLInputObjectType => {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is not an input type of schema.graphql`);
  return type;
};
const GRAPHQL_TYPE: Record<BookFieldKind, string> = {
  line: 'String',
  text: 'String',
  url: 'String',
  rating: 'Float',
  money: 'Int',
};
/** What each input carries besides the table: the stock, and the version an edit started from. */
const STOCK = { BookInput: ['quantity'], BookUpdateInput: ['copies', 'quantity', 'version'] } as const;
const optional = (spec: BookFieldSpec, edit: boolean) => Boolean(spec.nullable) || (edit && Boolean(spec.keptOnEdit));

describe.each([
  ['BookInput', false],
  ['BookUpdateInput', true],
] as const)('%s', (name, edit) => {
  const fields = input(name).getFields();

  it('names exactly the fields of the book table, and the stock', () => {
    expect(Object.keys(fields).sort()).toEqual([...BOOK_FIELD_NAMES, ...STOCK[name]].sort());
  });

  it.each(BOOK_FIELD_NAMES)('gives %s the type and optionality the table declares', (field) => {
    const spec = BOOK_FIELDS[field];
    const type = fields[field]?.type;
    expect(type && String(getNullableType(type))).toBe(GRAPHQL_TYPE[spec.kind]);
    expect(type && !isNonNullType(type)).toBe(optional(spec, edit));
  });
});

describe('type Book', () => {
  it('resolves every field of the table, typed as the table declares', () => {
    const type = schema.getType('Book');
    const fields = type && 'getFields' in type ? type.getFields() : {};
    for (const field of BOOK_FIELD_NAMES) {
      const declared = fields[field]?.type;
      expect(declared && String(getNullableType(declared))).toBe(GRAPHQL_TYPE[BOOK_FIELDS[field].kind]);
    }
  });
});

describe('REST book bodies', () => {
  it.each([
    [newBookBody, false],
    [bookUpdateBody, true],
  ] as const)('take every field of the table, required unless the table says otherwise', (body, edit) => {
    for (const field of BOOK_FIELD_NAMES) {
      expect(body.properties).toHaveProperty(field);
      expect((body.required as readonly string[]).includes(field)).toBe(!optional(BOOK_FIELDS[field], edit));
    }
  });

  it('answer with every field of the table', () => {
    expect(bookAnswer.required).toEqual(expect.arrayContaining(BOOK_FIELD_NAMES));
    for (const field of BOOK_FIELD_NAMES) expect(bookAnswer.properties).toHaveProperty(field);
  });
});
