/**
 * Consent checkboxes (docs/forms-and-consent.md "Consent checkboxes"): the terms, privacy and newsletter ticks under a
 * form, each with optional links to the legal documents.
 *
 * Decisions:
 * - The checkbox's label reads "{label} {conditionsLinkLabel} {andLabel} {privacyLinkLabel}", each link present
 *   only when both its label and its document URL are; a newsletter tick is just its `label`.
 * - `required` ticks block the submit until ticked; the others only report `true`/`false` under their `name`.
 * - `language` (default `es`) is the language the legal documents are written in; it becomes the `lang` of the
 *   document shown in the modal, so screen readers pronounce it right whatever the widget's language.
 * - Missing texts fall back to the widget's translations (`forms.consent*`).
 */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { warn } from '../lib/warn';
import { BooleanLikeSchema } from './field-definition';

const OptionalTextSchema = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()));

/** One consent checkbox, normalised. */
export const ConsentDefinitionSchema = looseObject({
  /** The condition's id in bookcore, carried as the checkbox's `data-condition-id`. */
  conditionId: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  /** The payload key, e.g. `politica`, `newsletter`, `recibir_newsletter`. */
  name: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  /** First part of the label ("He leído y acepto"). */
  label: OptionalTextSchema,
  /** The conditions link's text ("las condiciones generales"). */
  conditionsLinkLabel: OptionalTextSchema,
  /** The word between the two links ("y"). */
  andLabel: OptionalTextSchema,
  /** The privacy link's text ("la política de privacidad"). */
  privacyLinkLabel: OptionalTextSchema,
  /** The conditions modal's title. */
  conditionsTitle: OptionalTextSchema,
  /** The privacy modal's title. */
  privacyTitle: OptionalTextSchema,
  /** Where the conditions document is fetched from. */
  conditionsUrl: OptionalTextSchema,
  /** Where the privacy document is fetched from. */
  privacyUrl: OptionalTextSchema,
  /** Whether the form may be sent without this tick; default false. */
  required: v.optional(v.nullable(BooleanLikeSchema), false),
  /** Shown when a required tick is missing on submit. */
  errorText: OptionalTextSchema,
  /** The documents' language; default `es`. */
  language: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), 'es'),
  /** Ticked at first; default false. */
  checked: v.optional(v.nullable(BooleanLikeSchema), false),
});

/** A consent checkbox as decoded by {@link ConsentDefinitionSchema}. */
export type ConsentDefinition = v.InferOutput<typeof ConsentDefinitionSchema>;

/** A consent checkbox ready to render. */
export interface PreparedConsent {
  definition: ConsentDefinition;
  /** Unique on the form: the payload key. */
  name: string;
  required: boolean;
}

/**
 * Validates consent definitions, skipping (with a warning) the unusable ones and second uses of a name.
 *
 * @param definitions - raw definitions, from settings or written by a section.
 */
export function prepareConsents(definitions: readonly unknown[]): PreparedConsent[] {
  const consents: PreparedConsent[] = [];
  const names = new Set<string>();
  definitions.forEach((raw, index) => {
    const result = v.safeParse(ConsentDefinitionSchema, raw);
    if (!result.success) {
      warn(`skipping consent checkbox #${index + 1}: ${v.summarize(result.issues)}`, raw);
      return;
    }
    const definition = result.output;
    if (names.has(definition.name)) {
      warn(`skipping a second consent checkbox named "${definition.name}": the payload is keyed by name.`, raw);
      return;
    }
    names.add(definition.name);
    consents.push({
      definition,
      name: definition.name,
      required: definition.required ?? false,
    });
  });
  return consents;
}
