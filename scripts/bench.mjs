// @ts-check
/**
 * `npm run bench`: the benchmark of record. For now it measures sizes (gzip -9, deterministic): what a page
 * loads to paint the icon (the ES entry and the chunks it imports statically), everything, the classic script,
 * and each chunk; and price formatting throughput against a reused Intl.NumberFormat. Writes
 * `bench-results/bench.json`.
 *
 *   --sizes-only     skip anything that is not a size (timings never gate `npm test`)
 *   --check-budget   exit 1 when a size is over its budget (used by `npm test`)
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { benchPriceFormatting } from './bench/price.mjs';

const DIST = 'dist';
const ENTRY = join(DIST, 'loyalty-elements.js');

/**
 * Budgets in gzip bytes. Provisional until the widget is complete (issue "Reach" sets the final ones:
 * first payload ≤ 80 KB, sign-in ready ≤ 105 KB, everything ≤ 135 KB).
 */
const BUDGETS = { firstPayload: 100 * 1024, everything: 135 * 1024 };

const gzipSize = (/** @type {string} */ file) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * Files a module loads statically (`import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`),
 * transitively; dynamic `import()` chunks are left out, they load when needed.
 */
function staticClosure(/** @type {string} */ file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
    const specifier = match[1];
    if (specifier?.startsWith('.')) staticClosure(join(dirname(file), specifier), seen);
  }
  return seen;
}

function esFiles(/** @type {string} */ dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'types') files.push(...esFiles(path));
    else if (entry.name.endsWith('.js') && !entry.name.endsWith('.iife.js')) files.push(path);
  }
  return files;
}

const firstPayloadFiles = [...staticClosure(ENTRY)];
// The commerce subpath is a separate product for host pages, not part of what the widget loads.
const allFiles = esFiles(DIST).filter((file) => relative(DIST, file) !== 'commerce.js');
const chunks = Object.fromEntries(allFiles.map((file) => [relative(DIST, file), gzipSize(file)]));
const sizes = {
  firstPayload: firstPayloadFiles.reduce((sum, file) => sum + gzipSize(file), 0),
  everything: Object.values(chunks).reduce((sum, size) => sum + size, 0),
  classicScript: gzipSize(join(DIST, 'loyalty-elements.iife.js')),
  commerce: gzipSize(join(DIST, 'commerce.js')),
};

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('gzip -9 sizes');
console.log(`  first payload (icon paint): ${kb(sizes.firstPayload)}  budget ${kb(BUDGETS.firstPayload)}`);
console.log(`  everything (ES build):      ${kb(sizes.everything)}  budget ${kb(BUDGETS.everything)}`);
console.log(`  classic script:             ${kb(sizes.classicScript)}`);
console.log(`  commerce subpath:           ${kb(sizes.commerce)}`);
for (const [file, size] of Object.entries(chunks)) console.log(`    ${file}: ${kb(size)}`);

let priceFormatting;
if (!process.argv.includes('--sizes-only')) {
  priceFormatting = await benchPriceFormatting(pathToFileURL(join(DIST, 'commerce.js')).href);
  console.log(
    `price formatting: formatPrice ${priceFormatting.ours_ops_per_s} ops/s, reused Intl.NumberFormat ` +
      `${priceFormatting.intl_ops_per_s} ops/s, ratio ${priceFormatting.ratio}× (goal ≥ 1.0×)`,
  );
}

mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bench.json', JSON.stringify({ sizes, budgets: BUDGETS, chunks, priceFormatting }, null, 2) + '\n');
console.log('written bench-results/bench.json');

if (process.argv.includes('--check-budget')) {
  const over = Object.entries(BUDGETS).filter(([key, budget]) => sizes[/** @type {keyof typeof sizes} */ (key)] > budget);
  for (const [key, budget] of over) console.error(`over budget: ${key} ${kb(sizes[/** @type {keyof typeof sizes} */ (key)])} > ${kb(budget)}`);
  process.exit(over.length ? 1 : 0);
}
