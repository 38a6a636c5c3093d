// @ts-check
/** Where Chromium is, and the flags it needs here, for the test runner, the end-to-end tests and the benchmark. */
import { existsSync } from 'node:fs';

/** Flags for headless Chromium on a locked-down machine (no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Tests talk to loopback only: any other host name (a real social SDK's, say) fails to resolve at once
  // instead of sending traffic off the machine.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * Whether a URL stays on this machine; browser contexts abort every other request.
 * @param {URL} url
 */
export function isLoopbackUrl(url) {
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return true;
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\./.test(url.hostname);
}

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The Chromium executable: `CHROME_PATH` when set, else the first usual install path that exists.
 * @returns {string}
 */
export function chromiumPath() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH=${fromEnv} does not exist. Point it at a Chrome or Chromium executable.`);
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(
    'No Chromium found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or set CHROME_PATH to a Chrome or Chromium executable.',
  );
}
