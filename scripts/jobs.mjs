// @ts-check
/**
 * The gate's scheduler (scripts/test.mjs): suites run as jobs, a few at a time, and each command of a suite runs
 * with a deadline.
 */
import { spawn } from 'node:child_process';

/**
 * A suite for the scheduler; `ready`, when given, is what it must wait for (the build) before it may take a place:
 * until then the places go to the jobs after it.
 * @typedef {{ name: string, run: () => Promise<void>, ready?: Promise<unknown> }} Job
 */

/**
 * Runs the jobs, `places` at a time, in the order given, each free place taking the first job that is ready: a job
 * waiting for the build holds no place while the build runs (it held one idle for as long as the build outlasted
 * the type-check and lint).
 * @param {Job[]} jobs
 * @param {number} places
 */
export async function runJobsAtOnce(jobs, places) {
  const queue = jobs.map((job) => {
    const entry = { job, ready: job.ready === undefined };
    void job.ready?.then(() => (entry.ready = true));
    return entry;
  });
  const worker = async () => {
    while (queue.length > 0) {
      const index = queue.findIndex((entry) => entry.ready);
      if (index === -1) {
        // Every job left waits for something: the first to be ready goes.
        await Promise.race(queue.map((entry) => entry.job.ready));
        continue;
      }
      const [{ job }] = queue.splice(index, 1);
      await job.run();
    }
  };
  await Promise.all(Array.from({ length: Math.min(places, queue.length) }, worker));
}

/** The process groups of the commands running now, stopped together when the run itself is stopped. @type {Set<number>} */
const groups = new Set();

/** Stops a command's process group: SIGTERM, then SIGKILL 5 s later for anything left. */
function stopGroup(/** @type {number} */ pid) {
  const signal = (/** @type {NodeJS.Signals} */ name) => {
    try {
      process.kill(-pid, name);
    } catch {
      // The group has ended already.
    }
  };
  signal('SIGTERM');
  setTimeout(() => signal('SIGKILL'), 5000).unref();
}

/** Stops every command still running (the run was stopped: Ctrl-C, or CI's own stop). */
export function stopAllCommands() {
  for (const pid of groups) stopGroup(pid);
}

/**
 * Runs a suite's command in a process group of its own and gives its exit code and output. A command still running
 * after `timeoutMs` is stopped with every process it started (its browsers, its servers) and fails with
 * `timedOut`: a hung suite costs its own deadline, never the whole run. When the command ends, whatever it left
 * running in its group ends too.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs: number, onOutput?: (text: string) => void }} options
 * @returns {Promise<{ code: number, output: string, timedOut: boolean }>}
 */
export function runCommand(command, args, { env = process.env, timeoutMs, onOutput = () => undefined }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env });
    const pid = /** @type {number} */ (child.pid);
    groups.add(pid);
    let output = '';
    let timedOut = false;
    const keep = (/** @type {Buffer} */ chunk) => {
      output += chunk.toString();
      onOutput(chunk.toString());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const deadline = setTimeout(() => {
      timedOut = true;
      stopGroup(pid);
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(deadline);
      groups.delete(pid);
      stopGroup(pid);
      resolve({ code: timedOut ? 1 : (code ?? 1), output, timedOut });
    });
  });
}
