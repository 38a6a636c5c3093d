// @ts-check
/**
 * End-to-end support: the demo server as `npm start` runs it (a child process on a free port) and Chromium
 * driven by playwright-core.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';

/**
 * Starts `demo/server/start.mjs` on a free port (the build must exist).
 * @returns {Promise<{ origin: string, stop: () => Promise<void> }>}
 */
export function startDemoServer() {
  const child = spawn(process.execPath, ['demo/server/start.mjs'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`demo server exited with ${code}: ${output}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = output.match(/bookcore dev server: (http:\/\/127\.0\.0\.1:\d+)\//);
      if (!match) return;
      child.removeAllListeners('exit');
      resolve({
        origin: /** @type {string} */ (match[1]),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** Launches headless Chromium with a fresh profile. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'loyalty-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Collects what a page reports as broken: uncaught errors and console errors.
 * @param {import('playwright-core').Page} page
 */
export function collectPageErrors(page) {
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}
