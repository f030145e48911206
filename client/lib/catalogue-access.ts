// Who may add and update books, decided in this one place for the header's links and for the pages. The
// library's policy says every member or staff only; in a staff-only library the viewer's role decides. What
// cannot be read does not lock anyone out: the gateway refuses an edit it does not allow anyway, and a failed
// lookup should not hide Add Book from every member of a library that lets them all edit.

/** Staff are the members whose role is admin. */
export const STAFF_ROLE = 'admin';

export type CatalogueAccess = 'checking' | 'allowed' | 'denied';

export interface AccessFacts {
  /** The policy's catalogueEditors; undefined while unknown. */
  editors: 'MEMBERS' | 'STAFF' | undefined;
  /** The policy could not be read. */
  policyFailed: boolean;
  /** The viewer's role; undefined while unknown. */
  role: string | null | undefined;
  /** The role could not be read. */
  roleFailed: boolean;
}

export function catalogueAccess({ editors, policyFailed, role, roleFailed }: AccessFacts): CatalogueAccess {
  if (policyFailed) return 'allowed';
  if (editors === undefined) return 'checking';
  if (editors === 'MEMBERS' || roleFailed) return 'allowed';
  if (role === undefined) return 'checking';
  return role === STAFF_ROLE ? 'allowed' : 'denied';
}
