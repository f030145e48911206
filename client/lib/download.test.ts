import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../messages/en.json' with { type: 'json' };
import { applyCatalogue } from './i18n.ts';
import { fetchDownload } from './download.ts';

describe('a REST download', () => {
  afterEach(() => {
    applyCatalogue('en', english);
    vi.unstubAllGlobals();
  });

  it('says the language on screen (Accept-Language) with the session token, so a refusal comes back in it', async () => {
    const fetched = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    applyCatalogue('bn', english);
    await fetchDownload('/api/me/export', 'application/json', 'token-1');
    expect(fetched).toHaveBeenCalledWith('/api/me/export', {
      headers: { accept: 'application/json', 'accept-language': 'bn', authorization: 'Bearer token-1' },
    });
  });
});
