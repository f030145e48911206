import { afterAll, describe, expect, it } from 'vitest';
import { intl, language, loadCatalogue, loadCataloguePart } from './i18n.ts';

// The router loads a page's words as it starts, which may be before the app's first language has loaded (a
// librarian in Bangla opening /desk directly): the desk's words come in the language the app starts in.
describe('catalogue parts', () => {
  afterAll(() => loadCatalogue('en'));

  it('loads a part in the language being loaded, and that language keeps the part', async () => {
    await loadCatalogue('en');
    const first = loadCatalogue('bn');
    const desk = loadCataloguePart('desk');
    expect((await desk).locale).toBe('bn-BD');
    expect((await first).locale).toBe('bn-BD');
    expect(language()).toBe('bn');
    expect(intl().locale).toBe('bn-BD');
    expect(intl().messages['desk.title']).toBeDefined();
    expect(intl().messages['desk.title']).not.toEqual((await import('../messages/en.json')).default['desk.title']);
  });
});
