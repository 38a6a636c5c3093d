// @ts-check
/**
 * Loyalty programme: settings, members, sign-up with e-mail validation, sign-in, social sign-in, password
 * recovery and the loyalty prices per hotel.
 */
import { hashPassword, toUser, verifyPassword } from '../accounts.mjs';
import { COD, codError, hotelByCode, memberPrice } from '../inventory.mjs';
import { json, redirect } from '../lib/http.mjs';
import { safeNext, withNext } from '../lib/next-address.mjs';
import { route } from '../lib/router.mjs';
import { CURRENCY, HOTELS, RATES } from '../seed.mjs';
import { CSRF_COOKIE, SESSION_COOKIE } from '../sessions.mjs';
import { ERRORS, PASSWORD_MIN_LENGTH, SETTINGS, SOCIAL_LOGIN } from '../settings.mjs';
import { TokenRefused, verifyFacebookAccessToken, verifyGoogleIdToken } from '../social-tokens.mjs';

/** @typedef {import('../context.mjs').RequestContext} RequestContext */
/** @typedef {(ctx: RequestContext) => import('../lib/http.mjs').Reply | Promise<import('../lib/http.mjs').Reply>} Handler */

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const COOKIE_NAME_SHAPE = /^[A-Za-z0-9_.-]{1,64}$/;
const COOKIE_VALUE_MAX = 1024;
const CUSTOM_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * @param {Record<string, string[]>} errors
 * @param {Record<string, unknown>} [extra]
 */
const authError = (errors, extra = {}) => json({ errors, ...extra }, 400);

/**
 * @param {RequestContext} ctx
 * @param {import('../accounts.mjs').Member} member
 */
function signedIn(ctx, member) {
  ctx.login(member);
  // As the reference Django does with get_token(request) after login(): the rotated token, for the next POST.
  return json({ success: true, userName: member.email, user: toUser(member), csrfToken: ctx.csrfToken });
}

/** @param {RequestContext} ctx */
function ttlText(ctx) {
  return `${Math.round(ctx.store.accounts.tokenTtlMs / 60_000)} minutos`;
}

/**
 * @param {RequestContext} ctx
 * @param {import('../accounts.mjs').Member} member
 */
function mailValidationLink(ctx, member) {
  const { uid, token } = ctx.store.accounts.issueToken(member, 'validation');
  const link = withNext(`${ctx.origin}/bookcore/loyalty/validate/${uid}/${token}/`, safeNext(ctx.form.next, ctx.origin));
  ctx.store.mailbox.send({
    to: member.email,
    subject: 'Activa tu cuenta de miembro',
    kind: 'validation',
    text: `Hola ${member.nombre}:\n\nGracias por unirte a nuestro programa de fidelización. Para activar tu cuenta, abre este enlace (caduca en ${ttlText(ctx)}):\n\n${link}\n`,
    links: [link],
  });
}

/**
 * @param {RequestContext} ctx
 * @param {import('../accounts.mjs').Member} member
 */
function mailRecoveryLink(ctx, member) {
  const { uid, token } = ctx.store.accounts.issueToken(member, 'recovery');
  const link = withNext(`${ctx.origin}/bookcore/password/cambiar/${uid}/${token}/`, safeNext(ctx.form.next, ctx.origin));
  ctx.store.mailbox.send({
    to: member.email,
    subject: 'Cambia tu contraseña',
    kind: 'recovery',
    text: `Hola ${member.nombre}:\n\nHemos recibido una solicitud para cambiar tu contraseña. Ábrela en este enlace (caduca en ${ttlText(ctx)} y solo sirve una vez):\n\n${link}\n\nSi no lo has pedido tú, ignora este correo.\n`,
    links: [link],
  });
}

/** @param {string | undefined} password */
function passwordProblem(password) {
  return (password ?? '').length < PASSWORD_MIN_LENGTH ? [`La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`] : null;
}

/**
 * The widget's settings; like a Django view under `ensure_csrf_cookie`, it sets the csrftoken cookie (the page
 * may have rendered no `{% csrf_token %}`) and, like the reference Django, carries the token.
 * @type {Handler}
 */
