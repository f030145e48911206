// What a member is told when a change got no answer even on its retry (lib/apollo.ts sends a keyed write twice):
// the library may or may not have recorded it, so the app says so plainly and offers to look. "Check" asks the
// gateway for the member's current state and says which it is; a later try with a new key is then safe.
import { confirmAction } from '../components/ui/dialogs.ts';
import { graphql } from '../gql/index.ts';
import { intl } from './i18n.ts';

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

/** The change that got no answer, as the member's words name it (the catalogues say each in their language). */
export type UncertainAction = 'borrow' | 'return' | 'renewal' | 'hold' | 'cancellation';

export const unreachedTitle = () => intl().formatMessage({ id: 'uncertain.title' });

export const unreachedText = (action: UncertainAction) => intl().formatMessage({ id: 'uncertain.text' }, { action });

/**
 * Says the plain sentence with a "Check" button. On Check, `check` fetches the true state and answers whether
 * the change happened; answers that, or null when the member closed the dialog.
 */
export async function askWhetherItHappened(
  action: UncertainAction,
  check: () => Promise<boolean>,
): Promise<boolean | null> {
  for (;;) {
    const wantsCheck = await confirmAction({
      title: unreachedTitle(),
      text: unreachedText(action),
      confirmText: intl().formatMessage({ id: 'uncertain.check' }),
      cancelText: intl().formatMessage({ id: 'uncertain.close' }),
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
