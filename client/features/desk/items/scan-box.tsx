import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useI18n } from '../../../lib/i18n.ts';
import { CameraScan, cameraScanAvailable } from './camera-scan.tsx';

/** Where a click leaves the focus alone: a field being filled in, or anything in a dialog. */
const keepsFocus = (element: Element | null) =>
  element instanceof HTMLElement &&
  (element.matches('input, textarea, select, [contenteditable="true"]') || element.closest('dialog, [role="dialog"]'));

type Props = {
  /** A scan: what the scanner (or the keyboard) typed before Enter, trimmed; never empty. */
  onScan: (code: string) => void;
  /** Words under the box: what a scan will do now (open a member, check out to them, check in). */
  hint: string;
  /** How many desk actions have ended: after each, the box takes the focus back unless a field holds it. */
  actionsDone?: number;
};

/**
 * The desk's one scan box. A USB scanner is a keyboard that types the barcode and Enter, so the box keeps the
 * focus: after a click anywhere that is not a form field, and whenever the focus is left on nothing (a button
 * that disabled or removed itself when its action ended), it takes it back, as after each desk action ends.
 * Tabbing to a button leaves it there.
 */
export function ScanBox({ onScan, hint, actionsDone = 0 }: Props) {
  const id = useId();
  const t = useI18n().formatMessage;
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [camera, setCamera] = useState(false);

  useEffect(() => {
    // After the click's own handlers (and React's render of what they changed): a field they focused keeps it.
    const refocus = () =>
      window.setTimeout(() => {
        if (!keepsFocus(document.activeElement)) input.current?.focus();
      }, 0);
    const onFocusOut = () =>
      window.setTimeout(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) input.current?.focus();
      }, 0);
    document.addEventListener('click', refocus);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('click', refocus);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  // An action's end may remove what had the focus (an override's reason form sent with Enter) without any
  // focusout: the next scan must still land in the box.
  useEffect(() => {
    if (!keepsFocus(document.activeElement)) input.current?.focus();
  }, [actionsDone]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    setValue('');
    if (code) onScan(code);
  };

  return (
    <form onSubmit={submit} className="no-print rounded-xl bg-indigo-50 p-4" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className="form-label text-base">
        {t({ id: 'desk.scan.label' })}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={`${id}-input`}
          className="form-input font-mono text-lg"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // The desk's first field: the scanner types here from the moment the desk opens.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={value}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="btn-primary">
          {t({ id: 'desk.scan.go' })}
        </button>
        {cameraScanAvailable() && (
          <button type="button" className="btn-secondary" onClick={() => setCamera(true)}>
            {t({ id: 'desk.scan.camera' })}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        {hint}
      </p>
      {camera && (
        <CameraScan
          onClose={() => setCamera(false)}
          onScan={(code) => {
            setCamera(false);
            onScan(code);
          }}
        />
      )}
    </form>
  );
}
