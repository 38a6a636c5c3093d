import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { sendKeys } from '@web/test-runner-commands';
import { createRoot, type Root } from 'react-dom/client';
import { signIn } from '../../src/api/loyalty';
import { ElementRoot } from '../../src/components/ElementRoot';
import { Translated } from '../../src/components/Translated';
import { Form, FormSubmitError, type FormProps, type FormSubmission } from '../../src/forms';
import formsCss from '../../styles/forms.css';
import hostCss from '../../styles/host.css';
import tokensCss from '../../styles/tokens.css';
import { primeCsrfCookie, recordedRequests, resetServer } from '../api/dev-server';
import { pageRuntime } from '../../src/core/runtime';

const roots: Root[] = [];
const TOKENS_KEY = Symbol.for('loyalty-elements.tokens');

/** The token defaults live in the document, as the elements put them there (src/core/stylesheets.ts). */
function adoptTokensOnce(): void {
  const page = document as Document & { [TOKENS_KEY]?: true };
  if (page[TOKENS_KEY]) return;
  page[TOKENS_KEY] = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(tokensCss);
  page.adoptedStyleSheets = [...page.adoptedStyleSheets, sheet];
}

/** Renders a Form into the open shadow root of a fresh div, the way the elements render features. */
async function renderForm(props: FormProps, lang = 'es'): Promise<ShadowRoot> {
  const host = await fixture<HTMLDivElement>(html`<div lang=${lang}></div>`);
  const shadow = host.attachShadow({ mode: 'open' });
  adoptTokensOnce();
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(hostCss + formsCss);
  shadow.adoptedStyleSheets = [sheet];
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <ElementRoot runtime={pageRuntime()} host={host}>
      <Translated>
        <Form {...props} />
      </Translated>
    </ElementRoot>,
  );
  await waitUntil(() => shadow.querySelector('form'), 'form rendered');
  return shadow;
}

function control<T extends HTMLElement = HTMLInputElement>(shadow: ShadowRoot, name: string): T {
  const element = shadow.querySelector<T>(`[name="${name}"]`);
  expect(element, `control ${name}`).to.exist;
  return element!;
}

function messageOf(shadow: ShadowRoot, name: string): HTMLElement {
  const input = control(shadow, name);
  return shadow.getElementById(`${input.id}-error`)!;
}

async function typeInto(input: HTMLElement, text: string): Promise<void> {
  input.focus();
  await sendKeys({ type: text });
}

function submitButton(shadow: ShadowRoot): HTMLButtonElement {
  return shadow.querySelector<HTMLButtonElement>('button[type="submit"]')!;
}

function capturingWarnings(): { warnings: string[]; restore: () => void } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: unknown) => void warnings.push(String(message));
  return { warnings, restore: () => (console.warn = original) };
}

const EMAIL = {
  name: 'email',
  label: 'Correo electrónico',
  type: 'email',
  required: true,
  pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
  error: 'Introduce tu correo electrónico.',
  errorPattern: 'El correo electrónico no es válido.',
  order: 1,
};
const PASSWORD = { name: 'password', label: 'Contraseña', type: 'password', required: true, error: 'Introduce tu contraseña.', order: 2 };

afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
});

