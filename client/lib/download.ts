import { language } from './i18n.ts';

/** Hands a file the app fetched (an export, a spreadsheet) to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click the browser has the file; the object URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Fetches one of the gateway's REST downloads with the session token; throws unless it answers 200. Like the
 * GraphQL link, it says the language on screen, so a refusal comes back in it (a member's account language wins).
 */
export async function fetchDownload(path: string, accept: string, token: string | null): Promise<Blob> {
  const headers = { accept, 'accept-language': language(), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(path, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.blob();
}
