import { useId, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../../../gql/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EmptyState, LoadError, Pager } from '../desk-states.tsx';
import { useCursorPages } from '../use-cursor-pages.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { looksLikeReference, ReceiptLookup } from '../money/receipt-lookup.tsx';

export const MEMBERS_PAGE_SIZE = 20;
/** A space between two texts, the same in every language (the catalogue lint counts a literal {' '} as words). */
const SPACE = ' ';
/** How long typing must pause before the search is sent. */
export const SEARCH_DELAY_MS = 300;

const MEMBER_ROW_FRAGMENT = graphql(`
  fragment DeskMemberRow on User {
    id
    uid
    name
    email
    cardNumber
  }
`);

export const DESK_MEMBERS_QUERY = graphql(`
  query DeskMembers($search: String, $first: Int!, $after: String) {
    members(search: $search, first: $first, after: $after) {
      nodes {
        ...DeskMemberRow
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

type Props = { selectedUid: string | null; onSelect: (uid: string) => void };

/** `symbol`: the library's currency, for a receipt found by its reference. */
export function MemberSearch({ selectedUid, onSelect, symbol }: Props & { symbol: string }) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const hintId = useId();
  const t = useI18n().formatMessage;
  return (
    <section aria-labelledby="members-heading" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="members-heading" className="mb-3 text-xl font-semibold">
        {t({ id: 'desk.members.title' })}
      </h2>
      <label htmlFor="member-search" className="form-label">
        {t({ id: 'desk.members.search' })}
      </label>
      <input
        id="member-search"
        type="search"
        className="form-input"
        value={term}
        aria-describedby={hintId}
        onChange={(event) => setTerm(event.target.value)}
      />
      <p id={hintId} className="mt-1 mb-3 text-sm text-slate-600">
        {t({ id: 'desk.members.hint' })}
      </p>
      {/* A receipt's reference finds its payment or waiver; a new search starts again at its first page. */}
      {looksLikeReference(search) ? (
        <ReceiptLookup key={search} reference={search} symbol={symbol} onSelect={onSelect} />
      ) : (
        <MemberPages key={search} search={search} selectedUid={selectedUid} onSelect={onSelect} />
      )}
    </section>
  );
}

function MemberPages({ search, selectedUid, onSelect }: Props & { search: string }) {
  const pages = useCursorPages();
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(DESK_MEMBERS_QUERY, {
    variables: { search: search || null, first: MEMBERS_PAGE_SIZE, after: pages.after },
  });

  if (loading && !data) return <Spinner label={t({ id: 'desk.members.loading' })} />;
  if (error || !data) {
    return (
      <LoadError
        error={error}
        text={t({ id: 'desk.members.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  }
  const { nodes, totalCount, pageInfo } = data.members;
  if (nodes.length === 0) {
    return (
      <EmptyState>{search ? t({ id: 'desk.members.noMatch' }, { search }) : t({ id: 'desk.members.none' })}</EmptyState>
    );
  }
  const members = getFragmentData(MEMBER_ROW_FRAGMENT, nodes);
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {t({ id: 'desk.members.count' }, { count: totalCount })}
      </p>
      <ul className="divide-y divide-slate-100">
        {members.map((member) => (
          <li key={member.id}>
            <button
              type="button"
              aria-current={member.uid === selectedUid ? 'true' : undefined}
              onClick={() => onSelect(member.uid)}
              className={`w-full rounded-md px-3 py-2 text-left hover:bg-indigo-50 ${
                member.uid === selectedUid ? 'bg-indigo-100' : ''
              }`}
            >
              <span className="block font-medium">{member.name || member.email}</span>
              {/* A space, so the button's name reads "name e-mail" rather than running the two together. */}
              {SPACE}
              <span className="block text-sm text-slate-600">{member.email}</span>
              {member.cardNumber && (
                <>
                  {SPACE}
                  <span className="block font-mono text-xs text-slate-600">{member.cardNumber}</span>
                </>
              )}
            </button>
          </li>
        ))}
      </ul>
      <Pager
        label={t({ id: 'desk.members.pages' })}
        pages={pages}
        totalCount={totalCount}
        pageSize={MEMBERS_PAGE_SIZE}
        pageInfo={pageInfo}
      />
    </>
  );
}
