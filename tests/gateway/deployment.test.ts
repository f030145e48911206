// The deployment files (Dockerfile, compose.yaml, deploy/proxy.vcl), checked without a Docker engine: the files
// say what docs/operations.md promises, and the proxy's configuration runs for real (Varnish, when installed) in front
// of two gateways: it caches what the gateway calls public, revalidates with its ETag, and stops sending
// requests to a gateway whose /readyz fails.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort } from '../../scripts/lib/ports.ts';
import { SHUTDOWN_GRACE_MS } from '../../server/index.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';
import { launchGateway } from '../support/gateway-process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[] | string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  stop_grace_period?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const gateways = ['gateway-a', 'gateway-b'].map((name) => services[name] ?? {});

describe('compose.yaml', () => {
  it('has the proxy, two gateways, a MongoDB replica set with its init, and Redis, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway-a', 'gateway-b', 'mongo', 'mongo-init', 'proxy', 'redis']);
    for (const [name, service] of Object.entries(services))
      if (name !== 'mongo-init') expect(service.healthcheck?.test.join(' '), name).toBeTruthy();
    for (const gateway of gateways) {
      expect(gateway.build).toBe('.');
      expect(gateway.healthcheck?.test.join(' ')).toMatch(/\/(livez|readyz)/);
      expect(gateway.depends_on?.['mongo-init']?.condition).toBe('service_completed_successfully');
      expect(gateway.depends_on?.redis?.condition).toBe('service_healthy');
    }
    expect(String(services.mongo?.command)).toMatch(/--replSet,rs0/);
    expect(String(services['mongo-init']?.command)).toMatch(/rs\.initiate\(\{ _id: 'rs0'/);
    expect(services.proxy?.volumes).toContain('./deploy/proxy.vcl:/etc/varnish/default.vcl:ro');
  });

  it('gives both gateways the same database and secrets, from the environment, never written in the file', () => {
    const [a = {}, b = {}] = gateways.map((g) => g.environment ?? {});
    expect(a).toEqual(b);
    expect(a.MONGODB_URI).toBe('mongodb://mongo:27017/?replicaSet=rs0');
    for (const secret of ['SESSION_SECRET', 'METRICS_TOKEN', 'FIREBASE_PROJECT_ID', 'FIREBASE_WEB_API_KEY'])
      expect(a[secret], secret).toMatch(new RegExp(`^\\$\\{${secret}:\\?.+\\}$`));
    expect(a.TRUST_PROXY).toBe('true');
    expect(a.REDIS_URL).toBe('redis://redis:6379');
  });

  it('lets a gateway drain and finish what is in flight before Docker kills it', () => {
    const drainMs = Number(gateways[0]?.environment?.SHUTDOWN_DRAIN_MS);
    expect(drainMs).toBeGreaterThan(2_000); // the proxy's probes: two failures a second apart
    for (const gateway of gateways)
      expect(Number.parseInt(gateway.stop_grace_period ?? '10s') * 1000).toBeGreaterThan(drainMs + SHUTDOWN_GRACE_MS);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const stage = (name: string) => stages.find((s) => s.split('\n')[0]?.endsWith(` AS ${name}`)) ?? '';

  it('builds the SPA with the development tools and runs on a production install of Node 24', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    expect(stage('build')).toMatch(/^RUN npm ci\b(?!.*--omit)/m);
    expect(stage('build')).toMatch(/^RUN npm run build$/m);
    expect(stage('deps')).toMatch(/^RUN npm ci --omit=dev\b/m);
    const runtime = stages.at(-1) ?? '';
    expect(runtime).toMatch(/^COPY --from=deps \/app\/node_modules/m);
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist/m);
    // The gateway imports shared/ (what it and the SPA both use: barcodes, the nine genres) at run time.
    expect(runtime).toMatch(/^COPY --from=build \/app\/shared \.\/shared$/m);
    expect(runtime).not.toMatch(/npm ci(?! --omit=dev)/);
    expect(runtime).toMatch(/^CMD \[.*"server\/index\.ts"\]$/m);
  });

  it("applies the dependencies' patches in every install, the production one included (decision 098)", () => {
    const pkg = JSON.parse(read('package.json')) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.scripts['postinstall']).toMatch(/^patch-package --error-on-fail$/);
    // `npm ci --omit=dev` runs the postinstall too.
    expect(pkg.dependencies['patch-package']).toBeDefined();
    for (const name of ['build', 'deps']) {
      const copied = stage(name).search(/^COPY patches \.\/patches$/m);
      expect(copied).toBeGreaterThan(-1);
      expect(copied).toBeLessThan(stage(name).search(/^RUN npm ci\b/m));
    }
  });

  it("fills Node's compile cache at build, so the gateway boots without stripping its TypeScript again", async () => {
    const runtime = stages.at(-1) ?? '';
    const cacheDir = /^ENV NODE_COMPILE_CACHE=(\S+)$/m.exec(runtime)?.[1];
    expect(cacheDir).toMatch(/^\/app\//);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)?.[1] ?? '[]') as string[];
    const warm = /^RUN node ((?:--\S+ )*)--input-type=module \\\n\s*-e "(.+?)"/m.exec(runtime);
    // The same V8 flags as the gateway runs with, so the compiled code is accepted.
    expect(warm?.[1]?.trim().split(' ')).toEqual(cmd.slice(1, -1));
    // Here, the image's /app is this checkout.
    const cache = await mkdtemp(path.join(tmpdir(), 'bookhaven-compile-'));
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-compiled-'));
    try {
      const flags = warm![1]!.trim().split(' ');
      execFileSync(
        process.execPath,
        [...flags, '--input-type=module', '-e', warm![2]!.replaceAll('/app/', `${ROOT}/`)],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: cache },
        },
      );
      // Run as the image runs it: V8 keys its code cache by some flags (the heap's growing factor among them).
      const gateway = await launchGateway(
        {
          PORT: String(await freePort()),
          DATA_DIR: dataDir,
          SESSION_SECRET: randomBytes(32).toString('hex'),
          NODE_COMPILE_CACHE: cache,
          NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
        },
        { nodeFlags: cmd.slice(1, -1) },
      );
      gateway.child.kill('SIGTERM');
      await gateway.exited;
      // Node logs each module it looks up in the cache; every one of the gateway's own was found there. The
      // SQLite reader threads load modules too, and a thread's line can be cut by another's message after its
      // "..."; such a lookup's outcome is written later, where it cannot be told apart, so it is left out.
      const lookups =
        gateway.output().match(/reading cache from \S+ for StrippedTypeScript file:\S+\/server\/.+/g) ?? [];
      const told = lookups.filter((line) => !/\.\.\.\[compile cache\] /.test(line));
      expect(told.length).toBeGreaterThan(50);
      expect(told.length).toBeGreaterThan(lookups.length * 0.9);
      expect(told.filter((line) => !/\.\.\. success, size=\d+$/.test(line))).toEqual([]);
    } finally {
      await rm(cache, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("runs the gateway with npm start's heap flags, the ones the bench measures (decision 087)", () => {
    const runtime = stages.at(-1) ?? '';
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)?.[1] ?? '[]') as string[];
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start ?? '';
    const startFlags = /\bnode ((?:--\S+ )*)scripts\/start\.ts/.exec(start)?.[1]?.trim().split(' ');
    const benchFlags = /BENCH_NODE_FLAGS \?\? '([^']*)'/.exec(read('bench/load.ts'))?.[1]?.split(' ');
    expect(cmd.slice(1, -1)).toContain('--max-old-space-size=160');
    expect(startFlags).toEqual(cmd.slice(1, -1));
    expect(benchFlags).toEqual(cmd.slice(1, -1));
  });

  it('runs as a non-root user with a health check and DATA_DIR as a volume', () => {
    const runtime = stages.at(-1) ?? '';
    expect(runtime).toMatch(/^USER (?!root\b|0\b)\w+/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/(livez|readyz)/m);
    const dataDir = /DATA_DIR=(\S+)/.exec(runtime)?.[1];
    expect(runtime).toContain(`VOLUME ["${dataDir}"]`);
  });

  it('sends the build everything it needs and no local data or secrets', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const needed of ['server', 'client', 'schema.graphql', 'package.json', 'package-lock.json', 'codegen.ts'])
      expect(ignored, needed).not.toContain(needed);
    for (const kept of ['node_modules', 'data', '.env', '.git', 'dist']) expect(ignored).toContain(kept);
  });
});

