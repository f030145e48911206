import { useId } from 'react';
import type { BookFormValues, FieldErrors } from './book-form.ts';

interface BookFormFieldsProps {
  values: BookFormValues;
  errors: FieldErrors;
  genres: readonly string[];
  onChange: (patch: Partial<BookFormValues>) => void;
  /** Add requires at least one copy and a description and allows decimal ratings; Update does not. */
  mode: 'add' | 'update';
}

const input = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-500';

export function BookFormFields({ values, errors, genres, onChange, mode }: BookFormFieldsProps) {
  const id = useId();
  const bind = (name: keyof BookFormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange({ [name]: event.target.value }),
  });
  const field = (name: keyof BookFormValues, label: string, control: React.ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      {control}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-sm text-red-600">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="grid gap-4 md:grid-cols-2">
      {field('title', 'Title', <input {...bind('title')} required className={input} />)}
      {field('author', 'Author', <input {...bind('author')} required className={input} />)}
      {field(
        'genre',
        'Genre',
        <select {...bind('genre')} required className={input}>
          <option value="">Select a genre</option>
          {genres.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>,
      )}
      {field(
        'quantity',
        'Quantity',
        <input {...bind('quantity')} type="number" required min={mode === 'add' ? 1 : 0} step={1} className={input} />,
      )}
      {field(
        'rating',
        'Rating',
        <input {...bind('rating')} type="number" required min={1} max={5} step={0.1} className={input} />,
      )}
      {field(
        'image',
        'Image URL',
        // Update keeps books' existing covers, which may be paths on this site (/assets/library/...) that a
        // type="url" input would refuse; Add asks for a full URL as the product specifies.
        <input
          {...bind('image')}
          type={mode === 'add' ? 'url' : 'text'}
          inputMode="url"
          required
          placeholder="https://..."
          className={input}
        />,
      )}
      <div className="md:col-span-2">
        {field(
          'description',
          'Description',
          <textarea {...bind('description')} required={mode === 'add'} rows={4} className={input} />,
        )}
      </div>
    </div>
  );
}
