// @ts-check
/**
 * Support for the tests against the reference Django bookcore (demo/django): Django itself, started per setup
 * on a free port with the system Python (Debian's python3-django), its log (every request with its status, every
 * refusal Django logs), its mailbox, and one headless Chromium shared by the journeys (a fresh context each).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { firefox } from 'playwright-core-firefox';
import { ENGINE_LABELS, FIREFOX_PREFS, firefoxPath } from '../../scripts/browsers.mjs';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from '../../scripts/chromium.mjs';
import { stopProcess } from '../support/processes.mjs';

/** Debian's interpreter, which has python3-django; a `python3` earlier on PATH may lack it. */
export const PYTHON = process.env.BOOKCORE_PYTHON ?? '/usr/bin/python3';

/** The CSRF setups of demo/django/bookcore_demo/settings.py (BOOKCORE_CSRF). */
export const CSRF_SETUPS = /** @type {const} */ (['default', 'httponly', 'sessions', 'cookie-name', 'no-csrf-tag']);

/**
 * @typedef {object} Django
 * @property {string} origin
 * @property {number} pid the server's process
 * @property {() => string[]} log every line Django wrote to stderr so far
 * @property {(from: number) => string[]} refusalsSince the 403s (and Django's "Forbidden" lines) after line `from`
 * @property {() => Promise<void>} stop
 */

/** How long Django may take to migrate, seed and start serving. */
const START_TIMEOUT_MS = 90_000;

/**
 * Starts demo/django/serve.py (migrate, seed, serve) on a free port.
 * @param {{ csrf?: string, https?: { certfile: string, keyfile: string } }} [options]
 * @returns {Promise<Django>}
 */
export function startDjango({ csrf = 'default', https } = {}) {
  const args = ['demo/django/serve.py', '--port', '0'];
  if (https) args.push('--certfile', https.certfile, '--keyfile', https.keyfile);
  const child = spawn(PYTHON, args, {
    env: { ...process.env, BOOKCORE_CSRF: csrf, BOOKCORE_DEV: '1', PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {string[]} */
  const lines = [];
  let partial = '';
  child.stderr.on('data', (chunk) => {
    partial += chunk;
    const parts = partial.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  return new Promise((resolve, reject) => {
    let output = '';
    // Migrate and seed take a few seconds; one that never says where it serves is stopped and fails its suite.
    const late = setTimeout(() => {
      child.removeAllListeners('exit');
      child.kill('SIGKILL');
      reject(new Error(`Django (${csrf}) did not start serving within ${START_TIMEOUT_MS / 1000} s:\n${output}\n${lines.join('\n')}${partial}`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`Django (${csrf}) exited with ${code}:\n${output}\n${lines.join('\n')}${partial}`));
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/bookcore django: (https?:\/\/127\.0\.0\.1:\d+)\//);
      if (!match) return;
      clearTimeout(late);
      child.removeAllListeners('exit');
      resolve({
        origin: /** @type {string} */ (match[1]),
        pid: /** @type {number} */ (child.pid),
        log: () => [...lines],
        refusalsSince: (from) => lines.slice(from).filter((line) => /" 403 \d|^Forbidden/.test(line)),
        stop: () => stopProcess(child),
      });
    });
  });
}

/**
 * A throw-away self-signed certificate for 127.0.0.1, made with openssl (valid one day), in a temporary folder.
 * @returns {{ certfile: string, keyfile: string, pem: string, remove: () => void }}
 */
export function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'bookcore-tls-'));
  const certfile = join(dir, 'cert.pem');
  const keyfile = join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyfile, '-out', certfile],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { certfile, keyfile, pem: readFileSync(certfile, 'utf8'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The mails Django "sent" (locmem backend, dev-only view), oldest first.
 * @param {string} origin
 * @param {string} [ca] the certificate to trust (PEM), over HTTPS
 * @returns {Promise<Array<{ to: string, subject: string, text: string, links: string[] }>>}
 */
export async function readMailbox(origin, ca = undefined) {
  if (origin.startsWith('https:')) return httpsJson(`${origin}/__dev/mailbox.json`, ca);
  const response = await fetch(`${origin}/__dev/mailbox.json`);
  if (!response.ok) throw new Error(`GET /__dev/mailbox.json answered ${response.status}`);
  return response.json();
}

/**
 * GETs JSON over HTTPS trusting `ca` (the throw-away certificate), as fetch cannot be told to.
 * @param {string} url
 * @param {string | undefined} ca PEM
 */
function httpsJson(url, ca) {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
          else resolve(JSON.parse(body));
        });
      })
      .on('error', reject);
  });
}

/**
 * One headless Chromium for the whole suite; each journey opens its own context (its own cookies). The
 * certificate of the HTTPS setup is self-signed: contexts ignore certificate errors.
 */
export async function launchChromium() {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  return {
    browser,
    async newContext() {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      await context.route((url) => !isLoopbackUrl(url), (route) => route.abort('blockedbyclient'));
      return context;
    },
    close: () => browser.close(),
  };
}

/**
 * The engine of the pages suites (member prices, `<hotel-page>`): `E2E_ENGINE`, Chromium by default, or Firefox
 * (playwright-core 1.64.1 as `playwright-core-firefox`, which drives stock Firefox over BiDi). WebKit's pages
 * against Django are in test/e2e/webkit-journeys.mjs (WebDriver).
 */
export const PAGES_ENGINE = /** @type {'chromium' | 'firefox'} */ (process.env.E2E_ENGINE === 'firefox' ? 'firefox' : 'chromium');

/** The engine's name as the suites print it. */
export const PAGES_ENGINE_LABEL = ENGINE_LABELS[PAGES_ENGINE];

/**
 * The browser of the pages suites, {@link PAGES_ENGINE}: launched once for the suite, each context fresh (its own
 * cookies, storage and cache; in Firefox a user context of its own) and kept on loopback.
 */
export async function launchPagesBrowser() {
  if (PAGES_ENGINE === 'chromium') return launchChromium();
  const browser = await firefox.launch({ channel: 'moz-firefox', executablePath: firefoxPath(), headless: true, firefoxUserPrefs: { ...FIREFOX_PREFS } });
  return {
    browser,
    async newContext() {
      const context = await browser.newContext();
      await context.route((url) => !isLoopbackUrl(url), (route) => route.abort());
      return context;
    },
    close: () => browser.close(),
  };
}

/**
 * Fails unless the page runs in {@link PAGES_ENGINE}: a suite asked for Firefox never passes in Chromium.
 * @param {import('playwright-core').Page} page
 */
export async function assertPagesEngine(page) {
  const agent = await page.evaluate(() => navigator.userAgent);
  const expected = PAGES_ENGINE === 'firefox' ? /Firefox\// : /Chrome\//;
  if (!expected.test(agent)) throw new Error(`expected ${PAGES_ENGINE_LABEL}, the page runs in: ${agent}`);
}

/** A UTC date `days` from today, `YYYY-MM-DD` (Django's "today" is UTC). */
export function utcDate(/** @type {number} */ days) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
