/**
 * Reports a hardening suite's figure from the browser: `npm test` prints it before its closing line
 * (scripts/figures.mjs). Also logged, so a single `wtr --files` run shows it.
 *
 * @param suite - short name of the suite ("xss").
 * @param figure - the figure as a reader wants it ("0 of 2,310 renders called alert").
 * @param atGoal - whether the figure is at its goal.
 */
export async function reportFigure(suite: string, figure: string, atGoal = true): Promise<void> {
  console.log(`[figure] ${suite}: ${figure}`);
  await fetch('/__figures', { method: 'POST', body: JSON.stringify({ suite, figure, atGoal }) });
}
