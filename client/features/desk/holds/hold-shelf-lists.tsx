import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { IntlShape } from 'react-intl';
import { getFragmentData, type FragmentType } from '../../../gql/index.ts';
import type { HoldShelfAwaitingQuery, HoldShelfToClearQuery, HoldShelfToPullQuery } from '../../../gql/graphql.ts';
import { DeskTable, type Column } from '../desk-table.tsx';
import { EmptyState, LoadError, Pager } from '../desk-states.tsx';
import { useCursorPages, type CursorPages } from '../use-cursor-pages.ts';
import { serverMessage } from '../desk-errors.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDay, formatInstantDay } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.ts';
import {
  CLEAR_HOLD_SHELF,
  HOLDS_AWAITING_QUERY,
  HOLDS_TO_CLEAR_QUERY,
  HOLDS_TO_PULL_QUERY,
  HOLD_SHELF_BOOK,
  HOLD_SHELF_LISTS,
  HOLD_SHELF_MEMBER,
  HOLD_SHELF_PAGE_SIZE,
  SHELVE_HOLD,
} from './hold-shelf-operations.ts';

type T = IntlShape['formatMessage'];
type Page<Row> = { nodes: Row[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor?: string | null } };
type PullRow = HoldShelfToPullQuery['holdsToPull']['nodes'][number] & { id: string };
type AwaitingRow = HoldShelfAwaitingQuery['holdsReady']['nodes'][number];
type ClearRow = HoldShelfToClearQuery['holdsToClear']['nodes'][number] & { id: string };

/** One list of the hold shelf: its heading, then loading, error (Try again), empty, or the rows and pages. */
function ShelfSection<Row extends { id: string }>(props: {
  name: 'toPull' | 'awaiting' | 'toClear';
  pages: CursorPages;
  page: Page<Row> | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  columns: Column<Row>[];
}) {
  const t = useI18n().formatMessage;
  const id = `hold-shelf-${props.name}`;
  const key = (suffix: 'title' | 'hint' | 'loading' | 'loadFailed' | 'none' | 'count' | 'pages') => ({
    id: `desk.holdShelf.${props.name}.${suffix}` as const,
  });
  let body: ReactNode;
  if (props.loading && !props.page) body = <Spinner label={t(key('loading'))} />;
  else if (props.error && !props.page)
    body = (
      <LoadError error={props.error} text={t(key('loadFailed'))} onRetry={() => void props.refetch().catch(() => {})} />
    );
  else if (!props.page || props.page.nodes.length === 0) body = <EmptyState>{t(key('none'))}</EmptyState>;
  else
    body = (
      <>
        <p className="mb-2 text-sm text-slate-600">{t(key('count'), { count: props.page.totalCount })}</p>
        <DeskTable columns={props.columns} rows={props.page.nodes} />
        <Pager
          label={t(key('pages'))}
          pages={props.pages}
          totalCount={props.page.totalCount}
          pageSize={HOLD_SHELF_PAGE_SIZE}
          pageInfo={props.page.pageInfo}
        />
      </>
    );
  return (
    <section aria-labelledby={id} className="mb-10">
      <h2 id={id} className="mb-1 text-xl font-semibold text-gray-900">
        {t(key('title'))}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t(key('hint'))}</p>
      {body}
    </section>
  );
}

/** A row's action: the move, then the three lists again; a refusal's sentence beside the button. */
function MoveButton({
  holdId,
  move,
  label,
  doneLabel,
}: {
  holdId: string;
  move: 'shelve' | 'clear';
  label: string;
  /** Said in the button's place once done (where no list refreshes to show it: the check-in's hold found). */
  doneLabel?: string;
}) {
  const t = useI18n().formatMessage;
  const options = { refetchQueries: HOLD_SHELF_LISTS, awaitRefetchQueries: true };
  const [shelve] = useMutation(SHELVE_HOLD, options);
  const [clear] = useMutation(CLEAR_HOLD_SHELF, options);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await (move === 'shelve' ? shelve : clear)({ variables: { holdId } });
      setDone(true);
    } catch (error) {
      setFailed(serverMessage(error) ?? t({ id: 'desk.holdShelf.failed' }));
    } finally {
      setBusy(false);
    }
  };
  if (done && doneLabel) return <p role="status">{doneLabel}</p>;
  return (
    <>
      <button type="button" className="btn-secondary px-3 py-1" disabled={busy} onClick={() => void run()}>
        {label}
      </button>
      {failed && (
        <span role="alert" className="block text-red-700">
          {failed}
        </span>
      )}
    </>
  );
}

/** "Put it on the hold shelf" for one ready hold: the check-in's hold found uses it as the lists do. */
export function ShelveHoldButton({ holdId, doneLabel }: { holdId: string; doneLabel?: string }) {
  const t = useI18n().formatMessage;
  return <MoveButton holdId={holdId} move="shelve" label={t({ id: 'desk.holdShelf.shelve' })} doneLabel={doneLabel} />;
}

const memberCell = (ref: FragmentType<typeof HOLD_SHELF_MEMBER> | null | undefined, t: T) => {
  const member = getFragmentData(HOLD_SHELF_MEMBER, ref);
  return member ? (
    <>
      {member.name}
      {member.cardNumber && <span className="block text-slate-600">{member.cardNumber}</span>}
    </>
  ) : (
    t({ id: 'desk.holdShelf.memberGone' })
  );
};

