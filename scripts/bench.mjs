// @ts-check
/**
 * `npm run bench`: the benchmark of record (after a build). Writes `bench-results/bench.json` (every number and
 * the environment) and `bench-results/bench.md` (the table it also prints).
 *
 * Sizes (gzip -9, deterministic; scripts/bench/sizes.mjs, from `dist/bundle-graph.json`):
 *   first payload (the ES entry and its static imports: what paints the icon), sign-in ready (the first payload
 *   and every chunk the panel's SIGNIN section with its form needs: `signInReadyFiles` states the rule),
 *   everything (every ES chunk; not the classic script, not the commerce subpath), the classic script, the
 *   commerce subpath and each chunk. Compared with the baseline: a plain React 19 + r2wc element rendering one
 *   button (scripts/bench/baseline/), built the same way.
 * Timings (scripts/bench/browser.mjs; never part of `npm test`), in headless Chromium, the median of `--runs`
 *   fresh-context runs, each as a ratio to the baseline measured in the same run: navigation start to icon
 *   visible, click to panel interactive (the SIGNIN form's first input; the baseline's second element), requests
 *   to bookcore at start (goal: one settings and one user request), JS heap growth over 1,000 mount/unmount
 *   cycles of `<loyalty-icon>` (and of the baseline element); and price formatting against a reused
 *   Intl.NumberFormat (scripts/bench/price.mjs); and the sign-in form's click to interactive with 100, 1,000 and
 *   10,000 fields in the settings (scripts/bench/scale.mjs: linear, and at most 100 fields shown); and
 *   `<package-cart>` inserted to rendered with 100, 1,000 and 10,000 lines in the cart answer
 *   (scripts/bench/cart-scale.mjs: at most 100 lines shown, the total over every line).
 *
 *   --sizes-only     sizes alone, no browser (what `npm test` runs); writes bench-results/sizes.json instead
 *   --check-budget   exit 1 when a size is over its budget
 *   --runs=N         timing runs per side (default 15); --cycles=N mount/unmount cycles (default 1000)
 *   --dist=DIR       measure another build folder (default dist)
 *   --out=DIR        write the results there (default bench-results)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMERCE_FILE, measureSizes } from './bench/sizes.mjs';

/**
 * Size budgets in gzip bytes, docs/development.md "Size and speed": first payload ≤ 80 KB, sign-in ready ≤ 105 KB, everything
 * ≤ 135 KB. `--check-budget` (in `npm test`) fails above any of them.
 * @type {{ firstPayload: number, signInReady: number, everything: number }}
 */
// `everything` was 135 KB (the first goal, met at 134.2 KB) until the social verification, the reliability work and the guest-experience pass added Floating UI (the
// notification and tooltip placement), the lazy-chunk recovery and its texts, prototype-safe decoders, the CSRF
// token's life and the guest-experience behaviours: 145.5 KB measured. The budget holds that line (146 KB) so it
// cannot grow further unnoticed; winning back the 135 KB goal is open work (README "Size and speed"). Then 147 KB:
// the chunks imported through src/lib/fresh-import.ts (a failed chunk loads again in Firefox and WebKit) and the
// social buttons' held place took 146.1 KB. Then 150 KB, and sign-in ready 106 KB (over the first 105 KB goal, which
// stays the aim to win back): the guest-experience design pass (one heading per view, next steps, social buttons of one size
// with their divider, what the guest typed kept) and the cart's announcements, and the caps of docs/reliability.md took sign-in ready
// to 105.8 KB and everything to 148.9 KB; the cart's Spanish texts are in the first payload with every Spanish text,
// about 0.8 KB that the cart alone needs (moving them to the cart's chunk is the next win, docs/development.md).
const BUDGETS = { firstPayload: 80 * 1024, signInReady: 106 * 1024, everything: 150 * 1024 };

/** The aim beyond the budget (docs/development.md "Size and speed"): sign-in ready under 100 KB gzip. Printed, never failing a run. */
const SIGN_IN_AIM = 100 * 1024;

/** Goals the timings are read against; they never fail a run. */
const GOALS = { bookcoreRequestsAtStart: 2, priceFormattingRatio: 1 };

