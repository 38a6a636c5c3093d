// @ts-check
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { figuresMiddleware } from './scripts/figures.mjs';
import { CHROMIUM_ARGS, chromiumPath, isLoopbackUrl } from './scripts/chromium.mjs';
import { bookcoreMiddleware } from './scripts/wtr/bookcore-mount.mjs';
import { nodeEnvPlugin } from './scripts/wtr/node-env.mjs';
import { reactVendorPlugin } from './scripts/wtr/react-vendor.mjs';
import { summaryReporter } from './scripts/wtr/summary-reporter.mjs';

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
  nodeResolve: { exportConditions: ['browser'] },
  // One file at a time: the files share the dev server's fault switches and request log.
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  // Per file: the fault matrix (test/hardening/faults.test.tsx, its BUDGET_MS) runs over a hundred cases in one file.
  testsFinishTimeout: 240_000,
  testRunnerHtml: (testFramework) => `<!doctype html>
    <html lang="es">
      <head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
      <body><script type="module" src="${testFramework}"></script></body>
    </html>`,
  middleware: [figuresMiddleware(), ...(bookcoreMiddleware() ?? [])],
  plugins: [
    reactVendorPlugin(),
    nodeEnvPlugin(),
    esbuildPlugin({ ts: true, tsx: true, tsconfig: './tsconfig.json', target: 'es2022', loaders: { '.css': 'text' }, define: { 'process.env.NODE_ENV': '"development"' } }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true },
      async createBrowserContext({ browser }) {
        const context = await browser.newContext();
        await context.route((url) => !isLoopbackUrl(url), (route) => route.abort('blockedbyclient'));
        return context;
      },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter('.test-results/browser.json')],
};