describe('Form: field definitions', () => {
  it('shows fields in ascending order, whatever order the server sends them in', async () => {
    const shadow = await renderForm({
      fields: [
        { name: 'c', label: 'Tercero', type: 'text', order: 3 },
        { name: 'a', label: 'Primero', type: 'text', order: 1 },
        { name: 'b', label: 'Segundo', type: 'text', order: 2 },
      ],
      onSubmit: async () => {},
    });
    const names = Array.from(shadow.querySelectorAll('input')).map((input) => input.name);
    expect(names).to.deep.equal(['a', 'b', 'c']);
  });

  it('marks required fields with an asterisk and labels every control', async () => {
    const shadow = await renderForm({
      fields: [EMAIL, { name: 'optional', label: 'Empresa', type: 'text', order: 3 }],
      onSubmit: async () => {},
    });
    const emailLabel = shadow.querySelector(`label[for="${control(shadow, 'email').id}"]`)!;
    expect(emailLabel.textContent).to.equal('Correo electrónico *');
    expect(emailLabel.querySelector('[part="required-mark"]')!.getAttribute('aria-hidden')).to.equal('true');
    expect(control(shadow, 'email').required).to.equal(true);
    const optionalLabel = shadow.querySelector(`label[for="${control(shadow, 'optional').id}"]`)!;
    expect(optionalLabel.textContent).to.equal('Empresa');
    expect(control(shadow, 'optional').required).to.equal(false);
    expect(shadow.querySelector('[part="required-note"]')!.textContent).to.equal('Los campos marcados con * son obligatorios.');
  });

  it('gives text-like inputs a maxLength of 150 unless the definition says otherwise', async () => {
    const shadow = await renderForm({
      fields: [
        { name: 'nombre', label: 'Nombre', type: 'text', order: 1 },
        { name: 'email', label: 'Correo', type: 'email', order: 2 },
        { name: 'password', label: 'Contraseña', type: 'password', order: 3 },
        { name: 'telefono', label: 'Teléfono', type: 'tel', order: 4 },
        { name: 'codigo', label: 'Código', type: 'text', order: 5, maxLength: 6 },
      ],
      onSubmit: async () => {},
    });
    for (const name of ['nombre', 'email', 'password', 'telefono']) expect(control(shadow, name).maxLength, name).to.equal(150);
    expect(control(shadow, 'codigo').maxLength).to.equal(6);
    await typeInto(control(shadow, 'nombre'), 'x'.repeat(160));
    expect(control(shadow, 'nombre').value).to.have.length(150);
  });

  it('renders a select with its option groups and a placeholder when there is no initial value', async () => {
    const options = [
      { label: 'Más frecuentes', options: [{ value: 'ES', label: 'España' }, { value: 'PT', label: 'Portugal' }] },
      { label: 'Resto del mundo', options: [{ value: 'DE', label: 'Alemania' }, { value: 44, label: 'Reino Unido' }] },
    ];
    const submitted: FormSubmission[] = [];
    const shadow = await renderForm({
      fields: [
        { name: 'pais', label: 'País', type: 'select', required: true, error: 'Selecciona tu país.', order: 1, options },
        { name: 'idioma', label: 'Idioma', type: 'select', order: 2, value: 'en', options: [{ label: '', options: [{ value: 'es', label: 'Español' }, { value: 'en', label: 'Inglés' }] }] },
      ],
      onSubmit: async (payload) => void submitted.push(payload),
    });
    const pais = control<HTMLSelectElement>(shadow, 'pais');
    const groups = Array.from(pais.querySelectorAll('optgroup'));
    expect(groups.map((group) => group.label)).to.deep.equal(['Más frecuentes', 'Resto del mundo']);
    expect(Array.from(groups[1]!.querySelectorAll('option')).map((option) => [option.value, option.text])).to.deep.equal([
      ['DE', 'Alemania'],
      ['44', 'Reino Unido'],
    ]);
    expect(pais.value).to.equal('');
    expect(pais.options[0]!.text).to.equal('Selecciona una opción');
    const idioma = control<HTMLSelectElement>(shadow, 'idioma');
    expect(idioma.querySelector('optgroup')).to.equal(null);
    expect(idioma.value).to.equal('en');

    submitButton(shadow).click();
    await waitUntil(() => messageOf(shadow, 'pais').textContent === 'Selecciona tu país.', 'select required error');
    expect(submitted).to.have.length(0);

    pais.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => control<HTMLSelectElement>(shadow, 'pais').value === 'PT', 'PT chosen');
    await waitUntil(() => messageOf(shadow, 'pais').textContent === '', 'error cleared by a valid choice');
    submitButton(shadow).click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ pais: 'PT', idioma: 'en' });
  });

  it('reports checkboxes as the text true or false, and a required one must be ticked', async () => {
    const submitted: FormSubmission[] = [];
    const shadow = await renderForm({
      fields: [
        { name: 'mayor_edad', label: 'Soy mayor de edad', type: 'checkbox', required: true, error: 'Debes ser mayor de edad.', order: 1 },
        { name: 'ofertas', label: 'Quiero ofertas', type: 'checkbox', order: 2 },
        { name: 'recordar', label: 'Recordarme', type: 'checkbox', order: 3, value: 'true' },
      ],
      onSubmit: async (payload) => void submitted.push(payload),
    });
    expect(control(shadow, 'recordar').checked).to.equal(true);
    submitButton(shadow).click();
    await waitUntil(() => messageOf(shadow, 'mayor_edad').textContent === 'Debes ser mayor de edad.', 'checkbox required error');
    expect(control(shadow, 'mayor_edad').getAttribute('aria-invalid')).to.equal('true');
    expect(submitted).to.have.length(0);

    control(shadow, 'mayor_edad').click();
    await waitUntil(() => messageOf(shadow, 'mayor_edad').textContent === '', 'ticking clears the error');
    submitButton(shadow).click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ mayor_edad: 'true', ofertas: 'false', recordar: 'true' });
  });

  it('submits an object keyed by field name holding each value as typed', async () => {
    const submitted: FormSubmission[] = [];
    const shadow = await renderForm({
      fields: [EMAIL, PASSWORD, { name: 'promo', label: 'Código promocional', type: 'text', order: 3, value: 'VERANO' }],
      onSubmit: async (payload) => void submitted.push(payload),
    });
    expect(control(shadow, 'promo').value).to.equal('VERANO');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), ' con espacios ');
    submitButton(shadow).click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ email: 'ana@example.com', password: ' con espacios ', promo: 'VERANO' });
  });
});

