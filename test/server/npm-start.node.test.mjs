// @ts-check
/**
 * `node --test test/server/npm-start.node.test.mjs`: `npm start` (scripts/start.mjs) says what it is doing. It
 * builds with package.json's own build steps, printing a line before each and stopping at the first that fails;
 * then it runs the demo server, passes its address line through unchanged (the line the e2e support reads) and
 * says where to go. The real build is not run here (`npm test` builds once, elsewhere): the server is started with
 * `--no-build`, and the announcing is checked on small steps.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SEED_MEMBER, build, buildSteps, describeStep, splitSteps } from '../../scripts/start.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('npm start', () => {
  test('package.json start runs scripts/start.mjs; the member it names is the seed ana@example.com', () => {
    assert.equal(packageJson.scripts.start, 'node scripts/start.mjs');
    assert.deepEqual([SEED_MEMBER.email, SEED_MEMBER.password], ['ana@example.com', 'Loyalty2026!']);
  });

  test('its steps are exactly the build script, split at its top-level &&, each with a description', () => {
    const steps = buildSteps();
    assert.ok(steps.length >= 3, `${steps.length} steps`);
    assert.equal(steps.join(' && '), packageJson.scripts.build);
    for (const step of steps) assert.notEqual(describeStep(step), step, `no description for the build step: ${step}`);
  });

  test('&& inside quotes does not split a step', () => {
    assert.deepEqual(splitSteps(`node -e "a() && b('&&')" && rollup -c --silent &&tsc -p x`), [`node -e "a() && b('&&')"`, 'rollup -c --silent', 'tsc -p x']);
    assert.deepEqual(splitSteps(`echo 'x && y' && echo "say \\"&&\\""`), [`echo 'x && y'`, `echo "say \\"&&\\""`]);
  });

  test('the build announces each step before it runs, and stops at the first that fails with its exit code', async () => {
    /** @type {string[]} */
    const lines = [];
    const output = { log: (/** @type {string} */ line) => lines.push(line), error: (/** @type {string} */ line) => lines.push(`error: ${line}`) };
    const ok = `node -e "process.exit(0)"`;
    const failing = `node -e "process.exit(3)"`;
    const never = `node -e "require('fs').writeFileSync('should-not-run', '')"`;
    assert.equal(await build([ok, failing, never], output), 3);
    assert.equal(lines[0], 'npm start: building dist/ (3 steps, as npm run build; about a minute on an idle machine)');
    assert.equal(lines[1], `npm start: [1/3] ${ok}…`);
    assert.match(lines[2] ?? '', /^npm start: {7}done in \d+ s$/);
    assert.equal(lines[3], `npm start: [2/3] ${failing}…`);
    assert.equal(lines[4], `error: npm start: step 2 failed (exit code 3): ${failing}`);
    assert.equal(lines.length, 5, lines.join('\n'));
  });

  test('a step that takes a while says it is still running', async () => {
    /** @type {string[]} */
    const lines = [];
    const slow = `node -e "setTimeout(() => {}, 300)"`;
    assert.equal(await build([slow], { log: (line) => lines.push(line), tickMs: 1 }), 0);
    assert.equal(lines[1], `npm start: [1/1] ${slow}…`);
    assert.match(lines[2] ?? '', /^npm start: {7}still running \(\d+ s\)$/);
    assert.match(lines.at(-2) ?? '', /^npm start: {7}done in \d+ s$/);
    assert.match(lines.at(-1) ?? '', /^npm start: built in \d+ s; starting the server$/);
  });

  test('with --no-build it serves at once: the server line unchanged, then where to go; SIGTERM stops it', async () => {
    const child = spawn(process.execPath, [SCRIPT, '--no-build'], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let output = '';
      while (!/Ctrl-C stops the server\n/.test(output)) {
        const [chunk] = await once(child.stdout, 'data');
        output += String(chunk);
      }
      const lines = output.trimEnd().split('\n');
      const origin = /^bookcore dev server: (http:\/\/127\.0\.0\.1:\d+)\/$/.exec(lines[0] ?? '')?.[1];
      assert.ok(origin, output);
      assert.deepEqual(lines.slice(1), [
        `npm start: the demo is up: open ${origin}/ (its index links every demo page)`,
        `npm start: sign in as ${SEED_MEMBER.email} / ${SEED_MEMBER.password}, or sign up and find the validation mail in ${origin}/__dev/mailbox`,
        `npm start: fault switches: POST ${origin}/__dev/faults (see the README); Ctrl-C stops the server`,
      ]);
      assert.equal((await fetch(`${origin}/`)).status, 200);
      assert.equal((await fetch(`${origin}/__dev/mailbox`)).status, 200);
      // The credentials it prints sign in.
      const settings = await fetch(`${origin}/bookcore/partempresas/loyalty/settings/`);
      const cookies = settings.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
      const token = cookies.find((cookie) => cookie.startsWith('csrftoken='))?.slice('csrftoken='.length) ?? '';
      const signIn = await fetch(`${origin}/bookcore/loyalty/ajax/signin/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-csrftoken': token,
          'x-requested-with': 'XMLHttpRequest',
          accept: 'application/json',
          cookie: cookies.join('; '),
        },
        body: new URLSearchParams({ email: SEED_MEMBER.email, password: SEED_MEMBER.password }),
      });
      assert.equal(signIn.status, 200);
      const answer = await signIn.json();
      assert.equal(answer.errors, undefined, JSON.stringify(answer));
      assert.equal(answer.success ?? true, true, JSON.stringify(answer));
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
  });
});
