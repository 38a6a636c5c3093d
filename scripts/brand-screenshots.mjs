// @ts-check
/**
 * docs/screenshots/<brand>.png, the brand pictures of docs/theming.md, come from the visual regression run
 * (test/visual/visual.test.mjs): each is that run's desktop sign-in dialog of the brand. This script is that run
 * in update mode, so the pictures of docs/theming.md and the baselines are always the same shots. Run after
 * `npm run build`: `node scripts/brand-screenshots.mjs` (the same as `npm run test:visual -- --update`; it
 * rewrites the baselines too: review them with `git diff --stat test/visual/baselines`).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { status } = spawnSync(process.execPath, ['test/visual/visual.test.mjs', '--update'], { cwd: ROOT, stdio: 'inherit' });
  process.exit(status ?? 1);
}
