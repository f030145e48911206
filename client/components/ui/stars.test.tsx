import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookImage } from './book-image.tsx';
import { Stars } from './stars.tsx';
import { fireEvent } from '@testing-library/react';

describe('Stars', () => {
  it('labels the rating and fills stars up to it', () => {
    const { container } = render(<Stars rating={3.6} />);
    expect(screen.getByRole('img', { name: 'Rated 3.6 out of 5' })).toBeTruthy();
    expect(container.querySelectorAll('svg.fill-amber-400')).toHaveLength(4);
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
