import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useI18n } from '../../lib/i18n.ts';

export type LoanTab = 'pending' | 'returned' | 'holds' | 'fees';

interface LoanTabsProps {
  tab: LoanTab;
  onTab: (tab: LoanTab) => void;
  pendingCount: number;
  returnedCount: number;
  /** Open holds, or null until they are known. */
  holdsCount: number | null;
  children: ReactNode;
}

const TABS: LoanTab[] = ['pending', 'returned', 'holds', 'fees'];

/** WAI-ARIA tabs: one tab stop, arrow keys move between the tabs and wrap at both ends. */
export function LoanTabs({ tab, onTab, pendingCount, returnedCount, holdsCount, children }: LoanTabsProps) {
  const id = useId();
  const refs = useRef<Record<LoanTab, HTMLButtonElement | null>>({
    pending: null,
    returned: null,
    holds: null,
    fees: null,
  });
  const t = useI18n().formatMessage;
  const labels: Record<LoanTab, string> = {
    pending: t({ id: 'circulation.tabs.pending' }, { count: pendingCount }),
    returned: t({ id: 'circulation.tabs.returned' }, { count: returnedCount }),
    holds:
      holdsCount === null
        ? t({ id: 'circulation.tabs.holds' })
        : t({ id: 'circulation.tabs.holdsCount' }, { count: holdsCount }),
    fees: t({ id: 'circulation.tabs.fees' }),
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : TABS.length - 1;
    const next = TABS[(TABS.indexOf(tab) + step) % TABS.length] ?? tab;
    onTab(next);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={t({ id: 'circulation.tabs.label' })}
        className="mb-6 flex gap-2 border-b border-gray-200"
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              refs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onTab(name)}
            onKeyDown={onKeyDown}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === name
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-gray-600 hover:text-gray-900'
            }`}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
        {children}
      </div>
    </div>
  );
}
