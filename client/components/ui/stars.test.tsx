import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookImage } from './book-image.tsx';
import { Stars } from './stars.tsx';
import { fireEvent } from '@testing-library/react';

describe('Stars', () => {
  it.each([
    [4.6, 'Rated 4.6 out of 5', ['100%', '100%', '100%', '100%', '60%']],
    [3.6, 'Rated 3.6 out of 5', ['100%', '100%', '100%', '60%', '0%']],
    [5, 'Rated 5 out of 5', ['100%', '100%', '100%', '100%', '100%']],
    [1, 'Rated 1 out of 5', ['100%', '0%', '0%', '0%', '0%']],
  ])('labels %s and fills the stars up to it, a part of a star for the fraction', (rating, name, widths) => {
    const { container } = render(<Stars rating={rating} />);
    const stars = screen.getByRole('img', { name });
    expect(stars).toBeInTheDocument();
    const fills = [...container.querySelectorAll<HTMLElement>('span.overflow-hidden')].map((fill) => fill.style.width);
    expect(fills).toEqual(widths);
  });
});

describe('BookImage', () => {
  it('falls back once to the placeholder cover', () => {
    render(<BookImage src="/broken.jpg" alt="Cover of Dune" />);
    const img = screen.getByRole('img', { name: 'Cover of Dune' });
    expect(img.getAttribute('src')).toBe('/broken.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/placeholder-book.jpg');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/placeholder-book.jpg');
  });
});
