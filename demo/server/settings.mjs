// @ts-check
/**
 * The loyalty settings a hotel configures in bookcore, with the Spanish texts of the demo brand.
 * The forms are field definitions (docs/forms-and-consent.md "Field definitions") rendered by the widget's form engine.
 */

export const PASSWORD_MIN_LENGTH = 8;

/** Kept in step with the server-side check in routes/loyalty.mjs. */
export const PASSWORD_PATTERN = `^.{${PASSWORD_MIN_LENGTH},}$`;
export const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';

export const ERRORS = Object.freeze({
  passwordsNotEqual: 'Las contraseñas no coinciden.',
  token: 'El enlace para cambiar la contraseña no es válido o ha caducado. Solicita uno nuevo.',
  socialNoEmail: 'Tu cuenta de la red social no comparte tu correo electrónico. Regístrate con tu correo o permite el acceso al e-mail.',
});

const emailField = (/** @type {number} */ order) => ({
  name: 'email',
  label: 'Correo electrónico',
  type: 'email',
  required: true,
  pattern: EMAIL_PATTERN,
  error: 'Introduce tu correo electrónico.',
  errorPattern: 'El correo electrónico no es válido.',
  order,
});

const SIGNIN_FORM = [
  emailField(1),
  { name: 'password', label: 'Contraseña', type: 'password', required: true, error: 'Introduce tu contraseña.', order: 2 },
];

const SIGNUP_FORM = [
  { name: 'nombre', label: 'Nombre', type: 'text', required: true, error: 'Introduce tu nombre.', order: 1 },
  { name: 'apellidos', label: 'Apellidos', type: 'text', required: true, error: 'Introduce tus apellidos.', order: 2 },
  emailField(3),
  {
    name: 'password',
    label: 'Contraseña',
    type: 'password',
    required: true,
    pattern: PASSWORD_PATTERN,
    error: 'Elige una contraseña.',
    errorPattern: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
    order: 4,
  },
  {
    name: 'pais',
    label: 'País de residencia',
    type: 'select',
    required: true,
    error: 'Selecciona tu país de residencia.',
    order: 5,
    value: 'ES',
    options: [
      {
        label: 'Más frecuentes',
        options: [
          { value: 'ES', label: 'España' },
          { value: 'PT', label: 'Portugal' },
          { value: 'FR', label: 'Francia' },
        ],
      },
      {
        label: 'Resto del mundo',
        options: [
          { value: 'DE', label: 'Alemania' },
          { value: 'AR', label: 'Argentina' },
          { value: 'CL', label: 'Chile' },
          { value: 'US', label: 'Estados Unidos' },
          { value: 'IT', label: 'Italia' },
          { value: 'MX', label: 'México' },
          { value: 'GB', label: 'Reino Unido' },
        ],
      },
    ],
  },
];

export const SETTINGS = Object.freeze({
  SIGNIN: { form: SIGNIN_FORM },
  SIGNUP: { form: SIGNUP_FORM },
  NOTIFICATIONS: {
    messages: {
      registered: { text: 'Hola de nuevo. Tus precios exclusivos de miembro ya se aplican en esta búsqueda.' },
      unregistered: { text: 'Hazte miembro gratis y ahorra hasta un 10 % en tu reserva.' },
    },
  },
  TOOLTIP: {
    registered: { text: 'Estás viendo tus tarifas de miembro.' },
    unregistered: { text: 'Inicia sesión para ver precios exclusivos.' },
  },
  ADVANTAGES: {
    title: 'Ventajas de ser miembro',
    phrases: [
      'Hasta un 10 % de descuento en todas tus reservas.',
      'Cancelación gratuita hasta 48 horas antes de la llegada.',
      'Late check-out sujeto a disponibilidad.',
      'Ofertas exclusivas en tu correo.',
    ],
  },
  loyaltyLogo: '/static/img/loyalty-logo.svg',
  TEXT_LOGIN_FACEBOOK: 'Continuar con Facebook',
  TEXT_LOGIN_GOOGLE: 'Continuar con Google',
  DROPPED_CART_NOTIFICATIONS: {
    title: 'Hemos vaciado tu carrito',
    ok: 'Entendido',
    greet: 'Hola',
    text: 'Al iniciar sesión hemos vaciado tu carrito para mostrarte tus precios de miembro. Vuelve a añadir las habitaciones que te interesen.',
  },
  CONDITIONS: {
    conditionsUrl: '/legal/conditions.html',
    privacyUrl: '/legal/privacy.html',
  },
  ERRORS,
});

export const SOCIAL_LOGIN = Object.freeze({
  google: { client_id: 'dev-loyalty-elements.apps.googleusercontent.com' },
  facebook: { client_id: '100000000000001' },
});
