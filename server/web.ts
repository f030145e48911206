// What the browser needs from the gateway: the Firebase web config at run time (one client build works
// everywhere) and a Content-Security-Policy that the SPA and Firebase's sign-in popups work with.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';

/**
 * helmet's response headers for these options, worked out once: none of them varies per request, and
 * running helmet's middleware on every request re-serialised the whole policy each time.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** A page's security headers that a JSON answer needs too; the others only matter to a rendered document. */
const JSON_KEEPS = [
  'strict-transport-security',
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
];

/**
 * The security headers of a JSON answer, from a page's: OWASP's set for REST APIs (no sniffing, HSTS, a
 * policy that loads and frames nothing), 5 headers instead of 12.
 */
export function jsonSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };
  for (const name of JSON_KEEPS) if (page[name] !== undefined) headers[name] = page[name];
  return headers;
}

/**
 * The security headers of a built script, stylesheet or font under /assets/ (never rendered, framed or run as a
 * worker): no sniffing, HSTS, CORP and Referrer-Policy, 4 headers instead of 12. A page's policy governs what
 * the page's scripts do; on each of Home's 30 subresources it cost about 1 KB (issue 44: a cold Home was 231 KB
 * over the network). The service worker (/sw.js) keeps the page's policy, which governs it.
 */
export function assetSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of JSON_KEEPS) if (page[name] !== undefined) headers[name] = page[name];
  return headers;
}

/**
 * The security headers of a picture (covers, category pictures, the icon): an SVG opened on its own is a document,
 * which may run nothing and load nothing but its own gradients and styles; the subresource's four besides (CORP
 * cross-origin: other sites show our covers). 6 headers instead of 12, about 0.75 KB less on each of Home's pictures.
 */
export function imageSecurityHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy':
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
    ...assetSecurityHeaders(page),
    'cross-origin-resource-policy': 'cross-origin',
  };
}

/**
 * A script, stylesheet or font the SPA's build wrote under /assets/, or the page's small script that registers the
 * service worker (not an image: SVG may be a document; not the worker, whose policy governs it).
 */
export function isBuiltSubresource(url: string, contentType: unknown): boolean {
  return (
    (url.startsWith('/assets/') || url === '/registerSW.js') &&
    typeof contentType === 'string' &&
    /^(?:application\/javascript|text\/javascript|text\/css|font\/)/i.test(contentType)
  );
}

/** application/json and its +json kin (application/graphql-response+json, application/problem+json). */
export function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/(?:[\w.-]+\+)?json(?:;|$)/i.test(contentType);
}

/**
 * The encoding to send a precompressed text in: brotli if the client takes it, else gzip, else none
 * (RFC 9110 12.5.3: a coding with q=0 is refused; `*` stands for any coding not named).
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const).filter((c) => weight(c) > 0).sort((a, b) => weight(b) - weight(a));
  return best ?? null;
}

/** image/* answers (covers, category pictures, the placeholder); SVG included. */
export function isImage(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^image\//i.test(contentType);
}

export function publicClientConfig(config: Config, authEmulatorUrl: string | null) {
  return {
    firebase: {
      apiKey: config.firebase.webApiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
    },
    authEmulatorUrl: config.firebase.emulator ? authEmulatorUrl : null,
  };
}

export function contentSecurityPolicy(config: Config, authEmulatorUrl: string | null) {
  const firebaseApis = [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
  ];
  const authFrames = [`https://${config.firebase.authDomain}`];
  const emulator = config.firebase.emulator && authEmulatorUrl ? [authEmulatorUrl] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://apis.google.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Book covers may be any http(s) image a member entered.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...firebaseApis, ...emulator],
    frameSrc: ["'self'", ...authFrames, ...emulator, 'https://www.openstreetmap.org'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
