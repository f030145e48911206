import { getToken } from '../../../lib/token-storage.ts';
import { fetchDownload, saveFile } from '../../../lib/download.ts';

export const OVERDUE_CSV_NAME = 'bookhaven-overdue.csv';

/** The overdue loans at least `minDays` late as a spreadsheet (REST's CSV), handed to the browser as a file. */
export async function downloadOverdueCsv(minDays: number): Promise<void> {
  saveFile(await fetchDownload(`/api/desk/overdue.csv?minDays=${minDays}`, 'text/csv', getToken()), OVERDUE_CSV_NAME);
}
