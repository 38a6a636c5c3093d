// @ts-check
/**
 * The languages as the build ships them. The build packs each language but Spanish into its strings alone
 * (rollup.config.mjs `packedTranslations`, src/i18n/packed.ts), so this checks the built chunks themselves, in
 * Chromium on the demo server: each one unpacks to its source resource key for key, holds no keys, and a page in
 * that language shows its texts. The Spanish texts, and no other language's, are in the first payload.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe } from 'node:test';
import { ENTRY_FILE, readGraph, staticClosure } from '../../scripts/bench/sizes.mjs';
import { importBundled } from '../../scripts/import-bundled.mjs';
import { collectPageErrors, it, launchBrowser, startDemoServer } from './support.mjs';

const LANGUAGES = ['en', 'fr', 'de', 'it', 'pt', 'ca', 'nl'];

const graph = readGraph('dist');

/**
 * A language's resource as its source file defines it, compiled by esbuild.
 * @param {string} language
 * @returns {Promise<Record<string, Record<string, string>>>}
 */
async function sourceResource(language) {
  const module = await importBundled(`src/i18n/${language}.ts`);
  return module[language];
}

/** @param {string} language */
function chunkOf(language) {
  const chunk = graph.chunks.find((candidate) => candidate.moduleIds.includes(`src/i18n/${language}.ts`));
  assert.ok(chunk, `no chunk of the build holds src/i18n/${language}.ts`);
  return chunk.file;
}

describe('languages as built', () => {
  /** @type {Awaited<ReturnType<typeof startDemoServer>>} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;

  before(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the first payload carries the Spanish words it paints, not the panel\'s texts nor another language\'s', () => {
    const firstPayload = [...staticClosure(graph, ENTRY_FILE)];
    const modules = graph.chunks.filter((chunk) => firstPayload.includes(chunk.file)).flatMap((chunk) => chunk.moduleIds);
    assert.ok(modules.includes('src/i18n/first-paint.ts'), `src/i18n/first-paint.ts is not in the first payload (${firstPayload.join(', ')})`);
    // The panel's Spanish texts travel with the React part (docs/loyalty-widget.md "Languages").
    assert.ok(!modules.includes('src/i18n/es.ts'), 'src/i18n/es.ts is in the first payload');
    for (const language of LANGUAGES) {
      assert.ok(!modules.includes(`src/i18n/${language}.ts`), `src/i18n/${language}.ts is in the first payload`);
      assert.ok(!modules.includes(`src/i18n/first-paint/${language}.ts`), `src/i18n/first-paint/${language}.ts is in the first payload`);
    }
  });

  it('every language chunk unpacks to its source resource and ships no keys', async () => {
    const page = await browser.context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${server.origin}/`);
    for (const language of LANGUAGES) {
      const file = chunkOf(language);
      const source = await sourceResource(language);
      const built = await page.evaluate(async ([path, name]) => (await import(path))[name], [`/dist/${file}`, language]);
      assert.deepEqual(built, source, `dist/${file} differs from src/i18n/${language}.ts`);
      const text = readFileSync(`dist/${file}`, 'utf8');
      // Key names that appear in no text: a chunk with them was not packed.
      for (const key of ['packageOption', 'removeLabel', 'welcomeTitle']) assert.ok(!text.includes(key), `dist/${file} holds the key ${key}`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const language of LANGUAGES) {
    it(`a page in ${language} shows its texts`, async () => {
      const page = await browser.context.newPage();
      const errors = collectPageErrors(page);
      const source = await sourceResource(language);
      await page.goto(`${server.origin}/package.html?lang=${language}`);
      const cart = page.locator('package-cart');
      await cart.locator('[part~="empty"]').waitFor();
      assert.equal(await cart.locator('[part~="empty"]').textContent(), source['cart']?.['empty']);
      assert.equal(await cart.locator('[part~="search-button"]').textContent(), source['cart']?.['search']);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
