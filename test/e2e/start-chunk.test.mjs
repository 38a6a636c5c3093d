// @ts-check
/**
 * The first chunk paints, the start chunk does the rest (docs/architecture.md "React on intent"), against the build,
 * in Chromium and Firefox (E2E_ENGINE): the page's first payload (the entry and the chunks it imports statically)
 * holds no jotai, no transport and no start, and weighs at most 10 KB gzip; on a cold page whose start chunk is held
 * back, the icon is painted, and what the host page and the guest do before that chunk arrives (an attribute set on
 * the panel, a click on the icon, a click on an `open-loyalty` element) takes effect once it has.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { after, before, describe } from 'node:test';
import { startColdPage } from './cold-page.mjs';
import { E2E_ENGINE, ENGINE_LABEL, it, launchBrowser, startDemoServer } from './support.mjs';

/** @typedef {{ file: string, isEntry: boolean, imports: string[], moduleIds: string[] }} GraphChunk */

/** The build's chunks (dist/bundle-graph.json). @returns {GraphChunk[]} */
function chunks() {
  return JSON.parse(readFileSync('dist/bundle-graph.json', 'utf8')).chunks;
}

/** The ES entry and every chunk it imports statically: what the page runs before anything loaded later. */
function firstPayload() {
  const all = chunks();
  const byFile = new Map(all.map((chunk) => [chunk.file, chunk]));
  /** @type {Set<string>} */
  const seen = new Set();
  const queue = all.filter((chunk) => chunk.file === 'loyalty-elements.js').map((chunk) => chunk.file);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return [...seen].map((file) => /** @type {GraphChunk} */ (byFile.get(file)));
}

/** The chunk that starts the widget (it holds src/state/session.ts), as the path the page asks for. */
function startChunkPath() {
  const chunk = chunks().find((candidate) => candidate.moduleIds.includes('src/state/session.ts'));
  assert.ok(chunk, 'a chunk holds src/state/session.ts');
  return `/dist/${chunk.file}`;
}

