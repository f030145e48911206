import { Link } from 'react-router-dom';

interface BorrowRefusalProps {
  /** The gateway's code and sentence (me.borrowing). */
  code: string | null;
  message: string | null;
}

/** Why this member cannot borrow now, in place of a Borrow button that would only lead to "Failed to Borrow". */
export function BorrowRefusal({ code, message }: BorrowRefusalProps) {
  return (
    <div
      role="note"
      aria-label="You cannot borrow now"
      className="w-full rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p className="font-semibold">You cannot borrow now</p>
      <p>{message}</p>
      {code === 'FEES_UNPAID' ? (
        <p className="mt-1">
          The desk takes payments during the library&apos;s{' '}
          <Link to="/contact" className="underline">
            opening hours
          </Link>
          .
        </p>
      ) : (
        <p className="mt-1">
          <Link to="/borrowed-books" className="underline">
            {code === 'LOAN_OVERDUE' ? 'Return it from My Borrowed Books' : 'See My Borrowed Books'}
          </Link>
        </p>
      )}
    </div>
  );
}