describe('deploy/proxy.vcl', () => {
  const vcl = read('deploy/proxy.vcl');
  it('balances the compose gateways, probing /readyz', () => {
    expect(vcl).toMatch(/probe ready \{[^}]*"GET \/readyz HTTP\/1\.1"/);
    for (const name of ['gateway-a', 'gateway-b']) {
      const backend = new RegExp(`\\.host = "${name}";\\s*\\.port = "4000";\\s*\\.probe = ready;`);
      expect(vcl).toMatch(backend);
    }
  });
});

const ASSET = 'assets/index-Ab12Cd34.js';
const SCRIPT = `export const books = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Book ${i}`))};\n`;

/** A GET with exactly these headers, its body as sent (fetch would ask for and decode compression itself). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const varnishd = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((file) => existsSync(file));

describe.skipIf(!varnishd)(
  `the proxy in front of two gateways${varnishd ? '' : ' (skipped: no varnishd; apt-get install varnish)'}`,
  () => {
    const TOKEN = randomBytes(32).toString('hex');
    let a: TestGateway;
    let b: TestGateway;
    let dir: string;
    let proxy: ChildProcess;
    let url: string;
    let clientDir: string;

    /** How many requests for `method route` this gateway has answered 200, by its own /metrics. */
    const served = async (gw: TestGateway, route: string, method = 'GET') => {
      const text = (await gw.request<string>('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } }))
        .body;
      const series = `http_request_duration_seconds_count{method="${method}",route="${route}",status_code="200"} `;
      const line = text.split('\n').find((l) => l.startsWith(series));
      return Number(line?.slice(series.length) ?? 0);
    };
    const servedByBoth = async (route: string) => (await served(a, route)) + (await served(b, route));
    /** Varnish's view of the backends ('' until it answers). */
    const health = () => {
      try {
        return execFileSync('varnishadm', ['-n', dir, 'backend.list'], { encoding: 'utf8', stdio: 'pipe' });
      } catch {
        return '';
      }
    };
    async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (await check()) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    }

    beforeAll(async () => {
      // A built SPA with one hashed asset, precompressed as vite.config.ts does it.
      clientDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-client-'));
      await mkdir(path.join(clientDir, 'assets'));
      await writeFile(
        path.join(clientDir, 'index.html'),
        '<!doctype html><title>BookHaven</title><div id="root"></div>',
      );
      await writeFile(path.join(clientDir, ASSET), SCRIPT);
      await writeFile(path.join(clientDir, `${ASSET}.gz`), gzipSync(SCRIPT));
      await writeFile(path.join(clientDir, `${ASSET}.br`), brotliCompressSync(SCRIPT));
      const start = () => startTestGateway({ env: { METRICS_TOKEN: TOKEN }, clientDir });
      [a, b] = await Promise.all([start(), start()]);
      dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-proxy-'));
      // Varnish's worker runs as its own user (when started as root) and needs to enter its working directory.
      await chmod(dir, 0o755);
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      const vcl = read('deploy/proxy.vcl')
        .replace('"gateway-a";\n    .port = "4000"', `"127.0.0.1";\n    .port = "${new URL(a.url).port}"`)
        .replace('"gateway-b";\n    .port = "4000"', `"127.0.0.1";\n    .port = "${new URL(b.url).port}"`);
      await writeFile(path.join(dir, 'proxy.vcl'), vcl);
      proxy = spawn(
        varnishd ?? '',
        ['-F', '-a', `127.0.0.1:${port}`, '-f', path.join(dir, 'proxy.vcl'), '-n', dir, '-s', 'malloc,16m'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      proxy.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      proxy.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const ready = (text: string) => /gateway_a\s.*\bhealthy\b/.test(text) && /gateway_b\s.*\bhealthy\b/.test(text);
      const up = await until(() => ready(health()), 20_000);
      if (!up) throw new Error(`the proxy did not see both gateways ready:\n${health()}\n${output}`);
    });
    afterAll(async () => {
      proxy?.kill('SIGTERM');
      await Promise.all([a?.close(), b?.close()]);
      if (dir) await rm(dir, { recursive: true, force: true });
      if (clientDir) await rm(clientDir, { recursive: true, force: true });
    });

    it('sends assets and big JSON in brotli or gzip as the client takes them, and keeps assets for a year', async () => {
      for (const gw of [a, b])
        for (let i = 0; i < 8; i++) await gw.addBook({ description: 'A longer text. '.repeat(8) });
      for (const route of [`/${ASSET}`, '/api/books']) {
        // Twice: the second answer comes from the proxy's cache, in the same encodings.
        for (let i = 0; i < 2; i++) {
          const plain = await rawGet(`${url}${route}`, {});
          expect(plain.status).toBe(200);
          expect(plain.headers['content-encoding'], route).toBeUndefined();
          for (const [accept, encoding] of [
            ['gzip, deflate, br', 'br'],
            ['gzip, deflate', 'gzip'],
            ['br;q=0, gzip', 'gzip'],
          ] as const) {
            const answer = await rawGet(`${url}${route}`, { 'accept-encoding': accept });
            expect(answer.headers['content-encoding'], `${route} ${accept}`).toBe(encoding);
            expect(answer.headers.vary, route).toMatch(/accept-encoding/i);
            const decoded = encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
            // Each gateway here has its own store (its own 8 books): the same script, the same number of books.
            if (route === '/api/books') expect(JSON.parse(decoded.toString())).toHaveLength(8);
            else expect(decoded.toString()).toBe(SCRIPT);
            expect(answer.body.length).toBeLessThan(plain.body.length / 2);
          }
        }
      }
      const asset = await rawGet(`${url}/${ASSET}`, { 'accept-encoding': 'br' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('caches public reads for their s-maxage, answers If-None-Match with 304, and passes signed-in reads', async () => {
      const before = await servedByBoth('/api/categories');
      const first = await fetch(`${url}/api/categories`);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\//);
      for (let i = 0; i < 3; i++) expect((await fetch(`${url}/api/categories`)).status).toBe(200);
      expect((await fetch(`${url}/api/categories`, { headers: { 'if-none-match': etag } })).status).toBe(304);
      // Four anonymous reads and a conditional one, one of them reached a gateway.
      expect((await servedByBoth('/api/categories')) - before).toBe(1);

      const member = await a.member();
      for (let i = 0; i < 2; i++) {
        const personal = await fetch(`${url}/api/categories`, { headers: { authorization: `Bearer ${member.token}` } });
        expect(personal.headers.get('cache-control')).toBe('private, no-store');
      }
      expect((await servedByBoth('/api/categories')) - before).toBe(3);
    });

    it('takes a draining gateway out of rotation and balances over both before', async () => {
      // Not cacheable (a POST), so every one reaches a gateway.
      const ask = () =>
        fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ genres }' }),
        });
      const count = (gw: TestGateway) => served(gw, '/graphql', 'POST');
      const [a0, b0] = [await count(a), await count(b)];
      for (let i = 0; i < 6; i++) expect((await ask()).status).toBe(200);
      expect([(await count(a)) - a0, (await count(b)) - b0]).toEqual([3, 3]);

      a.drain();
      expect(await until(() => /gateway_a\s.*\bsick\b/.test(health()), 10_000)).toBe(true);
      const [a1, b1] = [await count(a), await count(b)];
      for (let i = 0; i < 6; i++) expect((await ask()).status).toBe(200);
      expect([(await count(a)) - a1, (await count(b)) - b1]).toEqual([0, 6]);
    });
  },
);