describe(`the first chunk paints, the start chunk follows (${ENGINE_LABEL})`, () => {
  it('the first payload holds no jotai, no transport and no start, and weighs at most 10 KB gzip', () => {
    const payload = firstPayload();
    const modules = payload.flatMap((chunk) => chunk.moduleIds);
    const misplaced = modules.filter((id) => id.includes('node_modules/jotai/') || ['src/api/transport.ts', 'src/state/session.ts', 'src/api/widget-start.ts', 'src/state/store.ts'].includes(id));
    assert.deepEqual(misplaced, [], 'loaded after the icon\'s first frame, not before');
    const gzip = payload.reduce((sum, chunk) => sum + gzipSync(readFileSync(`dist/${chunk.file}`), { level: 9 }).length, 0);
    assert.ok(gzip <= 10 * 1024, `the first payload is ${(gzip / 1024).toFixed(1)} KB gzip, over 10 KB (${payload.map((chunk) => chunk.file).join(', ')})`);
  });

  describe('on a cold page whose start chunk is held back', () => {
    /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
    let server;
    /** @type {Awaited<ReturnType<typeof startColdPage>>} */
    let cold;

    before(async () => {
      if (E2E_ENGINE === 'webkit') return;
      server = await startDemoServer();
      cold = await startColdPage(server.origin, { realSdks: false });
    });

    after(async () => {
      await cold?.stop();
      await server?.stop();
    });

    /**
     * A fresh page whose start chunk waits for `release()`, then comes, or is refused (`failing: 'chunk'`); with
     * `failing: 'settings'` the settings answer 500.
     * @param {{ failing?: 'chunk' | 'settings' }} [options]
     */
    async function heldPage({ failing } = {}) {
      const browser = await launchBrowser();
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      page.setDefaultTimeout(15_000);
      const held = startChunkPath();
      /** @type {() => void} */
      let release = () => undefined;
      const released = new Promise((resolve) => {
        release = () => resolve(undefined);
      });
      let asked = false;
      await page.route(
        (url) => url.pathname === held,
        async (route) => {
          asked = true;
          await released;
          await (failing === 'chunk' ? route.abort() : route.continue());
        },
      );
      if (failing === 'settings') await page.route((url) => url.pathname.endsWith('/loyalty/settings/'), (route) => route.fulfill({ status: 500, body: 'down' }));
      await page.goto(`${cold.origin}/`);
      await page.locator('loyalty-icon [part="button"]').waitFor();
      return { page, release, asked: () => asked, close: () => browser.close() };
    }

    it('the icon is painted before the start chunk arrives, and an attribute set meanwhile takes effect', async () => {
      if (E2E_ENGINE === 'webkit') return;
      const { page, release, asked, close } = await heldPage();
      try {
        assert.equal(await page.locator('loyalty-icon [part="button"]').isVisible(), true, 'the icon is visible');
        assert.ok(asked(), 'the start chunk was asked for after the first frame');
        assert.equal(await page.evaluate(() => document.querySelector('loyalty-panel')?.hasAttribute('section')), false, 'nothing started yet');
        await page.evaluate(() => document.querySelector('loyalty-panel')?.setAttribute('data-cta', 'Mi club'));
        await page.waitForFunction(() => document.querySelector('loyalty-icon')?.shadowRoot?.querySelector('[part="button"]')?.textContent === 'Mi club');
        release();
        await page.waitForFunction(() => document.querySelector('loyalty-panel')?.hasAttribute('section'));
        assert.equal(await page.locator('loyalty-icon [part="button"]').textContent(), 'Mi club');
      } finally {
        release();
        await close();
      }
    });

    it('a click on the icon before the start chunk arrives opens the panel once it has', async () => {
      if (E2E_ENGINE === 'webkit') return;
      const { page, release, close } = await heldPage();
      try {
        await page.evaluate(() => {
          /** @type {any} */ (window).__opened = [];
          document.addEventListener('loyalty-open', (event) => /** @type {any} */ (window).__opened.push(/** @type {CustomEvent} */ (event).detail.section));
        });
        await page.locator('loyalty-icon [part="button"]').click();
        await page.waitForTimeout(300);
        assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__opened), [], 'nothing opens before the start chunk');
        release();
        const section = page.locator('loyalty-panel [part~="dialog"] [part~="auth-section"]').first();
        await section.waitFor();
        assert.equal(await section.getAttribute('data-section'), 'PRE_SIGNUP');
        assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).__opened), ['PRE_SIGNUP']);
      } finally {
        release();
        await close();
      }
    });

    it('a start chunk that fails to load is asked for again at a fresh address, and the widget starts', async () => {
      if (E2E_ENGINE === 'webkit') return;
      const browser = await launchBrowser();
      try {
        const page = browser.context.pages()[0] ?? (await browser.context.newPage());
        page.setDefaultTimeout(15_000);
        const held = startChunkPath();
        /** @type {string[]} */
        const asked = [];
        await page.route(
          (url) => url.pathname === held,
          (route) => {
            asked.push(new URL(route.request().url()).search);
            return asked.length === 1 ? route.abort() : route.continue();
          },
        );
        await page.goto(`${cold.origin}/`);
        await page.locator('loyalty-icon [part="button"]').waitFor();
        await page.waitForFunction(() => document.querySelector('loyalty-panel')?.hasAttribute('section'));
        assert.deepEqual(asked, ['', '?retry=1']);
        await page.locator('loyalty-icon [part="button"]').click();
        await page.locator('loyalty-panel [part~="dialog"] [part~="auth-section"]').first().waitFor();
      } finally {
        await browser.close();
      }
    });

    /**
     * {@link heldPage} with an `open-loyalty` link to /dispo.html, whose start chunk is refused, or whose settings fail.
     * @param {'chunk' | 'settings'} failing
     */
    async function failingPage(failing) {
      const held = await heldPage({ failing });
      await held.page.evaluate(() => {
        const link = document.createElement('a');
        link.className = 'open-loyalty';
        link.href = '/dispo.html';
        link.textContent = 'Club';
        document.body.prepend(link);
      });
      return held;
    }

    for (const failing of /** @type {const} */ (['chunk', 'settings'])) {
      it(`a click on an open-loyalty link before the start chunk arrives follows the link when the ${failing === 'chunk' ? 'start chunk cannot be loaded' : 'settings fail'}`, async () => {
        if (E2E_ENGINE === 'webkit') return;
        const { page, release, close } = await failingPage(failing);
        try {
          await page.locator('a.open-loyalty').click();
          release();
          await page.waitForURL((url) => url.pathname === '/dispo.html', { timeout: 10_000 });
        } finally {
          release();
          await close();
        }
      });
    }

    it('a click on an open-loyalty element before the start chunk arrives opens the panel at its section, and the page stays', async () => {
      if (E2E_ENGINE === 'webkit') return;
      const { page, release, close } = await heldPage();
      try {
        const before = page.url();
        await page.locator('button.open-loyalty[data-external-auth-section="SIGNIN"]').click();
        release();
        const section = page.locator('loyalty-panel [part~="dialog"] [part~="auth-section"]').first();
        await section.waitFor();
        assert.equal(await section.getAttribute('data-section'), 'SIGNIN');
        assert.equal(page.url(), before);
      } finally {
        release();
        await close();
      }
    });
  });
});
