import { useI18n } from '../../lib/i18n.ts';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { getFragmentData, graphql } from '../../gql/index.ts';
import type { ListedUserFragment } from '../../gql/graphql.ts';
import { LoadMore, PAGE_SIZE } from '../../components/ui/load-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { displayNameOf, initialsOf } from '../../lib/display-name.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formatCount } from '../../lib/format-count.ts';
import { STAFF_ROLE } from '../../lib/catalogue-access.ts';
import { MY_ROLE_QUERY } from '../../lib/use-can-edit-catalogue.ts';
import { formatInstantDay } from '../../lib/dates.ts';
import { useUserSearch } from './use-user-search.ts';

const LISTED_USER_FRAGMENT = graphql(`
  fragment ListedUser on User {
    id
    uid
    name
    email
    role
    status
    createdAt
    phone
  }
`);

// A page of members at a time; `matching` counts the search's matches, `userCount` every member (the heading).
export const ALL_USERS_QUERY = graphql(`
  query AllUsers($search: String, $first: Int!, $after: ID) {
    users(search: $search, first: $first, after: $after) {
      ...ListedUser
    }
    matching: userCount(search: $search)
    userCount
  }
`);

export default function AllUsersPage() {
  const { formatMessage: t } = useI18n();
  useDocumentTitle(t({ id: 'nav.allUsers' }));
  const { search, searchText, setSearchText } = useUserSearch();
  const { data, previousData, loading, error, fetchMore } = useQuery(ALL_USERS_QUERY, {
    variables: { search: search || null, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
  });
  // While a new search loads, keep showing the last list rather than blanking the page on every search.
  const shown = data ?? (loading ? previousData : undefined);
  // Staff open a member's record at the desk; members see the list only (and others' e-mails masked by the
  // gateway). Until the role is known, nothing is offered.
  const staff = useQuery(MY_ROLE_QUERY).data?.me?.role === STAFF_ROLE;

  if (error) {
    return (
      <div role="alert" className="mx-auto my-10 max-w-xl rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        <strong className="mr-2 font-bold">{t({ id: 'users.error' })}</strong>
        <span>{error.message}</span>
      </div>
    );
  }
  if (!shown) return <Spinner label={t({ id: 'users.loading' })} />;
  const users = getFragmentData(LISTED_USER_FRAGMENT, shown.users);
  // The members are paged by id: the last one on screen is where the next page starts.
  const loadMore = () =>
    fetchMore({
      variables: { after: users.at(-1)?.id },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        users: [...previous.users, ...fetchMoreResult.users],
      }),
    });

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold text-gray-900">
        {t({ id: 'users.heading' }, { count: formatCount(shown.userCount) })}
      </h1>
      <div className="mb-6 rounded-xl bg-white p-4 shadow-sm">
        <input
          type="search"
          aria-label={t({ id: 'users.search' })}
          // Members search names only (the gateway does not match another member's e-mail for them).
          placeholder={t({ id: staff ? 'users.searchStaff' : 'users.searchMember' })}
          className="w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:outline-2 focus:outline-indigo-500"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      {search && (
        <p className="mb-4 text-sm text-gray-600" aria-live="polite">
          {t({ id: 'users.showing' }, { matching: formatCount(shown.matching), total: formatCount(shown.userCount) })}
        </p>
      )}
      {users.length === 0 ? (
        <p className="rounded-xl bg-white p-10 text-center text-gray-600 shadow-sm">{t({ id: 'users.none' })}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {users.map((user) => (
            <li key={user.id}>
              <UserCard user={user} staff={staff} />
            </li>
          ))}
        </ul>
      )}
      {users.length > 0 && users.length < shown.matching && (
        <LoadMore shown={users.length} total={shown.matching} onLoadMore={loadMore} />
      )}
    </section>
  );
}

const badge = 'inline-block rounded-full px-3 py-1 text-xs font-semibold';

function UserCard({ user, staff }: { user: ListedUserFragment; staff: boolean }) {
  const name = displayNameOf(user);
  const active = user.status === 'active';
  const { formatMessage: t } = useI18n();
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
          {t({ id: 'users.role' }, { role: user.role })}
        </span>
        <span className={`${badge} ${active ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-700'}`}>
          {user.status ? t({ id: 'users.status' }, { status: user.status }) : t({ id: 'users.active' })}
        </span>
      </div>
      <p className="text-sm text-gray-700">{t({ id: 'users.joined' }, { day: formatInstantDay(user.createdAt) })}</p>
      {user.phone && <p className="text-sm text-gray-700">{t({ id: 'users.phone' }, { phone: user.phone })}</p>}
      {staff && (
        // The member's record is the desk's: loans, holds, balance and ledger to see, and fees and loans to settle.
        <div className="mt-auto flex gap-2 pt-2">
          <Link
            to={`/desk?member=${encodeURIComponent(user.uid)}`}
            aria-label={t({ id: 'users.viewLabel' }, { name })}
            className="btn-primary btn-sm flex-1 text-center"
          >
            {t({ id: 'users.view' })}
          </Link>
          <Link
            to={`/desk?member=${encodeURIComponent(user.uid)}`}
            aria-label={t({ id: 'users.editLabel' }, { name })}
            className="flex-1 rounded-lg bg-gray-100 px-3 py-2 text-center text-sm text-gray-800"
          >
            {t({ id: 'users.edit' })}
          </Link>
        </div>
      )}
    </article>
  );
}
