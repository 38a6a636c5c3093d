/**
 * Field definitions (docs/forms-and-consent.md "Field definitions"): the forms bookcore configures, validated one by one
 * with valibot so a hotel's typo costs one field, never the form.
 *
 * Decisions:
 * - A definition that does not match the schema (no `name`, no `label`, a non-array `options`…) is skipped with
 *   a warning naming it; so is a second field with a name already used, because the payload is keyed by name.
 * - An unknown `type` renders as a text input, with a warning.
 * - Each of these warnings is given once per list of definitions, however often a form using it mounts.
 * - A `pattern` that is not a valid regular expression allows anything, with a warning. Patterns are used as
 *   written (`new RegExp(pattern)`, no flags, not anchored), the way the server's own pages used them.
 * - Django-ish values are read as meant: `required` also takes "True"/"False" (any case), 1/0, "on"/"off" and
 *   "yes"/"no"; `order` and `maxLength` numeric text ("2"); a property that is null, empty or the text "None" (how
 *   a template prints an unset value) counts as absent, so `pattern: null` allows anything and `type: null` is a
 *   text input. A select's group without a label shows its choices ungrouped; a choice without a label shows its
 *   value.
 * - `maxLength` is an optional extension; text-like inputs default to 150 (docs/forms-and-consent.md "Field definitions").
 */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { warn } from '../lib/warn';

/** Input types rendered as an `<input>` of that type. */
export const TEXT_INPUT_TYPES = [
  'text',
  'email',
  'password',
  'tel',
  'date',
  'number',
  'url',
  'search',
  'time',
  'datetime-local',
  'month',
  'week',
] as const;

/** A text-like input type. */
export type TextInputType = (typeof TEXT_INPUT_TYPES)[number];

/** Every type a field may have once normalised. */
export type FieldType = TextInputType | 'select' | 'checkbox';

/** The default `maxLength` of text-like inputs (docs/forms-and-consent.md "Field definitions"). */
export const DEFAULT_MAX_LENGTH = 150;

const KNOWN_TYPES: readonly string[] = [...TEXT_INPUT_TYPES, 'select', 'checkbox'];

/** A yes/no as a form definition may write it: `true`, "True", "false", 1, "0", "on", "no"… */
export const BooleanLikeSchema = v.pipe(
  v.union([
    v.boolean(),
    v.picklist([0, 1]),
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.picklist(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])),
  ]),
  v.transform((input) => input === true || input === 1 || input === 'true' || input === '1' || input === 'on' || input === 'yes'),
);

const NumberLikeSchema = v.pipe(
  v.union([v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.trim(), v.regex(/^-?\d+(\.\d+)?$/))]),
  v.transform(Number),
);

const ScalarSchema = v.union([v.string(), v.number(), v.boolean()]);

/** One choice of a select; without a label it shows its value. */
export const SelectOptionSchema = looseObject({
  value: v.pipe(ScalarSchema, v.transform(String)),
  label: v.optional(v.nullable(v.string())),
});

/** A labelled group of choices of a select (`<optgroup>`); an empty or missing label shows the choices ungrouped. */
export const SelectOptionGroupSchema = looseObject({
  label: v.fallback(v.string(), ''),
  options: v.array(SelectOptionSchema),
});

/** One field definition as bookcore sends it (docs/forms-and-consent.md "Field definitions"), normalised. */
export const FieldDefinitionSchema = looseObject({
  /** The payload key and the input's `name`. */
  name: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  /** The visible label. */
  label: v.string(),
  /** Text-like (`text`, `email`, `password`, `tel`, `date`…), `select` or `checkbox`; default `text`. */
  type: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase()), 'text'),
  required: v.optional(v.nullable(BooleanLikeSchema), false),
  /** A regular expression a non-empty value must match; default: anything. */
  pattern: v.optional(v.nullable(v.string())),
  /** The message when a required field is empty. */
  error: v.optional(v.nullable(v.string())),
  /** The message when the value fails the pattern; default the translated "Invalid field". */
  errorPattern: v.optional(v.nullable(v.string())),
  /** Sort position, ascending; ties keep the server's order. */
  order: v.optional(v.nullable(NumberLikeSchema)),
  /** The initial value; for a checkbox `true`/"true" means ticked. */
  value: v.optional(v.nullable(ScalarSchema)),
  /** For selects: groups of choices. */
  options: v.optional(v.nullable(v.array(SelectOptionGroupSchema))),
  /** Extension: the most characters a text-like input takes; default {@link DEFAULT_MAX_LENGTH}. */
  maxLength: v.optional(v.nullable(v.pipe(NumberLikeSchema, v.integer(), v.minValue(1)))),
});

