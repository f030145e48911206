// Banglish: Bengali typed in Latin letters ("gitanjali", "rabindranath", "ami"). A book with Bengali in its title or
// author keeps a romanized key beside its folded one: the Bengali letters written in Latin (BENGALI_LATIN), then
// loosened (loosen) the way a Latin search is, so the spellings people use meet in one text (docs/banglish.md).
import { foldText } from './search-fold.ts';

/** The Latin letters of each Bengali letter, as people write them; vowel signs as their vowels, marks as nothing. */
const BENGALI_LATIN: Readonly<Record<string, string>> = {
  // Independent vowels (after foldText: ঈ is ই, ঊ is উ).
  অ: 'o',
  আ: 'a',
  ই: 'i',
  উ: 'u',
  ঋ: 'ri',
  এ: 'e',
  ঐ: 'oi',
  ও: 'o',
  ঔ: 'ou',
  // Vowel signs (ী is ি, ূ is ু).
  '\u09BE': 'a',
  '\u09BF': 'i',
  '\u09C1': 'u',
  '\u09C3': 'ri',
  '\u09C7': 'e',
  '\u09C8': 'oi',
  '\u09CB': 'o',
  '\u09CC': 'ou',
  // Consonants, without their inherent vowel (loosen drops a and o, which is how it is written, if at all).
  ক: 'k',
  খ: 'kh',
  গ: 'g',
  ঘ: 'gh',
  ঙ: 'ng',
  চ: 'ch',
  ছ: 'chh',
  জ: 'j',
  ঝ: 'jh',
  ঞ: 'n',
  ট: 't',
  ঠ: 'th',
  ড: 'd',
  ঢ: 'dh',
  ণ: 'n',
  ত: 't',
  থ: 'th',
  দ: 'd',
  ধ: 'dh',
  ন: 'n',
  প: 'p',
  ফ: 'ph',
  ব: 'b',
  ভ: 'bh',
  ম: 'm',
  য: 'j',
  র: 'r',
  ল: 'l',
  শ: 'sh',
  ষ: 'sh',
  স: 's',
  হ: 'h',
  ৎ: 't',
  ৰ: 'r',
  ৱ: 'b',
  // Signs: anusvara as ng, candrabindu as n ("panchali"), visarga silent.
  '\u0982': 'ng',
  '\u0981': 'n',
  '\u0983': '',
};
/** After foldText, য় ড় ঢ় are the letter and the nukta: each pair is its own sound. */
const NUKTA_PAIRS: Readonly<Record<string, string>> = { য: 'y', ড: 'r', ঢ: 'r' };
const NUKTA = '\u09BC';
const VIRAMA = '\u09CD';

/** Text holding a Bengali letter (the Bengali block), which is what gets a romanized key. */
export const hasBengali = (text: string): boolean => /[\u0980-\u09ff]/u.test(text);

/** Folded text with its Bengali letters in Latin letters (the rest as it was), before loosening. */
export function transliterate(folded: string): string {
  const points = [...folded];
  let out = '';
  for (let i = 0; i < points.length; i++) {
    const point = points[i] ?? '';
    if (points[i + 1] === NUKTA && NUKTA_PAIRS[point] !== undefined) {
      out += NUKTA_PAIRS[point];
      i += 1;
    } else if (point === 'ও' && points[i + 1] === 'য' && points[i + 2] === NUKTA) {
      // ওয় is written w: ওয়ালীউল্লাহ is waliullah.
      out += 'w';
      i += 2;
    } else if (point === VIRAMA && points[i + 1] === 'য') {
      // য-fola (্য) is written y: বিদ্যা is bidya.
      out += 'y';
      i += 1;
    } else if (point === VIRAMA || point === NUKTA) {
      continue;
    } else out += BENGALI_LATIN[point] ?? point;
  }
  return out;
}

/** Spellings of one sound, folded to one: long vowels, f and ph, v and w as b, z as j, q as k, sh as s, ch as c. */
const SPELLINGS: [RegExp, string][] = [
  [/ee|ii/g, 'i'],
  [/oo|uu/g, 'u'],
  [/[ao]/g, ''],
  [/ph/g, 'f'],
  [/[vw]/g, 'b'],
  [/z/g, 'j'],
  [/q/g, 'k'],
  [/x/g, 'ks'],
  [/sh/g, 's'],
  [/ch/g, 'c'],
  // An aspirate's h (kh, gh, th, dh, bh, jh, and after the others too): often left out when typed.
  [/([b-df-hj-np-tv-z])h/g, '$1'],
  // Letters doubled, or met again once the letters between them went: one.
  [/([a-z])\1+/g, '$1'],
];

/**
 * A word of Latin letters loosened so the ways Bengali is typed in them meet: the vowels a and o go (the inherent
 * vowel is written a, o or not at all: "rabindranath", "robindronath"), then SPELLINGS. Digits stay.
 */
export function loosen(word: string): string {
  let out = word.toLowerCase();
  for (const [pattern, to] of SPELLINGS) out = out.replace(pattern, to);
  return out;
}

/** The shortest word that makes a Latin search a Banglish one too ("ami" finds আমি; "am" is only typed). */
const MIN_BANGLISH_WORD = 3;

/**
 * A Banglish search's words, loosened: none unless every word is Latin letters and digits (then some may drop),
 * and none for a search without a word of three letters: one or two letters found in nearly every romanized key
 * would read every Bengali book to say nothing (the SPA's short search stays as cheap as before).
 */
export function banglishWords(words: readonly string[]): string[] {
  if (words.length === 0 || !words.every((word) => /^[a-z0-9]+$/.test(word))) return [];
  if (!words.some((word) => word.length >= MIN_BANGLISH_WORD)) return [];
  // A word of only a and o ("o", "a") says nothing loosened; the others must still all match, one letter at least.
  const loose = [...new Set(words.map(loosen).filter((word) => word !== ''))];
  return loose.some((word) => /[a-z]/.test(word)) ? loose : [];
}

/**
 * The romanized key of a book's folded key (title and author, kept apart by its separator): each field in Latin
 * letters, each word loosened. Null for a key without Bengali: a Latin search finds those books as they are.
 */
export function romanKey(folded: string): string | null {
  if (!hasBengali(folded)) return null;
  return folded
    .split('\u001f')
    .map((field) =>
      foldText(transliterate(field))
        .split(' ')
        .map((word) => loosen(word.replace(/[^a-z0-9]/g, '')))
        .filter((word) => word !== '')
        .join(' '),
    )
    .join('\u001f');
}