describe('Form: validation (docs/forms-and-consent.md "Field definitions")', () => {
  it('checks a field on blur: required and empty gets the field error, announced and referenced', async () => {
    const shadow = await renderForm({ fields: [EMAIL, PASSWORD], onSubmit: async () => {} });
    const email = control(shadow, 'email');
    const message = messageOf(shadow, 'email');
    // The live region is there, empty, before anything goes wrong.
    expect(message.textContent).to.equal('');
    expect(message.getAttribute('aria-live')).to.equal('polite');
    expect(email.hasAttribute('aria-invalid')).to.equal(false);

    email.focus();
    await sendKeys({ press: 'Tab' });
    await waitUntil(() => message.textContent === 'Introduce tu correo electrónico.', 'required error on blur');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(email.getAttribute('aria-describedby')).to.equal(message.id);
    // Only the blurred field is checked.
    expect(messageOf(shadow, 'password').textContent).to.equal('');
    expect(control(shadow, 'password').hasAttribute('aria-invalid')).to.equal(false);
  });

  it('treats a whitespace-only value of a required field as empty', async () => {
    const shadow = await renderForm({
      fields: [{ name: 'nombre', label: 'Nombre', type: 'text', required: true, error: 'Introduce tu nombre.', order: 1 }],
      onSubmit: async () => {},
    });
    const nombre = control(shadow, 'nombre');
    await typeInto(nombre, '    ');
    nombre.blur();
    await waitUntil(() => messageOf(shadow, 'nombre').textContent === 'Introduce tu nombre.', 'whitespace is empty');
  });

  it('gives a value failing the pattern the errorPattern message', async () => {
    const shadow = await renderForm({ fields: [EMAIL], onSubmit: async () => {} });
    const email = control(shadow, 'email');
    await typeInto(email, 'ana-at-example');
    email.blur();
    await waitUntil(() => messageOf(shadow, 'email').textContent === 'El correo electrónico no es válido.', 'pattern error');
    expect(email.getAttribute('aria-invalid')).to.equal('true');
  });

  it("falls back to the translated 'Invalid field' when there is no errorPattern", async () => {
    const field = { name: 'cp', label: 'Código postal', type: 'text', pattern: '^\\d{5}$', order: 1 };
    const spanish = await renderForm({ fields: [field], onSubmit: async () => {} });
    await typeInto(control(spanish, 'cp'), '28a');
    control(spanish, 'cp').blur();
    await waitUntil(() => messageOf(spanish, 'cp').textContent === 'Campo no válido', 'Spanish default');

    const english = await renderForm({ fields: [field], onSubmit: async () => {} }, 'en');
    await typeInto(control(english, 'cp'), '28a');
    control(english, 'cp').blur();
    await waitUntil(() => messageOf(english, 'cp').textContent === 'Invalid field', 'English default');
  });

  it('does not apply the pattern to an empty optional field', async () => {
    const submitted: FormSubmission[] = [];
    const shadow = await renderForm({
      fields: [{ name: 'cp', label: 'Código postal', type: 'text', pattern: '^\\d{5}$', order: 1 }],
      onSubmit: async (payload) => void submitted.push(payload),
    });
    control(shadow, 'cp').focus();
    control(shadow, 'cp').blur();
    submitButton(shadow).click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ cp: '' });
  });

  it('clears the error once the value is valid', async () => {
    const shadow = await renderForm({ fields: [EMAIL], onSubmit: async () => {} });
    const email = control(shadow, 'email');
    await typeInto(email, 'ana');
    email.blur();
    await waitUntil(() => messageOf(shadow, 'email').textContent === 'El correo electrónico no es válido.', 'pattern error');
    // Typing on: the pattern is checked on blur (docs/forms-and-consent.md "Field definitions": never on every keystroke), so the error
    // stays while the guest types and goes when they leave a valid value.
    await typeInto(email, '@example');
    expect(messageOf(shadow, 'email').textContent).to.equal('El correo electrónico no es válido.');
    await typeInto(email, '.com');
    email.blur();
    await waitUntil(() => messageOf(shadow, 'email').textContent === '', 'error cleared');
    expect(email.hasAttribute('aria-invalid')).to.equal(false);
    expect(email.hasAttribute('aria-describedby')).to.equal(false);
    expect(messageOf(shadow, 'email').textContent).to.equal('');
  });

  it('checks every field on submit, focuses the first invalid one and does not call the action', async () => {
    let calls = 0;
    const shadow = await renderForm({
      fields: [EMAIL, PASSWORD],
      onSubmit: async () => void calls++,
    });
    submitButton(shadow).click();
    await waitUntil(() => messageOf(shadow, 'password').textContent === 'Introduce tu contraseña.', 'all fields checked');
    expect(messageOf(shadow, 'email').textContent).to.equal('Introduce tu correo electrónico.');
    expect(shadow.activeElement).to.equal(control(shadow, 'email'));
    expect(calls).to.equal(0);
  });

  it('is accessible with errors showing', async () => {
    const shadow = await renderForm({
      fields: [
        EMAIL,
        PASSWORD,
        { name: 'pais', label: 'País', type: 'select', required: true, error: 'Selecciona tu país.', order: 3, options: [{ label: 'Europa', options: [{ value: 'ES', label: 'España' }] }] },
        { name: 'mayor_edad', label: 'Soy mayor de edad', type: 'checkbox', required: true, error: 'Debes ser mayor de edad.', order: 4 },
      ],
      consents: [{ name: 'politica', required: true, conditionsUrl: '/legal/conditions.html', privacyUrl: '/legal/privacy.html', errorText: 'Acepta la política.' }],
      onSubmit: async () => {},
    });
    submitButton(shadow).click();
    await waitUntil(() => shadow.querySelectorAll('[aria-invalid="true"]').length === 5, 'five errors showing');
    await expect(shadow.host).to.be.accessible();
  });
});

