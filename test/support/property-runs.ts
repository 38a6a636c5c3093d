/**
 * How many seeded runs a property test makes: its full depth in Chromium, fewer in Firefox and WebKit (the same code
 * in every engine; an engine's own behaviour shows in the first runs, which every engine makes from the same seed),
 * and the fewer in `npm run test:quick` too, the loop before a commit (`npm test` keeps the full depth:
 * docs/development.md "Browser engines"). The runner says which (web-test-runner.config.mjs, the page's
 * `loyalty-property-depth` meta).
 *
 * @param full - the runs in Chromium under `npm test`.
 * @param fewer - the runs elsewhere.
 */
export function propertyRuns(full: number, fewer: number): number {
  const quick = document.querySelector<HTMLMetaElement>('meta[name="loyalty-property-depth"]')?.content === 'quick';
  return /Chrome\//.test(navigator.userAgent) && !quick ? full : fewer;
}
