import type { DeskBookQuery, ItemShelfStatus, ItemStatus } from '../../../gql/graphql.ts';
import { formatDay, formatInstantDay } from '../../../lib/dates.ts';
import { useI18n, type MessageId } from '../../../lib/i18n.ts';

export type DeskItem = NonNullable<DeskBookQuery['book']>['items'][number];

export const STATUS_TEXT: Record<ItemStatus, MessageId> = {
  ON_SHELF: 'desk.items.status.onShelf',
  ON_LOAN: 'desk.items.status.onLoan',
  ON_HOLD_SHELF: 'desk.items.status.onHoldShelf',
  RETURNING: 'desk.items.status.returning',
  IN_REPAIR: 'desk.items.status.inRepair',
  LOST: 'desk.items.status.lost',
  WITHDRAWN: 'desk.items.status.withdrawn',
};

/** What staff may do to a copy in each status: only a copy no loan or hold has can change by hand. */
export type ItemAction = { status: ItemShelfStatus | 'withdraw'; text: MessageId };
const ACTIONS: Partial<Record<ItemStatus, ItemAction[]>> = {
  ON_SHELF: [
    { status: 'IN_REPAIR', text: 'desk.items.toRepair' },
    { status: 'LOST', text: 'desk.items.toLost' },
    { status: 'withdraw', text: 'desk.items.withdraw' },
  ],
  IN_REPAIR: [
    { status: 'ON_SHELF', text: 'desk.items.repaired' },
    { status: 'withdraw', text: 'desk.items.withdraw' },
  ],
  LOST: [{ status: 'ON_SHELF', text: 'desk.items.found' }],
};

type Props = { items: DeskItem[]; busy: string | null; onAction: (item: DeskItem, action: ItemAction) => void };

/** Every copy of the book with its label's barcode, what it is doing, and until when it is out. */
export function BookItemsTable({ items, busy, onAction }: Props) {
  const t = useI18n().formatMessage;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t({ id: 'desk.items.caption' })}</caption>
      <thead>
        <tr className="border-b border-slate-200">
          <th scope="col" className="py-2">
            {t({ id: 'desk.items.barcode' })}
          </th>
          <th scope="col">{t({ id: 'desk.items.status' })}</th>
          <th scope="col">{t({ id: 'desk.items.due' })}</th>
          <th scope="col">{t({ id: 'desk.items.addedOn' })}</th>
          <th scope="col">{t({ id: 'desk.items.note' })}</th>
          <th scope="col">{t({ id: 'desk.items.actions' })}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.barcode} className="border-b border-slate-100">
            <th scope="row" className="py-2 font-mono font-normal">
              {item.barcode}
            </th>
            <td>{t({ id: STATUS_TEXT[item.status] })}</td>
            <td>{item.dueDate ? formatDay(item.dueDate) : ''}</td>
            <td>{formatInstantDay(item.addedAt)}</td>
            <td>{item.note}</td>
            <td className="flex flex-wrap gap-1 py-1">
              {(ACTIONS[item.status] ?? []).map((action) => (
                <button
                  key={action.status}
                  type="button"
                  className={action.status === 'withdraw' ? 'btn-danger btn-sm' : 'btn-secondary btn-sm'}
                  disabled={busy !== null}
                  aria-label={t(
                    { id: 'desk.items.actionLabel' },
                    { action: t({ id: action.text }), barcode: item.barcode },
                  )}
                  onClick={() => onAction(item, action)}
                >
                  {t({ id: action.text })}
                </button>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