describe('Form: input care (docs/forms-and-consent.md "Showing a password, and the pattern\'s hint")', () => {
  it('gives a password field a show/hide control that keeps the value, the caret field and the name', async () => {
    const shadow = await renderForm({ fields: [EMAIL, PASSWORD], onSubmit: async () => {} });
    const password = control(shadow, 'password');
    await typeInto(password, 'secreto1');
    const toggle = shadow.querySelector<HTMLButtonElement>('[part~="password-toggle"]');
    expect(toggle, 'a show/hide control beside the password').to.exist;
    expect(toggle!.type).to.equal('button');
    expect(toggle!.getAttribute('aria-controls')).to.equal(password.id);
    expect(toggle!.getAttribute('aria-pressed')).to.equal('false');
    expect(toggle!.getAttribute('aria-label')).to.equal('Mostrar contraseña');
    toggle!.click();
    await waitUntil(() => control(shadow, 'password').type === 'text', 'the password shown');
    expect(control(shadow, 'password').value).to.equal('secreto1');
    expect(toggle!.getAttribute('aria-pressed')).to.equal('true');
    expect(toggle!.getAttribute('aria-label')).to.equal('Ocultar contraseña');
    toggle!.click();
    await waitUntil(() => control(shadow, 'password').type === 'password', 'the password hidden again');
    expect(control(shadow, 'password').value).to.equal('secreto1');
    // Only password fields have one.
    expect(shadow.querySelectorAll('[part~="password-toggle"]')).to.have.length(1);
  });

  it("shows a pattern's configured message as a hint before any failure, describing the input, and the error instead of it after one", async () => {
    const rules = { name: 'password', label: 'Contraseña', type: 'password', required: true, pattern: '^.{8,}$', errorPattern: 'Al menos 8 caracteres.', order: 2 };
    const shadow = await renderForm({ fields: [EMAIL, rules], onSubmit: async () => {} });
    const password = control(shadow, 'password');
    const hint = shadow.getElementById(`${password.id}-hint`);
    expect(hint, 'the hint').to.exist;
    expect(hint!.textContent).to.equal('Al menos 8 caracteres.');
    expect(password.getAttribute('aria-describedby')).to.equal(hint!.id);
    // The e-mail's pattern is a shape check: its message names a failure, not a rule to follow, so no hint.
    expect(shadow.getElementById(`${control(shadow, 'email').id}-hint`)).to.equal(null);
    await typeInto(password, 'corta');
    password.blur();
    await waitUntil(() => messageOf(shadow, 'password').textContent === 'Al menos 8 caracteres.', 'the pattern error');
    expect(shadow.getElementById(`${password.id}-hint`), 'the hint yields to the error').to.equal(null);
    expect(password.getAttribute('aria-describedby')).to.equal(`${password.id}-error`);
  });

  it('is accessible with the show/hide control and the hint', async () => {
    const rules = { name: 'password', label: 'Contraseña', type: 'password', required: true, pattern: '^.{8,}$', errorPattern: 'Al menos 8 caracteres.', order: 2 };
    const shadow = await renderForm({ fields: [EMAIL, rules], onSubmit: async () => {} });
    await expect(shadow.host).to.be.accessible();
  });
});

