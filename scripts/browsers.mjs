// @ts-check
/**
 * The three engines the tests run in (Chromium, Firefox ESR, WebKitGTK): which ones a run selects, where each
 * one's executable is, and the WebKit driver (WebKitWebDriver under a private Xvfb display) both the test runner
 * and the end-to-end tests start. Chromium's own flags live in scripts/chromium.mjs.
 *
 * Selecting engines: `--browser=firefox` (repeatable, or comma-separated) on the command line of `npm test`,
 * `npx wtr` or `node --test`, or `LOYALTY_BROWSERS=firefox,webkit` in the environment; default all three.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** @typedef {'chromium' | 'firefox' | 'webkit'} Engine */

/** @type {readonly Engine[]} */
export const ENGINES = Object.freeze(['chromium', 'firefox', 'webkit']);

/** How reports name each engine. */
export const ENGINE_LABELS = Object.freeze({ chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' });

/**
 * The engines this run selects, in the order {@link ENGINES} lists them.
 * @param {readonly string[]} [argv]
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Engine[]}
 */
export function selectedEngines(argv = process.argv, env = process.env) {
  /** @type {string[]} */
  const asked = [];
  argv.forEach((arg, index) => {
    if (arg.startsWith('--browser=')) asked.push(arg.slice('--browser='.length));
    else if (arg === '--browser' && argv[index + 1]) asked.push(/** @type {string} */ (argv[index + 1]));
  });
  if (asked.length === 0 && env.LOYALTY_BROWSERS) asked.push(env.LOYALTY_BROWSERS);
  const names = asked.flatMap((value) => value.split(',')).map((name) => name.trim().toLowerCase()).filter(Boolean);
  if (names.length === 0) return [...ENGINES];
  const unknown = names.filter((name) => !ENGINES.includes(/** @type {Engine} */ (name)));
  if (unknown.length) throw new Error(`Unknown browser ${unknown.join(', ')}: pick from ${ENGINES.join(', ')}.`);
  return ENGINES.filter((engine) => names.includes(engine));
}

/**
 * The first path that exists: the environment variable's when set (it must exist), else a usual install path.
 * @param {string} variable
 * @param {string[]} candidates
 * @param {string} install - what to tell someone who has none.
 */
function executable(variable, candidates, install) {
  const fromEnv = process.env[variable];
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`${variable}=${fromEnv} does not exist.`);
  }
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  throw new Error(`${install} (or set ${variable}).`);
}

/** Firefox: `FIREFOX_PATH`, else Debian's ESR. */
export function firefoxPath() {
  return executable('FIREFOX_PATH', ['/usr/bin/firefox-esr', '/usr/bin/firefox'], 'No Firefox found. Install it: `sudo apt-get install -y firefox-esr`');
}

/** WebKitGTK's WebDriver: `WEBKIT_DRIVER_PATH`, else Debian's webkit2gtk-driver. */
export function webkitDriverPath() {
  return executable('WEBKIT_DRIVER_PATH', ['/usr/bin/WebKitWebDriver'], 'No WebKitWebDriver found. Install it: `sudo apt-get install -y webkit2gtk-driver xvfb`');
}

/** WebKitGTK's MiniBrowser, the browser WebKitWebDriver drives: `WEBKIT_BROWSER_PATH`, else Debian's. */
export function miniBrowserPath() {
  return executable(
    'WEBKIT_BROWSER_PATH',
    ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/libexec/webkit2gtk-4.1/MiniBrowser'],
    'No WebKitGTK MiniBrowser found. Install it: `sudo apt-get install -y webkit2gtk-driver`',
  );
}

/**
 * Firefox preferences that keep it on loopback: every request goes through a proxy that does not exist, except
 * those to this machine; and no update, telemetry or remote settings traffic.
 */
export const FIREFOX_PREFS = Object.freeze({
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.share_proxy_settings': true,
  'network.proxy.no_proxies_on': 'localhost, 127.0.0.1',
  'network.proxy.allow_hijacking_localhost': false,
  'app.update.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
});

/**
 * WebDriver capabilities for WebKitGTK's MiniBrowser, kept on loopback the same way (a dead proxy, loopback
 * exempt), WebDriver classic (WebKitGTK 2.50 has no BiDi).
 */
export function webkitCapabilities() {
  return {
    browserName: 'MiniBrowser',
    'wdio:enforceWebDriverClassic': true,
    'webkitgtk:browserOptions': {
      binary: miniBrowserPath(),
      args: ['--automation', '--proxy=http://127.0.0.1:9', '--ignore-host=localhost', '--ignore-host=127.0.0.1'],
    },
  };
}

/** A free loopback TCP port. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
let exitHookInstalled = false;

/** Whatever this process started dies with it, however it ends. */
function killChildrenOnExit() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of children) child.kill('SIGTERM');
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      for (const child of children) child.kill('SIGTERM');
      process.exit(130);
    });
  }
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
function stopChild(child) {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts Xvfb on a display it picks itself (`-displayfd`), then WebKitWebDriver on a free loopback port with
 * that display. Both are killed by `stop()`, and on this process's exit at the latest.
 * @returns {Promise<{ port: number, display: string, stop: () => Promise<void> }>}
 */
export async function startWebKitDriver() {
  killChildrenOnExit();
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.add(xvfb);
  const display = await new Promise((resolve, reject) => {
    let output = '';
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before giving its display (is xvfb installed?)`)));
    xvfb.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/^(\d+)\n/);
      if (match) resolve(`:${match[1]}`);
    });
  });
  xvfb.removeAllListeners('exit');
  const port = /** @type {number} */ (await freePort());
  const driver = spawn(webkitDriverPath(), [`--port=${port}`, '--host=local'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DISPLAY: display },
  });
  children.add(driver);
  try {
    await new Promise((resolve, reject) => {
      driver.once('error', reject);
      driver.once('exit', (code) => reject(new Error(`WebKitWebDriver exited with ${code}`)));
      const poll = async () => {
        if (driver.exitCode !== null || driver.signalCode !== null) return;
        try {
          const response = await fetch(`http://127.0.0.1:${port}/status`);
          if (response.ok) return resolve(undefined);
        } catch {
          // Not listening yet.
        }
        setTimeout(poll, 100);
      };
      poll();
    });
  } catch (error) {
    await Promise.all([stopChild(driver), stopChild(xvfb)]);
    throw error;
  }
  driver.removeAllListeners('exit');
  return {
    port,
    display,
    stop: async () => {
      await stopChild(driver);
      await stopChild(xvfb);
    },
  };
}
