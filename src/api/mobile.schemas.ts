/**
 * Decoders of the mobile section's answers (docs/bookcore-contract.md "Mobile section"). Section payloads are
 * free-form and rendered by the mobile pages as they come, so only the envelope is checked.
 */
import * as v from 'valibot';
import { looseObject } from '../lib/prototype-safe-schemas';
import { CodErrorSchema } from './bookcore.schemas';

/** A mobile section answer: `cod_error` plus section-specific fields, all kept. */
export const MobileSectionResponseSchema = looseObject({ cod_error: v.optional(CodErrorSchema) });

/** A mobile section answer. */
export type MobileSectionResponse = v.InferOutput<typeof MobileSectionResponseSchema>;

/** A schema POST answer: the page's schema.org JSON-LD in `schema`. */
export const MobileSchemaResponseSchema = looseObject({
  cod_error: v.optional(CodErrorSchema),
  schema: looseObject({}),
});

/** A schema POST answer. */
export type MobileSchemaResponse = v.InferOutput<typeof MobileSchemaResponseSchema>;
