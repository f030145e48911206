import { useId } from 'react';
import type { BookFormValues, FieldErrors } from './book-form.ts';
import { INVENTORY_REASONS } from '../../lib/use-inventory-access.ts';

interface BookFormFieldsProps {
  values: BookFormValues;
  errors: FieldErrors;
  genres: readonly string[];
  onChange: (patch: Partial<BookFormValues>) => void;
  /** Add requires at least one copy and a description and allows decimal ratings; Update does not. */
  mode: 'add' | 'update';
  /** Update: the copies on loan now, the fewest the library may own. */
  onLoan?: number;
  /** Copies owned and replacement cost are staff fields for this viewer: shown read-only, with the reason. */
  inventoryLocked?: boolean;
}

const input = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:outline-2 focus:outline-indigo-500';

export function BookFormFields({
  values,
  errors,
  genres,
  onChange,
  mode,
  onLoan = 0,
  inventoryLocked = false,
}: BookFormFieldsProps) {
  const id = useId();
  const lockedHints = {
    copies: mode === 'add' ? `A new book starts with 1 copy. ${INVENTORY_REASONS.copies}` : INVENTORY_REASONS.copies,
    replacementCost:
      mode === 'add'
        ? `The library's default applies. ${INVENTORY_REASONS.replacementCost}`
        : INVENTORY_REASONS.replacementCost,
  };
  const hints: Partial<Record<keyof BookFormValues, string>> = inventoryLocked
    ? lockedHints
    : {
        copies:
          mode === 'update'
            ? `${onLoan} on loan now, so at least ${onLoan}. Available: copies owned minus on loan.`
            : '',
        replacementCost:
          mode === 'add' ? "What a lost or damaged copy costs. Leave empty for the library's default." : '',
      };
  const describedBy = (name: keyof BookFormValues) =>
    [hints[name] ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const bind = (name: keyof BookFormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange({ [name]: event.target.value }),
  });
  const field = (name: keyof BookFormValues, label: string, control: React.ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      {control}
      {hints[name] && (
        <p id={`${id}-${name}-hint`} className="text-xs text-gray-600">
          {hints[name]}
        </p>
      )}
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
        'copies',
        mode === 'add' ? 'Quantity' : 'Copies owned',
        <input
          {...bind('copies')}
          type="number"
          required
          readOnly={inventoryLocked}
          // Update checks the copies on loan itself, to say why fewer cannot be owned (a bubble would not).
          min={mode === 'add' ? 1 : 0}
          step={1}
          className={`${input} ${inventoryLocked ? 'bg-gray-100' : ''}`}
        />,
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
      {field(
        'replacementCost',
        'Replacement cost (৳)',
        <input
          {...bind('replacementCost')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          readOnly={inventoryLocked}
          className={`${input} ${inventoryLocked ? 'bg-gray-100' : ''}`}
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
