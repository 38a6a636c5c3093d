import { expect } from '@open-wc/testing';
import { checkField, payloadValue, prepareFields, type PreparedField } from '../../src/forms/field-definition';
import { inputAttributesFor } from '../../src/forms/input-attributes';

function quietly<T>(run: () => T): { result: T; warnings: string[] } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: unknown) => void warnings.push(String(message));
  try {
    return { result: run(), warnings };
  } finally {
    console.warn = original;
  }
}

function only(definition: unknown): PreparedField {
  const fields = prepareFields([definition]);
  expect(fields).to.have.length(1);
  return fields[0]!;
}

describe('prepareFields', () => {
  it('sorts by ascending order, keeping the server order on ties and putting a missing order first', () => {
    const fields = prepareFields([
      { name: 'd', label: 'D', order: 2 },
      { name: 'b', label: 'B', order: 1 },
      { name: 'c', label: 'C', order: 1 },
      { name: 'a', label: 'A' },
    ]);
    expect(fields.map((field) => field.name)).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it('reads the Django text forms of required and order', () => {
    const field = only({ name: 'x', label: 'X', required: 'True', order: '3' });
    expect(field.required).to.equal(true);
    expect(field.definition.order).to.equal(3);
  });

  it('defaults the type to text and the maxLength to 150', () => {
    const field = only({ name: 'x', label: 'X' });
    expect(field.type).to.equal('text');
    expect(field.maxLength).to.equal(150);
  });

  it('skips definitions without a name or label, with a warning each', () => {
    const { result, warnings } = quietly(() => prepareFields([{ label: 'no name' }, { name: 'x' }, null, { name: ' ', label: 'blank' }]));
    expect(result).to.have.length(0);
    expect(warnings).to.have.length(4);
  });

  it('turns an invalid pattern into "anything allowed" with a warning', () => {
    const { result, warnings } = quietly(() => prepareFields([{ name: 'x', label: 'X', pattern: '(' }]));
    expect(result[0]!.pattern).to.equal(null);
    expect(warnings[0]).to.contain('invalid pattern');
  });
});

describe('checkField', () => {
  const required = only({ name: 'x', label: 'X', required: true, pattern: '^\\d+$' });
  const optional = only({ name: 'y', label: 'Y', pattern: '^\\d+$' });
  const checkbox = only({ name: 'z', label: 'Z', type: 'checkbox', required: true });

  it('finds a required value empty or whitespace only', () => {
    expect(checkField(required, '')).to.equal('required');
    expect(checkField(required, ' \t ')).to.equal('required');
  });

  it('checks a non-empty value against the pattern', () => {
    expect(checkField(required, '12a')).to.equal('pattern');
    expect(checkField(required, '123')).to.equal(null);
    expect(checkField(optional, '')).to.equal(null);
    expect(checkField(optional, 'a')).to.equal('pattern');
  });

  it('requires a required checkbox to be ticked', () => {
    expect(checkField(checkbox, false)).to.equal('required');
    expect(checkField(checkbox, true)).to.equal(null);
  });

  it('reports checkboxes as the text true or false', () => {
    expect(payloadValue(true)).to.equal('true');
    expect(payloadValue(false)).to.equal('false');
    expect(payloadValue(' a ')).to.equal(' a ');
  });
});

describe('inputAttributesFor', () => {
  it('treats a text field named like an e-mail or a phone as one', () => {
    expect(inputAttributesFor(only({ name: 'email', label: 'E', type: 'text' }), 'current-password')).to.deep.equal({
      type: 'email',
      autoComplete: 'email',
      inputMode: 'email',
    });
    expect(inputAttributesFor(only({ name: 'telefono', label: 'T' }), 'current-password').type).to.equal('tel');
  });

  it('uses the form\'s password purpose', () => {
    const password = only({ name: 'password', label: 'P', type: 'password' });
    expect(inputAttributesFor(password, 'current-password').autoComplete).to.equal('current-password');
    expect(inputAttributesFor(password, 'new-password').autoComplete).to.equal('new-password');
  });

  it('gives a country select the country token', () => {
    expect(inputAttributesFor(only({ name: 'pais', label: 'País', type: 'select', options: [] }), 'current-password').autoComplete).to.equal('country');
  });
});