function settings(ctx) {
  const member = ctx.member;
  const csrfToken = ctx.ensureCsrfCookie();
  // Once, on the first page after a validation link signed the member in (docs/bookcore-contract.md "Back where
  // the guest started"): the widget then says so as after its own sign-in.
  const justSignedIn = member && ctx.session?.signedInByLink ? true : undefined;
  if (ctx.session) delete ctx.session.signedInByLink;
  return json({ success: true, settings: SETTINGS, loggedIn: member ? toUser(member) : null, socialLogin: SOCIAL_LOGIN, csrfToken, justSignedIn });
}

/**
 * The current user (`{}` for a visitor); under `ensure_csrf_cookie` too, so the token is there whichever of the
 * widget's two start calls answers first. The token rides in the cookie only: the user shape of docs/bookcore-contract.md "Loyalty" is kept.
 * @type {Handler}
 */
function currentUser(ctx) {
  const member = ctx.member;
  ctx.ensureCsrfCookie();
  return json(member ? toUser(member) : {});
}

/** @param {RequestContext} ctx */
export async function signin(ctx) {
  const { email = '', password = '' } = ctx.form;
  if (!email.trim() || !password) return authError({ __all__: ['Introduce tu correo electrónico y tu contraseña.'] });
  const member = ctx.store.accounts.findByEmail(email);
  if (!member || !(await verifyPassword(password, member.passwordHash))) {
    return authError({ __all__: ['El correo electrónico o la contraseña no son correctos.'] });
  }
  if (!member.active) {
    return authError(
      { __all__: ['Tu cuenta aún no está activada. Revisa tu correo y sigue el enlace de activación.'] },
      { isEmailActiveError: true },
    );
  }
  return signedIn(ctx, member);
}

/** @param {RequestContext} ctx */
export async function signup(ctx) {
  const { email = '', password = '', nombre = '', apellidos = '', politica, newsletter, ...fields } = ctx.form;
  // `next` is where the validation link returns to, not a field of the member.
  const extra = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'next'));
  /** @type {Record<string, string[]>} */
  const errors = {};
  if (!EMAIL_SHAPE.test(email.trim())) errors.email = ['Introduce un correo electrónico válido.'];
  const weakPassword = passwordProblem(password);
  if (weakPassword) errors.password = weakPassword;
  if (!nombre.trim()) errors.nombre = ['Introduce tu nombre.'];
  if (!apellidos.trim()) errors.apellidos = ['Introduce tus apellidos.'];
  if (politica !== 'true') errors.politica = ['Debes aceptar la política de privacidad.'];
  if (Object.keys(errors).length > 0) return authError(errors);

  const existing = ctx.store.accounts.findByEmail(email);
  if (existing?.active) return authError({ email: ['Ya existe una cuenta con este correo electrónico. Inicia sesión.'] });
  if (existing) {
    // The member lost the first mail: send a fresh link rather than leave them stuck.
    mailValidationLink(ctx, existing);
    return authError(
      { email: ['Tu cuenta aún no está activada. Te hemos enviado de nuevo el correo de activación.'] },
      { isEmailActiveError: true },
    );
  }

  const member = ctx.store.accounts.add({
    email,
    nombre: nombre.trim(),
    apellidos: apellidos.trim(),
    passwordHash: await hashPassword(password),
    active: false,
    newsletter: newsletter === 'true',
    social: {},
    extra,
  });
  mailValidationLink(ctx, member);
  return json({ success: true });
}

/**
 * The validation link: activates the account, signs the member in and goes back to the page the sign-up started
 * from (the link's `next`, only when it is on this site), else to the start page (docs/bookcore-contract.md
 * "Back where the guest started").
 * @type {Handler}
 */
function validateEmail(ctx) {
  const check = ctx.store.accounts.checkToken(ctx.params.uid, ctx.params.token, 'validation');
  if (!check.ok) return redirect('/bookcore/loyalty/validado/?estado=caducado');
  check.member.active = true;
  ctx.store.accounts.consumeToken(check.token);
  ctx.login(check.member);
  /** @type {import('../sessions.mjs').Session} */ (ctx.session).signedInByLink = true;
  return redirect(safeNext(ctx.url.searchParams.get('next'), ctx.origin) ?? '/');
}

