// @vitest-environment jsdom
// One Home (decision 072): the first screen the gateway sends with Home's page is the SPA's own first render of
// Home, element for element and class for class: the layout's header and everything before <main>, and Home's
// heading, hero and welcome at the top of <main>. A change to a component that the first screen did not follow
// (or a first screen drawn by other means) fails here. Both languages; the first render before the page's load
// event, as on a first visit (the hero's other pictures wait for it).
import path from 'node:path';
import { createElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import english from '../../client/messages/en.json' with { type: 'json' };
import bangla from '../../client/messages/bn.json' with { type: 'json' };
import { renderFirstScreens } from '../../client/app/first-screen.tsx';
import { routes } from '../../client/app/router.tsx';
import { fakeAuth } from '../../client/lib/auth-test-utils.tsx';
import { AuthContext } from '../../client/lib/auth.tsx';
import { applyCatalogue } from '../../client/lib/i18n.ts';
import { LanguageContext } from '../../client/lib/language.tsx';
import { firstScreens, type FirstScreens } from '../../server/first-screen.ts';
import { firstScreenSpec } from '../../scripts/vite-first-screen-words.ts';

const MESSAGES = path.resolve(import.meta.dirname, '../../client/messages');

/** The gateway as it runs with the build's first-screen.json; Home reads nothing of the catalogue. */
function gateway(): FirstScreens {
  const spec = firstScreenSpec(MESSAGES, { pageSize: 24, limitedStockMax: 3, cards: 8 }, renderFirstScreens());
  const unused = () => Promise.reject(new Error('Home reads no catalogue'));
  const catalog = { list: unused, facets: unused, count: unused, genres: unused, get: unused };
  return firstScreens({ spec, catalog, revision: () => '1', image: (src) => src });
}

/** Markup as the DOM writes it: attributes in one order, style attributes as the DOM writes them. */
function normalized(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const each of [copy, ...copy.querySelectorAll('*')]) {
    const style = (each as HTMLElement).style?.cssText;
    const attributes = [...each.attributes].map(({ name, value }) => [name, name === 'style' ? style : value]);
    for (const [name] of attributes) each.removeAttribute(name!);
    for (const [name, value] of attributes.sort(([a], [b]) => a!.localeCompare(b!))) each.setAttribute(name!, value!);
  }
  return copy.outerHTML;
}

/** The layout's parts before <main>, and <main>'s first `count` children (all of them when not given). */
function parts(layout: Element, count?: number) {
  const children = [...layout.children];
  const main = children.findIndex((child) => child.tagName === 'MAIN');
  return {
    beforeMain: children.slice(0, main).map(normalized),
    main: [...children[main]!.children].slice(0, count).map(normalized),
  };
}

/** The SPA at `/` for a visitor, its first render of Home (no answer from the gateway yet). */
async function spaHome(locale: 'en' | 'bn') {
  applyCatalogue(locale, locale === 'en' ? english : bangla);
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  const app = createElement(
    MockedProvider,
    { mocks: [] },
    createElement(
      LanguageContext.Provider,
      { value: { locale, choose: () => Promise.resolve() } },
      createElement(AuthContext.Provider, { value: fakeAuth() }, createElement(RouterProvider, { router })),
    ),
  );
  const { container } = render(app);
  const name = locale === 'en' ? english['app.name'] : bangla['app.name'];
  await screen.findByRole('heading', { name, level: 1 }, { timeout: 20_000 });
  return container.querySelector('div.min-h-screen')!;
}

describe("Home's first screen is the SPA's Home", () => {
  let home: FirstScreens;
  beforeAll(() => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    home = gateway();
  });
  afterEach(() => cleanup());
  afterAll(() => {
    Reflect.deleteProperty(document, 'readyState');
    applyCatalogue('en', english);
  });

  for (const [locale, language] of [
    ['en', 'en-GB,en;q=0.9'],
    ['bn', 'bn-BD,bn;q=0.9'],
  ] as const) {
    it(`draws the layout and Home's top as the app's first render does (${locale})`, async () => {
      const drawn = await home('/', language);
      const holder = document.createElement('div');
      holder.innerHTML = drawn!.html();
      const screenLayout = holder.querySelector(`#first-screen[lang="${locale}"] > div`)!;
      expect(screenLayout).not.toBeNull();
      const first = parts(screenLayout);
      // Something of each: the header, and the page's heading, hero and welcome.
      expect(first.beforeMain.join('')).toContain('<header');
      expect(first.main.length).toBeGreaterThanOrEqual(3);

      const app = parts(await spaHome(locale), first.main.length);
      expect(first.beforeMain).toEqual(app.beforeMain);
      expect(first.main).toEqual(app.main);
    });
  }
});
