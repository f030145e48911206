// Field values of the add and update forms and how each form turns them into the mutation input. Both keep a
// rating's first decimal (the field steps by 0.1; the original Update form truncated 4.6 to 4, which we do not
// copy); Update parses quantity as a whole number, as the original did.
export interface BookFormValues {
  title: string;
  author: string;
  genre: string;
  quantity: string;
  rating: string;
  image: string;
  description: string;
}

export type FieldErrors = Partial<Record<keyof BookFormValues, string>>;

export const EMPTY_BOOK_FORM: BookFormValues = {
  title: '',
  author: '',
  genre: '',
  quantity: '',
  rating: '',
  image: '',
  description: '',
};

export interface BookInputValues {
  title: string;
  author: string;
  genre: string;
  description: string;
  image: string;
  rating: number;
  quantity: number;
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
    if (values[field].trim() === '') errors[field] = 'This field is required';
  }
}

export function parseAddBook(values: BookFormValues): { input?: BookInputValues; errors: FieldErrors } {
  const errors: FieldErrors = {};
  requireText(values, ['title', 'author', 'genre', 'quantity', 'rating', 'image', 'description'], errors);
  const quantity = Number(values.quantity);
  const rating = ratingOf(values.rating);
  if (!errors.quantity && (!Number.isInteger(quantity) || quantity < 1)) {
    errors.quantity = 'Quantity must be a whole number of at least 1';
  }
  if (!errors.rating && (Number.isNaN(rating) || rating < 1 || rating > 5)) {
    errors.rating = 'Rating must be between 1 and 5';
  }
  if (!errors.image && !isHttpUrl(values.image.trim())) errors.image = 'Please enter a valid URL';
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, input: { ...trimmed(values), rating, quantity } };
}

export function parseUpdateBook(values: BookFormValues): { input?: BookInputValues; errors: FieldErrors } {
  const errors: FieldErrors = {};
  requireText(values, ['title', 'author', 'genre', 'quantity', 'rating', 'image'], errors);
  const quantity = Number.parseInt(values.quantity, 10);
  const rating = ratingOf(values.rating);
  if (!errors.quantity && (Number.isNaN(quantity) || quantity < 0)) {
    errors.quantity = 'Quantity must be 0 or more';
  }
  if (!errors.rating && (Number.isNaN(rating) || rating < 1 || rating > 5)) {
    errors.rating = 'Rating must be between 1 and 5';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, input: { ...trimmed(values), rating, quantity } };
}

function trimmed(values: BookFormValues): Omit<BookInputValues, 'rating' | 'quantity'> {
  return {
    title: values.title.trim(),
    author: values.author.trim(),
    genre: values.genre,
    description: values.description.trim(),
    image: values.image.trim(),
  };
}
