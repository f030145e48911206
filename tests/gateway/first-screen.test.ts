// Home's, All Books', a book's and My Borrowed Books' first screen, drawn by the gateway after #root in their page
// (decisions 061, 088): the catalogue's public fields only, every member-entered text escaped, nothing for an
// address that names no book, nothing of a member, in the language the browser asks for, and drawn again when the
// catalogue changes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFirstScreens } from '../../client/app/first-screen.tsx';
import { FIRST_SCREEN_FILE, type FirstScreenSpec } from '../../server/first-screen.ts';
import { firstScreenSpec } from '../../scripts/vite-first-screen-words.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';
import { libraryDay } from '../api/factory.ts';

const INDEX = `<!doctype html><html><head><title>BookHaven</title>
<script src="/assets/early-queries-x1.js" data-route="/all-books /book-details/:id"></script>
</head><body><div id="root"></div></body></html>`;

const CLIENT = path.resolve(import.meta.dirname, '../../client');

/** first-screen.json as the build writes it (scripts/vite-first-screen-words.ts), from the SPA's components. */
function spec(): FirstScreenSpec {
  const settings = { pageSize: 24, limitedStockMax: 3, cards: 8 };
  return firstScreenSpec(path.join(CLIENT, 'messages'), settings, renderFirstScreens());
}

/** What the gateway put after #root (empty, for the app). */
const rootOf = (body: string) => /<div id="root"><\/div>([\s\S]*)<\/body>/.exec(body)?.[1] ?? '';

