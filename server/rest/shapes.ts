// Records in the shapes a client of the original REST API understands (`_id`, lower-case statuses, the
// fields its MongoDB answers had), with this site's image paths made absolute.
import {
  bookFieldEntries,
  type BookRecord,
  type CategoryRecord,
  type ClosureRecord,
  type Locale,
  type LoanRecord,
  type UserRecord,
} from '../store/port.ts';
import type { Absolute } from '../library/site-urls.ts';
import { reasonIn } from '../library/closure-reasons.ts';
import type { MemberStanding } from '../library/circulation.ts';
import { say } from '../library/i18n/index.ts';

export function restShapes(absolute: Absolute) {
  return {
    book: (b: BookRecord) => ({
      _id: b.id,
      // Every field of the book table (store/book-fields.ts); this site's URLs made absolute.
      ...Object.fromEntries(
        bookFieldEntries().map(([name, spec]) => {
          const value = b[name];
          return [name, spec.kind === 'url' && typeof value === 'string' ? absolute(value) : value];
        }),
      ),
      quantity: b.quantity,
      copies: b.copies,
      // Mongoose's version key: send it back with PUT and a book changed since is refused (409).
      __v: b.version,
    }),
    closure: (c: ClosureRecord, locale: Locale) => ({
      date: c.day,
      reason: reasonIn(c, locale),
      reasonEn: c.reason || null,
      reasonBn: c.reasonBn ?? null,
    }),
    category: (c: CategoryRecord) => ({
      _id: c.id,
      name: c.name,
      image: absolute(c.image),
      description: c.description,
    }),
    loan: (l: LoanRecord) => {
      const returnedAt = l.returnedAt ? l.returnedAt.toISOString() : null;
      return {
        _id: l.id,
        bookId: l.bookId,
        userId: l.userId,
        userName: l.userName,
        userEmail: l.userEmail,
        borrowDate: l.borrowDate.toISOString(),
        returnDate: l.returnDate.toISOString(),
        returnedAt,
        // The original server's name for the moment of return.
        returnedDate: returnedAt,
        status: l.status,
        renewals: l.renewals,
        lateFee: l.lateFee,
        bookTitle: l.bookTitle,
        bookAuthor: l.bookAuthor,
        bookImage: absolute(l.bookImage),
        bookCategory: l.bookCategory,
      };
    },
    /** A member's standing (library/circulation/standing.ts), its refusal said in `locale`. */
    standing: ({ owed, accruing, refusal }: MemberStanding, locale: Locale) => ({
      owed,
      accruing: accruing.map(({ loan, amount, capped }) => ({
        borrowId: loan.id,
        bookId: loan.bookId,
        bookTitle: loan.bookTitle,
        amount,
        capped,
      })),
      canBorrow: refusal === null,
      refusal: refusal && { code: refusal.code, message: say(locale, refusal.said.key, refusal.said.values) },
    }),
    user: (u: UserRecord) => ({
      _id: u.id,
      uid: u.uid,
      name: u.name,
      email: u.email,
      role: u.role,
      status: u.status,
      createdAt: u.createdAt.toISOString(),
      phone: u.phone,
      photoURL: u.photoURL,
    }),
  };
}
