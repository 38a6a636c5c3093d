/**
 * Writing schema.org JSON-LD into a page (docs/hotel-page.md "Search engines"). The text of a
 * `<script type="application/ld+json">` ends at the first `</script` whatever the JSON around it says, so an answer
 * holding `</script><script>…` would close the element and run the rest as HTML. Every `<`, `>` and `&` is written
 * as its JSON escape (`\u003c`…), which JSON parsers read back as the same character, and so are U+2028 and U+2029,
 * which older JavaScript parsers take for line breaks: no answer can close the element or open a comment in it.
 */

/**
 * A JSON-LD document as the text of a script element that nothing in it can close.
 *
 * @param document - any JSON-able value.
 * @returns its JSON with `<`, `>`, `&`, U+2028 and U+2029 escaped.
 * @example jsonLdText({ name: '</script>' }) // '{"name":"\\u003c/script\\u003e"}'
 */
export function jsonLdText(document: unknown): string {
  return JSON.stringify(document).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
