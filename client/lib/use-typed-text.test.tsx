import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useCallback } from 'react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router-dom';

type Router = ReturnType<typeof createMemoryRouter>;
import { useTypedText } from './use-typed-text.ts';

// The router commits a new URL later than the box's own state: here a loader holds each search's navigation until
// the test lets it through, as a slow phone's render or a loader would.
async function heldRouter(Box: ComponentType) {
  const asked: string[] = [];
  let release = () => {};
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: ({ request }) => {
          const q = new URL(request.url).searchParams.get('q');
          if (q === null) return null;
          asked.push(q);
          return new Promise<null>((resolve) => (release = () => resolve(null)));
        },
        element: <Box />,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, asked, release: () => release(), box: await screen.findByRole<HTMLInputElement>('searchbox') };
}

/** Lets the navigation under way through, once it is held, and waits for the URL it brings. */
async function landed(router: Router, release: () => void, search: string) {
  await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
  release();
  await waitFor(() => expect(router.state.location.search).toBe(search));
}

const trimmed = (text: string) => text.trim();

/** A search box over ?q=, as All Books (the text as typed) and All Users (trimmed) have it. */
function searchBox(normalize?: (text: string) => string) {
  return function Box() {
    const [params, setParams] = useSearchParams();
    const write = useCallback((q: string) => setParams(q ? { q } : {}, { replace: true }), [setParams]);
    const { text, setText } = useTypedText(params.get('q') ?? '', write, { normalize });
    return <input type="search" value={text} onChange={(event) => setText(event.target.value)} />;
  };
}
const CatalogBox = searchBox();
const UsersBox = searchBox(trimmed);

describe('a search box kept in the URL', () => {
  it('keeps showing what was typed while the URL catches up, so a key pressed meanwhile is not lost', async () => {
    const { router, asked, release, box } = await heldRouter(CatalogBox);
    fireEvent.change(box, { target: { value: 'L' } });
    await waitFor(() => expect(asked).toEqual(['L']));
    // Sent, the URL not yet there: the box still says L (it went back to the URL's empty text before).
    expect(box.value).toBe('L');
    fireEvent.change(box, { target: { value: 'LA' } });
    release();
    await waitFor(() => expect(router.state.location.search).toBe('?q=L'));
    expect(box.value).toBe('LA');
    await waitFor(() => expect(asked).toEqual(['L', 'LA']));
    release();
    await waitFor(() => expect(router.state.location.search).toBe('?q=LA'));
    expect(box.value).toBe('LA');
  });

  it('shows the URL once it changes to something the box did not send (Back, a link)', async () => {
    const { router, release, box } = await heldRouter(CatalogBox);
    fireEvent.change(box, { target: { value: 'lantern' } });
    await landed(router, release, '?q=lantern');
    void router.navigate('/?q=harbour');
    await landed(router, release, '?q=harbour');
    await waitFor(() => expect(box.value).toBe('harbour'));
  });

  it('in All Users, keeps a space typed before the next word while the URL holds the trimmed text', async () => {
    const { router, release, box } = await heldRouter(UsersBox);
    fireEvent.change(box, { target: { value: 'john ' } });
    await landed(router, release, '?q=john');
    expect(box.value).toBe('john ');
  });
});
