// A signed-in page asks the gateway for its data only once React has rendered it: on a slow phone that is the
// entry's download, its run and the first render (well over a second at 4x CPU) before the request even
// leaves. This writes a tiny classic script (index.html's first, before the stylesheet) that, when the page's
// address is one of `routes` and a session token is stored, sends that page's first query at once and preloads
// the first covers its answer names. On those pages, and on Home for every visitor, it marks
// <html data-first-screen="<language>"> so the page shows the first screen the gateway drew in that language
// (server/first-screen.ts, decision 061), which it removes once the app has drawn a heading in #root. Apollo's
// fetch (client/lib/early-answers.ts) takes that answer for the page's own request when it is the same request.
// The request is the one Apollo sends: it is printed at build by Apollo itself, with the SPA's own cache, so the
// two cannot drift apart (decision 050).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { createCache as CreateCache } from '../client/lib/apollo.ts';

export interface EarlyQuery {
  /** A client route with :params, e.g. '/book-details/:id'; the page must have no query string. */
  route: string;
  /** The generated document's name in client/gql/graphql.ts. */
  document: string;
  /** The page's variables on a first visit; a :param is taken from the address. */
  variables: () => Promise<Record<string, unknown>>;
  /** How many covers ("image" fields of the answer, in order) the first screen shows. */
  covers: number;
}

/** How the script finds a route and fills its variables. */
interface Planned {
  test: string;
  params: string[];
  body: { variables: Record<string, unknown> } & Record<string, unknown>;
  covers: number;
}

/**
 * Shows the first screen the gateway drew (data-first-screen: the language the app will start in) and takes it
 * away once the app has drawn a heading in #root. Plain ES2017, part of the scripts below.
 */
const SHOW = `const show=()=>{
const saved=localStorage.getItem('bookHavenLocale');
const languages=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];
const first=String(languages[0]||'en').toLowerCase();
document.documentElement.setAttribute('data-first-screen',saved==='en'||saved==='bn'?saved:first==='bn'||first.startsWith('bn-')?'bn':'en');
const drawn=new MutationObserver(()=>{if(!document.querySelector('#root h1'))return;drawn.disconnect();const screen=document.getElementById('first-screen');if(screen)screen.remove();});
drawn.observe(document.documentElement,{childList:true,subtree:true});
};`;

/** Runs in the page before the entry: plain ES2017, no imports; never throws. */
function earlyScript(plans: Planned[]) {
  return `(()=>{try{
const token=localStorage.getItem('bookHavenToken');
if(!token||location.search)return;
const claims=JSON.parse(atob(token.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));
if(!(claims.exp*1000>Date.now()+60000))return;
${SHOW}
const plans=${JSON.stringify(plans)};
for(const plan of plans){
const match=new RegExp(plan.test).exec(location.pathname);
if(!match)continue;
show();
plan.params.forEach((name,i)=>{plan.body.variables[name]=decodeURIComponent(match[i+1]);});
const body=JSON.stringify(plan.body);
const answer=fetch('/graphql',{method:'POST',headers:{'content-type':'application/json',accept:'application/graphql-response+json,application/json;q=0.9',authorization:'Bearer '+token},body});
(window.__bookhavenEarly=window.__bookhavenEarly||[]).push({body,token,at:Date.now(),answer});
answer.then(r=>r.clone().json()).then(json=>{
const covers=[];
JSON.stringify(json,(key,value)=>{if(key==='image'&&typeof value==='string'&&value&&covers.length<plan.covers)covers.push(value);return value;});
for(const href of covers){const link=document.createElement('link');link.rel='preload';link.as='image';link.href=href;link.setAttribute('fetchpriority','high');document.head.appendChild(link);}
}).catch(()=>{});
}
}catch(e){}})();
`;
}