describe("the gateway's first screen", () => {
  let gw: TestGateway;
  let clientDir: string;
  const hostile = `<script>alert("t")</script> Tom & Jerry's "Best" <b>Bold</b>`;
  let hostileId: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-client-'));
    await writeFile(path.join(clientDir, 'index.html'), INDEX);
    await writeFile(path.join(clientDir, FIRST_SCREEN_FILE), JSON.stringify(spec()));
    gw = await startTestGateway({ clientDir });
    // First in the list's order (by title): the first card of All Books.
    hostileId = await gw.addBook({
      title: `!!! ${hostile}`,
      author: `<img src=x onerror=alert(1)>`,
      genre: 'Drama',
      description: `</p><script>alert("d")</script>`,
      image: '/assets/library/covers/dracula.svg" onload="alert(1)',
      rating: 4.5,
      quantity: 2,
      replacementCost: 987.65,
    });
    for (let i = 0; i < 10; i++) await gw.addBook({ title: `Zed ${i}`, quantity: 5 });
  });
  afterAll(async () => {
    await gw.close();
    await rm(clientDir, { recursive: true, force: true });
  });
  const page = (route: string, language = 'en-GB,en;q=0.9', headers: Record<string, string> = {}) =>
    gw.request('GET', route, { headers: { accept: 'text/html', 'accept-language': language, ...headers } });

  it("draws a book's page with its public fields, every text escaped", async () => {
    const answer = await page(`/book-details/${hostileId}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('vary')).toMatch(/accept-language/);
    const root = rootOf(answer.body as string);
    expect(root).toContain('id="first-screen" lang="en"');
    expect(root).toContain(
      '<h1 class="text-3xl font-bold text-gray-900">!!! &lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s &quot;Best&quot; &lt;b&gt;Bold&lt;/b&gt;</h1>',
    );
    expect(root).toContain('by &lt;img src=x onerror=alert(1)&gt;');
    expect(root).toContain('&lt;/p&gt;&lt;script&gt;alert(&quot;d&quot;)&lt;/script&gt;');
    expect(root).toContain('src="http://127.0.0.1');
    expect(root).toContain('/assets/library/covers/dracula.svg&quot; onload=&quot;alert(1)"');
    // Markup comes only from the gateway: no element the member's texts named.
    for (const tag of ['<script', '<b>', '<img src=x', '</p><script']) expect(root).not.toContain(tag);
    // The catalogue's public fields: no replacement cost, nothing of members.
    expect(root).not.toMatch(/987|replacement/i);
    expect(root).toContain('Limited Stock: 2');
    expect(root).toContain('Borrow Book');
  });

  it('draws nothing for an address that names no book, or a list asked with a query string', async () => {
    for (const route of [
      '/book-details/0123456789abcdef01234567',
      '/book-details/not-an-id',
      '/all-books?q=zed',
      '/all-books-old',
      '/login',
      '/?utm_source=leaflet',
    ]) {
      const answer = await page(route);
      expect(answer.status, route).toBe(200);
      expect(answer.body, route).toContain('<div id="root"></div>');
      expect(answer.body, route).not.toContain('first-screen"');
    }
  });

  it("draws All Books' first cards and count, again once the catalogue changes", async () => {
    const first = await page('/all-books');
    const root = rootOf(first.body as string);
    expect(root).toContain('<h1 class="mb-6 text-3xl font-bold text-gray-900">Book Collection</h1>');
    expect(root).toContain('Showing 11 of 11 books');
    const titles = [...root.matchAll(/<h2 class="text-lg font-semibold text-gray-900">([^<]*)<\/h2>/g)].map(
      (m) => m[1],
    );
    // Eight cards (the spec's), in the list's order, the member's title escaped.
    expect(titles).toHaveLength(8);
    expect(titles[0]).toBe(
      '!!! &lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s &quot;Best&quot; &lt;b&gt;Bold&lt;/b&gt;',
    );
    expect(root).not.toContain('<script');
    expect(root).toContain(`href="/book-details/${hostileId}"`);
    // The same catalogue: the same page and ETag; a new book: drawn again.
    expect((await page('/all-books')).headers.get('etag')).toBe(first.headers.get('etag'));
    await gw.addBook({ title: 'Aaa New Arrival', quantity: 1 });
    const after = await page('/all-books');
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(rootOf(after.body as string)).toContain('Showing 12 of 12 books');
  });

  it("speaks the browser's first language as the app does", async () => {
    const bangla = rootOf((await page('/all-books', 'bn-BD,bn;q=0.9,en;q=0.8')).body as string);
    expect(bangla).toContain('id="first-screen" lang="bn"');
    expect(bangla).toContain('বইয়ের সংগ্রহ');
    expect(bangla).toContain('১২টি বইয়ের মধ্যে ১২টি দেখানো হচ্ছে');
    expect(bangla).not.toContain('Book Collection');
    const details = rootOf((await page(`/book-details/${hostileId}`, 'bn')).body as string);
    expect(details).toContain('সীমিত স্টক: ২');
    // Only the first language counts (client/lib/locale.ts): French first is English, not Bangla.
    for (const language of ['fr-FR,bn;q=0.9', 'en-US', ''])
      expect(rootOf((await page('/all-books', language)).body as string), language).toContain('lang="en"');
  });

  it("draws Home's hero and welcome, the same for every catalogue, in the browser's language", async () => {
    const first = await page('/');
    expect(first.headers.get('vary')).toMatch(/accept-language/);
    const root = rootOf(first.body as string);
    expect(root).toContain('id="first-screen" lang="en"');
    expect(root).toContain('<div id="first-screen" lang="en" inert aria-hidden="true">');
    expect(root).toContain('<h1 class="sr-only">BookHaven</h1>');
    expect(root).toContain('style="background-image:url(/images/hero/slide-1.svg)"');
    expect(root).toContain('<h2 class="mb-4 text-3xl font-bold md:text-5xl">Discover Your Next Great Read</h2>');
    expect(root).toContain(
      '<a class="btn-primary px-6 py-3 text-lg" href="/all-books" data-discover="true">Browse Books</a>',
    );
    expect(root).toContain('Welcome to BookHaven');
    // Nothing of the catalogue or of members: a new book leaves Home's page as it was.
    expect(root).not.toContain('Zed');
    await gw.addBook({ title: 'Zzz Home Unchanged', quantity: 1 });
    expect((await page('/')).headers.get('etag')).toBe(first.headers.get('etag'));
    const bangla = rootOf((await page('/', 'bn-BD,bn;q=0.9')).body as string);
    expect(bangla).toContain('id="first-screen" lang="bn"');
    expect(bangla).toContain('খুঁজে নিন আপনার পরের প্রিয় বই');
    expect(bangla).not.toContain('Discover Your Next Great Read');
  });

  it('draws My Borrowed Books as the app first draws it, the same for everyone: nothing of the member', async () => {
    const member = await gw.member();
    const bookId = await gw.addBook({ title: 'Zzz Secret Loan', quantity: 1 });
    const lent = await gw.gql(
      `mutation($input: BorrowInput!) { borrow(input: $input) { record { id } } }`,
      { input: { bookId, returnDate: libraryDay(7) } },
      member.token,
    );
    expect(lent.body.errors).toBeUndefined();
    const anyone = await page('/borrowed-books');
    expect(anyone.headers.get('vary')).toMatch(/accept-language/);
    const root = rootOf(anyone.body as string);
    expect(root).toContain('<div id="first-screen" lang="en" inert aria-hidden="true">');
    expect(root).toContain('<h1 class="mb-6 text-3xl font-bold text-gray-900">My Borrowed Books</h1>');
    expect(root).toContain('<span>Loading borrowed books...</span>');
    // The footer itself, not its stand-in: its sentence is the largest paint of a short page.
    expect(root).toContain('<p class="mb-4 text-sm">Your community library: discover, borrow and share books since');
    expect(root).not.toContain('min-h-64 bg-slate-900');
    // Asked with the member's session (which a page's request never carries, but may): the same page.
    const theirs = await page('/borrowed-books', undefined, { authorization: `Bearer ${member.token}` });
    expect(theirs.headers.get('etag')).toBe(anyone.headers.get('etag'));
    for (const body of [anyone.body, theirs.body] as string[])
      for (const personal of ['Zzz Secret Loan', member.name, member.email]) expect(body).not.toContain(personal);
    expect(rootOf((await page('/borrowed-books/')).body as string)).toBe(root);
    const bangla = rootOf((await page('/borrowed-books', 'bn-BD,bn;q=0.9')).body as string);
    expect(bangla).toContain('id="first-screen" lang="bn"');
    expect(bangla).toContain('আমার ধার নেওয়া বই');
    expect(bangla).toContain('আপনার পাড়ার লাইব্রেরি');
    expect(bangla).not.toContain('My Borrowed Books');
    // A list asked with a query string (a tab) gets the page as before.
    expect((await page('/borrowed-books?tab=holds')).body).not.toContain('first-screen"');
  });
});
