// Every response of a cold Home in both languages, one line each, largest first: what a new visitor's phone
// transfers (slow 4G, 4x CPU, service worker blocked), as bench/lcp.ts counts it. `npm run build` first;
// `node bench/home-bytes.ts`.
import { SEED } from './load.ts';
import { signedInGateway } from './page-budgets.ts';
import { benchStore } from './store.ts';
import { PHONE, visit } from './lcp.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const store = await benchStore(SEED);
const { url, browser, stop } = await signedInGateway(store);
try {
  for (const locale of ['en-GB', 'bn-BD']) {
    const context = await browser.newContext({ ...PHONE, locale, serviceWorkers: 'block' });
    try {
      const v = await visit(context, `${url}/`);
      console.log(`${locale}: ${kb(v.bytes)} KB in ${v.transfers.length} responses, LCP ${v.lcpMs} ms ${v.element}`);
      for (const t of v.transfers)
        console.log(
          `  ${kb(t.bytes).padStart(6)} KB ${(t.encoding || '-').padEnd(4)} ${t.type.padEnd(10)} ${String(t.startMs).padStart(5)}-${String(t.endMs).padStart(5)} ms ${new URL(t.url).pathname}${new URL(t.url).search.slice(0, 60)}`,
        );
    } finally {
      await context.close();
    }
  }
} finally {
  await stop();
  await store.dispose();
}
