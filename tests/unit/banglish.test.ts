// Banglish (server/library/rules/banglish.ts): the ways people type Bengali titles and names in Latin letters find
// the book's romanized key; the ones that are not its sounds (anglicized names) are the stated limits (docs/banglish.md).
import { describe, expect, it } from 'vitest';
import { banglishWords, loosen, romanKey, transliterate } from '../../server/library/rules/banglish.ts';
import { foldedKey, searchWords } from '../../server/store/search-words.ts';

/** Whether a Latin search finds a book by its romanized key: every loosened word inside it. */
function finds(search: string, title: string, author: string): boolean {
  const key = romanKey(foldedKey(title, author));
  const words = banglishWords(searchWords(search));
  return key !== null && words.length > 0 && words.every((word) => key.includes(word));
}

const BOOKS: [title: string, author: string, searches: string[]][] = [
  ['গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর', ['gitanjali', 'geetanjali', 'Gitanjoli', 'rabindranath', 'robindronath thakur']],
  ['শেষের কবিতা', 'রবীন্দ্রনাথ ঠাকুর', ['shesher kobita', 'sesher kabita', 'Rabindranath kobita']],
  ['চোখের বালি', 'রবীন্দ্রনাথ ঠাকুর', ['chokher bali', 'cokher bali', 'Chokher Baali']],
  ['অগ্নিবীণা', 'কাজী নজরুল ইসলাম', ['agnibina', 'ognibeena', 'kazi nazrul islam', 'kaji nojrul']],
  ['বিদ্রোহী', 'কাজী নজরুল ইসলাম', ['bidrohi', 'bidrohee', 'Biddrohi nazrul']],
  ['সঞ্চিতা', 'কাজী নজরুল ইসলাম', ['sanchita', 'sonchita']],
  [
    'রূপসী বাংলা',
    'জীবনানন্দ দাশ',
    ['rupashi bangla', 'ruposhi', 'roopshi bangla', 'jibanananda das', 'jibonanondo dash'],
  ],
  ['বনলতা সেন', 'জীবনানন্দ দাশ', ['banalata sen', 'bonolota shen', 'Jibanananda']],
  ['হিমু', 'হুমায়ূন আহমেদ', ['himu', 'humayun ahmed', 'humayoon ahmed', 'Humayun Ahmed']],
  ['আমি টপু', 'মুহম্মদ জাফর ইকবাল', ['ami topu', 'ami', 'muhammad zafar iqbal', 'muhammad jafor ikbal']],
  ['পথের পাঁচালী', 'বিভূতিভূষণ বন্দ্যোপাধ্যায়', ['pather panchali', 'pother panchali', 'bibhutibhushan', 'bandyopadhyay']],
  ['দেবদাস', 'শরৎচন্দ্র চট্টোপাধ্যায়', ['devdas', 'debdas', 'sarat chandra', 'sharatchandra chattopadhyay']],
  ['একাত্তরের দিনগুলি', 'জাহানারা ইমাম', ['ekattorer dinguli', 'ekattorer dingulee', 'jahanara imam']],
  ['লালসালু', 'সৈয়দ ওয়ালীউল্লাহ', ['lalsalu', 'lalshalu', 'waliullah']],
  ['পদ্মা নদীর মাঝি', 'মানিক বন্দ্যোপাধ্যায়', ['padma nadir majhi', 'podda', 'manik', 'nodir maajhi']],
];

describe('Banglish', () => {
  it.each(BOOKS)('finds %s (%s) by the ways it is typed in Latin letters', (title, author, searches) => {
    for (const search of searches) expect(finds(search, title, author), search).toBe(true);
  });

  it('does not find a book by the sounds of another', () => {
    expect(finds('bidrohi', 'গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর')).toBe(false);
    expect(finds('humayun', 'অগ্নিবীণা', 'কাজী নজরুল ইসলাম')).toBe(false);
    expect(finds('gitanjali nazrul', 'গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর')).toBe(false);
  });

  it('leaves out what is not the Bengali sounds (the limits docs/banglish.md states)', () => {
    // Anglicized names: Tagore for ঠাকুর, Banerjee for বন্দ্যোপাধ্যায়, Syed for সৈয়দ.
    expect(finds('tagore', 'গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর')).toBe(false);
    expect(finds('banerjee', 'পথের পাঁচালী', 'বিভূতিভূষণ বন্দ্যোপাধ্যায়')).toBe(false);
    expect(finds('syed', 'লালসালু', 'সৈয়দ ওয়ালীউল্লাহ')).toBe(false);
    // A vowel typed as another (e as a, u as o): আহমেদ is not "ahmad", একাত্তর not "ekattur".
    expect(finds('ahmad', 'হিমু', 'হুমায়ূন আহমেদ')).toBe(false);
    expect(finds('ekattur', 'একাত্তরের দিনগুলি', 'জাহানারা ইমাম')).toBe(false);
  });

  it('gives no romanized key to a book without Bengali, and no Banglish words to a search that is not Latin', () => {
    expect(romanKey(foldedKey('Gitanjali', 'Rabindranath Tagore'))).toBeNull();
    expect(banglishWords(searchWords('গীতাঞ্জলি'))).toEqual([]);
    expect(banglishWords(searchWords('gitanjali গীতা'))).toEqual([]);
    // Words of a and o only say nothing once loosened; a search of them alone is no Banglish search.
    expect(banglishWords(searchWords('o a'))).toEqual([]);
    expect(banglishWords(searchWords('Ami o Topu'))).toEqual(['mi', 'tpu']);
    // One or two letters are in nearly every romanized key: a search needs a word of three to be Banglish.
    expect(banglishWords(searchWords('a'))).toEqual([]);
    expect(banglishWords(searchWords('ta ka'))).toEqual([]);
    expect(banglishWords(searchWords('ami'))).toEqual(['mi']);
    // Digits stay, as folded from Bengali digits.
    expect(romanKey(foldedKey('একাত্তর ১৯৭১', 'জাহানারা ইমাম'))).toContain('1971');
    expect(banglishWords(searchWords('ekattor 1971'))).toEqual(['ektr', '1971']);
  });

  it('keeps title and author apart, and each spelling variant gives one key', () => {
    expect(romanKey(foldedKey('গীতাঞ্জলী', 'রবীন্দ্রনাথ'))).toBe(romanKey(foldedKey('গীতাঞ্জলি', 'রবিন্দ্রনাথ')));
    expect(romanKey(foldedKey('আমি', 'কেউ'))).toBe('mi\u001fkeu');
    expect(transliterate('সময়')).toBe('smy');
    expect(loosen('Rabindranath')).toBe(loosen('robindronath'));
  });
});
