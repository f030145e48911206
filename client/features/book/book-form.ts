import { intl } from '../../lib/i18n.ts';

// Field values of the add and update forms and how each form turns them into the mutation input. Both keep a
// rating's first decimal (the field steps by 0.1; the original Update form truncated 4.6 to 4, which we do not
// copy). Both edit the copies the library owns: Add calls it Quantity (all on the shelf) and sends it as
// `quantity`; Update calls it Copies owned, sends it as `copies`, and cannot go below the copies on loan.
export interface BookFormValues {
  title: string;
  author: string;
  genre: string;
  copies: string;
  rating: string;
  image: string;
  description: string;
  /** Whole taka; empty on Add means the library's default. */
  replacementCost: string;
}

export type FieldErrors = Partial<Record<keyof BookFormValues, string>>;

export const EMPTY_BOOK_FORM: BookFormValues = {
  title: '',
  author: '',
  genre: '',
  copies: '',
  rating: '',
  image: '',
  description: '',
  replacementCost: '',
};

interface BookTextValues {
  title: string;
  author: string;
  genre: string;
  description: string;
  image: string;
  rating: number;
  replacementCost?: number;
}

export interface AddBookValues extends BookTextValues {
  quantity: number;
}

export interface UpdateBookValues extends BookTextValues {
  copies: number;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A rating as entered, to one decimal: "4.66" is 4.7. NaN when it is not a number. */
function ratingOf(value: string): number {
  return Math.round(Number.parseFloat(value) * 10) / 10;
}

function requireText(values: BookFormValues, fields: (keyof BookFormValues)[], errors: FieldErrors): void {
  for (const field of fields) {
    if (values[field].trim() === '') errors[field] = intl().formatMessage({ id: 'book.error.required' });
  }
}

function checkRating(values: BookFormValues, errors: FieldErrors): number {
  const rating = ratingOf(values.rating);
  if (!errors.rating && (Number.isNaN(rating) || rating < 1 || rating > 5)) {
    errors.rating = intl().formatMessage({ id: 'book.error.ratingRange' });
  }
  return rating;
}

/** The replacement cost, or undefined when left empty. */
function checkReplacementCost(values: BookFormValues, errors: FieldErrors): number | undefined {
  const text = values.replacementCost.trim();
  if (text === '') return undefined;
  const cost = Number(text);
  if (!Number.isInteger(cost) || cost < 0) {
    errors.replacementCost = intl().formatMessage({ id: 'book.error.replacementCost' });
  }
  return cost;
}

export function parseAddBook(values: BookFormValues): { input?: AddBookValues; errors: FieldErrors } {
  const errors: FieldErrors = {};
  requireText(values, ['title', 'author', 'genre', 'copies', 'rating', 'image', 'description'], errors);
  const quantity = Number(values.copies);
  if (!errors.copies && (!Number.isInteger(quantity) || quantity < 1)) {
    errors.copies = intl().formatMessage({ id: 'book.error.quantity' });
  }
  const rating = checkRating(values, errors);
  if (!errors.image && !isHttpUrl(values.image.trim())) {
    errors.image = intl().formatMessage({ id: 'book.error.url' });
  }
  const replacementCost = checkReplacementCost(values, errors);
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, input: { ...trimmed(values), rating, quantity, ...optional(replacementCost) } };
}

/** How many copies are out, and so the fewest the library can say it owns. */
export function onLoanMessage(onLoan: number): string {
  return intl().formatMessage({ id: 'book.error.onLoan' }, { count: onLoan });
}

/** `onLoan`: the copies out now; the library cannot own fewer than that. */
export function parseUpdateBook(values: BookFormValues, onLoan = 0): { input?: UpdateBookValues; errors: FieldErrors } {
  const errors: FieldErrors = {};
  requireText(values, ['title', 'author', 'genre', 'copies', 'rating', 'image'], errors);
  const copies = Number.parseInt(values.copies, 10);
  if (!errors.copies && (Number.isNaN(copies) || copies < 0)) {
    errors.copies = intl().formatMessage({ id: 'book.error.copiesOwned' });
  } else if (!errors.copies && copies < onLoan) {
    errors.copies = onLoanMessage(onLoan);
  }
  const rating = checkRating(values, errors);
  const replacementCost = checkReplacementCost(values, errors);
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, input: { ...trimmed(values), rating, copies, ...optional(replacementCost) } };
}

const optional = (replacementCost: number | undefined) => (replacementCost === undefined ? {} : { replacementCost });

function trimmed(values: BookFormValues): Omit<BookTextValues, 'rating'> {
  return {
    title: values.title.trim(),
    author: values.author.trim(),
    genre: values.genre,
    description: values.description.trim(),
    image: values.image.trim(),
  };
}
