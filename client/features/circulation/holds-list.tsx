import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { getFragmentData } from '../../gql/index.ts';
import type { MyHoldsQuery } from '../../gql/graphql.ts';
import { formatDay } from '../../lib/dates.ts';
import { HOLD_FIELDS } from '../../lib/holds.ts';
import { serverMessage } from './use-return-book.ts';
import { HOLD_WAIT_FIELDS, MY_HOLDS_QUERY, useCancelMyHold } from './use-my-holds.ts';
import { HoldPauseControl } from './hold-pause-control.tsx';
import { isNetworkFailure } from '../../lib/network-errors.ts';
import { askWhetherItHappened } from '../../lib/uncertain-write.ts';
import { useI18n } from '../../lib/i18n.ts';
import { usePolicy } from '../../lib/policy.ts';
import { clockTime } from '../../lib/opening-hours.ts';

type ListedHold = NonNullable<MyHoldsQuery['me']>['holds'][number];
export type OpenHold = Omit<ListedHold, ' $fragmentRefs'> & ReturnType<typeof holdFields>;

const holdFields = (hold: ListedHold) => ({
  ...getFragmentData(HOLD_FIELDS, hold),
  ...getFragmentData(HOLD_WAIT_FIELDS, hold),
});

/** The holds still in a queue (a copy set aside, or waiting for one), with their fields read. */
export const openHolds = (holds: readonly ListedHold[]): OpenHold[] =>
  holds
    .map((hold) => ({ ...hold, ...holdFields(hold) }))
    .filter((hold) => hold.status === 'READY' || hold.status === 'WAITING');

/**
 * A ready hold in words: ready until its last pickup day; with click and collect, being fetched (a pickup request
 * staff have not put on the hold shelf yet) or ready at the desk until that day, with the library's hours then.
 */
function readyText(hold: OpenHold, collect: boolean, t: ReturnType<typeof useI18n>['formatMessage']): string {
  if (!hold.readyUntil) return t({ id: 'circulation.holds.ready' });
  const day = formatDay(hold.readyUntil);
  if (!collect) return t({ id: 'circulation.holds.readyUntil' }, { day });
  if (hold.pickup && !hold.shelvedAt) return t({ id: 'circulation.holds.beingFetched' });
  const open = hold.readyUntilHours;
  if (!open) return t({ id: 'circulation.holds.atDeskUntilDay' }, { day });
  const hours = t({ id: 'hours.span' }, { opens: clockTime(open.opens), closes: clockTime(open.closes) });
  return t({ id: 'circulation.holds.atDeskUntil' }, { day, hours });
}

interface HoldsListProps {
  holds: readonly ListedHold[] | undefined;
  /** Why the member cannot borrow now (me.borrowing), if they cannot: a ready copy waits, but is not theirs yet. */
  cannotBorrow?: string | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

export function HoldsList({ holds, loading, failed, onRetry, cannotBorrow = null }: HoldsListProps) {
  const [cancel] = useCancelMyHold();
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const client = useApolloClient();
  const t = useI18n().formatMessage;
  const collect = usePolicy().policy?.borrowing === 'COLLECT';

  if (loading && !holds) return <p role="status">{t({ id: 'circulation.holds.loading' })}</p>;
  if (failed && !holds) {
    return (
      <div role="alert" className="py-8 text-center">
        <p className="mb-4 text-red-700">{t({ id: 'circulation.holds.fetchFailed' })}</p>
        <button type="button" className="btn-primary btn-sm" onClick={onRetry}>
          {t({ id: 'error.tryAgain' })}
        </button>
      </div>
    );
  }
  const open = openHolds(holds ?? []);
  if (open.length === 0) {
    return (
      <div className="rounded-xl bg-white p-10 text-center shadow-sm">
        <h2 className="mb-2 text-xl font-semibold">{t({ id: 'circulation.holds.none' })}</h2>
        <p className="text-gray-700">{t({ id: 'circulation.holds.noneText' })}</p>
      </div>
    );
  }

  const onCancel = async (hold: OpenHold) => {
    setRefusal(null);
    setCancelling(hold.id);
    try {
      await cancel({ variables: { holdId: hold.id } });
    } catch (error) {
      if (isNetworkFailure(error)) {
        // No answer even on the retry: Check asks for the member's holds, and the list shows them as they are.
        await askWhetherItHappened('cancellation', async () => {
          const { data } = await client.query({ query: MY_HOLDS_QUERY, fetchPolicy: 'network-only' });
          const now = openHolds(data?.me?.holds ?? []);
          return !now.some((open) => open.id === hold.id);
        });
        return;
      }
      setRefusal(serverMessage(error) ?? t({ id: 'circulation.somethingWrong' }));
    } finally {
      setCancelling(null);
    }
  };

  return (
    <>
      {refusal && (
        <p role="alert" className="mb-4 text-red-700">
          {refusal}
        </p>
      )}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {open.map((hold) => (
          <li key={hold.id}>
            <article
              aria-label={hold.bookTitle}
              className="flex h-full flex-col gap-2 rounded-xl bg-white p-5 shadow-sm"
            >
              <h2 className="text-lg font-semibold">
                <Link to={`/book-details/${hold.bookId}`} className="text-indigo-700 underline">
                  {hold.bookTitle}
                </Link>
              </h2>
              {hold.pickup && (
                <p className="self-start rounded bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800">
                  {t({ id: 'circulation.holds.pickup' })}
                </p>
              )}
              {hold.status === 'READY' ? (
                <>
                  <p className="font-medium text-green-800">{readyText(hold, collect, t)}</p>
                  {cannotBorrow && (
                    <p className="text-sm text-amber-900">
                      {t({ id: 'circulation.holds.cannotBorrow' }, { reason: cannotBorrow })}
                    </p>
                  )}
                </>
              ) : (
                <>
                  <p className="text-gray-700">
                    {t({ id: 'circulation.holds.waiting' }, { position: hold.position ?? 1 })}
                  </p>
                  <p className="text-sm text-gray-700">
                    {t({ id: 'circulation.holds.copies' }, { count: hold.copies })}
                  </p>
                  {hold.expectedBy && (
                    <p className="flex flex-wrap gap-x-1 text-sm text-gray-700">
                      <span>{t({ id: 'circulation.holds.expected' }, { day: formatDay(hold.expectedBy) })}</span>
                      <span className="text-gray-600">{t({ id: 'circulation.holds.estimate' })}</span>
                    </p>
                  )}
                  <HoldPauseControl hold={hold} onRefusal={setRefusal} />
                </>
              )}
              <button
                type="button"
                disabled={cancelling === hold.id}
                onClick={() => void onCancel(hold)}
                className="btn-danger btn-sm mt-auto"
                aria-label={t(
                  { id: hold.pickup ? 'circulation.holds.cancelRequestOn' : 'circulation.holds.cancelOn' },
                  { title: hold.bookTitle },
                )}
              >
                {t({ id: hold.pickup ? 'circulation.holds.cancelRequest' : 'circulation.holds.cancel' })}
              </button>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
