// What a member is told when a change got no answer even on its retry (lib/apollo.ts sends a keyed write twice):
// the library may or may not have recorded it, so the app says so plainly and offers to look. "Check" asks the
// gateway for the member's current state and says which it is; a later try with a new key is then safe.
import { confirmAction } from '../components/ui/dialogs.ts';
import { graphql } from '../gql/index.ts';

/** The caller's loans as the gateway has them now: after a borrow or return whose answer never came, whether it happened. */
export const CHECK_MY_LOANS_QUERY = graphql(`
  query CheckMyLoans {
    borrowedBooks {
      id
      bookId
      status
    }
  }
`);

export const UNREACHED_TITLE = 'Could Not Reach the Library';

/** `action` as a member says it: "borrow", "return", "renewal", "hold". */
export const unreachedText = (action: string) =>
  `We could not reach the library, so we don't know whether your ${action} went through.`;

/**
 * Says the plain sentence with a "Check" button. On Check, `check` fetches the true state and answers whether
 * the change happened; answers that, or null when the member closed the dialog.
 */
export async function askWhetherItHappened(action: string, check: () => Promise<boolean>): Promise<boolean | null> {
  for (;;) {
    const wantsCheck = await confirmAction({
      title: UNREACHED_TITLE,
      text: unreachedText(action),
      confirmText: 'Check',
      cancelText: 'Close',
      icon: 'question',
    });
    if (!wantsCheck) return null;
    try {
      return await check();
    } catch {
      // Still not known (the library is out of reach again): the same question, to check once it is back.
    }
  }
}