const args = process.argv.slice(2);
const option = (/** @type {string} */ name) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const OUT_DIR = option('out') ?? 'bench-results';
const positiveInteger = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const value = option(name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer, got "${value}"`);
  return number;
};
const sizesOnly = args.includes('--sizes-only');
const checkBudget = args.includes('--check-budget');
const dist = resolve(option('dist') ?? 'dist');
const runs = positiveInteger('runs', 15);
const cycles = positiveInteger('cycles', 1000);
// Each cart size is a fresh page and a canned answer of up to 10,000 lines: three runs are enough for a median, and
// a short run (`--runs=1`, the end-to-end check of the benchmark) takes one.
const cartScaleRuns = Math.min(3, runs);

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (/** @type {number | undefined} */ ours, /** @type {number | undefined} */ base) =>
  ours === undefined || base === undefined || base <= 0 ? null : Math.round((ours / base) * 100) / 100;

const measured = measureSizes(dist);
const { sizes, chunks } = measured;

console.log('gzip -9 sizes');
const against = (/** @type {keyof typeof BUDGETS} */ key) => `budget ${kb(BUDGETS[key])} ${sizes[key] <= BUDGETS[key] ? '✓' : '✗ over'}`;
const aim = () => `aim < ${kb(SIGN_IN_AIM)} ${sizes.signInReady < SIGN_IN_AIM ? '✓' : '✗ not met'}`;
console.log(`  first payload (icon paint):  ${kb(sizes.firstPayload)}  ${against('firstPayload')}`);
console.log(`  sign-in ready:               ${kb(sizes.signInReady)}  ${against('signInReady')}; ${aim()}`);
console.log(`  everything (ES build):       ${kb(sizes.everything)}  ${against('everything')}`);
console.log(`  classic script:              ${kb(sizes.classicScript)}`);
console.log(`  commerce subpath:            ${kb(sizes.commerce)}`);
for (const [file, size] of Object.entries(chunks)) {
  const tags = [measured.files.firstPayload.includes(file) && 'first payload', measured.files.signInReady.includes(file) && 'sign-in ready'].filter(Boolean);
  console.log(`    ${file}: ${kb(size)}${tags.length ? `  (${tags.join(', ')})` : ''}`);
}

mkdirSync(OUT_DIR, { recursive: true });
if (sizesOnly) {
  writeFileSync(join(OUT_DIR, 'sizes.json'), `${JSON.stringify({ date: new Date().toISOString(), budgets: BUDGETS, signInAim: SIGN_IN_AIM, ...measured }, null, 2)}\n`);
  console.log(`written ${OUT_DIR}/sizes.json`);
} else {
  await fullBench();
}

if (checkBudget) {
  const over = /** @type {Array<keyof typeof BUDGETS>} */ (Object.keys(BUDGETS)).filter((key) => sizes[key] > BUDGETS[key]);
  for (const key of over) console.error(`over budget: ${key} ${kb(sizes[key])} > ${kb(BUDGETS[key])}`);
  process.exit(over.length ? 1 : 0);
}

async function fullBench() {
  // Loaded here so that the sizes-only mode never pays for rollup, playwright or the dev server.
  const [{ buildBaseline }, { benchPriceFormatting }, { startBenchServer }, { benchBrowser }, { benchScale }, { benchCartScale }] = await Promise.all([
    import('./bench/baseline/build.mjs'),
    import('./bench/price.mjs'),
    import('./bench/server.mjs'),
    import('./bench/browser.mjs'),
    import('./bench/scale.mjs'),
    import('./bench/cart-scale.mjs'),
  ]);
  const baselineDir = mkdtempSync(join(tmpdir(), 'loyalty-bench-baseline-'));
  try {
    console.log('\nbuilding the baseline (React 19 + r2wc, one button)…');
    const baseline = await buildBaseline(baselineDir);
    console.log(`  baseline: ${kb(baseline.gzip)}`);

    console.log('price formatting…');
    const priceFormatting = await benchPriceFormatting(pathToFileURL(join(dist, COMMERCE_FILE)).href);

    console.log(`Chromium: ${runs} runs per side, ${cycles} mount/unmount cycles…`);
    const server = await startBenchServer({ distDir: dist, baselineDir });
    let browser;
    /** @type {Awaited<ReturnType<typeof benchScale>>} */
    let scale;
    /** @type {Awaited<ReturnType<typeof benchCartScale>>} */
    let cartScale;
    try {
      browser = await benchBrowser({ origin: server.origin, runs, cycles, log: (line) => console.log(line) });
      console.log('scale: the sign-in form with 100, 1,000 and 10,000 fields…');
      scale = await benchScale({ origin: server.origin, log: (line) => console.log(line) });
      console.log('scale: the cart with 100, 1,000 and 10,000 lines…');
      cartScale = await benchCartScale({ origin: server.origin, runs: cartScaleRuns, log: (line) => console.log(line) });
    } finally {
      await server.close();
    }

    // The sign-in-ready rule against what Chromium fetched before the sign-in form was interactive.
    const observed = browser.distFilesAtSignInInteractive;
    const signInRuleCheck = {
      matches: observed.length === measured.files.signInReady.length && observed.every((file) => measured.files.signInReady.includes(file)),
      onlyInRule: measured.files.signInReady.filter((file) => !observed.includes(file)),
      onlyFetched: observed.filter((file) => !measured.files.signInReady.includes(file)),
    };

    const result = {
      date: new Date().toISOString(),
      environment: {
        node: process.version,
        chromium: browser.chromium,
        playwrightCore: JSON.parse(readFileSync('node_modules/playwright-core/package.json', 'utf8')).version,
        platform: `${process.platform} ${process.arch}`,
        cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
        loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      },
      budgets: BUDGETS,
      signInAim: SIGN_IN_AIM,
      goals: GOALS,
      sizes,
      baselineSize: baseline.gzip,
      chunks,
      files: measured.files,
      signInRuleCheck,
      firstPayloadRenderedBytes: measured.firstPayloadRenderedBytes,
      timings: {
        runs: browser.runs,
        ours: browser.ours,
        baseline: browser.baseline,
        ratios: {
          iconVisible: ratio(browser.ours.iconVisibleMs.median, browser.baseline.iconVisibleMs.median),
          clickToInteractive: ratio(browser.ours.clickToInteractiveMs.median, browser.baseline.clickToInteractiveMs.median),
        },
      },
      requestsAtStart: browser.requestsAtStart,
      heap: { ...browser.heap, growthRatio: ratio(browser.heap.ours.growthKb, browser.heap.baseline.growthKb), afterRatio: ratio(browser.heap.ours.afterKb, browser.heap.baseline.afterKb) },
      priceFormatting,
      scale,
      cartScaleRuns,
      cartScale,
      pageErrors: browser.pageErrors,
    };
    const table = markdown(result);
    writeFileSync(join(OUT_DIR, 'bench.json'), `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync(join(OUT_DIR, 'bench.md'), table);
    console.log(`\n${table}`);
    if (!signInRuleCheck.matches) {
      console.warn(
        `sign-in-ready rule differs from what Chromium fetched: only in the rule ${JSON.stringify(signInRuleCheck.onlyInRule)}, ` +
          `only fetched ${JSON.stringify(signInRuleCheck.onlyFetched)} (scripts/bench/sizes.mjs signInReadyFiles)`,
      );
    }
    if (result.pageErrors.length) console.warn(`page errors: ${result.pageErrors.join(' | ')}`);
    console.log(`written ${OUT_DIR}/bench.json and ${OUT_DIR}/bench.md`);
  } finally {
    rmSync(baselineDir, { recursive: true, force: true });
  }
}

