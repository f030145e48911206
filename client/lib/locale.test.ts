import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';
import { initialLocale, LOCALE_KEY, localeFromLanguages, saveLocale } from './locale.ts';

describe('the language to start in', () => {
  it('takes Bangla from a browser whose first language is Bangla (bn, bn-BD), else English', () => {
    expect(localeFromLanguages(['bn'])).toBe('bn');
    expect(localeFromLanguages(['bn-BD', 'en-US'])).toBe('bn');
    expect(localeFromLanguages(['en-US', 'bn'])).toBe('en');
    expect(localeFromLanguages(['fr-FR'])).toBe('en');
    expect(localeFromLanguages([])).toBe('en');
  });

  it('prefers the choice made in this browser, and ignores a value it does not know', () => {
    saveLocale('bn');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('bn');
    expect(initialLocale()).toBe('bn');
    localStorage.setItem(LOCALE_KEY, 'fr');
    expect(['en', 'bn']).toContain(initialLocale());
  });

  it('writes counts in the language: 50,000 or ৫০,০০০', () => {
    expect(formatCount(50000, 'en')).toBe('50,000');
    expect(formatCount(50000, 'bn')).toBe('৫০,০০০');
  });
});
