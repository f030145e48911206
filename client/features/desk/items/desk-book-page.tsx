import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { confirmAction } from '../../../components/ui/dialogs.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { newRequestKey } from '../../../lib/request-key.ts';
import { useI18n } from '../../../lib/i18n.ts';
import { serverMessage } from '../desk-errors.ts';
import { EmptyState, LoadError } from '../desk-states.tsx';
import { BarcodeLabels } from './barcode-labels.tsx';
import { BookHistory } from './book-history.tsx';
import { BookItemsTable, type DeskItem, type ItemAction } from './book-items-table.tsx';
import { DESK_BOOK_QUERY, useAddItems, useSetItemStatus, useWithdrawItem } from './book-items-operations.ts';

/** Copies that are the library's (a label worth printing): not lost or withdrawn. */
const owned = (item: DeskItem) => item.status !== 'LOST' && item.status !== 'WITHDRAWN';

/**
 * A book at the desk: its copies (barcode, status, due day), adding and withdrawing copies, their labels, and the
 * book's history with its edits' revert.
 */
export default function DeskBookPage() {
  const id = useParams().id ?? '';
  const formId = useId();
  const t = useI18n().formatMessage;
  const { data, loading, error, refetch } = useQuery(DESK_BOOK_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [addItems, adding] = useAddItems();
  const [withdrawItem] = useWithdrawItem();
  const [setItemStatus] = useSetItemStatus();
  const [count, setCount] = useState('1');
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [labels, setLabels] = useState<string[] | null>(null);
  const book = data?.book;
  useDocumentTitle(book ? t({ id: 'desk.items.pageTitle' }, { title: book.title }) : t({ id: 'desk.title' }));

  const failed = (actionError: unknown) =>
    setOutcome({ ok: false, text: serverMessage(actionError) ?? t({ id: 'desk.somethingWrong' }) });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > 100) {
      setOutcome({ ok: false, text: t({ id: 'desk.items.countInvalid' }) });
      return;
    }
    setOutcome(null);
    try {
      const { data: added } = await addItems({ variables: { bookId: id, count: n, idempotencyKey: newRequestKey() } });
      const barcodes = added?.addItems.map((item) => item.barcode) ?? [];
      setOutcome({ ok: true, text: t({ id: 'desk.items.added' }, { count: barcodes.length }) });
      setLabels(barcodes);
      setCount('1');
    } catch (addError) {
      failed(addError);
    }
  };

  const act = async (item: DeskItem, action: ItemAction) => {
    setOutcome(null);
    if (action.status === 'withdraw') {
      const sure = await confirmAction({
        title: t({ id: 'desk.items.withdrawTitle' }, { barcode: item.barcode }),
        text: t({ id: 'desk.items.withdrawText' }),
        confirmText: t({ id: 'desk.items.withdraw' }),
      });
      if (!sure) return;
    }
    setBusy(item.barcode);
    try {
      const key = newRequestKey();
      if (action.status === 'withdraw')
        await withdrawItem({ variables: { barcode: item.barcode, idempotencyKey: key } });
      else await setItemStatus({ variables: { barcode: item.barcode, status: action.status, idempotencyKey: key } });
      setOutcome({ ok: true, text: t({ id: 'desk.items.changed' }, { barcode: item.barcode }) });
    } catch (actionError) {
      failed(actionError);
    } finally {
      setBusy(null);
    }
  };

  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label={t({ id: 'desk.items.loading' })} />;
  else if (error && !data) {
    body = (
      <LoadError
        error={error}
        text={t({ id: 'desk.items.loadFailed' })}
        onRetry={() => void refetch().catch(() => {})}
      />
    );
  } else if (!book) body = <EmptyState>{t({ id: 'desk.items.noBook' })}</EmptyState>;
  else {
    body = (
      <div className="space-y-6">
        <div className="no-print">
          <h1 className="text-3xl font-bold text-gray-900">{book.title}</h1>
          <p className="text-slate-700">{book.author}</p>
          <p className="mt-1">{t({ id: 'desk.items.counts' }, { copies: book.copies, onShelf: book.quantity })}</p>
        </div>
        <div className="no-print flex flex-wrap items-end gap-4">
          <form onSubmit={(event) => void add(event)} noValidate className="flex items-end gap-2">
            <div>
              <label htmlFor={`${formId}-count`} className="form-label">
                {t({ id: 'desk.items.count' })}
              </label>
              <input
                id={`${formId}-count`}
                className="form-input w-24"
                type="number"
                min={1}
                max={100}
                value={count}
                onChange={(event) => setCount(event.target.value)}
              />
            </div>
            <button type="submit" className="btn-primary" disabled={adding.loading}>
              {t({ id: adding.loading ? 'desk.items.adding' : 'desk.items.add' })}
            </button>
          </form>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => setLabels(book.items.filter(owned).map((item) => item.barcode))}
          >
            {t({ id: 'desk.items.allLabels' })}
          </button>
        </div>
        <p role="status" className="text-green-800">
          {outcome?.ok ? outcome.text : ''}
        </p>
        {outcome && !outcome.ok && (
          <p role="alert" className="text-red-700">
            {outcome.text}
          </p>
        )}
        {labels && labels.length > 0 && (
          <BarcodeLabels title={book.title} barcodes={labels} onClose={() => setLabels(null)} />
        )}
        <section aria-label={t({ id: 'desk.items.caption' })} className="no-print rounded-xl bg-white p-5 shadow-sm">
          {book.items.length === 0 ? (
            <EmptyState>{t({ id: 'desk.items.none' })}</EmptyState>
          ) : (
            <BookItemsTable items={book.items} busy={busy} onAction={(item, action) => void act(item, action)} />
          )}
        </section>
        <BookHistory bookId={book.id} />
      </div>
    );
  }

  return (
    <section className="page-container py-10">
      <p className="no-print mb-4">
        <Link to="/desk" className="text-indigo-700 underline">
          {t({ id: 'desk.items.back' })}
        </Link>
      </p>
      {body}
    </section>
  );
}
