// Debian's Chromium as the journeys and the bench drive it through playwright-core: headless, no sandbox (root
// in CI), and none of the background traffic a new profile starts (no network here but loopback).
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
