// A genre as a reader sees it: its name in their language (client/messages: genre.<key>), the genre itself staying
// the key the API, REST and links use (shared/genres.ts, decision 077). A genre without words is shown as entered.
import type { IntlShape } from 'react-intl';
import { BUILT_IN_CATEGORIES, genreAboutId, genreNameId } from '../../shared/genres.ts';
import type { MessageId } from './i18n.ts';

function said(intl: IntlShape, id: string | null): string | null {
  return id && id in intl.messages ? intl.formatMessage({ id: id as MessageId }) : null;
}

/** "Biography" is "জীবনী" in Bangla; "DRAMA" is "Drama"; a genre the library has no words for stays as entered. */
export function genreName(intl: IntlShape, genre: string): string {
  return said(intl, genreNameId(genre)) ?? genre;
}

/**
 * A category's description: a built-in one's as seeded is said in the reader's language, a blank one is the
 * default sentence, any other is shown as the library wrote it.
 */
export function categoryDescription(intl: IntlShape, category: { name: string; description: string }): string {
  const text = category.description.trim();
  if (!text) return intl.formatMessage({ id: 'catalog.categoryDefaultDescription' });
  const seeded = Object.hasOwn(BUILT_IN_CATEGORIES, category.name)
    ? BUILT_IN_CATEGORIES[category.name as keyof typeof BUILT_IN_CATEGORIES]
    : null;
  return (text === seeded && said(intl, genreAboutId(category.name))) || text;
}
