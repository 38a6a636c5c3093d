// @ts-check
/**
 * How the gate shares each engine's browser test files between its lanes (scripts/test.mjs, docs/development.md
 * "The gate's lanes"): on the seconds each file took in a measured run, per engine, kept in
 * {@link FILE_SECONDS_TABLE}; the slowest file first, each to the lane with the least time so far.
 *
 * The table is written from the lanes' summaries of a run (web-test-runner's, scripts/wtr/summary-reporter.mjs):
 *
 *     node scripts/browser-lanes.mjs .test-results/browser-tests-*.json
 *
 * replaces the table of each engine those summaries ran in (every lane of an engine together) and keeps the others.
 * Summaries of several runs may be given: a file timed in more than one gets the mean of its times (a run on a busy
 * machine slows the CPU-bound files most, so a split on one run's times can be off in the next; the mean of two runs
 * at loads 9-14 and 16 split within 1 % under either). Run it after a gate when a lane has grown much longer than
 * its engine's other one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ENGINE_LABELS } from './browsers.mjs';

/** The measured seconds of each browser test file, per engine: `{ chromium: { 'test/…': seconds }, … }`. */
export const FILE_SECONDS_TABLE = fileURLToPath(new URL('./browser-file-seconds.json', import.meta.url));

/** The repository's root, which the table's file names are relative to. */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * A file's load in a summary without file end times: its tests' durations leave out loading the page and its
 * modules, about 1.5 s per file in Chromium here.
 */
const FILE_LOAD_SECONDS = 1.5;

/** @typedef {Record<string, number>} Seconds a file (relative to the root, `/` separated) → seconds */

/**
 * The seconds of a file, from the table; a file the table does not know (added since the run it was made from)
 * counts as the table's median file.
 * @param {Seconds} seconds
 */
function secondsOf(seconds) {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const typical = known.length ? /** @type {number} */ (known[Math.floor(known.length / 2)]) : 1;
  return (/** @type {string} */ file) => seconds[file] ?? typical;
}

/**
 * The seconds a lane's files took in the measured run (new files at the table's median).
 * @param {string[]} files
 * @param {Seconds} seconds
 */
export function laneSeconds(files, seconds) {
  const of = secondsOf(seconds);
  return Math.round(files.reduce((sum, file) => sum + of(file), 0) * 10) / 10;
}

/**
 * Splits files into `count` lanes of about the same time: the slowest first (files of equal time in the order given),
 * each to the lane with the least so far (the first such lane). No lane is empty: fewer files than lanes make fewer
 * lanes.
 * @param {string[]} files
 * @param {number} count
 * @param {Seconds} seconds the engine's table
 * @returns {string[][]}
 */
export function splitIntoLanes(files, count, seconds) {
  const of = secondsOf(seconds);
  const lanes = Array.from({ length: count }, () => ({ files: /** @type {string[]} */ ([]), seconds: 0 }));
  for (const file of [...files].sort((a, b) => of(b) - of(a))) {
    const lane = lanes.reduce((least, other) => (other.seconds < least.seconds ? other : least));
    lane.files.push(file);
    lane.seconds += of(file);
  }
  return lanes.map((lane) => lane.files).filter((lane) => lane.length > 0);
}

/** The table, `{}` for an engine it lacks. @returns {Record<string, Seconds>} */
export function readFileSecondsTable() {
  try {
    return JSON.parse(readFileSync(FILE_SECONDS_TABLE, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Each file's seconds in one lane's summary, and the engine it ran in: from one file's end to the next (the lanes
 * run one file at a time, so that is the file's whole time, its page and modules loaded), or, in a summary without
 * the files' end times, its tests' durations and {@link FILE_LOAD_SECONDS}.
 * @param {{ outcomes?: Array<{ engine: string, file: string, duration?: number }>, files?: Array<{ file: string, engines: string[], endedMs: number }> }} summary
 * @param {string} [root] what the file names are made relative to
 * @returns {{ engine: string, seconds: Seconds }}
 */
export function fileSecondsFromSummary(summary, root = ROOT) {
  const labels = new Set([...(summary.outcomes ?? []).map((outcome) => outcome.engine), ...(summary.files ?? []).flatMap((file) => file.engines)]);
  if (labels.size !== 1) throw new Error(`a lane's summary runs one engine; this one ran ${[...labels].join(', ') || 'none'}`);
  const label = [...labels][0];
  const engine = Object.entries(ENGINE_LABELS).find(([, name]) => name === label)?.[0];
  if (!engine) throw new Error(`unknown engine ${label}`);
  const name = (/** @type {string} */ file) => relative(root, file).split('\\').join('/');
  const round = (/** @type {number} */ value) => Math.round(value * 10) / 10;
  /** @type {Seconds} */
  const seconds = {};
  if (summary.files?.length) {
    let previous = 0;
    for (const { file, endedMs } of [...summary.files].sort((a, b) => a.endedMs - b.endedMs)) {
      seconds[name(file)] = round((endedMs - previous) / 1000);
      previous = endedMs;
    }
  } else {
    /** @type {Seconds} */
    const tests = {};
    for (const outcome of summary.outcomes ?? []) tests[name(outcome.file)] = (tests[name(outcome.file)] ?? 0) + (outcome.duration ?? 0) / 1000;
    for (const [file, total] of Object.entries(tests)) seconds[file] = round(total + FILE_LOAD_SECONDS);
  }
  return { engine, seconds };
}

/**
 * Each engine's table from lanes' summaries: a file timed in several (summaries of several runs) gets the mean of its
 * times; files in name order.
 * @param {Array<{ engine: string, seconds: Seconds }>} timed {@link fileSecondsFromSummary} of each summary
 * @returns {Record<string, Seconds>}
 */
export function meanFileSeconds(timed) {
  /** @type {Record<string, Record<string, number[]>>} */
  const times = {};
  for (const { engine, seconds } of timed) {
    for (const [file, value] of Object.entries(seconds)) ((times[engine] ??= {})[file] ??= []).push(value);
  }
  return Object.fromEntries(
    Object.entries(times).map(([engine, files]) => [
      engine,
      Object.fromEntries(
        Object.entries(files)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([file, values]) => [file, Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10]),
      ),
    ]),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const summaries = process.argv.slice(2);
  if (!summaries.length) {
    console.error('usage: node scripts/browser-lanes.mjs SUMMARY.json… (the lanes’ summaries, .test-results/browser-tests-*.json)');
    process.exit(2);
  }
  const table = readFileSecondsTable();
  for (const [engine, seconds] of Object.entries(meanFileSeconds(summaries.map((path) => fileSecondsFromSummary(JSON.parse(readFileSync(path, 'utf8'))))))) {
    table[engine] = seconds;
    const total = Object.values(seconds).reduce((sum, value) => sum + value, 0);
    console.log(`${engine}: ${Object.keys(seconds).length} files, ${Math.round(total)} s`);
  }
  writeFileSync(FILE_SECONDS_TABLE, `${JSON.stringify(table, null, 2)}\n`);
}