/** The pages whose first screen every visitor sees (`tests`: their patterns): shown at once, nothing asked. */
function openScreenScript(tests: string[]) {
  return `(()=>{try{
if(location.search||!${JSON.stringify(tests)}.some(test=>new RegExp(test).test(location.pathname)))return;
${SHOW}
show();
}catch(e){}})();
`;
}

/** '/book-details/:id' -> the pattern and the names of its params. */
function routePattern(route: string): { test: string; params: string[] } {
  const params: string[] = [];
  const parts = route.split('/').map((part) => {
    if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    params.push(part.slice(1));
    return '([^/]+)';
  });
  return { test: `^${parts.join('/')}/?$`, params };
}

/** The body Apollo sends for `document` with `variables`, captured from Apollo itself. */
async function apolloBody(root: string, document: unknown, variables: Record<string, unknown>) {
  const { ApolloClient, HttpLink } = await import('@apollo/client');
  const { createCache } = (await import(pathToFileURL(path.join(root, 'client/lib/apollo.ts')).href)) as {
    createCache: typeof CreateCache;
  };
  let sent = '';
  const link = new HttpLink({
    uri: 'http://build.invalid/graphql',
    fetch: async (_uri, init) => {
      sent = String(init?.body);
      return new Response('{"data":null}', { headers: { 'content-type': 'application/json' } });
    },
  });
  const client = new ApolloClient({ cache: createCache(), link });
  await client.query({ query: document as never, variables, fetchPolicy: 'no-cache' }).catch(() => undefined);
  client.stop();
  if (!sent) throw new Error('early queries: Apollo sent nothing to capture');
  return JSON.parse(sent) as Planned['body'];
}

/**
 * `queries`: the signed-in pages' first queries; `openScreens`: the routes (no :params) whose first screen the
 * gateway draws for every visitor.
 */
export function earlyQueries(gqlDir: string, queries: EarlyQuery[], openScreens: string[] = []): Plugin {
  // Two scripts: Home's is a tenth of the other's size (it asks for nothing), and it is on the budget of `/`.
  let scripts: { source: string; routes: string }[] = [];
  return {
    name: 'bookhaven:early-queries',
    apply: 'build',
    async buildStart() {
      const documents = (await import(
        `${pathToFileURL(path.join(gqlDir, 'graphql.ts')).href}?${Date.now()}`
      )) as Record<string, unknown>;
      const root = path.resolve(gqlDir, '../..');
      const plans: Planned[] = [];
      for (const query of queries) {
        if (!(query.document in documents)) throw new Error(`early queries: no ${query.document}; run npm run codegen`);
        const { test, params } = routePattern(query.route);
        const variables = await query.variables();
        plans.push({
          test,
          params,
          body: await apolloBody(root, documents[query.document], variables),
          covers: query.covers,
        });
      }
      scripts = [
        { source: earlyScript(plans), routes: queries.map((query) => query.route).join(' ') },
        ...(openScreens.length
          ? [
              {
                source: openScreenScript(openScreens.map((route) => routePattern(route).test)),
                routes: openScreens.join(' '),
              },
            ]
          : []),
      ];
    },
    // Assets of their own (hashed, so immutable), so the page's CSP needs no inline script.
    generateBundle: {
      order: 'pre',
      handler() {
        for (const { source } of scripts) this.emitFile({ type: 'asset', fileName: fileName(source), source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        return {
          html,
          // Only the pages of these routes send them (server/spa-pages.ts); index.html, which the service worker
          // answers every address with, keeps them for all. Not async: each must have run before the first paint,
          // which shows the gateway's first screen only if it says so (decision 061). About 1 KB and 0.4 KB,
          // asked for with the stylesheet, which holds the first paint back as long anyway.
          tags: scripts.map(({ source, routes }) => ({
            tag: 'script',
            attrs: { src: `/${fileName(source)}`, 'data-route': routes },
            injectTo: 'head-prepend' as const,
          })),
        };
      },
    },
  };
}

const fileName = (script: string) => `assets/early-queries-${hash(script)}.js`;

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
