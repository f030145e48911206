// A third-party client on its own origin (as the original BookHaven client is) using the REST layer in a real
// browser: Chromium sends the CORS preflights itself (no request interception here, which would answer them
// and hide a refusal), and loads the gateway's covers from the client's page.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.ts';
import { addBook, bookById, keeperToken, uniqueTag } from './support/library.ts';

/** The client's page: reads a book, saves it back with one more copy (PUT, so a preflight), shows its cover. */
const CLIENT_PAGE = `<!doctype html><html lang="en"><title>Other client</title><main><h1>Other client</h1></main><script>
  const params = new URLSearchParams(location.hash.slice(1));
  const api = params.get('api'), id = params.get('id'), token = params.get('token');
  (async () => {
    const book = await (await fetch(api + '/api/books/' + id)).json();
    const saved = await fetch(api + '/api/books/' + id, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
      body: JSON.stringify({ ...book, quantity: book.quantity + 1 }),
    });
    const cover = new Image();
    const loaded = new Promise((resolve) => { cover.onload = () => resolve(cover.naturalWidth); cover.onerror = () => resolve(0); });
    cover.alt = book.title;
    cover.src = book.image;
    document.querySelector('main').append(cover);
    window.result = { image: book.image, status: saved.status, answer: await saved.json(), coverWidth: await loaded };
  })().catch((error) => { window.result = { error: String(error) }; });
</script></html>`;

describe('a REST client on another origin', () => {
  const browser = useBrowser('desktop');
  let server: Server;

  beforeAll(async () => {
    const { port } = new URL(inject('foreignOrigin'));
    server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(CLIENT_PAGE),
    );
    await new Promise<void>((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('updates a book through a real preflight and shows the cover from the gateway', async () => {
    // A cross-origin PUT with an Authorization header is always preflighted: refused, fetch() rejects.
    // Staff: with staff configured, only they change copies owned (docs/decisions/035).
    const token = await keeperToken();
    const book = await addBook({
      title: uniqueTag('Elsewhere '),
      quantity: 2,
      image: '/assets/library/covers/dracula.svg',
    });
    const page = browser.page();
    await page.goto(`${inject('foreignOrigin')}/#${new URLSearchParams({ api: baseUrl(), id: book.id, token })}`);
    const result = (await (
      await page.waitForFunction(() => (window as unknown as { result?: unknown }).result)
    ).jsonValue()) as Record<string, unknown>;
    expect(result).toMatchObject({
      image: `${baseUrl()}/assets/library/covers/dracula.svg`,
      status: 200,
      answer: { acknowledged: true, modifiedCount: 1 },
    });
    expect(result.coverWidth).toBeGreaterThan(0);
    expect((await bookById(book.id))?.quantity).toBe(3);
  });
});
