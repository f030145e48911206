import type { ButtonHTMLAttributes } from 'react';

// The palette's buttons are CSS classes in styles.css (btn-primary, btn-secondary, btn-danger, btn-quiet,
// btn-sm), so links drawn as buttons and the entry's header use them without JavaScript; this component adds
// a safe default type for buttons inside forms.
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Smaller padding and text, for rows, cards and toolbars. */
  small?: boolean;
}

/** A button of the palette; `type` is "button" unless given, so it never submits a form by accident. */
export function Button({ variant = 'primary', small = false, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [`btn-${variant}`, small && 'btn-sm', className].filter(Boolean).join(' ');
  return <button {...rest} type={type} className={classes} />;
}