/** @type {Handler} */
function logout(ctx) {
  ctx.logout();
  return json({ success: true, csrfToken: ctx.csrfToken });
}

/** @type {Handler} */
export function passwordRecovery(ctx) {
  const email = (ctx.form.email ?? '').trim();
  if (!email) return authError({ email: ['Introduce tu correo electrónico.'] });
  const member = ctx.store.accounts.findByEmail(email);
  if (member) mailRecoveryLink(ctx, member);
  // Same answer either way: the form must not reveal who is a member.
  return json({ success: true });
}

/**
 * Sets the new password of a recovery link's member: the member, or the refusal to answer.
 * @param {RequestContext} ctx
 */
async function changePassword(ctx) {
  const { uid = '', token = '', password } = ctx.form;
  const check = ctx.store.accounts.checkToken(uid, token, 'recovery');
  if (!check.ok) return { refusal: authError({ token: [ERRORS.token] }, { expired: check.expired }) };
  const weakPassword = passwordProblem(password);
  if (weakPassword) return { refusal: authError({ password: weakPassword }) };
  check.member.passwordHash = await hashPassword(/** @type {string} */ (password));
  ctx.store.accounts.consumeToken(check.token);
  return { member: check.member };
}

/** @param {RequestContext} ctx */
export async function passwordChange(ctx) {
  const changed = await changePassword(ctx);
  if ('refusal' in changed) return changed.refusal;
  // Signed in as after a sign-in (docs/bookcore-contract.md "Back where the guest started"): the change page
  // then goes on to its `data-login`, the page the recovery started from.
  return signedIn(ctx, changed.member);
}

/**
 * The mobile section's password change (`/m2/ajax/password/recovery/change`): the same change, answered
 * `{success: true}` without signing in, as the mobile contract gives it (docs/bookcore-contract.md "Mobile section (/m2/ajax)").
 * @param {RequestContext} ctx
 */
export async function mobilePasswordChange(ctx) {
  const changed = await changePassword(ctx);
  return 'refusal' in changed ? changed.refusal : json({ success: true });
}

/**
 * What the provider vouches for, from the posted token (never from the posted e-mail or id alone): Google's ID
 * token (`id_token`), or Facebook's access token (`access_token`) for the posted user `id`.
 * @param {RequestContext} ctx
 * @returns {{ provider: 'google' | 'facebook', id: string, email: string | null } | { refusal: import('../lib/http.mjs').Reply }}
 */
function socialIdentity(ctx) {
  const { tipo_integracion: provider, id = '', id_token: idToken, access_token: accessToken } = ctx.form;
  if (provider !== 'google' && provider !== 'facebook') return { refusal: authError({ tipo_integracion: ['Proveedor de acceso no admitido.'] }) };
  try {
    if (provider === 'google') {
      const { sub, email } = verifyGoogleIdToken(idToken, SOCIAL_LOGIN.google.client_id, ctx.store.now());
      return { provider, id: sub, email };
    }
    const { userId, email } = verifyFacebookAccessToken(accessToken, SOCIAL_LOGIN.facebook.client_id, id, ctx.store.now());
    return { provider, id: userId, email };
  } catch (error) {
    if (!(error instanceof TokenRefused)) throw error;
    const field = provider === 'google' ? 'id_token' : 'access_token';
    const who = provider === 'google' ? 'Google' : 'Facebook';
    return { refusal: authError({ [field]: [`No hemos podido verificar tu cuenta de ${who}.`] }, { reason: error.message }) };
  }
}

/**
 * @param {string | undefined} posted
 * @param {string | null} vouched
 */
const sameEmail = (posted, vouched) => vouched !== null && (posted ?? '').trim().toLowerCase() === vouched.toLowerCase();

