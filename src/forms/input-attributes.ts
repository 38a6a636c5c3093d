/**
 * The attributes that let browsers, password managers and phone keyboards understand a field: `type`,
 * `autocomplete` and `inputmode`, derived from the field's type and its (bookcore, mostly Spanish) name.
 */
import type { FieldType, PreparedField } from './field-definition';

/** Which password a form asks for: the guest's current one (sign-in) or a new one (sign-up, change). */
export type PasswordPurpose = 'current-password' | 'new-password';

/** The attributes of one input. */
export interface InputAttributes {
  type: Exclude<FieldType, 'select' | 'checkbox'> | undefined;
  autoComplete: string | undefined;
  inputMode: 'email' | 'tel' | 'numeric' | 'decimal' | 'url' | 'search' | 'text' | undefined;
}

// Field names bookcore and the mobile section use, lower-cased, to their autofill tokens.
const AUTOCOMPLETE_BY_NAME: Readonly<Record<string, string>> = {
  nombre: 'given-name',
  first_name: 'given-name',
  firstname: 'given-name',
  apellidos: 'family-name',
  apellido: 'family-name',
  last_name: 'family-name',
  lastname: 'family-name',
  name: 'name',
  nombre_completo: 'name',
  email: 'email',
  correo: 'email',
  telefono: 'tel',
  phone: 'tel',
  movil: 'tel',
  pais: 'country',
  country: 'country',
  codigo_postal: 'postal-code',
  cp: 'postal-code',
  postal_code: 'postal-code',
  ciudad: 'address-level2',
  city: 'address-level2',
  direccion: 'street-address',
  address: 'street-address',
  fecha_nacimiento: 'bday',
  birthdate: 'bday',
};

/**
 * The `type`, `autocomplete` and `inputmode` of a field's input.
 *
 * @param field - the prepared field.
 * @param passwordPurpose - what a password field of this form holds.
 */
export function inputAttributesFor(field: PreparedField, passwordPurpose: PasswordPurpose): InputAttributes {
  // Own keys only: a field named `constructor` or `toString` must not find Object.prototype's functions.
  const byName = Object.hasOwn(AUTOCOMPLETE_BY_NAME, field.name.toLowerCase()) ? AUTOCOMPLETE_BY_NAME[field.name.toLowerCase()] : undefined;
  switch (field.type) {
    case 'checkbox':
      return { type: undefined, autoComplete: undefined, inputMode: undefined };
    case 'select':
      return { type: undefined, autoComplete: byName, inputMode: undefined };
    case 'password':
      return { type: 'password', autoComplete: passwordPurpose, inputMode: undefined };
    case 'email':
      return { type: 'email', autoComplete: 'email', inputMode: 'email' };
    case 'tel':
      return { type: 'tel', autoComplete: 'tel', inputMode: 'tel' };
    case 'url':
      return { type: 'url', autoComplete: byName ?? 'url', inputMode: 'url' };
    case 'number':
      // A number input turns "007" into 7 and swallows letters without a word; a numeric keyboard is what
      // guests need.
      return { type: 'text', autoComplete: byName, inputMode: 'decimal' };
    case 'text':
      if (byName === 'email') return { type: 'email', autoComplete: 'email', inputMode: 'email' };
      if (byName === 'tel') return { type: 'tel', autoComplete: 'tel', inputMode: 'tel' };
      return { type: 'text', autoComplete: byName, inputMode: undefined };
    default:
      return { type: field.type, autoComplete: byName, inputMode: undefined };
  }
}