describe('Form: definitions from the server', () => {
  it('skips an invalid definition with a warning and renders the rest', async () => {
    const { warnings, restore } = capturingWarnings();
    let shadow: ShadowRoot;
    try {
      shadow = await renderForm({
        fields: [EMAIL, { label: 'Sin nombre', type: 'text' }, 'not an object', { name: 'x', label: 'Mal', options: 'ES' }, PASSWORD, { ...PASSWORD, label: 'Repetida' }],
        onSubmit: async () => {},
      });
    } finally {
      restore();
    }
    expect(Array.from(shadow.querySelectorAll('input, select')).map((input) => (input as HTMLInputElement).name)).to.deep.equal(['email', 'password']);
    expect(warnings.filter((warning) => warning.startsWith('[loyalty-elements] skipping'))).to.have.length(4);
    expect(warnings.some((warning) => warning.includes('#2'))).to.equal(true);
    expect(warnings.some((warning) => warning.includes('second form field named "password"'))).to.equal(true);
  });

  it('treats a pattern that is not a regular expression as "anything allowed", with a warning', async () => {
    const { warnings, restore } = capturingWarnings();
    const submitted: FormSubmission[] = [];
    let shadow: ShadowRoot;
    try {
      shadow = await renderForm({
        fields: [{ name: 'codigo', label: 'Código', type: 'text', required: true, pattern: '([a-z', order: 1 }],
        onSubmit: async (payload) => void submitted.push(payload),
      });
    } finally {
      restore();
    }
    expect(warnings.some((warning) => warning.includes('invalid pattern') && warning.includes('codigo'))).to.equal(true);
    await typeInto(control(shadow, 'codigo'), '!!! 123');
    control(shadow, 'codigo').blur();
    submitButton(shadow).click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ codigo: '!!! 123' });
  });

  it('shows an unknown type as a text input, with a warning', async () => {
    const { warnings, restore } = capturingWarnings();
    let shadow: ShadowRoot;
    try {
      shadow = await renderForm({ fields: [{ name: 'notas', label: 'Notas', type: 'textarea', order: 1 }], onSubmit: async () => {} });
    } finally {
      restore();
    }
    expect(control(shadow, 'notas').type).to.equal('text');
    expect(warnings.some((warning) => warning.includes('unknown type "textarea"'))).to.equal(true);
  });
});

