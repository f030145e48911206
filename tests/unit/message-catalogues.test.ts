// Every sentence exists in each language the library speaks: the SPA's catalogues (client/messages/*.json) and
// the gateway's (server/library/i18n) have the same keys in English and Bangla, each a valid ICU message with the
// same arguments, and the Bangla catalogue is Bangla (no English left behind in it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import IntlMessageFormat from 'intl-messageformat';
import { CATALOGUES } from '../../server/library/i18n/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const spa = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(ROOT, 'client', 'messages', `${locale}.json`), 'utf8')) as Record<string, string>;

/** The argument names a message uses, from its syntax tree (throws on a message that is not valid ICU). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if ('value' in element && element.type !== 0 && typeof element.value === 'string') names.add(element.value);
      if ('options' in element)
        for (const option of Object.values(element.options) as { value: typeof elements }[]) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en').getAst());
  return [...names].sort();
}

/** Keys only one side has, as "en only: key" / "bn only: key". */
function difference(en: Record<string, string>, bn: Record<string, string>): string[] {
  return [
    ...Object.keys(en)
      .filter((key) => !(key in bn))
      .map((key) => `bn is missing: ${key}`),
    ...Object.keys(bn)
      .filter((key) => !(key in en))
      .map((key) => `en is missing: ${key}`),
  ];
}

describe.each([
  ['the SPA', spa('en'), spa('bn')],
  ['the gateway', CATALOGUES.en as Record<string, string>, CATALOGUES.bn as Record<string, string>],
])('message catalogues of %s', (_name, en, bn) => {
  it('has every key in both languages', () => {
    expect(difference(en, bn)).toEqual([]);
  });

  it('says each Bangla message with arguments the English one has (a translation may word one part its own way)', () => {
    const mismatched = Object.keys(en).filter((key) => {
      if (bn[key] === undefined) return false;
      const english = argumentsOf(en[key] ?? '');
      return argumentsOf(bn[key] ?? '').some((name) => !english.includes(name));
    });
    expect(mismatched).toEqual([]);
  });

  it('writes Bangla in the Bangla catalogue wherever English has words to translate', () => {
    // Names that are the same in every language: the library's, the providers', and the example addresses.
    const same = Object.keys(en).filter(
      (key) =>
        /[a-z]{3}/i.test((en[key] ?? '').replace(/\{[^{}]*\}/g, '')) &&
        bn[key] === en[key] &&
        !/^(app\.name|auth\.(google|github|emailPlaceholder|photoPlaceholder))$/.test(key),
    );
    expect(same).toEqual([]);
  });
});

describe('the difference check itself', () => {
  it('names a key that exists in one language and not the other', () => {
    expect(difference({ a: 'A', b: 'B' }, { a: 'আ', c: 'গ' })).toEqual(['bn is missing: b', 'en is missing: c']);
  });
});
