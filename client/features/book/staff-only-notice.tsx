import { Link } from 'react-router-dom';

/** Add Book and Update Book for a member when the library keeps catalogue editing to its staff. */
export function StaffOnlyNotice({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-gray-700">Only library staff can add and update books. Please ask at the desk.</p>
      <Link to="/all-books" className="rounded-lg bg-blue-600 px-5 py-2 text-white">
        Back to Library
      </Link>
    </section>
  );
}
