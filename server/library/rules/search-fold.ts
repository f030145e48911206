// How search text is folded, the same for what a store keeps and what a member types (docs/search.md): case, Latin
// accents and the common spelling variants of Bengali, so each variant finds the same books, ranked the same.

/**
 * Bengali letters written two ways, each to the one a search compares: the long vowels to the short ones (ী to ি,
 * ূ to ু, and the independent ঈ to ই, ঊ to উ), and Bengali digits to Latin digits. য়, ড় and ঢ় need no entry:
 * NFC writes their precomposed forms (U+09DF, U+09DC, U+09DD) as the letter and its nukta, as they are typed.
 */
const BENGALI_VARIANTS: Readonly<Record<string, string>> = {
  '\u09C0': '\u09BF',
  '\u09C2': '\u09C1',
  '\u0988': '\u0987',
  '\u098A': '\u0989',
  '০': '0',
  '১': '1',
  '২': '2',
  '৩': '3',
  '৪': '4',
  '৫': '5',
  '৬': '6',
  '৭': '7',
  '৮': '8',
  '৯': '9',
};
const VARIANT = new RegExp(`[${Object.keys(BENGALI_VARIANTS).join('')}]`, 'gu');

/**
 * Text as a search compares it: lowercased, Latin letters without their accents ("Brontë" is "bronte": NFD, then
 * the combining marks after a Latin letter go), zero-width joiners and non-joiners removed, Bengali's spelling
 * variants folded (BENGALI_VARIANTS), everything else as typed, in NFC so the same text typed two ways is one
 * text. Runs of white space become one space, so a word starts after exactly one.
 */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[\u200c\u200d]/gu, '')
    .replace(VARIANT, (letter) => BENGALI_VARIANTS[letter] ?? letter)
    .replace(/\s+/gu, ' ')
    .trim();
}