/** A field definition as decoded by {@link FieldDefinitionSchema}. */
export type FieldDefinition = v.InferOutput<typeof FieldDefinitionSchema>;

/** A select's group of choices. */
export type SelectOptionGroup = v.InferOutput<typeof SelectOptionGroupSchema>;

/** A field ready to render: its definition plus what the engine derived from it. */
export interface PreparedField {
  definition: FieldDefinition;
  name: string;
  type: FieldType;
  required: boolean;
  /** Null when any value is allowed (no pattern, or one that does not compile). */
  pattern: RegExp | null;
  /** Text and select fields hold text; checkboxes hold a boolean. */
  initialValue: string | boolean;
  maxLength: number;
  options: SelectOptionGroup[];
}

/** What is wrong with a value, if anything. */
export type FieldProblem = 'required' | 'pattern';

/** A field's current value. */
export type FieldValue = string | boolean;

/**
 * The most fields a form shows: a hotel's forms have a dozen, and settings gone wrong (10,000 fields) froze the
 * page for most of a minute. Beyond it, the fields first in `order` show and a warning says how many were left out.
 */
export const MAX_FORM_FIELDS = 100;

/**
 * Validates, normalises and sorts field definitions, skipping (with a warning) the ones that cannot be used.
 *
 * @param definitions - the raw `form` array of a settings answer, or definitions written by a section.
 * @returns the usable fields in ascending `order`, at most {@link MAX_FORM_FIELDS}.
 */
export function prepareFields(definitions: readonly unknown[]): PreparedField[] {
  const tell = warnerFor(definitions);
  const fields: { field: PreparedField; order: number; index: number }[] = [];
  const names = new Set<string>();
  definitions.forEach((raw, index) => {
    const result = v.safeParse(FieldDefinitionSchema, withoutUnsetValues(raw));
    if (!result.success) {
      tell(`skipping form field #${index + 1} (${describeRaw(raw)}): ${v.summarize(result.issues)}`, raw);
      return;
    }
    const definition = result.output;
    if (names.has(definition.name)) {
      tell(`skipping a second form field named "${definition.name}": the payload is keyed by name.`, raw);
      return;
    }
    names.add(definition.name);
    fields.push({ field: prepareField(definition, tell), order: definition.order ?? 0, index });
  });
  fields.sort((a, b) => a.order - b.order || a.index - b.index);
  if (fields.length > MAX_FORM_FIELDS) {
    tell(`the form has ${fields.length} fields; it shows the first ${MAX_FORM_FIELDS} in order, ${fields.length - MAX_FORM_FIELDS} left out.`);
  }
  return fields.slice(0, MAX_FORM_FIELDS).map(({ field }) => field);
}

type Warner = (message: string, ...details: unknown[]) => void;

// A form is prepared again each time it mounts (its section shown again, the modal reopened), from the same
// definitions the settings answer gave: what is wrong with them is said once per list, not once per mount.
const toldProblems = new WeakMap<readonly unknown[], Set<string>>();

function warnerFor(definitions: readonly unknown[]): Warner {
  let told = toldProblems.get(definitions);
  if (!told) {
    told = new Set<string>();
    toldProblems.set(definitions, told);
  }
  const said = told;
  return (message, ...details) => {
    if (said.has(message)) return;
    said.add(message);
    warn(message, ...details);
  };
}

function prepareField(definition: FieldDefinition, tell: Warner): PreparedField {
  let type = definition.type as FieldType;
  if (!KNOWN_TYPES.includes(definition.type)) {
    tell(`form field "${definition.name}" has an unknown type "${definition.type}"; showing a text input.`);
    type = 'text';
  }
  return {
    definition,
    name: definition.name,
    type,
    required: definition.required ?? false,
    pattern: compilePattern(definition.name, definition.pattern, tell),
    initialValue: initialValueOf(type, definition.value),
    maxLength: definition.maxLength ?? DEFAULT_MAX_LENGTH,
    options: definition.options ?? [],
  };
}

// How a Django template prints a property that has no value.
const UNSET_TEXT = /^\s*(none|null)?\s*$/i;