const bookCell = (ref: FragmentType<typeof HOLD_SHELF_BOOK>) => {
  const book = getFragmentData(HOLD_SHELF_BOOK, ref);
  return (
    <>
      {book.title}
      <span className="block text-slate-600">{book.author}</span>
    </>
  );
};

export function ToPullList() {
  const t = useI18n().formatMessage;
  const pages = useCursorPages();
  const { data, loading, error, refetch } = useQuery(HOLDS_TO_PULL_QUERY, {
    variables: { first: HOLD_SHELF_PAGE_SIZE, after: pages.after },
    fetchPolicy: 'cache-and-network',
  });
  const page = data && {
    ...data.holdsToPull,
    nodes: data.holdsToPull.nodes.map((row) => ({ ...row, id: row.hold.id })),
  };
  const columns: Column<PullRow>[] = [
    { header: t({ id: 'desk.holdShelf.book' }), cell: (row) => bookCell(row.book) },
    { header: t({ id: 'desk.holdShelf.barcode' }), cell: (row) => row.hold.itemBarcode },
    { header: t({ id: 'desk.holdShelf.member' }), cell: (row) => memberCell(row.member, t) },
    {
      // An app borrow in a click-and-collect library (a pickup request) or a hold from a book's queue.
      header: t({ id: 'desk.holdShelf.kind' }),
      cell: (row) => t({ id: row.hold.pickup ? 'desk.holdShelf.kind.request' : 'desk.holdShelf.kind.hold' }),
    },
    {
      header: t({ id: 'desk.holdShelf.readySince' }),
      cell: (row) => (row.hold.readyAt ? formatInstantDay(row.hold.readyAt) : null),
    },
    {
      header: t({ id: 'desk.holdShelf.action' }),
      cell: (row) => <MoveButton holdId={row.hold.id} move="shelve" label={t({ id: 'desk.holdShelf.shelve' })} />,
    },
  ];
  return <ShelfSection name="toPull" {...{ pages, page, loading, error, refetch, columns }} />;
}

export function AwaitingPickupList() {
  const t = useI18n().formatMessage;
  const pages = useCursorPages();
  const { data, loading, error, refetch } = useQuery(HOLDS_AWAITING_QUERY, {
    variables: { first: HOLD_SHELF_PAGE_SIZE, after: pages.after },
    fetchPolicy: 'cache-and-network',
  });
  const columns: Column<AwaitingRow>[] = [
    { header: t({ id: 'desk.holdShelf.book' }), cell: (row) => row.bookTitle },
    { header: t({ id: 'desk.holdShelf.barcode' }), cell: (row) => row.itemBarcode },
    { header: t({ id: 'desk.holdShelf.member' }), cell: (row) => row.userName },
    {
      header: t({ id: 'desk.holdShelf.until' }),
      cell: (row) => (row.readyUntil ? formatDay(row.readyUntil) : null),
    },
    {
      header: t({ id: 'desk.holdShelf.action' }),
      // Ready but not put on the hold shelf yet: it is in To pull too, and can be shelved from here.
      cell: (row) =>
        row.shelvedAt ? (
          t({ id: 'desk.holdShelf.shelvedOn' }, { day: formatInstantDay(row.shelvedAt) })
        ) : (
          <MoveButton holdId={row.id} move="shelve" label={t({ id: 'desk.holdShelf.shelve' })} />
        ),
    },
  ];
  return <ShelfSection name="awaiting" {...{ pages, page: data?.holdsReady, loading, error, refetch, columns }} />;
}

export function ToClearList() {
  const t = useI18n().formatMessage;
  const pages = useCursorPages();
  const { data, loading, error, refetch } = useQuery(HOLDS_TO_CLEAR_QUERY, {
    variables: { first: HOLD_SHELF_PAGE_SIZE, after: pages.after },
    fetchPolicy: 'cache-and-network',
  });
  const page = data && {
    ...data.holdsToClear,
    nodes: data.holdsToClear.nodes.map((row) => ({ ...row, id: row.hold.id })),
  };
  const columns: Column<ClearRow>[] = [
    { header: t({ id: 'desk.holdShelf.book' }), cell: (row) => bookCell(row.book) },
    { header: t({ id: 'desk.holdShelf.barcode' }), cell: (row) => row.hold.itemBarcode },
    { header: t({ id: 'desk.holdShelf.member' }), cell: (row) => memberCell(row.member, t) },
    {
      header: t({ id: 'desk.holdShelf.goesTo' }),
      cell: (row) =>
        row.copyGoesTo === 'NEXT_MEMBER'
          ? t({ id: 'desk.holdShelf.goesTo.next' }, { name: row.nextHold?.userName ?? '' })
          : row.copyGoesTo === 'OPEN_SHELF'
            ? t({ id: 'desk.holdShelf.goesTo.shelf' })
            : t({ id: 'desk.holdShelf.goesTo.elsewhere' }),
    },
    {
      header: t({ id: 'desk.holdShelf.action' }),
      cell: (row) => <MoveButton holdId={row.hold.id} move="clear" label={t({ id: 'desk.holdShelf.clear' })} />,
    },
  ];
  return <ShelfSection name="toClear" {...{ pages, page, loading, error, refetch, columns }} />;
}
