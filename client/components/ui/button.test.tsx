import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it('does not submit the form it sits in unless asked to', () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <Button variant="quiet">Show Available Books</Button>
        <Button type="submit">Add Book</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show Available Books' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('draws each variant with the palette classes of styles.css, small for rows and cards', () => {
    render(
      <Button variant="danger" small className="w-full" aria-pressed={false}>
        Cancel Hold
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Cancel Hold' });
    expect(button.className).toBe('btn-danger btn-sm w-full');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    render(<Button>Add Book</Button>);
    expect(screen.getByRole('button', { name: 'Add Book' }).className).toBe('btn-primary');
  });
});
