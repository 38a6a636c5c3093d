/**
 * Object schemas that a host page's `Object.prototype` cannot break. valibot walks an object schema's entries
 * with `for…in`, which also visits enumerable properties a page (or an old library) added to
 * `Object.prototype`; such a property then stands as an "entry" that is no schema and every decode throws a
 * TypeError, hiding the widget. Entries kept in an object without a prototype have only their own keys.
 */
import * as v from 'valibot';

function ownEntries<TEntries extends v.ObjectEntries>(entries: TEntries): TEntries {
  return Object.assign(Object.create(null) as object, entries) as TEntries;
}

/**
 * `v.looseObject` with prototype-free entries.
 *
 * @param entries - the known fields' schemas.
 */
export function looseObject<const TEntries extends v.ObjectEntries>(entries: TEntries): v.LooseObjectSchema<TEntries, undefined> {
  return v.looseObject(ownEntries(entries));
}
