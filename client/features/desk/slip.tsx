import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n.ts';

type Props = {
  /** The slip's heading and accessible name: "Checkout receipt", "Hold slip", "Barcode labels". */
  title: string;
  children: ReactNode;
  /** Buttons beside Print (E-mail, ...); on screen only. */
  actions?: ReactNode;
  className?: string;
};

/**
 * A printable page: on screen a card that shows what will print; Print marks it as what the printer gets
 * (`print-target`: styles.css hides the rest of the page in print media) and opens the browser's print dialog;
 * the mark goes when printing ends.
 */
export function Slip({ title, children, actions, className = '' }: Props) {
  const t = useI18n().formatMessage;
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  return (
    <section
      aria-label={title}
      className={`slip rounded-lg border border-slate-300 bg-white p-4 text-slate-900 ${printing ? 'print-target' : ''} ${className}`}
    >
      <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t({ id: 'desk.slip.library' })}</p>
      <h3 className="mb-2 text-lg font-bold">{title}</h3>
      {children}
      <div className="no-print mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary btn-sm" onClick={() => setPrinting(true)}>
          {t({ id: 'desk.slip.print' }, { title })}
        </button>
        {actions}
      </div>
    </section>
  );
}
