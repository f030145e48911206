import { useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { DeskCheckInItemMutation } from '../../../gql/graphql.ts';
import { normalScan, scanKind, scannedItem } from '../../../../shared/barcodes.ts';
import { newRequestKey } from '../../../lib/request-key.ts';
import { hasErrorCode, isOverridable, serverMessage } from '../desk-errors.ts';
import { MEMBER_BY_CARD_QUERY, useCheckInItem, useCheckOut } from './scan-operations.ts';

/** The member the desk has open: a scanned item is checked out to them. */
export type OpenMember = { uid: string; name: string; cardNumber: string | null };

export type CheckedOut = { id: string; bookTitle: string; dueDate: string; barcode: string };
export type CheckedIn = DeskCheckInItemMutation['checkInItem'] & { barcode: string };

/** What the last scan did, as the desk shows it. */
export type ScanResult =
  | { kind: 'opened'; name: string }
  | { kind: 'no-member'; card: string }
  | { kind: 'bad-item'; code: string }
  | { kind: 'no-card'; name: string }
  | { kind: 'checked-out'; loan: CheckedOut; overridden: boolean }
  | { kind: 'checked-in'; result: CheckedIn }
  /** A refusal: its sentence, and whether staff may override it or check the copy in first. */
  | { kind: 'refused'; barcode: string; message: string; overridable: boolean; onLoan: boolean; checkIn: boolean }
  | { kind: 'failed'; message: string };

export type CheckInOptions = { forgive: boolean; returnedOn: string | null };

type Args = {
  member: OpenMember | null;
  openMember: (uid: string) => void;
  /** Forgive and the book drop day, as chosen before the scan; called once per check-in. */
  checkInOptions: () => CheckInOptions;
  /** Called after each check-in that used the options (Forgive applies to one check-in only). */
  onCheckedIn: () => void;
  /** Each copy lent to the open member, for their checkout receipt. */
  onCheckedOut: (loan: CheckedOut) => void;
  fallback: string;
};

/**
 * The scan box's routing: a member's card opens them; an item barcode checks out to the open member, or, with
 * none open, checks in. Scans run one after another in the order they came (a scanner can be quicker than the
 * gateway), each answer replacing the last.
 */
export function useScan({ member, openMember, checkInOptions, onCheckedIn, onCheckedOut, fallback }: Args) {
  const client = useApolloClient();
  const [checkOutItem] = useCheckOut();
  const [checkInItem] = useCheckInItem();
  const [results, setResults] = useState<ScanResult[]>([]);
  const [busy, setBusy] = useState(false);
  // Counts the actions ended, so the scan box takes the focus back after each (scan-box.tsx).
  const [done, setDone] = useState(0);
  const queue = useRef(Promise.resolve());
  const refusal = (error: unknown) => serverMessage(error) ?? fallback;

  const checkIn = async (barcode: string): Promise<ScanResult> => {
    const { forgive, returnedOn } = checkInOptions();
    try {
      const { data } = await checkInItem({
        variables: { barcode, forgive, returnedOn, idempotencyKey: newRequestKey() },
      });
      onCheckedIn();
      if (!data) return { kind: 'failed', message: fallback };
      return { kind: 'checked-in', result: { ...data.checkInItem, barcode } };
    } catch (error) {
      return { kind: 'refused', barcode, message: refusal(error), overridable: false, onLoan: false, checkIn: true };
    }
  };

  const checkOut = async (open: OpenMember, barcode: string, override: string | null): Promise<ScanResult> => {
    if (!open.cardNumber) return { kind: 'no-card', name: open.name };
    try {
      const { data } = await checkOutItem({
        variables: { card: open.cardNumber, barcode, override, idempotencyKey: newRequestKey() },
      });
      if (!data) return { kind: 'failed', message: fallback };
      const loan = { ...data.checkOut, barcode };
      onCheckedOut(loan);
      return { kind: 'checked-out', loan, overridden: override !== null };
    } catch (error) {
      return {
        kind: 'refused',
        barcode,
        message: refusal(error),
        // The gateway marks the refusals staff may lend past with a reason (extensions.overridable).
        overridable: override === null && isOverridable(error),
        onLoan: hasErrorCode(error, 'ITEM_ON_LOAN'),
        checkIn: false,
      };
    }
  };

  const openCard = async (card: string): Promise<ScanResult> => {
    try {
      const { data } = await client.query({
        query: MEMBER_BY_CARD_QUERY,
        variables: { card },
        fetchPolicy: 'network-only',
      });
      const found = data?.memberByCard;
      if (!found) return { kind: 'no-member', card };
      openMember(found.uid);
      return { kind: 'opened', name: found.name || found.email };
    } catch (error) {
      return { kind: 'failed', message: refusal(error) };
    }
  };

  /** Runs one desk action after those before it, showing what it did. */
  const run = (action: () => Promise<ScanResult[]>) => {
    queue.current = queue.current.then(async () => {
      setBusy(true);
      try {
        setResults(await action());
      } finally {
        setBusy(false);
        setDone((count) => count + 1);
      }
    });
  };

  const scan = (code: string) => {
    // The member open when the code was scanned, not when its turn comes.
    const open = member;
    // Read as the labels print it (barcodes.ts): whatever its case, spaces around it, with or without its prefix.
    const read = normalScan(code);
    const copy = async (barcode: string) => (open ? checkOut(open, barcode, null) : checkIn(barcode));
    run(async () => {
      const kind = scanKind(read);
      if (kind === 'bad-item') return [{ kind: 'bad-item', code: read }];
      if (kind === 'card') return [await openCard(read)];
      const barcode = scannedItem(read) ?? read;
      if (kind === 'item') return [await copy(barcode)];
      // Eight bare digits: a member's card if someone has it, else the copy with that number.
      const opened = await openCard(read);
      return [opened.kind === 'no-member' ? await copy(barcode) : opened];
    });
  };

  return {
    results,
    busy,
    done,
    scan,
    /** Lends a refused copy anyway, with the reason staff gave (recorded with the loan's audit entry). */
    override: (barcode: string, reason: string) => {
      const open = member;
      if (open) run(async () => [await checkOut(open, barcode, reason)]);
    },
    /** A copy still on loan to someone else: check it in (its late fee, a hold it fills), then lend it. */
    checkInFirst: (barcode: string) => {
      const open = member;
      run(async () => {
        const returned = await checkIn(barcode);
        if (returned.kind !== 'checked-in' || !open) return [returned];
        return [await checkOut(open, barcode, null), returned];
      });
    },
    dismiss: () => setResults([]),
  };
}
