// @ts-check
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import * as puppeteerCore from 'puppeteer-core';
import { figuresMiddleware } from './scripts/figures.mjs';
import { ENGINE_LABELS, FIREFOX_PREFS, firefoxPath, selectedEngines, startWebKitDriver, webkitCapabilities } from './scripts/browsers.mjs';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from './scripts/chromium.mjs';
import { bookcoreMiddleware } from './scripts/wtr/bookcore-mount.mjs';
import { nodeEnvPlugin } from './scripts/wtr/node-env.mjs';
import { reactVendorPlugin } from './scripts/wtr/react-vendor.mjs';
import { revalidateSourcesMiddleware } from './scripts/wtr/revalidate-sources.mjs';
import { summaryReporter } from './scripts/wtr/summary-reporter.mjs';
import { warmingFirst } from './scripts/wtr/warm-transforms.mjs';

/**
 * WebKitGTK through WebKitWebDriver: the driver (and the Xvfb display MiniBrowser needs) start when the runner
 * initialises this launcher and stop with it.
 */
class WebKitLauncher extends WebdriverLauncher {
  constructor() {
    super({ hostname: '127.0.0.1', port: 0, capabilities: webkitCapabilities() });
    this.name = ENGINE_LABELS.webkit;
    this.concurrency = 1;
    /** @type {Awaited<ReturnType<typeof startWebKitDriver>> | undefined} */
    this.webkitDriver = undefined;
  }

  /** @param {import('@web/test-runner-core').TestRunnerCoreConfig} config */
  async initialize(config) {
    // One file at a time in one window (the launcher's session mode): side by side it would put the files in
    // iframes of one page, which share its cookies (the store cookie, the session) and its focus.
    await super.initialize({ ...config, concurrency: 1 });
    this.name = ENGINE_LABELS.webkit;
    this.webkitDriver = await startWebKitDriver();
    /** @type {any} */ (this).options.port = this.webkitDriver.port;
  }

  async stop() {
    await super.stop();
    await this.webkitDriver?.stop();
  }

  /**
   * WebKitWebDriver's key sequences (`browser.keys`, what the launcher sends) drop the second of two equal keys in
   * a row (`sendKeys({ type: 'wrong-password' })` typed "wrong-pasword", in a plain `<input>` too) and a space
   * that comes again anywhere in the sequence (" con espacios " typed " conespacios"). Typed text goes as one
   * `performActions` call instead, each key down and up followed by a zero pause, which types all of these
   * right in one round trip; a named key (`press`) goes as before.
   * @param {string} sessionId
   * @param {string[]} keys
   */
  async sendKeys(sessionId, keys) {
    const driver = /** @type {WebdriverIO.Browser} */ (/** @type {any} */ (this).driver);
    // A combo (`press: 'Shift+Tab'`) reaches here as one string, which the launcher would send as its letters:
    // its keys go down in order and up in reverse, as WebDriver codes.
    const [combo] = keys;
    if (keys.length === 1 && combo && /^[A-Za-z]+(\+[A-Za-z]+)+$/.test(combo)) {
      const codes = combo.split('+').map((name) => {
        const code = WEBDRIVER_KEYS[name];
        if (!code) throw new Error(`no WebDriver code for the key ${name} (web-test-runner.config.mjs WEBDRIVER_KEYS)`);
        return code;
      });
      const actions = [...codes.map((value) => ({ type: 'keyDown', value })), ...codes.toReversed().map((value) => ({ type: 'keyUp', value }))];
      await driver.performActions([{ type: 'key', id: 'keyboard', actions }]);
      await driver.releaseActions();
      return;
    }
    if (!keys.every((key) => [...key].length === 1)) return super.sendKeys(sessionId, keys);
    const actions = keys.flatMap((value) => [
      { type: 'keyDown', value },
      { type: 'keyUp', value },
      { type: 'pause', duration: 0 },
    ]);
    await driver.performActions([{ type: 'key', id: 'keyboard', actions }]);
    await driver.releaseActions();
  }
}

/** WebDriver's codes of the keys the tests press in combos (the WebDriver standard, "Keyboard actions"). */
const WEBDRIVER_KEYS = /** @type {Record<string, string>} */ ({
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  Space: '\uE00D',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Home: '\uE011',
  End: '\uE010',
});

