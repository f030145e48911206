import { describe, expect, it } from 'vitest';
import { parseAddBook, parseUpdateBook, type BookFormValues } from './book-form.ts';
import { ADD_GENRES, UPDATE_GENRES, updateGenreOptions } from './genres.ts';

const filled: BookFormValues = {
  title: ' Dune ',
  author: 'Frank Herbert',
  genre: 'Sci-Fi',
  quantity: '3',
  rating: '4.7',
  image: 'https://covers.example/dune.jpg',
  description: 'Spice.',
};

describe('parseAddBook', () => {
  it('keeps decimal ratings and trims text', () => {
    expect(parseAddBook(filled)).toEqual({
      errors: {},
      input: { ...filled, title: 'Dune', rating: 4.7, quantity: 3 },
    });
  });

  it('requires every field, including the description', () => {
    const { input, errors } = parseAddBook({ ...filled, title: '  ', description: '' });
    expect(input).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual(['description', 'title']);
  });

  it('rejects quantities below 1 or fractional, ratings outside 1-5 and non-http images', () => {
    expect(parseAddBook({ ...filled, quantity: '0' }).errors.quantity).toBeDefined();
    expect(parseAddBook({ ...filled, quantity: '1.5' }).errors.quantity).toBeDefined();
    expect(parseAddBook({ ...filled, rating: '5.1' }).errors.rating).toBeDefined();
    expect(parseAddBook({ ...filled, rating: '0.9' }).errors.rating).toBeDefined();
    expect(parseAddBook({ ...filled, image: 'not a url' }).errors.image).toBeDefined();
    expect(parseAddBook({ ...filled, image: 'javascript:alert(1)' }).errors.image).toBeDefined();
  });
});

describe('parseUpdateBook', () => {
  it('keeps the rating to one decimal and truncates the quantity to a whole number', () => {
    expect(parseUpdateBook({ ...filled, rating: '4.6', quantity: '2.8' }).input).toMatchObject({
      rating: 4.6,
      quantity: 2,
    });
    expect(parseUpdateBook({ ...filled, rating: '4.66' }).input?.rating).toBe(4.7);
    expect(parseAddBook({ ...filled, rating: '3.25' }).input?.rating).toBe(3.3);
  });

  it('allows zero copies and an empty description', () => {
    const { input } = parseUpdateBook({ ...filled, quantity: '0', description: '' });
    expect(input).toMatchObject({ quantity: 0, description: '' });
  });

  it('rejects negative quantities and out-of-range ratings', () => {
    expect(parseUpdateBook({ ...filled, quantity: '-1' }).errors.quantity).toBeDefined();
    expect(parseUpdateBook({ ...filled, rating: '0.5' }).errors.rating).toBeDefined();
    expect(parseUpdateBook({ ...filled, rating: '6' }).errors.rating).toBeDefined();
  });
});

describe('genre lists', () => {
  it('has the nine add genres and fifteen update genres in the spec order', () => {
    expect(ADD_GENRES).toEqual([
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
    expect(UPDATE_GENRES).toHaveLength(15);
    expect(UPDATE_GENRES[0]).toBe('Fiction');
    expect(UPDATE_GENRES[14]).toBe('Other');
  });

  it('keeps an unlisted current genre as an extra update option', () => {
    expect(updateGenreOptions('Poetry')[0]).toBe('Poetry');
    expect(updateGenreOptions('Poetry')).toHaveLength(16);
    expect(updateGenreOptions('Fantasy')).toEqual([...UPDATE_GENRES]);
  });
});