/** The definition without its unset properties (null, empty, "None"), so each takes its default. */
function withoutUnsetValues(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  return Object.fromEntries(
    Object.entries(raw).filter(
      ([key, value]) => key === 'name' || key === 'label' || !(value === null || (typeof value === 'string' && UNSET_TEXT.test(value))),
    ),
  );
}

/**
 * Longest pattern source the widget compiles, and longest value it runs a pattern on: a longer value fails the
 * pattern without running it (text inputs hold {@link DEFAULT_MAX_LENGTH} characters unless configured).
 */
export const MAX_PATTERN_INPUT = 256;
const MAX_PATTERN_SOURCE = 1000;

/**
 * Whether a pattern can backtrack catastrophically: a quantified group that itself holds a quantifier or an
 * alternation (`(a+)+`, `(a|aa)*`, `(\w+\s?)*` — star height above one), the shape behind every exponential
 * case of the common e-mail patterns. Such a pattern, checked on a 40-character value, held the page for 20 s.
 * The check is syntactic and errs on the side of refusing: a refused pattern allows any value (the server
 * validates again), which costs a hint, never the page.
 */
export function isCatastrophicPattern(source: string): boolean {
  // Innermost-first: every group's body, and whether a quantifier follows the group.
  const stack: { quantified: boolean; alternation: boolean }[] = [];
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '\\') {
      index++;
      continue;
    }
    if (char === '[') {
      // Skip a character class: nothing in it nests.
      for (index++; index < source.length && source[index] !== ']'; index++) if (source[index] === '\\') index++;
      continue;
    }
    if (char === '(') {
      stack.push({ quantified: false, alternation: false });
      continue;
    }
    const group = stack.at(-1);
    if (char === '|' && group) group.alternation = true;
    if ((char === '*' || char === '+' || char === '{' || char === '?') && group && source[index - 1] !== '(') {
      if (char !== '?' || !'*+?}'.includes(source[index - 1] ?? '')) group.quantified = true;
    }
    if (char === ')') {
      const closed = stack.pop();
      const next = source[index + 1];
      const repeated = next === '*' || next === '+' || (next === '{' && /^\{\d*,\d*\}|^\{\d{2,}\}/.test(source.slice(index + 1)));
      if (closed && repeated && (closed.quantified || closed.alternation)) return true;
      // A quantifier inside a group counts for the groups around it too.
      const outer = stack.at(-1);
      if (closed && outer && (closed.quantified || repeated)) outer.quantified = true;
    }
  }
  return false;
}

function compilePattern(name: string, pattern: string | null | undefined, tell: Warner): RegExp | null {
  if (pattern === undefined || pattern === null || pattern === '') return null;
  if (pattern.length > MAX_PATTERN_SOURCE || isCatastrophicPattern(pattern)) {
    tell(`form field "${name}" has a pattern that could freeze the page (nested repetition); allowing any value.`, pattern);
    return null;
  }
  try {
    return new RegExp(pattern);
  } catch (error) {
    tell(`form field "${name}" has an invalid pattern ${JSON.stringify(pattern)}; allowing any value.`, error);
    return null;
  }
}

function initialValueOf(type: FieldType, value: FieldDefinition['value']): FieldValue {
  // The same yes/no reading as `required`: "on", "yes", "TRUE"… tick the box, anything else leaves it unticked.
  if (type === 'checkbox') return v.safeParse(BooleanLikeSchema, value).output === true;
  return value === undefined || value === null ? '' : String(value);
}

/**
 * Checks one value against its field's rules (docs/forms-and-consent.md "Field definitions").
 *
 * @returns `required` for a required field that is empty, whitespace only or (checkbox) unticked; `pattern` for a
 * non-empty value failing the pattern; null when the value is valid.
 */
export function checkField(field: PreparedField, value: FieldValue): FieldProblem | null {
  if (typeof value === 'boolean') return field.required && !value ? 'required' : null;
  if (value.trim() === '') return field.required ? 'required' : null;
  if (field.pattern && (value.length > MAX_PATTERN_INPUT || !field.pattern.test(value))) return 'pattern';
  return null;
}

/**
 * The value as the payload carries it: text as typed, a checkbox as the text `true` or `false`.
 */
export function payloadValue(value: FieldValue): string {
  return typeof value === 'boolean' ? String(value) : value;
}

function describeRaw(raw: unknown): string {
  if (typeof raw === 'object' && raw !== null && 'name' in raw && typeof raw.name === 'string') return `"${raw.name}"`;
  return 'no name';
}
