import { useId } from 'react';
import type { BookFormValues, FieldErrors } from './book-form.ts';
import { genreName } from '../../lib/genre-names.ts';
import { useI18n } from '../../lib/i18n.ts';

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

/** An example of the form a cover address takes: not words, so the same in every language. */
const URL_EXAMPLE = 'https://...';

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
  const intl = useI18n();
  const t = intl.formatMessage;
  // The gateway's reasons for refusing a member's change of either field, shown beside the read-only fields.
  const reasons = {
    copies: t({ id: 'book.reason.copies' }),
    replacementCost: t({ id: 'book.reason.replacementCost' }),
  };
  const lockedHints = {
    copies: mode === 'add' ? t({ id: 'book.hint.newBookCopy' }, { reason: reasons.copies }) : reasons.copies,
    replacementCost:
      mode === 'add'
        ? t({ id: 'book.hint.defaultCost' }, { reason: reasons.replacementCost })
        : reasons.replacementCost,
  };
  const hints: Partial<Record<keyof BookFormValues, string>> = inventoryLocked
    ? lockedHints
    : {
        copies: mode === 'update' ? t({ id: 'book.hint.onLoan' }, { count: onLoan }) : '',
        replacementCost: mode === 'add' ? t({ id: 'book.hint.replacementCost' }) : '',
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
      {field('title', t({ id: 'book.field.title' }), <input {...bind('title')} required className={input} />)}
      {field('author', t({ id: 'book.field.author' }), <input {...bind('author')} required className={input} />)}
      {field(
        'genre',
        t({ id: 'book.field.genre' }),
        <select {...bind('genre')} required className={input}>
          <option value="">{t({ id: 'book.selectGenre' })}</option>
          {genres.map((genre) => (
            <option key={genre} value={genre}>
              {genreName(intl, genre)}
            </option>
          ))}
        </select>,
      )}
      {field(
        'copies',
        t({ id: mode === 'add' ? 'book.field.quantity' : 'book.field.copiesOwned' }),
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
        t({ id: 'book.field.rating' }),
        <input {...bind('rating')} type="number" required min={1} max={5} step={0.1} className={input} />,
      )}
      {field(
        'image',
        t({ id: 'book.field.image' }),
        // Update keeps books' existing covers, which may be paths on this site (/assets/library/...) that a
        // type="url" input would refuse; Add asks for a full URL as the product specifies.
        <input
          {...bind('image')}
          type={mode === 'add' ? 'url' : 'text'}
          inputMode="url"
          required
          placeholder={URL_EXAMPLE}
          className={input}
        />,
      )}
      {field(
        'replacementCost',
        t({ id: 'book.field.replacementCost' }),
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
          t({ id: 'book.field.description' }),
          <textarea {...bind('description')} required={mode === 'add'} rows={4} className={input} />,
        )}
      </div>
    </div>
  );
}
