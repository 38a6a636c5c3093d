// @ts-check
/**
 * HTML pages bookcore serves itself: the password-change page a recovery mail links to, the page the sign-up
 * validation link lands on, stand-ins for its availability and cart pages (where a sign-in or sign-out goes
 * to the reset-availability address or the root, docs/loyalty-widget.md "After sign-in"), with the address that
 * resets the availability search, and a booking confirmation reached by a form POST (where a sign-in or sign-out
 * must load the address again by GET, never send the form again).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml, html, redirect } from '../lib/http.mjs';
import { readIfFile } from '../lib/static-files.mjs';
import { route } from '../lib/router.mjs';
import { safeNext } from '../lib/next-address.mjs';

const FALLBACK_TEMPLATE = fileURLToPath(new URL('../templates/password-change.html', import.meta.url));
const VALIDATED_TEMPLATE = fileURLToPath(new URL('../templates/validated.html', import.meta.url));
const AVAILABILITY_TEMPLATE = fileURLToPath(new URL('../templates/availability.html', import.meta.url));
const SHOPPING_CART_TEMPLATE = fileURLToPath(new URL('../templates/shopping-cart.html', import.meta.url));
const BOOKING_TEMPLATE = fileURLToPath(new URL('../templates/booking.html', import.meta.url));

/**
 * A page template with each `{{key}}` replaced by its value, HTML-escaped (the values come from the address).
 * @param {string | Buffer} template
 * @param {Record<string, string>} values
 */
function fill(template, values) {
  let page = template.toString();
  for (const [key, value] of Object.entries(values)) page = page.replaceAll(`{{${key}}}`, escapeHtml(value));
  return html(page);
}

/**
 * @param {{ root: string }} config
 */
export function createPageRoutes({ root }) {
  const demoTemplate = join(root, 'demo', 'pages', 'password-change.html');

  /** @param {import('../context.mjs').RequestContext} ctx */
  async function passwordChangePage(ctx) {
    // The demo's own page wins once it exists; the bundled one keeps the mail link working before that.
    const template = (await readIfFile(demoTemplate)) ?? (await readFile(FALLBACK_TEMPLATE));
    // After the change signs the member in, the panel goes to its `data-login`: the page the recovery started
    // from when the link names one on this site, else the start page (docs/bookcore-contract.md "Back where the
    // guest started").
    const login = safeNext(ctx.url.searchParams.get('next'), ctx.origin) ?? '/';
    return fill(template, { uid: ctx.params.uid ?? '', token: ctx.params.token ?? '', login });
  }

  /**
   * Where the validation link lands: the panel at SIGNUP_VALIDATION_SUCCESS, or at SIGNIN with a note when the
   * link was bad, used or expired (Django would render this from a template the same way).
   * @param {import('../context.mjs').RequestContext} ctx
   */
  async function validatedPage(ctx) {
    const expired = ctx.url.searchParams.get('estado') === 'caducado';
    return fill(await readFile(VALIDATED_TEMPLATE), {
      section: expired ? 'SIGNIN' : 'SIGNUP_VALIDATION_SUCCESS',
      note: expired ? 'El enlace de validación no es válido o ha caducado. Inicia sesión o regístrate de nuevo.' : '',
    });
  }

  /**
   * The availability search page: the stay it was asked for (`entrada`, `project`, as the widget's `dispo`
   * booking button sends them), or a fresh search after the reset address.
   * @param {import('../context.mjs').RequestContext} ctx
   */
  async function availabilityPage(ctx) {
    const query = ctx.url.searchParams;
    const reset = query.get('reiniciada') === '1';
    const entrada = query.get('entrada') ?? '';
    const note = reset
      ? 'Búsqueda reiniciada: los precios se recalculan para tu sesión.'
      : entrada
        ? 'Habitaciones disponibles desde la fecha de entrada indicada.'
        : 'Elige las fechas de tu estancia.';
    return fill(await readFile(AVAILABILITY_TEMPLATE), {
      state: reset ? 'reset' : entrada ? 'search' : 'empty',
      note,
      entrada: entrada || '—',
      project: query.get('project') || '—',
    });
  }

  /**
   * The booking form (GET) and its confirmation, rendered as the answer to the form's POST (Django's CSRF check,
   * which the dispatcher runs, has passed). The request log tells how many times the form was sent.
   * @param {import('../context.mjs').RequestContext} ctx
   */
  async function bookingPage(ctx) {
    const confirmed = ctx.req.method === 'POST';
    return fill(await readFile(BOOKING_TEMPLATE), {
      state: confirmed ? 'confirmed' : 'form',
      title: confirmed ? 'Reserva confirmada' : 'Confirma tu reserva',
      guest: confirmed ? String(ctx.form['huesped'] ?? '') : '',
      token: ctx.ensureCsrfCookie(),
    });
  }

  return [
    route('GET', '/bookcore/booking/confirmation/', bookingPage),
    route('POST', '/bookcore/booking/confirmation/', bookingPage),
    route('GET', '/bookcore/password/cambiar/:uid/:token/', passwordChangePage),
    route('GET', '/bookcore/loyalty/validado/', validatedPage),
    route('GET', '/bookcore/availability/', availabilityPage),
    // Bookcore's reset drops the session's search, then shows the availability page afresh.
    route('GET', '/bookcore/availability/reset/', () => redirect('/bookcore/availability/?reiniciada=1')),
    route('GET', '/bookcore/shopping-cart/', async () => fill(await readFile(SHOPPING_CART_TEMPLATE), {})),
  ];
}
