/**
 * Hostile form definitions (docs/reliability.md "Hostile data"): field names that are `Object.prototype`'s own (`constructor`,
 * `toString`, `__proto__`) and catastrophic patterns. Rendered as the elements render the form engine: React into
 * an open shadow root under ElementRoot.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { createRoot, type Root } from 'react-dom/client';
import { ElementRoot } from '../../src/components/ElementRoot';
import { Translated } from '../../src/components/Translated';
import { Form, type FormProps, type FormSubmission } from '../../src/forms';
import { checkField, isCatastrophicPattern, MAX_FORM_FIELDS, prepareFields } from '../../src/forms/field-definition';
import { pageRuntime } from '../../src/core/runtime';

const roots: Root[] = [];

async function renderForm(props: FormProps): Promise<ShadowRoot> {
  const host = await fixture<HTMLDivElement>(html`<div lang="es"></div>`);
  const shadow = host.attachShadow({ mode: 'open' });
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

function typeInto(input: HTMLInputElement, text: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

describe('hostile form definitions', () => {
  afterEach(() => {
    for (const root of roots.splice(0)) root.unmount();
  });

  it('fields named constructor, toString and __proto__: no error before typing, every one sent', async () => {
    const sent: FormSubmission[] = [];
    const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    const shadow = await renderForm({
      fields: names.map((name, order) => ({ name, label: name, type: 'text', required: true, order })),
      submitLabel: 'Enviar',
      label: 'Formulario',
      onSubmit: async (payload) => void sent.push(payload),
    });
    for (const name of names) {
      const input = shadow.querySelector<HTMLInputElement>(`[name="${name}"]`);
      expect(input, name).to.not.equal(null);
      expect(input!.value, `${name} starts empty`).to.equal('');
    }
    const errors = Array.from(shadow.querySelectorAll('[part~="field-error"]')).map((error) => error.textContent);
    expect(errors.filter(Boolean), 'errors before typing').to.deep.equal([]);
    for (const name of names) typeInto(shadow.querySelector<HTMLInputElement>(`[name="${name}"]`)!, `valor ${name}`);
    shadow.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => sent.length > 0, 'submitted');
    const payload = sent[0]!;
    expect(Object.keys(payload).sort()).to.deep.equal([...names].sort());
    expect(Object.getOwnPropertyDescriptor(payload, '__proto__')?.value).to.equal('valor __proto__');
    expect(payload['constructor']).to.equal('valor constructor');
  });

  it(`a form of 1,000 fields shows the first ${MAX_FORM_FIELDS} in order and says how many it left out`, async () => {
    const definitions = Array.from({ length: 1000 }, (_, index) => ({ name: `campo${index}`, label: `Campo ${index}`, type: 'text', order: 1000 - index }));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...parts: unknown[]) => void warnings.push(parts.map(String).join(' '));
    let shadow: ShadowRoot;
    try {
      shadow = await renderForm({ fields: definitions, submitLabel: 'Enviar', label: 'Formulario', onSubmit: async () => undefined });
    } finally {
      console.warn = warn;
    }
    const inputs = shadow.querySelectorAll<HTMLInputElement>('[part~="field"] input');
    expect(inputs.length).to.equal(MAX_FORM_FIELDS);
    // Lowest `order` first: the last definitions.
    expect(inputs[0]!.name).to.equal('campo999');
    expect(warnings.some((text) => text.includes(`1000 fields; it shows the first ${MAX_FORM_FIELDS} in order, 900 left out`)), warnings.join('\n')).to.equal(true);
  });

  it('a catastrophic pattern is refused (any value allowed, with a warning) and never run', () => {
    expect(isCatastrophicPattern('^(a+)+$')).to.equal(true);
    expect(isCatastrophicPattern('^([a-zA-Z0-9]+[._-]?)*[a-zA-Z0-9]+@[a-z]+\\.[a-z]{2,}$')).to.equal(true);
    expect(isCatastrophicPattern('^(\\w+\\s?)*$')).to.equal(true);
    expect(isCatastrophicPattern('^.{8,}$')).to.equal(false);
    expect(isCatastrophicPattern('^(\\+34|0034)?[0-9]{9}$')).to.equal(false);
    const warn = console.warn;
    console.warn = () => undefined;
    let fields;
    try {
      fields = prepareFields([{ name: 'codigo', label: 'Código', type: 'text', pattern: '^(a+)+$', order: 1 }]);
    } finally {
      console.warn = warn;
    }
    // Forty a's and a b: seconds to tens of seconds with the pattern run; nothing now.
    expect(checkField(fields[0]!, `${'a'.repeat(40)}b`)).to.equal(null);
  });

  it('a pattern is not run while typing (checked on blur, docs/forms-and-consent.md "Field definitions"), and an overlong value fails it unrun', async () => {
    let runs = 0;
    const shadow = await renderForm({
      fields: [{ name: 'codigo', label: 'Código', type: 'text', pattern: '^[0-9]+$', order: 1, maxLength: 2000 }],
      submitLabel: 'Enviar',
      label: 'Formulario',
      onSubmit: async () => undefined,
    });
    const realTest = RegExp.prototype.test;
    RegExp.prototype.test = function (this: RegExp, value: string) {
      if (this.source === '^[0-9]+$') runs++;
      return realTest.call(this, value);
    };
    try {
      const input = shadow.querySelector<HTMLInputElement>('[name="codigo"]')!;
      input.focus();
      for (const text of ['1', '12', '12x', '12x4']) typeInto(input, text);
      expect(runs, 'pattern runs while typing').to.equal(0);
      input.blur();
      await waitUntil(() => shadow.querySelector('[part~="field-error"]')?.textContent, 'error on blur');
      expect(runs).to.equal(1);
      const fields = prepareFields([{ name: 'n', label: 'N', type: 'text', pattern: '^[0-9]+$', order: 1 }]);
      runs = 0;
      expect(checkField(fields[0]!, '1'.repeat(10_000))).to.equal('pattern');
      expect(runs, 'runs on an overlong value').to.equal(0);
    } finally {
      RegExp.prototype.test = realTest;
    }
  });
});
