// Contract: the catalogue (BookStore). Every adapter must pass this unchanged.
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../../server/store/port.ts';
import type { BookRecord } from '../../../server/store/port.ts';
import { HEX24, bookFields, collect, insertBooks, newLoan, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';

const ids = (books: BookRecord[]): string[] => books.map((b) => b.id);

export function booksContract(factory: StoreFactory): void {
  describe('books', () => {
    const store = useStore(factory);

    it('inserts a book with a 24-hex id and Date timestamps, and gets it back', async () => {
      const book = await store().books.insert(bookFields({ rating: 4.2, quantity: 7 }));
      expect(book.id).toMatch(HEX24);
      expect(book).toMatchObject({ ...bookFields({ rating: 4.2, quantity: 7 }) });
      expect(book.createdAt).toBeInstanceOf(Date);
      expect(book.updatedAt).toBeInstanceOf(Date);
      const again = await store().books.get(book.id);
      expect(again).toEqual(book);
      expect(again?.createdAt).toBeInstanceOf(Date);
      expect(await store().books.get(book.id.toUpperCase())).toEqual(book);
    });

    it('answers null for unknown and malformed ids instead of throwing', async () => {
      await insertBooks(store(), [{}]);
      expect(await store().books.get('0123456789abcdef01234567')).toBeNull();
      for (const bad of ['', 'nope', 'zzzzzzzzzzzzzzzzzzzzzzzz', '{"$gt":""}', '0123456789abcdef0123456']) {
        expect(await store().books.get(bad)).toBeNull();
      }
    });

    it('counts and inserts many, answering how many were inserted', async () => {
      expect(await store().books.count()).toBe(0);
      expect(await store().books.insertMany([])).toBe(0);
      expect(await store().books.insertMany([bookFields(), bookFields({ title: 'Emma' })])).toBe(2);
      expect(await store().books.count()).toBe(2);
    });

    it('pages in insertion order until the last page', async () => {
      const all = await insertBooks(
        store(),
        [1, 2, 3, 4, 5].map((n) => ({ title: `Book ${n}` })),
      );
      const first = await store().books.list({}, { first: 2 });
      expect(ids(first.nodes)).toEqual(all.slice(0, 2));
      expect(first).toMatchObject({ totalCount: 5, hasNextPage: true });
      expect(first.endCursor).toEqual(expect.any(String));
      const second = await store().books.list({}, { first: 2, after: first.endCursor });
      expect(ids(second.nodes)).toEqual(all.slice(2, 4));
      const last = await store().books.list({}, { first: 2, after: second.endCursor });
      expect(ids(last.nodes)).toEqual(all.slice(4));
      expect(last).toMatchObject({ totalCount: 5, hasNextPage: false });
      const beyond = await store().books.list({}, { first: 2, after: last.endCursor });
      expect(beyond).toEqual({ nodes: [], totalCount: 5, hasNextPage: false, endCursor: null });
    });

    it('says there is no next page when a page ends exactly at the last book', async () => {
      await insertBooks(store(), [{}, {}, {}]);
      const page = await store().books.list({}, { first: 3 });
      expect(page.nodes).toHaveLength(3);
      expect(page.hasNextPage).toBe(false);
      expect((await store().books.list({}, { first: 2 })).hasNextPage).toBe(true);
    });

    it('answers an empty page with a null cursor on an empty catalogue', async () => {
      expect(await store().books.list({}, { first: 10 })).toEqual({
        nodes: [],
        totalCount: 0,
        hasNextPage: false,
        endCursor: null,
      });
    });

    it('rejects a malformed cursor with InvalidCursorError', async () => {
      await insertBooks(store(), [{}]);
      const garbage = [
        'not a cursor',
        '!!!',
        Buffer.from('hello').toString('base64url'),
        'abc',
        `${Buffer.from('0'.repeat(24)).toString('base64url')}=`,
      ];
      for (const after of garbage) {
        await expect(store().books.list({}, { first: 5, after })).rejects.toBeInstanceOf(InvalidCursorError);
      }
    });

    it('combines filters with paging, and totalCount counts the filtered books', async () => {
      const all = await insertBooks(store(), [
        { genre: 'Thriller', quantity: 1 },
        { genre: 'Poetry', quantity: 4 },
        { genre: 'Thriller', quantity: 0 },
        { genre: 'Thriller', quantity: 2 },
        { genre: 'Thriller', quantity: 5 },
      ]);
      const filter = { genre: 'Thriller', availableOnly: true };
      const first = await store().books.list(filter, { first: 2 });
      expect(ids(first.nodes)).toEqual([all[0], all[3]]);
      expect(first).toMatchObject({ totalCount: 3, hasNextPage: true });
      const rest = await store().books.list(filter, { first: 2, after: first.endCursor });
      expect(ids(rest.nodes)).toEqual([all[4]]);
      expect(rest).toMatchObject({ totalCount: 3, hasNextPage: false });
      const poetry = await store().books.list({ genre: 'Poetry', availableOnly: null, search: null }, { first: 10 });
      expect(ids(poetry.nodes)).toEqual([all[1]]);
    });

    it('searches title or author case-insensitively by substring', async () => {
      const [dracula, emma] = await insertBooks(store(), [
        { title: 'Dracula', author: 'Bram Stoker' },
        { title: 'Emma', author: 'Jane Austen' },
        { title: 'Hamlet', author: 'William Shakespeare' },
      ]);
      expect(ids((await store().books.list({ search: 'DRAC' }, { first: 10 })).nodes)).toEqual([dracula]);
      expect(ids((await store().books.list({ search: 'stOKer' }, { first: 10 })).nodes)).toEqual([dracula]);
      expect(ids((await store().books.list({ search: 'mm' }, { first: 10 })).nodes)).toEqual([emma]);
      const none = await store().books.list({ search: 'tolstoy' }, { first: 10 });
      expect(none).toEqual({ nodes: [], totalCount: 0, hasNextPage: false, endCursor: null });
    });

    it('treats %, _ and regex characters in a search as plain text', async () => {
      const [percent, underscore, regex] = await insertBooks(store(), [
        { title: '100% Cotton', author: 'Anne Weaver' },
        { title: 'snake_case Tales', author: 'Ben Coder' },
        { title: 'Regex .*( Guide', author: 'Cleo Parser' },
        { title: 'Plain Book', author: 'Dan Writer' },
      ]);
      const search = async (text: string) => ids((await store().books.list({ search: text }, { first: 10 })).nodes);
      expect(await search('%')).toEqual([percent]);
      expect(await search('_')).toEqual([underscore]);
      expect(await search('.*(')).toEqual([regex]);
      expect(await search('.')).toEqual([regex]);
      expect(await search('e%c')).toEqual([]);
      expect(await search('e_c')).toEqual([underscore]);
      expect(await search('^plain')).toEqual([]);
      expect(await search('[a-z]+')).toEqual([]);
      expect(await search('$')).toEqual([]);
    });

    it('treats FTS5 query syntax and regex metacharacters in a search as plain text', async () => {
      const titles = [
        'Say "Hello"',
        'Star*Gazer',
        'Tea (Green)',
        'Caret^Top',
        'Half-Moon',
        'Love NEAR Death',
        'Dots...Here',
        'Cost $5',
        '50% Off',
        'Snake_Case',
        'Title: Subtitle',
        'Left AND Right',
        'NOT Here',
        'Braces {x}',
      ];
      const all = await insertBooks(
        store(),
        titles.map((title) => ({ title, author: 'Zed Writer' })),
      );
      const byTitle = new Map(titles.map((title, i) => [title, all[i]]));
      const search = async (text: string) => ids((await store().books.list({ search: text }, { first: 20 })).nodes);
      expect(await search('y "hel')).toEqual([byTitle.get('Say "Hello"')]);
      expect(await search('"')).toEqual([byTitle.get('Say "Hello"')]);
      expect(await search('""')).toEqual([]);
      expect(await search('"hello"')).toEqual([byTitle.get('Say "Hello"')]);
      expect(await search('r*g')).toEqual([byTitle.get('Star*Gazer')]);
      expect(await search('star*')).toEqual([byTitle.get('Star*Gazer')]);
      expect(await search('sta*')).toEqual([]);
      expect(await search('(green)')).toEqual([byTitle.get('Tea (Green)')]);
      expect(await search('a (g')).toEqual([byTitle.get('Tea (Green)')]);
      expect(await search('^top')).toEqual([byTitle.get('Caret^Top')]);
      expect(await search('^ta')).toEqual([]);
      expect(await search('-moon')).toEqual([byTitle.get('Half-Moon')]);
      // Words, in any order, each anywhere in the title or the author.
      expect(await search('half -moon')).toEqual([byTitle.get('Half-Moon')]);
      expect(await search('love near death')).toEqual([byTitle.get('Love NEAR Death')]);
      expect(await search('NEAR(love death)')).toEqual([]);
      expect(await search('love death')).toEqual([byTitle.get('Love NEAR Death')]);
      expect(await search('s...h')).toEqual([byTitle.get('Dots...Here')]);
      expect(await search('s.h')).toEqual([]);
      expect(await search('t $5')).toEqual([byTitle.get('Cost $5')]);
      expect(await search('$5')).toEqual([byTitle.get('Cost $5')]);
      expect(await search('0% o')).toEqual([byTitle.get('50% Off')]);
      expect(await search('5%f')).toEqual([]);
      expect(await search('e_c')).toEqual([byTitle.get('Snake_Case')]);
      expect(await search('ke_')).toEqual([byTitle.get('Snake_Case')]);
      expect(await search('k_c')).toEqual([]);
      expect(await search('title: sub')).toEqual([byTitle.get('Title: Subtitle')]);
      expect(await search('title:sub')).toEqual([]);
      expect(await search('left and right')).toEqual([byTitle.get('Left AND Right')]);
      expect(await search('left OR right')).toEqual([]);
      expect(await search('not here')).toEqual([byTitle.get('NOT Here')]);
      expect(await search('{x}')).toEqual([byTitle.get('Braces {x}')]);
      expect(await search('zed writer')).toHaveLength(titles.length);
      expect((await store().books.list({ search: 'ZED WRITER' }, { first: 20 })).totalCount).toBe(titles.length);
      expect((await store().books.list({ search: 'r*g' }, { first: 20 })).totalCount).toBe(1);
    });

    it('finds 1-, 2- and 3-character terms, across title and author but never across their boundary', async () => {
      const [dracula, emma, hamlet] = await insertBooks(store(), [
        { title: 'Dracula', author: 'Bram Stoker' },
        { title: 'Emma', author: 'Jane Austen' },
        { title: 'Hamlet', author: 'William Shakespeare' },
      ]);
      const found = async (text: string) => {
        const page = await store().books.list({ search: text }, { first: 10 });
        expect(page.totalCount).toBe(page.nodes.length);
        return ids(page.nodes);
      };
      expect(await found('d')).toEqual([dracula]);
      expect(await found('M')).toEqual([dracula, emma, hamlet]);
      expect(await found('w')).toEqual([hamlet]);
      // White space alone holds no word: no search, every book in insertion order.
      expect(await found(' ')).toEqual([dracula, emma, hamlet]);
      expect(await found('mm')).toEqual([emma]);
      expect(await found('Am')).toEqual([dracula, hamlet]);
      expect(await found('ja')).toEqual([emma]);
      expect(await found('emm')).toEqual([emma]);
      expect(await found('AUS')).toEqual([emma]);
      expect(await found('m s')).toEqual([dracula, emma, hamlet]);
      expect(await found('let')).toEqual([hamlet]);
      expect(await found('zzz')).toEqual([]);
      expect(await found('q')).toEqual([]);
      // A word never spans the end of the title and the start of the author; different words may match each.
      expect(await found('ula bram')).toEqual([dracula]);
      expect(await found('ulabram')).toEqual([]);
      expect(await found('a\u001fb')).toEqual([dracula]);
      expect(await found('a b')).toEqual([dracula]);
      expect(await found('dracula')).toEqual([dracula]);
      expect(await found('bram stoker')).toEqual([dracula]);
      expect(await found('   ')).toEqual([dracula, emma, hamlet]);
    });

    it('folds case and Latin accents on both sides, and keeps other scripts as typed', async () => {
      const [emile, zoe, strasse, greek] = await insertBooks(store(), [
        { title: 'ÉMILE ou De l’éducation', author: 'Jean-Jacques Rousseau' },
        { title: 'Zoë', author: 'Ångström Ödegaard' },
        { title: 'Die Straße', author: 'Anna Müller' },
        { title: 'ΟΔΥΣΣΕΙΑ', author: 'Όμηρος' },
      ]);
      const search = async (text: string) => ids((await store().books.list({ search: text }, { first: 10 })).nodes);
      expect(await search('émile')).toEqual([emile]);
      expect(await search('éMi')).toEqual([emile]);
      expect(await search('l’éDU')).toEqual([emile]);
      expect(await search('zoË')).toEqual([zoe]);
      expect(await search('ÅNGST')).toEqual([zoe]);
      expect(await search('ödeg')).toEqual([zoe]);
      expect(await search('STRASSE')).toEqual([]);
      expect(await search('straße')).toEqual([strasse]);
      expect(await search('MÜLLER')).toEqual([strasse]);
      expect(await search('οδυσ')).toEqual([greek]);
      expect(await search('όμη')).toEqual([greek]);
      // Latin accents are folded away: an unaccented word finds the accented title, and the other way round.
      expect(await search('emile')).toEqual([emile]);
      expect(await search('zoe')).toEqual([zoe]);
      expect(await search('muller')).toEqual([strasse]);
      expect(await search('angstrom odegaard')).toEqual([zoe]);
      expect(await search('EDUCATION')).toEqual([emile]);
      // A decomposed accent (e + combining acute) is the same letter.
      expect(await search('e\u0301mile')).toEqual([emile]);
      // Greek keeps its accents: only Latin letters are folded.
      expect(await search('ομη')).toEqual([]);
    });

    it('pages through a search with a cursor, counting every match on every page', async () => {
      const all = await insertBooks(
        store(),
        Array.from({ length: 23 }, (_, i) =>
          i % 3 === 0
            ? { title: `Night Train ${i}`, genre: i % 2 ? 'Drama' : 'Thriller', quantity: i % 4 }
            : { title: `Day Trip ${i}` },
        ),
      );
      const night = all.filter((_, i) => i % 3 === 0);
      for (const term of ['NIGHT', 't t', 'gHt t', 'n', 'tr', 'A']) {
        const matching = ['tr', 'A', 't t'].includes(term) ? all : night;
        // Ranked: the pages, cursor by cursor, give the order of one page of them all, each book once.
        const expected = ids((await store().books.list({ search: term }, { first: 100 })).nodes);
        expect([...expected].sort()).toEqual([...matching].sort());
        const seen: string[] = [];
        let after: string | null = null;
        for (let pages = 0; pages < 20; pages++) {
          const page = await store().books.list({ search: term }, { first: 3, after });
          expect(page.totalCount).toBe(expected.length);
          seen.push(...ids(page.nodes));
          expect(page.hasNextPage).toBe(seen.length < expected.length);
          if (!page.hasNextPage) break;
          after = page.endCursor;
        }
        expect(seen).toEqual(expected);
      }
      const byKey = async (search: string, list: string[]) => {
        const titles = new Map(
          (await store().books.list({ search }, { first: 100 })).nodes.map((b) => [b.id, b.title]),
        );
        return [...list].sort((a, b) => ((titles.get(a) ?? '') < (titles.get(b) ?? '') ? -1 : 1));
      };
      const thriller = await byKey(
        'night',
        night.filter((_, i) => (i * 3) % 2 === 0),
      );
      const first = await store().books.list({ search: 'night', genre: 'Thriller' }, { first: 2 });
      expect(first.totalCount).toBe(thriller.length);
      expect(ids(first.nodes)).toEqual(thriller.slice(0, 2));
      const rest = await store().books.list(
        { search: 'night', genre: 'Thriller' },
        { first: 10, after: first.endCursor },
      );
      expect(ids(rest.nodes)).toEqual(thriller.slice(2));
      expect(rest.hasNextPage).toBe(false);
      const available = await byKey(
        'night',
        night.filter((_, i) => (i * 3) % 4 > 0),
      );
      const inStock = await store().books.list({ search: 'night', availableOnly: true }, { first: 10 });
      expect(ids(inStock.nodes)).toEqual(available);
      expect(inStock.totalCount).toBe(available.length);
      // A cursor of another listing (in insertion order) is not one of a ranked search, and the other way round.
      const plain = (await store().books.list({}, { first: 1 })).endCursor;
      await expect(store().books.list({ search: 'night' }, { first: 5, after: plain })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
      await expect(store().books.list({}, { first: 5, after: first.endCursor })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
    });

    it('finds a renamed book by its new title only, and a stock change keeps it found', async () => {
      const [id = '', other] = await insertBooks(store(), [
        { title: 'The Old Mill', author: 'Ann Brook' },
        { title: 'Old Roads', author: 'Ben Hill' },
      ]);
      const search = async (text: string) => {
        const page = await store().books.list({ search: text }, { first: 10 });
        expect(page.totalCount).toBe(page.nodes.length);
        return ids(page.nodes);
      };
      expect(await search('old mill')).toEqual([id]);
      // "Old Roads" starts with the word; "The Old Mill" has it at a word's start.
      expect(await search('old')).toEqual([other, id]);
      await store().books.update(id, bookFields({ title: 'The New Granary', author: 'Ann Brook' }));
      expect(await search('old mill')).toEqual([]);
      expect(await search('mill')).toEqual([]);
      expect(await search('old')).toEqual([other]);
      expect(await search('new gran')).toEqual([id]);
      expect(await search('ann brook')).toEqual([id]);
      await store().books.update(id, bookFields({ title: 'The New Granary', author: 'Cleo Stone' }));
      expect(await search('ann brook')).toEqual([]);
      expect(await search('cleo')).toEqual([id]);
      expect(await store().books.changeStock(id, -1)).toBe(2);
      expect(await search('new gran')).toEqual([id]);
      await store().books.update(id, bookFields({ title: 'The Old Mill', author: 'Ann Brook' }));
      expect(await search('old mill')).toEqual([id]);
      expect(await search('old')).toEqual([other, id]);
      expect(await search('granary')).toEqual([]);
    });

    it('searches books inserted in bulk like books inserted one by one', async () => {
      const [single = ''] = await insertBooks(store(), [{ title: 'Lone Wolf' }]);
      expect((await store().books.list({ search: 'wolf' }, { first: 5 })).totalCount).toBe(1);
      expect((await store().loans.checkout(newLoan(single))).ok).toBe(true);
      expect((await store().books.list({ search: 'wolf' }, { first: 5 })).totalCount).toBe(1);
      expect(
        await store().books.insertMany(Array.from({ length: 30 }, (_, i) => bookFields({ title: `Pack Wolf ${i}` }))),
      ).toBe(30);
      const page = await store().books.list({ search: 'wolf' }, { first: 5 });
      expect(page.totalCount).toBe(31);
      expect(page.nodes[0]?.id).toBe(single);
      // Equally good matches (the word at a word's start), by title.
      expect(page.nodes.slice(1).map((b) => b.title)).toEqual([
        'Pack Wolf 0',
        'Pack Wolf 1',
        'Pack Wolf 10',
        'Pack Wolf 11',
      ]);
      // Pack Wolf 2, 12 and 20 to 29: each holds the three words.
      expect((await store().books.list({ search: 'pack wolf 2' }, { first: 20 })).totalCount).toBe(12);
      await store().books.insert(bookFields({ title: 'Pack Wolf 2b' }));
      expect((await store().books.list({ search: 'pack wolf 2' }, { first: 20 })).totalCount).toBe(13);
      expect((await store().books.list({ search: 'wolf' }, { first: 5 })).totalCount).toBe(32);
    });

    it('streams every book in insertion order, across chunk boundaries', async () => {
      expect(await collect(store().books.all())).toEqual([]);
      await store().books.insertMany(Array.from({ length: 1_203 }, (_, i) => bookFields({ title: `Book ${i}` })));
      const streamed = await collect(store().books.all());
      expect(streamed).toHaveLength(1_203);
      expect(streamed.map((b) => b.title)).toEqual(Array.from({ length: 1_203 }, (_, i) => `Book ${i}`));
      expect(streamed.every((b, i) => i === 0 || (streamed[i - 1]?.id ?? '') < b.id)).toBe(true);
    });
  });
}

export function bookWritesContract(factory: StoreFactory): void {
  describe('book lookups and writes', () => {
    const store = useStore(factory);

    it('finds books of exactly one genre, in insertion order', async () => {
      const [a, , c] = await insertBooks(store(), [{ genre: 'Poetry' }, { genre: 'Drama' }, { genre: 'Poetry' }]);
      expect(ids(await collect(store().books.byGenre('Poetry')))).toEqual([a, c]);
      expect(await collect(store().books.byGenre('poetry'))).toEqual([]);
      expect(await collect(store().books.byGenre('Poet'))).toEqual([]);
    });

    it('streams one genre in insertion order across chunk boundaries, books of other genres in between', async () => {
      // Every other book is Romance: 1,203 of them, so the read crosses chunks (500) of either engine.
      await store().books.insertMany(
        Array.from({ length: 2_406 }, (_, i) => bookFields({ title: `Book ${i}`, genre: i % 2 ? 'Romance' : 'Drama' })),
      );
      const romance = await collect(store().books.byGenre('Romance'));
      expect(romance.map((b) => b.title)).toEqual(Array.from({ length: 1_203 }, (_, i) => `Book ${2 * i + 1}`));
      expect(romance.every((b, i) => b.genre === 'Romance' && (i === 0 || (romance[i - 1]?.id ?? '') < b.id))).toBe(
        true,
      );
      // Whole records, the same as a lookup by id gives.
      expect(romance[600]).toEqual(await store().books.get(romance[600]?.id ?? ''));
    });

    it('lists distinct genres sorted ascending', async () => {
      expect(await store().books.genres()).toEqual([]);
      await insertBooks(store(), [
        { genre: 'Thriller' },
        { genre: 'Drama' },
        { genre: 'Thriller' },
        { genre: 'Biography' },
      ]);
      expect(await store().books.genres()).toEqual(['Biography', 'Drama', 'Thriller']);
    });

    it('updates exactly the given fields and keeps id and createdAt', async () => {
      const [id = ''] = await insertBooks(store(), [{}]);
      const before = await store().books.get(id);
      const fields = bookFields({
        title: 'Carmilla',
        author: 'Sheridan Le Fanu',
        genre: 'Romance',
        description: 'New.',
        image: '/x.svg',
        rating: 3.7,
        quantity: 0,
      });
      const result = await store().books.update(id, fields);
      expect(result?.modified).toBe(true);
      expect(result?.book).toMatchObject({ id, ...fields });
      expect(result?.book.createdAt).toEqual(before?.createdAt);
      expect(result?.book.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? Infinity);
      expect(await store().books.get(id)).toEqual(result?.book);
      // The search key follows the new title and author.
      expect(ids((await store().books.list({ search: 'le fanu' }, { first: 5 })).nodes)).toEqual([id]);
      expect((await store().books.list({ search: 'stoker' }, { first: 5 })).totalCount).toBe(0);
    });

    it('reports an update that changes nothing as not modified', async () => {
      const book = await store().books.insert(bookFields());
      const result = await store().books.update(book.id, bookFields());
      expect(result).toEqual({ book, modified: false });
    });

    it('answers null when updating an unknown or malformed id', async () => {
      expect(await store().books.update('0123456789abcdef01234567', bookFields())).toBeNull();
      expect(await store().books.update('bad-id', bookFields())).toBeNull();
      expect(await store().books.count()).toBe(0);
    });

    it('changes stock conditionally and never below zero', async () => {
      const [id = ''] = await insertBooks(store(), [{ quantity: 2 }]);
      expect(await store().books.changeStock(id, 3)).toBe(5);
      expect(await store().books.changeStock(id, -5)).toBe(0);
      expect(await store().books.changeStock(id, -1)).toBeNull();
      expect((await store().books.get(id))?.quantity).toBe(0);
      expect(await store().books.changeStock('0123456789abcdef01234567', 1)).toBeNull();
      expect(await store().books.changeStock('nope', 1)).toBeNull();
    });

    it('keeps stock at zero when many decrements race', async () => {
      const [id = ''] = await insertBooks(store(), [{ quantity: 3 }]);
      const results = await Promise.all(Array.from({ length: 10 }, () => store().books.changeStock(id, -1)));
      expect(results.filter((r) => r !== null).sort()).toEqual([0, 1, 2]);
      expect((await store().books.get(id))?.quantity).toBe(0);
    });
  });
}
