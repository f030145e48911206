import { describe, expect, it } from 'vitest';
import { onLoanMessage, parseAddBook, parseUpdateBook, type BookFormValues } from './book-form.ts';
import { ADD_GENRES, UPDATE_GENRES, updateGenreOptions } from './genres.ts';
import { applyCatalogue } from '../../lib/i18n.ts';
import bangla from '../../messages/bn.json' with { type: 'json' };

const filled: BookFormValues = {
  title: ' Dune ',
  author: 'Frank Herbert',
  genre: 'Sci-Fi',
  copies: '3',
  rating: '4.7',
  image: 'https://covers.example/dune.jpg',
  description: 'Spice.',
  replacementCost: '',
};
const { copies: _copies, replacementCost: _cost, ...text } = filled;

describe('parseAddBook', () => {
  it('keeps decimal ratings and trims text', () => {
    expect(parseAddBook(filled)).toEqual({
      errors: {},
      input: { ...text, title: 'Dune', rating: 4.7, quantity: 3 },
    });
  });

  it('sends a replacement cost only when one is given, as whole taka', () => {
    expect(parseAddBook({ ...filled, replacementCost: '650' }).input?.replacementCost).toBe(650);
    expect(parseAddBook({ ...filled, replacementCost: '12.5' }).errors.replacementCost).toBeDefined();
    expect(parseAddBook({ ...filled, replacementCost: '-1' }).errors.replacementCost).toBeDefined();
  });

  it('requires every field, including the description', () => {
    const { input, errors } = parseAddBook({ ...filled, title: '  ', description: '' });
    expect(input).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual(['description', 'title']);
  });

  it('rejects quantities below 1 or fractional, ratings outside 1-5 and non-http images', () => {
    expect(parseAddBook({ ...filled, copies: '0' }).errors.copies).toBeDefined();
    expect(parseAddBook({ ...filled, copies: '1.5' }).errors.copies).toBeDefined();
    expect(parseAddBook({ ...filled, rating: '5.1' }).errors.rating).toBeDefined();
    expect(parseAddBook({ ...filled, rating: '0.9' }).errors.rating).toBeDefined();
    expect(parseAddBook({ ...filled, image: 'not a url' }).errors.image).toBeDefined();
    expect(parseAddBook({ ...filled, image: 'javascript:alert(1)' }).errors.image).toBeDefined();
  });
});

describe('parseUpdateBook', () => {
  it('keeps the rating to one decimal and truncates the copies owned to a whole number', () => {
    expect(parseUpdateBook({ ...filled, rating: '4.6', copies: '2.8' }).input).toMatchObject({
      rating: 4.6,
      copies: 2,
    });
    expect(parseUpdateBook({ ...filled, rating: '4.66' }).input?.rating).toBe(4.7);
    expect(parseAddBook({ ...filled, rating: '3.25' }).input?.rating).toBe(3.3);
  });

  it('allows zero copies and an empty description', () => {
    const { input } = parseUpdateBook({ ...filled, copies: '0', description: '' });
    expect(input).toMatchObject({ copies: 0, description: '' });
    expect(input).not.toHaveProperty('quantity');
  });

  it('refuses fewer copies owned than are on loan, saying how many are out', () => {
    expect(parseUpdateBook({ ...filled, copies: '1' }, 2)).toEqual({ errors: { copies: onLoanMessage(2) } });
    expect(onLoanMessage(2)).toBe('2 copies are on loan, so copies owned cannot be fewer than 2');
    expect(onLoanMessage(1)).toBe('1 copy is on loan, so copies owned cannot be fewer than 1');
    expect(parseUpdateBook({ ...filled, copies: '2' }, 2).input).toMatchObject({ copies: 2 });
  });

  it('rejects negative quantities and out-of-range ratings', () => {
    expect(parseUpdateBook({ ...filled, copies: '-1' }).errors.copies).toBeDefined();
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

describe('the form checks in Bangla', () => {
  it('says what is wrong in Bangla, with Bengali digits', () => {
    applyCatalogue('bn', bangla);
    expect(parseAddBook({ ...filled, title: ' ', rating: '9', image: 'dune.jpg' }).errors).toEqual({
      title: 'এই ঘরটি পূরণ করা আবশ্যক',
      rating: 'রেটিং ১ থেকে ৫-এর মধ্যে হতে হবে',
      image: 'একটি সঠিক URL লিখুন',
    });
    expect(onLoanMessage(2)).toBe('২টি কপি ধারে আছে, তাই মালিকানাধীন কপি ২টির কম হতে পারে না');
  });
});