/** Chromium's test files run side by side (`LOYALTY_WTR_CONCURRENCY` sets how many; 2 by default, for 2 cores). */
const CHROMIUM_FILES_AT_ONCE = Math.max(1, Number(process.env.LOYALTY_WTR_CONCURRENCY) || 2);

/**
 * The cookie naming each test file's store on the dev bookcore (scripts/wtr/bookcore-mount.mjs): the page sets it to
 * its session id before anything loads, so files running side by side, in one engine or in several, never meet each
 * other's faults, request log, users or carts.
 */
const STORE_COOKIE = 'bookcore_test_store';

/**
 * One launcher per engine, each named as reports name the engine.
 * @type {Record<import('./scripts/browsers.mjs').Engine, () => import('@web/test-runner').BrowserLauncher>}
 */
const launchers = {
  chromium: () =>
    Object.assign(
      playwrightLauncher({
        product: 'chromium',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true },
        // Each file's page has a browser context of its own (below): its own cookies, so its own store.
        concurrency: CHROMIUM_FILES_AT_ONCE,
        async createBrowserContext({ browser }) {
          const context = await browser.newContext();
          await context.route((url) => !isLoopbackUrl(url), (route) => route.abort('blockedbyclient'));
          return context;
        },
      }),
      { name: ENGINE_LABELS.chromium },
    ),
  // Stock Firefox over WebDriver BiDi (puppeteer-core), on loopback through its proxy preferences.
  firefox: () =>
    Object.assign(
      chromeLauncher({
        puppeteer: /** @type {any} */ (puppeteerCore),
        launchOptions: { browser: 'firefox', executablePath: firefoxPath(), headless: true, extraPrefsFirefox: { ...FIREFOX_PREFS } },
        // One file at a time: its pages share one cookie jar (the store cookie, the session), and a page in the
        // background loses focus.
        concurrency: 1,
      }),
      { name: ENGINE_LABELS.firefox },
    ),
  webkit: () => new WebKitLauncher(),
};

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  // The fault matrix first: the longest file, so it does not start last while the others have ended.
  files: ['test/hardening/faults.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
  nodeResolve: { exportConditions: ['browser'] },
  // Files side by side (each launcher says how many of its own): each file's page has a store of its own on the dev
  // bookcore (STORE_COOKIE). The selected engines (scripts/browsers.mjs) run one after another unless
  // `LOYALTY_WTR_ENGINES_AT_ONCE` says more: three at once on a loaded 2-core machine timed pages out (WebKit's
  // driver gave up on a navigation and stopped the run).
  concurrency: CHROMIUM_FILES_AT_ONCE,
  concurrentBrowsers: Math.min(3, Math.max(1, Number(process.env.LOYALTY_WTR_ENGINES_AT_ONCE) || 1)),
  testFramework: { config: { timeout: 10000 } },
  // Per file: the fault matrix (test/hardening/faults.test.tsx, its BUDGET_MS) runs over a hundred cases in one file.
  testsFinishTimeout: 360_000,
  testRunnerHtml: (testFramework) => `<!doctype html>
    <html lang="es">
      <head>
        <meta charset="utf-8"><link rel="icon" href="data:,">
        <meta name="loyalty-property-depth" content="${process.env.LOYALTY_PROPERTY_DEPTH === 'quick' ? 'quick' : 'full'}">
        <script>document.cookie = '${STORE_COOKIE}=' + encodeURIComponent(new URLSearchParams(location.search).get('wtr-session-id') || '') + '; path=/; SameSite=Lax';</script>
      </head>
      <body><script type="module" src="${testFramework}"></script></body>
    </html>`,
  middleware: [...(revalidateSourcesMiddleware() ?? []), figuresMiddleware(), ...(bookcoreMiddleware(STORE_COOKIE) ?? [])],
  plugins: [
    reactVendorPlugin(),
    nodeEnvPlugin(),
    esbuildPlugin({ ts: true, tsx: true, tsconfig: './tsconfig.json', target: 'es2022', loaders: { '.css': 'text' }, define: { 'process.env.NODE_ENV': '"development"' } }),
  ],
  browsers: selectedEngines().map((engine) => warmingFirst(launchers[engine]())),
  // scripts/test.mjs names another summary for the retry of a failed test (LOYALTY_WTR_SUMMARY).
  reporters: [defaultReporter(), summaryReporter(process.env.LOYALTY_WTR_SUMMARY || '.test-results/browser.json')],
};
