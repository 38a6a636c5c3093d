// @ts-check
/**
 * The gate's scheduler (scripts/test.mjs): suites run as jobs, a few at a time.
 */

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
