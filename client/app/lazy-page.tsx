import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { loadCataloguePart, type CataloguePart } from '../lib/i18n.ts';
import { isChunkLoadFailure } from '../lib/network-errors.ts';
import { pageCodeLoaded } from './new-version.ts';
import { RequireAuth } from './require-auth.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

type PageModule = { default: ComponentType };

/**
 * A page's chunk. When it does not load (offline, or a deploy replaced it) the page becomes the app's own error
 * page: React Router renders nothing below the layout for a route whose `lazy` failed, so the failure has to
 * resolve into a page. React Router keeps what `lazy` gave for the rest of this page's life; "Try again"
 * reloads, which asks again.
 */
async function loadPage(load: () => Promise<PageModule>): Promise<{ Page: ComponentType; loaded: boolean }> {
  try {
    const module = await load();
    pageCodeLoaded();
    return { Page: module.default, loaded: true };
  } catch (error) {
    if (!isChunkLoadFailure(error)) throw error;
    return { Page: () => <RouteErrorPage error={error} />, loaded: false };
  }
}

// Each page is its own chunk; React Router loads it before rendering the route.
export function page(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await loadPage(load)).Page });
}

/** A page for signed-in members only (the error page of a chunk that did not load needs no sign-in). */
export function guarded(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const { Page, loaded } = await loadPage(load);
    if (!loaded) return { Component: Page };
    return {
      Component: () => (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ),
    };
  };
}

/** A page whose words are a part of the catalogue of their own, loaded with its code. */
export function withWords(part: CataloguePart, load: () => Promise<PageModule>): () => Promise<PageModule> {
  return () => Promise.all([load(), loadCataloguePart(part)]).then(([module]) => module);
}
