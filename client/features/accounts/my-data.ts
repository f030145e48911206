import { intl } from '../../lib/i18n.ts';
import { CombinedGraphQLErrors } from '@apollo/client';
import { graphql } from '../../gql/index.ts';
import { getToken } from '../../lib/token-storage.ts';
import { fetchDownload, saveFile } from '../../lib/download.ts';

export const DELETE_MY_ACCOUNT_MUTATION = graphql(`
  mutation DeleteMyAccount {
    deleteMyAccount
  }
`);

/** What stands in the way of deleting the account, asked before the member confirms it. */
export const ACCOUNT_DELETION_CHECK = graphql(`
  query AccountDeletionCheck {
    accountDeletionCheck {
      allowed
      loans
      holds
      balance
    }
  }
`);

export const EXPORT_FILE_NAME = 'bookhaven-my-data.json';
export const exportFailed = (): string => intl().formatMessage({ id: 'account.exportFailed' });
export const deleteFailed = (): string => intl().formatMessage({ id: 'account.deleteFailed' });

/** The gateway's sentence for a refusal it explains (ACCOUNT_IN_USE says what is still open); else null. */
export function refusalOf(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.extensions?.['code'] === 'ACCOUNT_IN_USE')?.message ?? null;
}

/** Fetches everything the library holds about the member and hands it to the browser as a file. */
export async function downloadMyData(): Promise<void> {
  saveFile(await fetchDownload('/api/me/export', 'application/json', getToken()), EXPORT_FILE_NAME);
}
