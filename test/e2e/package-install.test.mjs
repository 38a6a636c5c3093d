// @ts-check
/**
 * `node --test test/e2e/package-install.test.mjs`, after `npm run build`: the package as a site installs it.
 * `npm pack` makes the tarball, `npm install` puts it into a fresh temporary project (offline: the bundles carry
 * their dependencies, so nothing is fetched), and two plain pages of that project, served beside the dev bookcore,
 * load it from `node_modules/` in the browser: one with the classic script, one as ES modules importing
 * `loyalty-elements` and `loyalty-elements/bookcore` through an import map written from the installed package's
 * "exports". On each, the icon shows and a member signs in (the social SDKs are the dev bookcore's stand-ins: the
 * browser reaches no other origin). docs/integration.md "Getting the files" is the
 * recipe this follows.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createBookcore } from '../../demo/server/bookcore.mjs';
import { authSection, collectPageErrors, formControl, it, launchBrowser, withNavigation } from './support.mjs';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MEMBER = { email: 'ana@example.com', password: 'Loyalty2026!', nombre: 'Ana' };

/** @type {{ name: string, license?: string, private?: boolean, files: string[], exports: Record<string, Record<string, string> | string> }} */
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Every file an "exports" condition names, relative to the package root. */
function exportTargets(/** @type {typeof manifest.exports} */ exportsMap) {
  return Object.values(exportsMap)
    .flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
    .map((target) => target.replace(/^\.\//, '').replace('*', 'loyalty-elements.d.ts'));
}

const CONTENT_TYPES = /** @type {Record<string, string>} */ ({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
});

describe('the packed package, installed into a fresh project', () => {
  /** @type {string} */
  let work;
  /** @type {string} */
  let project;
  /** @type {string[]} */
  let packed;
  /** @type {import('node:http').Server} */
  let server;
  /** @type {string} */
  let origin;
  /** @type {Awaited<ReturnType<typeof launchBrowser>>} */
  let browser;

  before(async () => {
    assert.ok(existsSync(join(ROOT, 'dist/loyalty-elements.iife.js')), 'dist/ is missing: run `npm run build` before the end-to-end tests (`npm test` does)');
    work = mkdtempSync(join(tmpdir(), 'loyalty-pack-'));
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const [result] = JSON.parse(stdout);
    packed = result.files.map((/** @type {{ path: string }} */ file) => file.path);
    project = join(work, 'hotel-site');
    rmSync(project, { recursive: true, force: true });
    await run('mkdir', ['-p', project]);
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'hotel-site', version: '1.0.0', private: true }, null, 2)}\n`);
    await run('npm', ['install', join(work, result.filename), '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project });

    const installedRoot = join(project, 'node_modules/loyalty-elements');
    /** @type {typeof manifest} */
    const installed = JSON.parse(readFileSync(join(installedRoot, 'package.json'), 'utf8'));
    const url = (/** @type {string} */ target) => `/node_modules/loyalty-elements/${target.replace(/^\.\//, '')}`;
    const entry = /** @type {Record<string, string>} */ (installed.exports['.']);
    const bookcoreEntry = /** @type {Record<string, string>} */ (installed.exports['./bookcore']);
    writeFileSync(
      join(project, 'classic.html'),
      `<!doctype html>\n<html lang="es"><head><meta charset="utf-8"><title>Classic</title><link rel="icon" href="data:,"></head>\n<body>\n` +
        `<loyalty-icon class="loyalty-icon"></loyalty-icon>\n<loyalty-panel data-cta="Club Hotel" data-google-sdk-url="/sdk/google-gsi.js" data-facebook-sdk-url="/sdk/facebook-sdk.js"></loyalty-panel>\n` +
        `<script src="${url(/** @type {string} */ (entry.default))}"></script>\n</body></html>\n`,
    );
    writeFileSync(
      join(project, 'module.html'),
      `<!doctype html>\n<html lang="es"><head><meta charset="utf-8"><title>Module</title><link rel="icon" href="data:,">\n` +
        `<script type="importmap">${JSON.stringify({ imports: { 'loyalty-elements': url(/** @type {string} */ (entry.import)), 'loyalty-elements/bookcore': url(/** @type {string} */ (bookcoreEntry.import)) } })}</script>\n` +
        `<script type="module" src="/site.js"></script></head>\n<body>\n` +
        `<loyalty-icon class="loyalty-icon"></loyalty-icon>\n<loyalty-panel data-cta="Club Hotel" data-google-sdk-url="/sdk/google-gsi.js" data-facebook-sdk-url="/sdk/facebook-sdk.js"></loyalty-panel>\n</body></html>\n`,
    );
    writeFileSync(
      join(project, 'site.js'),
      `import { LoyaltyIconElement } from 'loyalty-elements';\nimport { createBookcoreClient } from 'loyalty-elements/bookcore';\n` +
        `window.siteCheck = { iconClass: customElements.get('loyalty-icon') === LoyaltyIconElement, member: () => createBookcoreClient().loyalty.getUser() };\n`,
    );

    const bookcore = createBookcore();
    server = createServer(async (req, res) => {
      if (await bookcore.handle(req, res)) return;
      const path = normalize(join(project, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
      if (!path.startsWith(project + sep) || !existsSync(path)) {
        res.statusCode = 404;
        res.end('not found');
        return;
      }
      res.setHeader('Content-Type', CONTENT_TYPES[extname(path)] ?? 'application/octet-stream');
      res.end(readFileSync(path));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    server?.closeAllConnections();
    server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('is publishable: MIT with its LICENSE, not private, with a CHANGELOG', () => {
    assert.equal(manifest.license, 'MIT');
    assert.equal(manifest.private, undefined, 'no "private": npm refuses to publish a private package');
    assert.match(readFileSync(join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.match(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'), /^# Changelog/);
    for (const file of ['LICENSE', 'CHANGELOG.md', 'README.md', 'package.json']) assert.ok(packed.includes(file), `the tarball holds ${file}`);
  });

  it('packs every file "exports", "types" and "customElements" name, the chunks and the framework typings, and no source', () => {
    const named = [...exportTargets(manifest.exports), /** @type {any} */ (manifest).types, /** @type {any} */ (manifest).customElements];
    for (const file of named) assert.ok(packed.includes(file.replace(/^\.\//, '')), `the tarball holds ${file}`);
    assert.ok(packed.some((file) => file.startsWith('dist/chunks/')), 'the tarball holds the ES entry\'s chunks');
    for (const file of ['dist/types/types/react.d.ts', 'dist/types/types/vue.d.ts', 'dist/types/types/loyalty-elements.d.ts']) assert.ok(packed.includes(file), `the tarball holds ${file}`);
    assert.deepEqual(packed.filter((file) => /^(src|elements|test|demo|scripts)\//.test(file)), [], 'no source, tests or demo');
  });

  it('installs offline with no dependency to fetch: the bundles import nothing by bare name', () => {
    const installed = JSON.parse(readFileSync(join(project, 'node_modules/loyalty-elements/package.json'), 'utf8'));
    assert.deepEqual(Object.keys(installed.dependencies ?? {}), [], 'no runtime dependencies');
  });

  for (const [page, label] of /** @type {const} */ ([
    ['classic.html', 'the classic script'],
    ['module.html', 'ES modules importing loyalty-elements and loyalty-elements/bookcore'],
  ])) {
    it(`${page} (${label}) from node_modules/: the icon shows and a member signs in against the dev bookcore`, async () => {
      await browser.context.clearCookies();
      const tab = await browser.context.newPage();
      tab.setDefaultTimeout(15_000);
      const errors = collectPageErrors(tab);
      try {
        await tab.goto(`${origin}/${page}`);
        const icon = tab.locator('loyalty-icon [part="button"]');
        await icon.waitFor();
        assert.equal((await icon.textContent())?.trim(), 'Club Hotel');
        await icon.click();
        await authSection(tab, 'PRE_SIGNUP').getByRole('button', { name: 'Inicia sesión', exact: true }).click();
        const signIn = authSection(tab, 'SIGNIN');
        await formControl(signIn, 'email').fill(MEMBER.email);
        await formControl(signIn, 'password').fill(MEMBER.password);
        // A signed-in member's page reloads (docs/loyalty-widget.md "After sign-in").
        await withNavigation(tab, () => signIn.locator('[part~="submit"]').click());
        await tab.locator('loyalty-icon [part="button"].in').waitFor();
        if (page === 'module.html') {
          assert.equal(await tab.evaluate(() => /** @type {any} */ (window).siteCheck.iconClass), true, 'the module page defined the tags from the package');
          const member = await tab.evaluate(() => /** @type {any} */ (window).siteCheck.member());
          assert.equal(member.nombre, MEMBER.nombre, 'loyalty-elements/bookcore reads the signed-in member in the page');
        }
        assert.deepEqual(errors, [], 'no page errors');
      } finally {
        await tab.close();
      }
    });
  }
});
