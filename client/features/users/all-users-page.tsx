import { useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../../gql/index.ts';
import type { ListedUserFragment } from '../../gql/graphql.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { displayNameOf, initialsOf } from '../../lib/display-name.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatCount } from '../../lib/format-count.ts';

const LISTED_USER_FRAGMENT = graphql(`
  fragment ListedUser on User {
    id
    name
    email
    role
    status
    createdAt
    phone
  }
`);

export const ALL_USERS_QUERY = graphql(`
  query AllUsers {
    users {
      ...ListedUser
    }
  }
`);

export default function AllUsersPage() {
  useDocumentTitle('All Users');
  const { data, loading, error } = useQuery(ALL_USERS_QUERY);

  if (loading && !data) return <Spinner label="Loading users..." />;
  if (error) {
    return (
      <div role="alert" className="mx-auto my-10 max-w-xl rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        <strong className="mr-2 font-bold">Error!</strong>
        <span>{error.message}</span>
      </div>
    );
  }
  const users = getFragmentData(LISTED_USER_FRAGMENT, data?.users ?? []);

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold text-gray-900">All Users ({formatCount(users.length)})</h1>
      {users.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-gray-600 shadow-sm">No users found</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {users.map((user) => (
            <li key={user.id}>
              <UserCard user={user} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const badge = 'inline-block rounded-full px-3 py-1 text-xs font-semibold';

function UserCard({ user }: { user: ListedUserFragment }) {
  const name = displayNameOf(user);
  const active = user.status === 'active';
  return (
    <article aria-label={name} className="flex h-full flex-col gap-3 rounded-xl bg-white p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-600 text-lg font-bold text-white"
        >
          {initialsOf(name)}
        </span>
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{name}</h2>
          <p className="truncate text-sm text-gray-600">{user.email}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <span
          className={`${badge} ${user.role === 'admin' ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}`}
        >
          {user.role}
        </span>
        <span className={`${badge} ${active ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-700'}`}>
          {user.status || 'Active'}
        </span>
      </div>
      <p className="text-sm text-gray-700">Joined: {new Date(user.createdAt).toLocaleDateString()}</p>
      {user.phone && <p className="text-sm text-gray-700">Phone: {user.phone}</p>}
      {/* View and Edit have no behaviour in the product yet; they are shown as in the original. */}
      <div className="mt-auto flex gap-2 pt-2">
        <button type="button" className="flex-1 rounded-lg bg-blue-600 px-3 py-2 text-sm text-white">
          View
        </button>
        <button type="button" className="flex-1 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-800">
          Edit
        </button>
      </div>
    </article>
  );
}