describe('Form: autofill and input attributes', () => {
  it('gives each input the name, type, autocomplete and inputmode password managers and keyboards expect', async () => {
    const shadow = await renderForm({
      fields: [
        { name: 'nombre', label: 'Nombre', type: 'text', order: 1 },
        { name: 'apellidos', label: 'Apellidos', type: 'text', order: 2 },
        EMAIL,
        { ...PASSWORD, order: 4 },
        { name: 'telefono', label: 'Teléfono', type: 'tel', order: 5 },
        { name: 'fecha', label: 'Fecha', type: 'date', order: 6 },
      ],
      onSubmit: async () => {},
    });
    const attributes = (name: string) => {
      const input = control(shadow, name);
      return [input.name, input.type, input.getAttribute('autocomplete'), input.getAttribute('inputmode')];
    };
    expect(attributes('nombre')).to.deep.equal(['nombre', 'text', 'given-name', null]);
    expect(attributes('apellidos')).to.deep.equal(['apellidos', 'text', 'family-name', null]);
    expect(attributes('email')).to.deep.equal(['email', 'email', 'email', 'email']);
    expect(attributes('password')).to.deep.equal(['password', 'password', 'current-password', null]);
    expect(attributes('telefono')).to.deep.equal(['telefono', 'tel', 'tel', 'tel']);
    expect(attributes('fecha')).to.deep.equal(['fecha', 'date', null, null]);
  });

  it('asks for a new password on sign-up and change forms', async () => {
    const shadow = await renderForm({
      fields: [PASSWORD, { ...PASSWORD, name: 'password2', label: 'Repite la contraseña', order: 3 }],
      passwordPurpose: 'new-password',
      onSubmit: async () => {},
    });
    expect(control(shadow, 'password').getAttribute('autocomplete')).to.equal('new-password');
    expect(control(shadow, 'password2').getAttribute('autocomplete')).to.equal('new-password');
  });

  it('never blocks paste', async () => {
    const shadow = await renderForm({ fields: [EMAIL, PASSWORD], onSubmit: async () => {} });
    for (const name of ['email', 'password']) {
      const paste = new ClipboardEvent('paste', { bubbles: true, cancelable: true, composed: true, clipboardData: new DataTransfer() });
      control(shadow, name).dispatchEvent(paste);
      expect(paste.defaultPrevented, name).to.equal(false);
    }
  });
});

