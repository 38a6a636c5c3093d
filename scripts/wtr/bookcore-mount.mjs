// @ts-check
/**
 * Mounts the dev bookcore server on the test runner's own origin, so tests talk to it over real HTTP with the
 * page's cookies, exactly as the widget talks to bookcore on a hotel site.
 */
import { createBookcore } from '../../demo/server/bookcore.mjs';

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function bookcorePlugin() {
  const bookcore = createBookcore();
  return {
    name: 'bookcore',
    serverStart({ app }) {
      app.use(async (ctx, next) => {
        // Koa must not write a response of its own once bookcore has answered on the raw request.
        ctx.respond = false;
        const handled = await bookcore.handle(ctx.req, ctx.res);
        if (handled) return;
        ctx.respond = true;
        await next();
      });
    },
  };
}
