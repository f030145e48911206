import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { EmptyState, LoadError, StaffOnly } from './desk-states.tsx';
import { MemberPanel } from './members/member-panel.tsx';
import { MemberSearch } from './members/member-search.tsx';
import { OverdueList } from './reports/overdue-list.tsx';
import { ScanDesk } from './items/scan-desk.tsx';
import { RegisterMemberForm } from './members/register-member-form.tsx';
import { useI18n } from '../../lib/i18n.ts';

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
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'desk.title' }));
  const { data, loading, error, refetch } = useQuery(DESK_ACCESS_QUERY);
  // The open member lives in the address, so a reload or a shared link comes back to them.
  const [params, setParams] = useSearchParams();
  const uid = params.get('member');
  const open = (memberUid: string) => setParams({ member: memberUid });

  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label={t({ id: 'desk.loading' })} />;
  else if (error || !data) {
    body = (
      <LoadError error={error} text={t({ id: 'desk.loadFailed' })} onRetry={() => void refetch().catch(() => {})} />
    );
  } else if (data.me?.role !== 'admin') body = <StaffOnly />;
  else {
    body = (
      <div className="space-y-8">
        <ScanDesk uid={uid} symbol={data.policy.currencySymbol} onOpenMember={open} />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <MemberSearch selectedUid={uid} onSelect={open} symbol={data.policy.currencySymbol} />
          {uid ? (
            <MemberPanel key={uid} uid={uid} policy={data.policy} />
          ) : (
            <EmptyState>{t({ id: 'desk.chooseMember' })}</EmptyState>
          )}
        </div>
        <RegisterMemberForm onRegistered={open} />
        <OverdueList symbol={data.policy.currencySymbol} onOpenMember={open} />
      </div>
    );
  }

  return (
    <section className="page-container py-6">
      <h1 className="mb-1 text-3xl font-bold text-gray-900">{t({ id: 'desk.title' })}</h1>
      <p className="mb-4 flex flex-wrap gap-x-6 gap-y-1">
        <Link to="/desk/calendar" className="text-indigo-700 underline">
          {t({ id: 'desk.calendarLink' })}
        </Link>
        <Link to="/desk/cash-up" className="text-indigo-700 underline">
          {t({ id: 'desk.cashUpLink' })}
        </Link>
        <Link to="/desk/hold-shelf" className="text-indigo-700 underline">
          {t({ id: 'desk.holdShelfLink' })}
        </Link>
        <Link to="/desk/reports" className="text-indigo-700 underline">
          {t({ id: 'desk.reportsLink' })}
        </Link>
        <Link to="/desk/suggestions" className="text-indigo-700 underline">
          {t({ id: 'desk.suggestionsLink' })}
        </Link>
      </p>
      {body}
    </section>
  );
}
