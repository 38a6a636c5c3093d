// @ts-check
/**
 * HTML pages bookcore serves itself: the password-change page a recovery mail links to.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml, html } from '../lib/http.mjs';
import { readIfFile } from '../lib/static-files.mjs';
import { route } from '../lib/router.mjs';

const FALLBACK_TEMPLATE = fileURLToPath(new URL('../templates/password-change.html', import.meta.url));

/**
 * @param {{ root: string }} config
 */
export function createPageRoutes({ root }) {
  const demoTemplate = join(root, 'demo', 'pages', 'password-change.html');

  /** @param {import('../context.mjs').RequestContext} ctx */
  async function passwordChangePage(ctx) {
    // The demo's own page wins once it exists; the bundled one keeps the mail link working before that.
    const template = (await readIfFile(demoTemplate)) ?? (await readFile(FALLBACK_TEMPLATE));
    const page = template
      .toString('utf8')
      .replaceAll('{{uid}}', escapeHtml(ctx.params.uid))
      .replaceAll('{{token}}', escapeHtml(ctx.params.token));
    return html(page);
  }

  return [route('GET', '/bookcore/password/cambiar/:uid/:token/', passwordChangePage)];
}
