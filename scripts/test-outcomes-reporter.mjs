// @ts-check
/**
 * A node:test reporter for `scripts/test.mjs`: one JSON line per test that ran to an outcome, `{ file, name, path,
 * outcome, failureType, message, duration }`, `path` the names from the outermost suite down (`suite › test`), suites
 * left out, `duration` in milliseconds (to find the slow end-to-end, Django and visual tests). `scripts/test.mjs` reads it beside the spec reporter's output to know which tests failed and, after their one
 * retry, which of them passed.
 *
 * A test's file is its outermost suite's: node names the file a test was declared from, which for the end-to-end
 * tests is test/e2e/support.mjs (its `it` adds where the pages stood to a failure). Files running side by side
 * (`--test-concurrency=2`) do not mix here: node reports each file's tests whole, in the files' order.
 */

/** @param {AsyncIterable<{ type: string, data: any }>} source */
export default async function* outcomes(source) {
  /** The names and files from the outermost suite to the test running now, by nesting level. @type {Array<{ name: string, file: string }>} */
  const stack = [];
  for await (const event of source) {
    const data = event.data ?? {};
    if (event.type === 'test:start') {
      stack.length = data.nesting;
      stack.push({ name: data.name, file: String(data.file ?? '') });
      continue;
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (data.details?.type === 'suite') continue;
    const outer = stack.slice(0, data.nesting);
    const error = data.details?.error;
    const skipped = data.skip !== undefined || data.todo !== undefined;
    yield `${JSON.stringify({
      file: outer[0]?.file || String(data.file ?? ''),
      name: data.name,
      path: [...outer.map((suite) => suite.name), data.name].join(' › '),
      outcome: event.type === 'test:fail' ? 'failed' : skipped ? 'skipped' : 'passed',
      failureType: error?.failureType,
      message: String(error?.cause?.message ?? error?.message ?? '').split('\n').slice(0, 3).join(' ').slice(0, 400),
      duration: Math.round(Number(data.details?.duration_ms ?? 0)),
    })}\n`;
  }
}