/** @type {Handler} */
function socialSignin(ctx) {
  const { email = '', first_name: firstName = '', last_name: lastName = '', name = '' } = ctx.form;
  const identity = socialIdentity(ctx);
  if ('refusal' in identity) return identity.refusal;
  const { provider, id } = identity;
  if (!email.trim()) return authError({ email: [ERRORS.socialNoEmail] });
  if (!EMAIL_SHAPE.test(email.trim())) return authError({ email: ['Introduce un correo electrónico válido.'] });
  // A valid token for one account posted with another member's e-mail must not sign in as that member.
  if (!sameEmail(email, identity.email)) return authError({ email: ['El correo electrónico no es el de tu cuenta de la red social.'] });

  const accounts = ctx.store.accounts;
  const existing = accounts.findByEmail(email);
  if (existing) {
    // The provider vouches for the address, which is what the validation mail would have proved.
    existing.active = true;
    existing.social[provider] = id;
    return signedIn(ctx, existing);
  }
  const member = accounts.add({
    email,
    nombre: firstName.trim() || name.trim(),
    apellidos: lastName.trim(),
    passwordHash: null,
    active: true,
    newsletter: ctx.form.recibir_newsletter === 'true',
    social: { [provider]: id },
    extra: {},
  });
  return signedIn(ctx, member);
}

/**
 * Whether the social account's e-mail belongs to a member. It reveals membership, so it answers only a caller
 * holding a valid token for that e-mail (a real bookcore should also rate-limit it).
 * @type {Handler}
 */
function socialCheckUser(ctx) {
  const email = ctx.form.email ?? '';
  const identity = socialIdentity(ctx);
  if ('refusal' in identity) return identity.refusal;
  if (!sameEmail(email, identity.email)) return json({ success: false });
  return json({ success: Boolean(ctx.store.accounts.findByEmail(email)) });
}

/** @type {Handler} */
function loyaltyAvailability(ctx) {
  const code = ctx.params.hotel;
  const hotel = code === undefined ? null : hotelByCode(code);
  if (code !== undefined && !hotel) return codError(COD.NOT_FOUND, 'El hotel no existe.');
  const hotels = (hotel ? [hotel] : HOTELS).map((candidate) => {
    const price = Math.min(...candidate.rooms.map((room) => room.nightly)) + Math.min(...candidate.boards.map((board) => board.nightly));
    return { code: candidate.code, name: candidate.name, loyaltyPrice: memberPrice(price), price, currency: CURRENCY };
  });
  return json({ cod_error: COD.OK, hotels, rates: RATES });
}

/** @type {Handler} */
function setCookie(ctx) {
  const { name = '', value } = ctx.form;
  if (!COOKIE_NAME_SHAPE.test(name) || name === CSRF_COOKIE || name === ctx.store.csrf.cookieName || name === SESSION_COOKIE) {
    return authError({ name: ['Nombre de cookie no válido.'] });
  }
  if (value === undefined || value.length > COOKIE_VALUE_MAX) return authError({ value: ['Valor de cookie no válido.'] });
  ctx.setCookie(name, value, { maxAge: CUSTOM_COOKIE_MAX_AGE_S });
  return json({ success: true });
}

export const loyaltyRoutes = [
  route('GET', '/bookcore/partempresas/loyalty/settings/', settings),
  route('GET', '/bookcore/loyalty/ajax/user/', currentUser),
  route('POST', '/bookcore/loyalty/ajax/signin/', signin),
  route('POST', '/bookcore/loyalty/ajax/signup/', signup),
  route('GET', '/bookcore/loyalty/validate/:uid/:token/', validateEmail),
  route('POST', '/bookcore/partempresas/ajax/logout/', logout),
  route('POST', '/bookcore/loyalty/ajax/password/recovery/', passwordRecovery),
  route('POST', '/bookcore/loyalty/ajax/password/recovery/change/', passwordChange),
  route('POST', '/bookcore/partempresas/login-particular-integracion/', socialSignin),
  route('POST', '/bookcore/partempresas/loyalty/social/check-user/', socialCheckUser),
  route('GET', '/bookcore/availability/loyalty/', loyaltyAvailability),
  route('GET', '/bookcore/availability/loyalty/:hotel/', loyaltyAvailability),
  route('POST', '/bookcore/set-cookie/', setCookie),
];
