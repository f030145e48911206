// A sentence as the library raises it: a key of en.ts and its raw values (days as YYYY-MM-DD, counts and taka
// amounts as numbers), said in the reader's language only at the edge (docs/decisions/071). The type of each
// key's values is read from its English template: the names of its {arguments}.
import type { en, SentenceKey } from './en.ts';

export type { SentenceKey };
/**
 * A raw value: text as entered, a day as YYYY-MM-DD, a number, or a list (titles, or sentences said in the
 * reader's language), joined as the language joins a list ("A, B and C", "A, B এবং C").
 */
export type Value = string | number | readonly (string | Sentence)[];
export type Values = Record<string, Value>;

type Trim<S extends string> = S extends ` ${infer T}` ? Trim<T> : S extends `${infer T} ` ? Trim<T> : S;
/** An argument's name: the text before its first comma; a plural's `{# books}` or `{other books}` is none. */
type ArgName<Body extends string> = Body extends `${infer Name},${string}` ? Trim<Name> : Plain<Body>;
type Plain<Body extends string> = Body extends `${string}${' ' | '#'}${string}` | '' ? never : Body;
/** The {arguments} of an ICU template (the first name inside each outer brace; a plural's options skipped). */
type ArgNames<S extends string> = S extends `${string}{${infer Body}}${infer Rest}`
  ? ArgName<Body> | ArgNames<Rest>
  : never;

/** The names a key's sentence takes values for. */
export type ArgsOf<K extends SentenceKey> = ArgNames<(typeof en)[K]>;
/** A key's values, as the rest of a call: none for a sentence without arguments, else each one by name. */
export type ValuesArg<K extends SentenceKey> = [ArgsOf<K>] extends [never]
  ? [values?: Record<string, never>]
  : [values: { [N in ArgsOf<K>]: Value }];

/** A sentence to be said later, in whatever language its reader reads. */
export interface Sentence {
  key: SentenceKey;
  values: Values;
}

/** A sentence with its values checked against its key's template. */
export function sentence<K extends SentenceKey>(key: K, ...[values]: ValuesArg<K>): Sentence {
  return { key, values: values ?? {} };
}

/** A key whose sentence takes no values. */
export type NoArgKey = { [K in SentenceKey]: [ArgsOf<K>] extends [never] ? K : never }[SentenceKey];
