// @ts-check
/**
 * Stopping the servers the Node suites start (the demo's dev bookcore, the reference Django).
 */

/**
 * Stops a child process and resolves once it has exited: at once when it already has (an exit code, or the signal
 * that killed it: a server that crashed mid-suite), else after SIGTERM, and SIGKILL if it is still there 10 s later.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}
