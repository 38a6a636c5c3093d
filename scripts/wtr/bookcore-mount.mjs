// @ts-check
/**
 * Mounts the dev bookcore server on the test runner's own origin, so tests talk to it over real HTTP with the
 * page's cookies, exactly as the widget talks to bookcore on a hotel site.
 *
 * It is a config-level middleware, not a plugin's `serverStart`: the dev server composes Koa's middleware
 * before plugins start, so anything added there would never run.
 */
import { createBookcore } from '../../demo/server/bookcore.mjs';

/**
 * @param {string} [storeCookie] - the cookie whose value picks a store of its own: one per test file's page, so files
 *   run side by side (web-test-runner.config.mjs STORE_COOKIE).
 * @returns {import('@web/test-runner').TestRunnerConfig['middleware']}
 */
export function bookcoreMiddleware(storeCookie) {
  const bookcore = createBookcore({ storeCookie });
  return [
    async (ctx, next) => {
      // Koa must not write a response of its own once bookcore has answered on the raw request.
      ctx.respond = false;
      if (await bookcore.handle(ctx.req, ctx.res)) return;
      ctx.respond = true;
      await next();
    },
  ];
}
