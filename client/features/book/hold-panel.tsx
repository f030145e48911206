import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { isNetworkFailure } from '../../lib/network-errors.ts';
import { askWhetherItHappened } from '../../lib/uncertain-write.ts';
import type { BookHoldQuery, HoldFieldsFragment } from '../../gql/graphql.ts';
import { getFragmentData } from '../../gql/index.ts';
import { formatDay } from '../../lib/dates.ts';
import { useI18n } from '../../lib/i18n.ts';
import { HOLD_FIELDS } from '../../lib/holds.ts';
import { usePolicy } from '../../lib/policy.ts';
import { serverMessage } from './graphql-errors.ts';
import { BOOK_HOLD_QUERY, useHoldActions } from './use-book-hold.ts';

type HoldState = NonNullable<BookHoldQuery['book']>;

/**
 * The member's hold in words: ready for them (at the desk, with click and collect, or still being fetched there), or
 * their place in the queue.
 */
function holdStatus(
  mine: HoldFieldsFragment,
  collect: boolean,
  t: ReturnType<typeof useI18n>['formatMessage'],
): string {
  if (mine.status !== 'READY' || !mine.readyUntil)
    return t({ id: 'book.hold.position' }, { position: mine.position ?? 1 });
  const date = formatDay(mine.readyUntil);
  if (!collect) return t({ id: 'book.hold.readyUntil' }, { date });
  if (mine.pickup && !mine.shelvedAt) return t({ id: 'book.hold.beingFetched' }, { date });
  return t({ id: 'book.hold.atDeskUntil' }, { date });
}

interface HoldPanelProps {
  bookId: string;
  hold: HoldState | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Shown while no copy is on the shelf: join the queue, see one's place in it, or leave it. */
export function HoldPanel({ bookId, hold, loading, error, onRetry }: HoldPanelProps) {
  const t = useI18n().formatMessage;
  const { place, cancel, busy } = useHoldActions(bookId);
  const collect = usePolicy().policy?.borrowing === 'COLLECT';
  const [refusal, setRefusal] = useState<string | null>(null);

  const client = useApolloClient();

  /** `placing`: whether the action joins the queue (else it leaves it); the panel follows the checked state. */
  const run = async (action: () => Promise<unknown>, placing: boolean) => {
    setRefusal(null);
    try {
      await action();
    } catch (e) {
      if (isNetworkFailure(e)) {
        await askWhetherItHappened(placing ? 'hold' : 'cancellation', async () => {
          const { data } = await client.query({
            query: BOOK_HOLD_QUERY,
            variables: { id: bookId },
            fetchPolicy: 'network-only',
          });
          return Boolean(data?.book?.myHold) === placing;
        });
        return;
      }
      setRefusal(serverMessage(e) ?? t({ id: 'book.somethingWrong' }));
    }
  };

  let body;
  if (loading && !hold) {
    body = <p role="status">{t({ id: 'book.hold.loading' })}</p>;
  } else if (error && !hold) {
    body = (
      <>
        <p role="alert">{t({ id: 'book.hold.loadFailed' })}</p>
        <button type="button" onClick={onRetry} className="btn-quiet btn-sm">
          {t({ id: 'error.tryAgain' })}
        </button>
      </>
    );
  } else if (!hold?.myHold) {
    const waiting = hold?.holdQueueLength ?? 0;
    body = (
      <>
        <p>{waiting === 0 ? t({ id: 'book.hold.nobody' }) : t({ id: 'book.hold.waiting' }, { count: waiting })}</p>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => place({ variables: { bookId } }), true)}
          className="btn-primary btn-sm"
        >
          {t({ id: 'book.hold.place' })}
        </button>
      </>
    );
  } else {
    const mine = getFragmentData(HOLD_FIELDS, hold.myHold);
    body = (
      <>
        <p role="status" className="font-medium">
          {holdStatus(mine, collect, t)}
        </p>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => cancel({ variables: { holdId: mine.id } }), false)}
          className="btn-danger btn-sm"
        >
          {t({ id: 'book.hold.cancel' })}
        </button>
      </>
    );
  }

  return (
    <section
      aria-label={t({ id: 'book.hold.label' })}
      className="flex flex-wrap items-center gap-3 rounded-lg bg-orange-50 p-4 text-sm"
    >
      {body}
      {refusal && (
        <p role="alert" className="w-full text-red-700">
          {refusal}
        </p>
      )}
    </section>
  );
}
