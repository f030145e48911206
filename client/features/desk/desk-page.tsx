import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { EmptyState, LoadError, StaffOnly } from './desk-states.tsx';
import { MemberPanel } from './member-panel.tsx';
import { MemberSearch } from './member-search.tsx';
import { OverdueList } from './overdue-list.tsx';

export const DESK_ACCESS_QUERY = graphql(`
  query DeskAccess {
    me {
      id
      role
    }
    policy {
      currencySymbol
      lostProcessingFee
      defaultReplacementCost
    }
  }
`);

/** The circulation desk: find a member, settle their loans and fees, and work through the overdue list. */
export default function DeskPage() {
  useDocumentTitle('Circulation Desk');
  const { data, loading, error, refetch } = useQuery(DESK_ACCESS_QUERY);
  // The open member lives in the address, so a reload or a shared link comes back to them.
  const [params, setParams] = useSearchParams();
  const uid = params.get('member');
  const open = (memberUid: string) => setParams({ member: memberUid });

  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label="Loading the desk..." />;
  else if (error || !data) {
    body = <LoadError error={error} text="Could not load the desk." onRetry={() => void refetch().catch(() => {})} />;
  } else if (data.me?.role !== 'admin') body = <StaffOnly />;
  else {
    body = (
      <div className="space-y-8">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <MemberSearch selectedUid={uid} onSelect={open} />
          {uid ? (
            <MemberPanel key={uid} uid={uid} policy={data.policy} />
          ) : (
            <EmptyState>Choose a member to see their loans, balance and ledger.</EmptyState>
          )}
        </div>
        <OverdueList symbol={data.policy.currencySymbol} onOpenMember={open} />
      </div>
    );
  }

  return (
    <section className="page-container py-10">
      <h1 className="mb-2 text-3xl font-bold text-gray-900">Circulation Desk</h1>
      <p className="mb-6">
        <Link to="/desk/calendar" className="text-indigo-700 underline">
          Library calendar: opening hours and closures
        </Link>
      </p>
      {body}
    </section>
  );
}
