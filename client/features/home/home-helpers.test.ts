import { describe, expect, it } from 'vitest';
import { wrapIndex } from './carousel-index.ts';
import { categoriesToShow, categoryPath, FALLBACK_CATEGORIES } from './fallback-categories.ts';
import { isValidNewsletterEmail, saveSubscription, SUBSCRIPTIONS_KEY } from './newsletter-email.ts';
import { featuredToShow, SAMPLE_BOOKS } from './sample-books.ts';

describe('wrapIndex', () => {
  it('cycles 0..2 in both directions', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -1, 3)).toBe(0);
    expect(wrapIndex(0, 7, 3)).toBe(1);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe('categories', () => {
  it('falls back to the nine built-in categories in spec order', () => {
    const shown = categoriesToShow([]);
    expect(shown.map((c) => c.name)).toEqual([
      'Thriller',
      'Sci-Fi',
      'Poetry',
      'Drama',
      'Children',
      'Self-Help',
      'Biography',
      'Fantasy',
      'Romance',
    ]);
    expect(shown).toBe(FALLBACK_CATEGORIES);
    for (const category of shown) {
      expect(category.description.length).toBeGreaterThan(10);
      expect(category.image).toMatch(/^\/images\/categories\/.+\.svg$/);
    }
  });
  it('keeps server categories, a blank description left empty for the page to fill', () => {
    const shown = categoriesToShow([{ id: '1', name: 'Poetry', image: '/x.jpg', description: ' ' }]);
    expect(shown).toEqual([{ id: '1', name: 'Poetry', image: '/x.jpg', description: '' }]);
  });
  it('encodes names in category paths', () => {
    expect(categoryPath('Sci-Fi')).toBe('/category/Sci-Fi');
    expect(categoryPath('Young Adult')).toBe('/category/Young%20Adult');
  });
});

describe('featured books', () => {
  it('shows the three samples for an empty list and at most three otherwise', () => {
    expect(featuredToShow([])).toEqual(SAMPLE_BOOKS);
    expect(SAMPLE_BOOKS).toHaveLength(3);
    const many = [1, 2, 3, 4].map((n) => ({ ...SAMPLE_BOOKS[0]!, id: String(n) }));
    expect(featuredToShow(many).map((b) => b.id)).toEqual(['1', '2', '3']);
  });
});

describe('newsletter e-mail', () => {
  it('needs text, an at sign, text, a dot and text without spaces', () => {
    expect(isValidNewsletterEmail('reader@bookhaven.com')).toBe(true);
    expect(isValidNewsletterEmail('a@b.c')).toBe(true);
    expect(isValidNewsletterEmail('reader@bookhaven')).toBe(false);
    expect(isValidNewsletterEmail('read er@bookhaven.com')).toBe(false);
    expect(isValidNewsletterEmail('@bookhaven.com')).toBe(false);
    expect(isValidNewsletterEmail('reader@.com')).toBe(false);
  });
  it('stores each subscription once, locally', () => {
    saveSubscription('Reader@Example.com');
    saveSubscription('reader@example.com ');
    expect(JSON.parse(localStorage.getItem(SUBSCRIPTIONS_KEY) ?? '')).toEqual(['reader@example.com']);
  });
});