/**
 * The results as a short Markdown table: metric, ours, baseline, ratio, budget or goal.
 * @param {any} result
 */
function markdown(result) {
  const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
  const times = (/** @type {number | null} */ value) => (value === null ? '—' : `${value.toFixed(2)}×`);
  const within = (/** @type {number} */ value, /** @type {number} */ budget) => `budget ${kb(budget)} ${value <= budget ? '✓' : '✗ over'}`;
  const { sizes: s, baselineSize: base, timings: t, heap: h, requestsAtStart: r, priceFormatting: p } = result;
  const requests = Object.entries(r.bookcore.byPath)
    .map(([path, count]) => `${path.replace(/^\/bookcore\//, '').replace(/\/$/, '')} ×${count}`)
    .join(', ');
  const rows = [
    ['first payload (gzip)', kb(s.firstPayload), kb(base), times(ratio(s.firstPayload, base)), within(s.firstPayload, result.budgets.firstPayload)],
    ['sign-in ready (gzip)', kb(s.signInReady), kb(base), times(ratio(s.signInReady, base)), `${within(s.signInReady, result.budgets.signInReady)}; aim < ${kb(result.signInAim)} ${s.signInReady < result.signInAim ? '✓' : '✗ not met'}`],
    ['everything, ES (gzip)', kb(s.everything), kb(base), times(ratio(s.everything, base)), within(s.everything, result.budgets.everything)],
    ['classic script (gzip)', kb(s.classicScript), kb(base), times(ratio(s.classicScript, base)), '—'],
    ['commerce subpath (gzip)', kb(s.commerce), '—', '—', '—'],
    [`icon visible, median of ${t.runs}`, ms(t.ours.iconVisibleMs.median), ms(t.baseline.iconVisibleMs.median), times(t.ratios.iconVisible), '—'],
    [`click → sign-in form interactive, median of ${t.runs}`, ms(t.ours.clickToInteractiveMs.median), ms(t.baseline.clickToInteractiveMs.median), times(t.ratios.clickToInteractive), '—'],
    ['bookcore requests at start', `${r.bookcore.max} (${requests})`, '—', '—', `${result.goals.bookcoreRequestsAtStart} (settings + user) ${r.bookcore.max <= result.goals.bookcoreRequestsAtStart ? '✓' : '✗'}`],
    [`JS heap growth, ${h.ours.cycles} mount/unmount`, `${h.ours.growthKb.toFixed(1)} KB`, `${h.baseline.growthKb.toFixed(1)} KB`, times(h.growthRatio), '—'],
    [`… of which over the last ${h.ours.cycles - Math.floor(h.ours.cycles / 2)} (a leak keeps growing)`, `${h.ours.secondHalfGrowthKb.toFixed(1)} KB`, `${h.baseline.secondHalfGrowthKb.toFixed(1)} KB`, '—', '—'],
    [`JS heap after ${h.ours.cycles} mount/unmount`, `${h.ours.afterKb.toFixed(1)} KB`, `${h.baseline.afterKb.toFixed(1)} KB`, times(h.afterRatio), '—'],
    ...result.scale.map((/** @type {{ fields: number, shown: number, interactiveMs: number }} */ row) => [
      `click → sign-in form interactive, ${row.fields.toLocaleString('en')} fields (${row.shown} shown), median of 3`,
      ms(row.interactiveMs),
      '—',
      '—',
      '—',
    ]),
    ...result.cartScale.map((/** @type {{ items: number, shown: number, renderedMs: number | null, limitMs: number }} */ row) => [
      `package-cart inserted → cart rendered with its total, ${row.items.toLocaleString('en')} lines (${row.shown} shown), median of ${result.cartScaleRuns}`,
      row.renderedMs === null ? `not within ${row.limitMs / 1000} s` : ms(row.renderedMs),
      '—',
      '—',
      '—',
    ]),
    ['price formatting (ops/s)', `${p.ours_ops_per_s}`, `${p.intl_ops_per_s} (Intl)`, times(p.ratio), `≥ ${result.goals.priceFormattingRatio.toFixed(1)}× ${p.ratio >= result.goals.priceFormattingRatio ? '✓' : '✗'}`],
  ];
  const env = result.environment;
  return [
    `# Benchmark, ${result.date.slice(0, 10)}`,
    '',
    `Node ${env.node}, Chromium ${env.chromium}, ${env.cpus}, load ${env.loadAverage1m}. Baseline: a plain React 19 + r2wc element rendering one button, built the same way.`,
    '',
    '| metric | ours | baseline | ratio | budget / goal |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    `Sign-in ready = ${result.files.signInReady.join(' + ')}${result.signInRuleCheck.matches ? ' (what Chromium fetched, too)' : ' (differs from what Chromium fetched: see bench.json signInRuleCheck)'}.`,
    '',
  ].join('\n');
}
