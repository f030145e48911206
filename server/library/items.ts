// Copies as items (issue 31): staff look a copy up by its barcode, list a book's copies, add copies and change
// a copy's status by hand (in repair, lost, withdrawn, back on the shelf). The store keeps a book's counts and
// its holds in the same step as each change; this module checks the input, says why a change is refused, and
// records each change in the audit trail.
import type { ItemRecord, ItemShelfStatus, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { barcodeOf, itemBusy, noCopy } from './item-refusals.ts';
import { requireStaff } from './circulation.ts';
import * as check from './validate.ts';
import { createOnce, requestKey } from './requests.ts';
import type { AuditTrail } from './audit.ts';

export const SHELF_STATUSES: readonly ItemShelfStatus[] = ['ON_SHELF', 'IN_REPAIR', 'LOST', 'WITHDRAWN'];

export interface Items {
  /** Staff: one copy by barcode (NOT_FOUND when no copy has it). */
  get(session: Session, barcode: unknown): Promise<ItemRecord>;
  /** Staff: a book's copies in the order they were added. */
  ofBook(session: Session, bookId: string): Promise<ItemRecord[]>;
  add(
    session: Session,
    input: { bookId?: unknown; count?: unknown; note?: unknown; idempotencyKey?: unknown },
  ): Promise<ItemRecord[]>;
  setStatus(
    session: Session,
    input: { barcode?: unknown; status?: unknown; note?: unknown; idempotencyKey?: unknown },
  ): Promise<ItemRecord>;
}

export function createItems(store: Store, opts: { now: () => Date; audit: AuditTrail }): Items {
  const { now, audit } = opts;
  const once = createOnce(store, now);

  async function find(barcode: string): Promise<ItemRecord> {
    const item = await store.items.get(barcode);
    if (!item) throw noCopy(barcode);
    return item;
  }

  return {
    async get(session, rawBarcode) {
      requireStaff(session);
      return find(barcodeOf(rawBarcode));
    },

    async ofBook(session, bookId) {
      requireStaff(session);
      return store.items.listByBook(bookId);
    },

    async add(session, input) {
      requireStaff(session);
      const bookId = check.id(input.bookId, 'bookId');
      const count = check.number(input.count, 'count', { min: 1, max: 100, integer: true });
      const note = check.text(input.note, 'note', { max: 500, required: false });
      // With a key, the copies' barcodes are reserved before it is claimed, so its ref names the copies this
      // request makes: two desks adding to one book at once and each resending get back each their own labels
      // (a count of the book's copies read before the write named the other desk's when both read it first).
      // A key resent reserves numbers it never uses: barcodes may skip, never repeat.
      const reserved = requestKey(input.idempotencyKey) === null ? undefined : await store.items.reserve(count);
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request: ['add-items', bookId, count, note],
        ref: `${bookId}:${reserved?.join(',') ?? ''}`,
        answer: async (ref: string) => {
          const [id = '', barcodes = ''] = ref.split(':');
          const wanted = new Set(barcodes.split(','));
          const items = (await store.items.listByBook(id)).filter((item) => wanted.has(item.barcode));
          return items.length === wanted.size ? items : null;
        },
      };
      return once(submission, async () => {
        const added = await store.items.add(bookId, count, now(), note || undefined, reserved);
        if (!added) throw new LibraryError('NOT_FOUND', 'bookNotFound');
        await audit.record(
          session,
          added.map((item) => ({ action: 'item-added', field: 'barcode', newValue: item.barcode, bookId })),
        );
        return added;
      });
    },

    async setStatus(session, input) {
      requireStaff(session);
      const barcode = barcodeOf(input.barcode);
      const status = input.status as ItemShelfStatus;
      if (!SHELF_STATUSES.includes(status))
        throw badInput('status', 'deskStatusOneOf', { values: SHELF_STATUSES.join(', ') });
      const note = check.text(input.note, 'note', { max: 500, required: false });
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request: ['item-status', barcode, status, note],
        ref: barcode,
        answer: async (ref: string) => {
          const item = await store.items.get(ref);
          return item && item.status === status ? item : null;
        },
      };
      return once(submission, async () => {
        const before = await find(barcode);
        if (before.loanId !== null || before.holdId !== null) throw itemBusy(barcode);
        const result = await store.items.setStatus(barcode, status, note === '' ? null : note, now());
        if (!result.ok) throw result.reason === 'item-busy' ? itemBusy(barcode) : noCopy(barcode);
        const { item } = result;
        const about = { bookId: item.bookId };
        await audit.record(session, [
          {
            action: 'item-status',
            field: `${barcode} status`,
            oldValue: before.status,
            newValue: item.status,
            ...about,
          },
          ...(item.note !== before.note
            ? [
                {
                  action: 'item-status' as const,
                  field: `${barcode} note`,
                  oldValue: before.note,
                  newValue: item.note,
                  ...about,
                },
              ]
            : []),
        ]);
        return item;
      });
    },
  };
}
