// @ts-check
/**
 * The project's own files are revalidated on every load (`cache-control: no-cache`, answered 304 from the ETag when
 * unchanged), instead of the year-long `max-age` web-test-runner gives every file outside watch mode.
 *
 * With that year, Firefox and WebKit (one browser profile for the whole run; Chromium gets a fresh context per file)
 * took a module an earlier test file had loaded from their HTTP cache without asking the server, so a test that
 * fails a lazily loaded module through the dev server's chunk-failure hook never saw its fault in a full run: it
 * passed without testing anything there. Revalidated, every request reaches the dev server, whose faults then apply
 * in each engine. Dependencies (`/node_modules/`, the test framework) keep the long cache: no fault is put on them.
 * Chromium keeps the long cache: each of its test files gets a fresh browser context (an empty cache) anyway.
 *
 * web-test-runner's own cache middleware sets its header after the inner ones have run, so this one takes the header
 * as it is set.
 * @returns {import('@web/test-runner').TestRunnerConfig['middleware']}
 */
export function revalidateSourcesMiddleware() {
  return [
    async (context, next) => {
      const chromium = /\bChrome\//.test(context.get('user-agent'));
      if (!chromium && !context.path.includes('/node_modules/') && !context.path.startsWith('/__web-')) {
        const response = context.response;
        const set = response.set;
        // koa's `set` takes a name and a value, or one object of several: each form passed on as it came (an object
        // passed with an `undefined` value became a header named "undefined", and the runner stopped on it).
        response.set = /** @type {typeof set} */ (
          function (/** @type {any[]} */ ...args) {
            const [field] = args;
            if (typeof field === 'string') return set.call(response, field, field.toLowerCase() === 'cache-control' ? 'no-cache' : args[1]);
            if (field && typeof field === 'object') {
              const fields = Object.fromEntries(Object.entries(field).map(([name, value]) => [name, name.toLowerCase() === 'cache-control' ? 'no-cache' : value]));
              return set.call(response, fields);
            }
            return set.apply(response, /** @type {any} */ (args));
          }
        );
      }
      await next();
    },
  ];
}
