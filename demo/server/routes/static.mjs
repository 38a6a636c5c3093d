// @ts-check
/**
 * /static and /legal: the loyalty stylesheets (default and per brand), generated placeholder images, and the
 * consent documents. Only GET and HEAD; anything unknown is a plain 404.
 */
import { join } from 'node:path';
import { escapeHtml, html, text, withHeaders } from '../lib/http.mjs';
import { contentTypeOf, readIfFile, resolveInside } from '../lib/static-files.mjs';

/** @typedef {import('../lib/http.mjs').Reply} Reply */

/**
 * The hotel's default loyalty stylesheet, served when styles/loyalty.css does not exist. It sets no tokens: the
 * widget brings their defaults, and a value set here on :host would hide what a page or brand sets on :root.
 */
const FALLBACK_CSS = `/* Default loyalty stylesheet of the dev bookcore: the place for site-wide overrides of the elements' parts. */
:host {
  -webkit-font-smoothing: antialiased;
}
`;

const PROJECT_CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const IMAGE_PATH = /^[a-z0-9_-]+(?:\/[a-z0-9_-]+)*\.svg$/;

const LEGAL = {
  '/legal/conditions.html': `<h2>Condiciones del programa de fidelización</h2>
<p>La inscripción en el programa es gratuita y está reservada a personas mayores de 18 años.</p>
<p>Los descuentos para miembros se aplican sobre la tarifa flexible, no son acumulables con otras promociones y
están sujetos a disponibilidad.</p>
<p>Puedes darte de baja en cualquier momento escribiendo a <a href="mailto:fidelizacion@example.com">fidelizacion@example.com</a>.</p>`,
  '/legal/privacy.html': `<h2>Política de privacidad</h2>
<p>Responsable: Hoteles de Ejemplo, S.L. Finalidad: gestionar tu cuenta de miembro y tus reservas y, si lo
aceptas, enviarte ofertas por correo electrónico.</p>
<p>Puedes ejercer tus derechos de acceso, rectificación, supresión y portabilidad escribiendo a
<a href="mailto:privacidad@example.com">privacidad@example.com</a>.</p>`,
};

/**
 * @param {Buffer} body
 * @param {string} filePath
 * @returns {Reply}
 */
const fileReply = (body, filePath) => ({ status: 200, headers: { 'content-type': contentTypeOf(filePath) }, body });

const notFound = () => text('Not found', 404);

/**
 * A labelled rectangle whose colour follows the name, so different images are told apart at a glance.
 * @param {string} name
 * @returns {Reply}
 */
function placeholderSvg(name) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  const label = escapeHtml(name.replace(/\.svg$/, ''));
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="250" viewBox="0 0 400 250" role="img" aria-label="${label}">
<rect width="400" height="250" fill="hsl(${hash} 45% 55%)"/>
<text x="200" y="130" fill="#fff" font-family="sans-serif" font-size="20" text-anchor="middle">${label}</text>
</svg>
`;
  return { status: 200, headers: { 'content-type': 'image/svg+xml' }, body };
}

/**
 * @param {{ root: string }} config
 * @returns {(method: string, pathname: string) => Promise<Reply>}
 */
export function createStaticHandler({ root }) {
  const brandsDir = join(root, 'demo', 'brands');
  const defaultCss = join(root, 'styles', 'loyalty.css');

  return async function serveStatic(method, pathname) {
    if (method !== 'GET' && method !== 'HEAD') return withHeaders(text('Method not allowed', 405), { allow: 'GET, HEAD' });

    if (Object.hasOwn(LEGAL, pathname)) return html(LEGAL[/** @type {keyof typeof LEGAL} */ (pathname)]);

    if (pathname === '/static/builds/loyalty/loyalty.css') {
      const css = await readIfFile(defaultCss);
      return css ? fileReply(css, defaultCss) : { status: 200, headers: { 'content-type': 'text/css; charset=utf-8' }, body: FALLBACK_CSS };
    }

    const brand = /^\/static\/([^/]+)\/loyalty\/loyalty\.css$/.exec(pathname)?.[1];
    if (brand !== undefined) {
      const file = PROJECT_CODE.test(brand) ? resolveInside(brandsDir, `${brand}.css`) : null;
      const css = file && (await readIfFile(file));
      return file && css ? fileReply(css, file) : notFound();
    }

    if (pathname.startsWith('/static/img/')) {
      const name = pathname.slice('/static/img/'.length);
      return IMAGE_PATH.test(name) ? placeholderSvg(name) : notFound();
    }
    return notFound();
  };
}
