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

  it('reads the other Django-ish forms of required: any case, 1/0, on/off, yes/no', () => {
    const cases: [unknown, boolean][] = [
      ['TRUE', true],
      [' true ', true],
      [1, true],
      ['on', true],
      ['Yes', true],
      ['False', false],
      [0, false],
      ['off', false],
      ['no', false],
    ];
    for (const [required, expected] of cases) {
      expect(only({ name: 'x', label: 'X', required }).required, JSON.stringify(required)).to.equal(expected);
    }
  });

  it('ticks a checkbox from the same yes/no texts as required, and leaves it unticked otherwise', () => {
    const ticked = [true, 1, 'true', 'True', '1', 'on', 'YES', ' yes '];
    const unticked = [false, 0, 'false', '0', 'off', 'no', 'maybe', 2, '', null];
    const fields = prepareFields([...ticked, ...unticked].map((value, index) => ({ name: `c${index}`, label: 'C', type: 'checkbox', value })));
    expect(fields.map((field) => field.initialValue)).to.deep.equal([...ticked.map(() => true), ...unticked.map(() => false)]);
  });

  it('takes a property that is null, empty or "None" for absent, keeping the field', () => {
    const { result, warnings } = quietly(() =>
      prepareFields([
        { name: 'b', label: 'B', type: null, pattern: null, required: 'None', order: 'None', error: 'None', maxLength: '', value: 'None' },
        { name: 'a', label: 'A', type: '', pattern: 'None', required: null, order: '', errorPattern: null },
      ]),
    );
    expect(warnings).to.deep.equal([]);
    expect(result.map((field) => field.name)).to.deep.equal(['b', 'a']);
    for (const field of result) {
      expect(field.type, field.name).to.equal('text');
      expect(field.pattern, field.name).to.equal(null);
      expect(field.required, field.name).to.equal(false);
      expect(field.maxLength, field.name).to.equal(150);
      expect(field.initialValue, field.name).to.equal('');
    }
    expect(checkField(result[0]!, 'anything at all')).to.equal(null);
    expect(result[0]!.definition.error).to.equal(undefined);
  });

  it('shows a select group without a label ungrouped and a choice without a label by its value', () => {
    const field = only({
      name: 'pais',
      label: 'País',
      type: 'select',
      options: [{ options: [{ value: 'ES', label: 'España' }, { value: 'PT' }] }, { label: null, options: [{ value: 3, label: null }] }],
    });
    expect(field.options.map((group) => group.label)).to.deep.equal(['', '']);
    expect(field.options[0]!.options.map((option) => option.label ?? option.value)).to.deep.equal(['España', 'PT']);
    expect(field.options[1]!.options[0]!.value).to.equal('3');
  });

  it('still skips what no reading can use: a required that is not a yes/no, an order that is not a number', () => {
    const { result, warnings } = quietly(() =>
      prepareFields([
        { name: 'x', label: 'X', required: 'maybe' },
        { name: 'y', label: 'Y', order: 'second' },
        { name: 'z', label: 'Z', options: 'ES,PT' },
      ]),
    );
    expect(result).to.have.length(0);
    expect(warnings).to.have.length(3);
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
