import { Link } from 'react-router-dom';
import { useI18n } from '../../lib/i18n.ts';

interface BorrowRefusalProps {
  /** The gateway's code and sentence (me.borrowing). */
  code: string | null;
  message: string | null;
}

/** Why this member cannot borrow now, in place of a Borrow button that would only lead to "Failed to Borrow". */
export function BorrowRefusal({ code, message }: BorrowRefusalProps) {
  const t = useI18n().formatMessage;
  return (
    <div
      role="note"
      aria-label={t({ id: 'book.cannotBorrow' })}
      className="w-full rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-semibold">{t({ id: 'book.cannotBorrow' })}</p>
      <p>{message}</p>
      {code === 'FEES_UNPAID' ? (
        <p className="mt-1">
          {t(
            { id: 'book.payAtDesk' },
            {
              link: (words) => (
                <Link to="/contact" className="underline">
                  {words}
                </Link>
              ),
            },
          )}
        </p>
      ) : (
        <p className="mt-1">
          <Link to="/borrowed-books" className="underline">
            {t({ id: code === 'LOAN_OVERDUE' ? 'book.returnFromList' : 'book.seeBorrowed' })}
          </Link>
        </p>
      )}
    </div>
  );
}
