// Search folding (server/library/rules/search-fold.ts): each common spelling of a Bengali word folds to one text,
// which both stores keep and compare, so every variant finds the same books.
import { describe, expect, it } from 'vitest';
import { foldText } from '../../server/library/rules/search-fold.ts';
import { searchWords } from '../../server/store/search-words.ts';

describe('foldText', () => {
  it('folds the long vowel signs to the short ones', () => {
    expect(foldText('গীতাঞ্জলী')).toBe(foldText('গীতাঞ্জলি'));
    expect(foldText('গীতাঞ্জলি')).toBe('গিতাঞ্জলি');
    expect(foldText('রূপকথা')).toBe(foldText('রুপকথা'));
  });

  it('folds the independent long vowels to the short ones', () => {
    expect(foldText('ঈশ্বর')).toBe(foldText('ইশ্বর'));
    expect(foldText('ঊষা')).toBe(foldText('উষা'));
  });

  it('folds য়, ড় and ঢ় typed precomposed or with the nukta to one text', () => {
    expect(foldText('\u09DF')).toBe(foldText('\u09AF\u09BC'));
    expect(foldText('সময়')).toBe(foldText('সময\u09BC'));
    expect(foldText('\u09DC')).toBe(foldText('\u09A1\u09BC'));
    expect(foldText('পড়া')).toBe(foldText('পড\u09BCা'));
    expect(foldText('\u09DD')).toBe(foldText('\u09A2\u09BC'));
    expect(foldText('আষা\u09DD')).toBe(foldText('আষা\u09A2\u09BC'));
  });

  it('removes zero-width joiners and non-joiners', () => {
    expect(foldText('র\u200D্যাব')).toBe(foldText('র্যাব'));
    expect(foldText('কি\u200Cছু')).toBe('কিছু');
  });

  it('writes Bengali digits as Latin digits', () => {
    expect(foldText('১৯৭১')).toBe('1971');
    expect(foldText('Class ৫')).toBe('class 5');
  });

  it('still lowercases, drops Latin accents and keeps other vowel signs as typed', () => {
    expect(foldText('  Brontë   Sisters ')).toBe('bronte sisters');
    expect(foldText('গত')).not.toBe(foldText('গীতা'));
    expect(foldText('আমি')).toBe('আমি');
  });

  it('is what a search compares: each variant gives the same words', () => {
    expect(searchWords('গীতাঞ্জলী  রবীন্দ্রনাথ')).toEqual(searchWords('গিতাঞ্জলি রবিন্দ্রনাথ'));
    expect(searchWords('ক\u200Dরে ১২')).toEqual(['করে', '12']);
  });
});
