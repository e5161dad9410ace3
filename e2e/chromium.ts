/**
 * How the project starts a browser: Debian's Chromium, never a downloaded one (DEVELOPERS.md),
 * with the flags this machine needs. As root it runs without the sandbox; on a closed network
 * its background connections are refused, many at a time, unless turned off. The e2e suite and
 * the bench's web section (bench/web.bench.ts) both launch it this way.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
