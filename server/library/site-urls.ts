// Image paths of this site (covers and category pictures under /assets/library/) are stored relative, so the
// data outlives a change of address, and leave the gateway absolute, so a client on another origin (the
// original BookHaven client, a mobile app) loads them from the gateway rather than from its own host.
import type { AddressInfo } from 'node:net';

export type Absolute = (image: string) => string;

/** The configured PUBLIC_URL, or else the address the server listens on (known once it listens). */
export function publicOrigin(
  configured: string | null,
  address: () => AddressInfo | string | null | undefined,
  host: string,
): () => string {
  if (configured) return () => configured;
  let origin: string | null = null;
  return () => {
    if (origin) return origin;
    const listening = address();
    if (!listening || typeof listening === 'string') return '';
    const { port } = listening;
    // A wildcard address is nobody's address: answer with the loopback one (set PUBLIC_URL when deployed).
    const name = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    origin = `http://${name}:${port}`;
    return origin;
  };
}

/** The absolute URL of a site path ("/assets/..."); anything else (an http(s) URL) as it is. */
export function absoluteImages(origin: () => string): Absolute {
  return (image) => (image.startsWith('/') && !image.startsWith('//') ? origin() + image : image);
}

/** The inverse, for what clients send back: a URL on this site becomes its path again; any other stays. */
export function siteRelative(origin: () => string): Absolute {
  return (image) => {
    const base = origin();
    return base && image.startsWith(`${base}/`) ? image.slice(base.length) : image;
  };
}
