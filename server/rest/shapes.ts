// Records in the shapes a client of the original REST API understands (`_id`, lower-case statuses).
import type { BookRecord, CategoryRecord, LoanRecord, UserRecord } from '../store/port.ts';

export const restBook = (b: BookRecord) => ({
  _id: b.id,
  title: b.title,
  author: b.author,
  genre: b.genre,
  description: b.description,
  image: b.image,
  rating: b.rating,
  quantity: b.quantity,
});

export const restCategory = (c: CategoryRecord) => ({ _id: c.id, name: c.name, image: c.image, description: c.description });

export const restLoan = (l: LoanRecord) => ({
  _id: l.id,
  bookId: l.bookId,
  userId: l.userId,
  userName: l.userName,
  userEmail: l.userEmail,
  borrowDate: l.borrowDate.toISOString(),
  returnDate: l.returnDate.toISOString(),
  returnedAt: l.returnedAt ? l.returnedAt.toISOString() : null,
  status: l.status,
  bookTitle: l.bookTitle,
  bookAuthor: l.bookAuthor,
  bookImage: l.bookImage,
  bookCategory: l.bookCategory,
});

export const restUser = (u: UserRecord) => ({
  _id: u.id,
  uid: u.uid,
  name: u.name,
  email: u.email,
  role: u.role,
  status: u.status,
  createdAt: u.createdAt.toISOString(),
  phone: u.phone,
  photoURL: u.photoURL,
});