describe('Form: submitting', () => {
  beforeEach(async () => {
    await resetServer();
  });

  it('makes one call for ten clicks and Enter while the action is pending, and disables the button meanwhile', async () => {
    let calls = 0;
    let finish: () => void = () => {};
    const shadow = await renderForm({
      fields: [EMAIL],
      onSubmit: () => {
        calls++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    const button = submitButton(shadow);
    for (let i = 0; i < 10; i++) button.click();
    control(shadow, 'email').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => submitButton(shadow).disabled, 'button disabled while pending');
    expect(shadow.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    expect(calls).to.equal(1);

    finish();
    await waitUntil(() => !submitButton(shadow).disabled, 'button enabled again');
    submitButton(shadow).click();
    await waitUntil(() => calls === 2, 'a later submit makes a new call');
  });

  it('keeps every typed value when the post fails and shows the server text in the alert region', async () => {
    await primeCsrfCookie();
    const shadow = await renderForm({
      fields: [EMAIL, PASSWORD, { name: 'recordar', label: 'Recordarme', type: 'checkbox', order: 3 }],
      onSubmit: async (payload) => {
        await signIn({ email: payload['email']!, password: payload['password']! });
      },
    });
    const alert = shadow.querySelector('[part~="form-error"]')!;
    expect(alert.getAttribute('role')).to.equal('alert');
    expect(alert.textContent).to.equal('');
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    await typeInto(control(shadow, 'password'), 'wrong-password');
    control(shadow, 'recordar').click();
    submitButton(shadow).click();
    await waitUntil(() => alert.textContent !== '', 'error shown', { timeout: 5000 });
    expect((await recordedRequests('/bookcore/loyalty/ajax/signin/')).length).to.equal(1);
    expect(alert.textContent).to.not.equal('No se ha podido enviar. Inténtalo de nuevo.');
    expect(control(shadow, 'email').value).to.equal('ana@example.com');
    expect(control(shadow, 'password').value).to.equal('wrong-password');
    expect(control(shadow, 'recordar').checked).to.equal(true);
    expect(submitButton(shadow).disabled).to.equal(false);
  });

  it('shows a FormSubmitError as is, and a generic message for a bug', async () => {
    let failure: unknown = new FormSubmitError('Las contraseñas no coinciden.');
    const shadow = await renderForm({
      fields: [{ ...PASSWORD, order: 1 }],
      onSubmit: async () => {
        throw failure;
      },
    });
    const alert = shadow.querySelector('[part~="form-error"]')!;
    await typeInto(control(shadow, 'password'), 'secreto');
    submitButton(shadow).click();
    await waitUntil(() => alert.textContent === 'Las contraseñas no coinciden.', 'configured text shown');

    failure = new TypeError('x is undefined');
    const { restore } = capturingWarnings();
    try {
      submitButton(shadow).click();
      await waitUntil(() => alert.textContent === 'No se ha podido enviar. Inténtalo de nuevo.', 'generic text shown');
    } finally {
      restore();
    }
    expect(control(shadow, 'password').value).to.equal('secreto');
  });

  it('with submitOnMount, calls the action once on load when the initial values are valid', async () => {
    const submitted: FormSubmission[] = [];
    await renderForm({
      fields: [{ ...EMAIL, value: 'ana@example.com' }],
      submitOnMount: true,
      onSubmit: async (payload) => void submitted.push(payload),
    });
    await waitUntil(() => submitted.length === 1, 'submitted on mount');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submitted).to.deep.equal([{ email: 'ana@example.com' }]);
  });

  it('with submitOnMount, does nothing and shows no error when the initial values are not valid', async () => {
    let calls = 0;
    const shadow = await renderForm({
      fields: [EMAIL],
      submitOnMount: true,
      onSubmit: async () => void calls++,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).to.equal(0);
    expect(messageOf(shadow, 'email').textContent).to.equal('');
    expect(shadow.querySelector('[aria-invalid]')).to.equal(null);
  });
});

describe('Form: consent checkboxes', () => {
  const TERMS = {
    conditionId: 7,
    name: 'politica',
    label: 'He leído y acepto',
    conditionsLinkLabel: 'las condiciones',
    andLabel: 'y',
    privacyLinkLabel: 'la política de privacidad',
    conditionsTitle: 'Condiciones del programa',
    privacyTitle: 'Privacidad',
    conditionsUrl: '/legal/conditions.html',
    privacyUrl: '/legal/privacy.html',
    required: true,
    errorText: 'Debes aceptar la política de privacidad.',
  };
  const MARKETING = { name: 'comunicaciones', label: 'Acepto comunicaciones comerciales', required: true, errorText: 'Acepta las comunicaciones.' };
  const NEWSLETTER = { name: 'newsletter', label: 'Quiero recibir la newsletter' };

  it('labels a required consent with its parts and " (*)"', async () => {
    const shadow = await renderForm({ fields: [], consents: [TERMS, NEWSLETTER], onSubmit: async () => {} });
    const terms = control(shadow, 'politica');
    const label = shadow.querySelector(`label[for="${terms.id}"]`)!;
    expect(label.textContent).to.equal('He leído y acepto las condiciones y la política de privacidad (*)');
    expect(Array.from(label.querySelectorAll('a')).map((link) => link.getAttribute('href'))).to.deep.equal([
      '/legal/conditions.html',
      '/legal/privacy.html',
    ]);
    expect(terms.closest('[part~="consent"]')!.getAttribute('data-condition-id')).to.equal('7');
    const newsletterLabel = shadow.querySelector(`label[for="${control(shadow, 'newsletter').id}"]`)!;
    expect(newsletterLabel.textContent).to.equal('Quiero recibir la newsletter');
  });

  // A fingertip covers about 44 px: a tap a little above or below a link's letters must still be the link's, not
  // the label's, which would tick the box instead of opening the document (docs/forms-and-consent.md "Consent checkboxes").
  it("gives each document link a fingertip's height: a tap just above or below its letters is the link's, not the label's", async () => {
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    for (const name of ['conditions-link', 'privacy-link']) {
      const link = shadow.querySelector<HTMLAnchorElement>(`[part~="${name}"]`)!;
      const box = link.getBoundingClientRect();
      expect(box.height, `${name} height`).to.be.at.least(44);
      const text = document.createRange();
      text.selectNodeContents(link);
      const letters = text.getClientRects()[0]!;
      const x = letters.left + Math.min(10, letters.width / 2);
      for (const y of [letters.top - 8, letters.bottom + 8]) {
        const hit = shadow.elementFromPoint(x, y);
        expect(hit === link || link.contains(hit), `${name}: the point ${Math.round(x)},${Math.round(y)} hits ${hit?.outerHTML.slice(0, 60)}`).to.equal(true);
      }
    }
  });

  it('labels a consent without label or links with a translated "I agree", never its payload key', async () => {
    const shadow = await renderForm({ fields: [], consents: [{ name: 'acepta_rgpd', required: true }], onSubmit: async () => {} });
    await waitUntil(() => shadow.querySelector('[part~="consent-label"]'), 'consent rendered');
    const box = control(shadow, 'acepta_rgpd');
    expect(shadow.querySelector(`label[for="${box.id}"]`)!.textContent).to.equal('Acepto (*)');

    const english = await renderForm({ fields: [], consents: [{ name: 'acepta_rgpd' }], onSubmit: async () => {} }, 'en');
    await waitUntil(() => english.querySelector('[part~="consent-label"]'), 'English consent rendered');
    expect(english.querySelector(`label[for="${control(english, 'acepta_rgpd').id}"]`)!.textContent).to.equal('I agree');
  });

  it('blocks the submit until every required consent is ticked, each showing its own error', async () => {
    const submitted: FormSubmission[] = [];
    const shadow = await renderForm({
      fields: [EMAIL],
      consents: [TERMS, MARKETING, NEWSLETTER],
      onSubmit: async (payload) => void submitted.push(payload),
    });
    await typeInto(control(shadow, 'email'), 'ana@example.com');
    // Nothing is shown before a submit attempt.
    expect(shadow.querySelector('[aria-invalid]')).to.equal(null);
    submitButton(shadow).click();
    await waitUntil(() => messageOf(shadow, 'politica').textContent === 'Debes aceptar la política de privacidad.', 'terms error');
    expect(messageOf(shadow, 'comunicaciones').textContent).to.equal('Acepta las comunicaciones.');
    expect(messageOf(shadow, 'newsletter').textContent).to.equal('');
    expect(control(shadow, 'politica').getAttribute('aria-invalid')).to.equal('true');
    expect(control(shadow, 'politica').getAttribute('aria-describedby')).to.equal(messageOf(shadow, 'politica').id);
    expect(shadow.activeElement).to.equal(control(shadow, 'politica'));
    expect(submitted).to.have.length(0);

    control(shadow, 'politica').click();
    await waitUntil(() => messageOf(shadow, 'politica').textContent === '', 'ticking clears its error only');
    expect(messageOf(shadow, 'comunicaciones').textContent).to.equal('Acepta las comunicaciones.');
    submitButton(shadow).click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(submitted).to.have.length(0);

    control(shadow, 'comunicaciones').click();
    submitButton(shadow).click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ email: 'ana@example.com', politica: 'true', comunicaciones: 'true', newsletter: 'false' });
  });

  it('submits at once when there are no required consents ("all conditions accepted" starts true)', async () => {
    const submitted: FormSubmission[] = [];
    const shadow = await renderForm({ fields: [], consents: [NEWSLETTER], onSubmit: async (payload) => void submitted.push(payload) });
    submitButton(shadow).click();
    await waitUntil(() => submitted.length === 1, 'submitted');
    expect(submitted[0]).to.deep.equal({ newsletter: 'false' });
  });
});
