// @ts-check
/**
 * Keyboard end-to-end support: where focus is (through open shadow roots), whether it shows, Tab walks that
 * check every stop, a Tab-cycle check for traps, and axe restricted to the WCAG 2.0/2.1/2.2 A and AA tags.
 *
 * Nothing here clicks, focuses or changes the page's elements: the page is driven by `page.keyboard` only, and
 * the helpers only read (a WeakMap in the page numbers the elements focus visits, so stops can be compared).
 */
import assert from 'node:assert/strict';
import { AXE_CSP_OPTIONS, injectAxe } from './support.mjs';

/** The tags the keyboard suite holds every state to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * @typedef {object} FocusInfo
 * @property {boolean} none - focus is on the body, the document element or outside the page (browser UI).
 * @property {number} key - a number naming the focused element for this page's lifetime.
 * @property {string[]} hosts - the shadow hosts focus went through, outermost first (`loyalty-panel`).
 * @property {string} tag
 * @property {string} part
 * @property {string} name - its accessible-ish name: aria-label, text or name attribute.
 * @property {string} describe - tag, part and name in one line, for messages.
 * @property {boolean} rendered - it has a layout box.
 * @property {string} outline - computed outline style, width and color.
 * @property {string} boxShadow
 * @property {boolean} indicator - a focus indicator is drawn: an outline of width > 0 and a visible color, or a box shadow.
 * @property {string | null} modal - the label of the topmost open modal dialog (`aria-modal="true"`), or null.
 * @property {boolean} inModal - the focused element is inside that modal.
 */

/**
 * Where focus is. Follows `document.activeElement.shadowRoot.activeElement` down to the focused element.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<FocusInfo>}
 */
export function focusInfo(page) {
  return page.evaluate(() => {
    /** @type {any} */
    const win = window;
    if (!win.__keyboardKeys) {
      win.__keyboardKeys = new WeakMap();
      win.__keyboardNext = 1;
    }
    /** Every open shadow root and the document. */
    const roots = /** @type {Array<Document | ShadowRoot>} */ ([document]);
    for (let index = 0; index < roots.length; index += 1) {
      for (const element of /** @type {Document | ShadowRoot} */ (roots[index]).querySelectorAll('*')) {
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    /** Shadow-including ancestor test. */
    const contains = (/** @type {Node} */ outer, /** @type {Node | null} */ inner) => {
      for (let node = inner; node; node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null)) {
        if (node === outer) return true;
      }
      return false;
    };
    const modals = roots
      .flatMap((root) => Array.from(root.querySelectorAll('[aria-modal="true"]')))
      .filter((dialog) => dialog.getClientRects().length > 0);
    // The topmost modal is one that holds no other open modal (the legal document inside the auth modal).
    const top = modals.find((dialog) => !modals.some((other) => other !== dialog && contains(dialog, other))) ?? null;
    const modalLabel = (/** @type {Element} */ dialog) => {
      const root = /** @type {Document | ShadowRoot} */ (dialog.getRootNode());
      const labelledBy = dialog.getAttribute('aria-labelledby');
      const label = labelledBy ? root.getElementById?.(labelledBy) : null;
      return (label?.textContent ?? dialog.getAttribute('aria-label') ?? 'dialog').trim();
    };

    const hosts = [];
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) {
      hosts.push(active.localName);
      active = active.shadowRoot.activeElement;
    }
    const base = { modal: top ? modalLabel(top) : null, hosts };
    if (!active || active === document.body || active === document.documentElement) {
      return { ...base, none: true, key: 0, tag: '', part: '', name: '', describe: '(nothing: body or browser UI)', rendered: false, outline: '', boxShadow: '', indicator: false, inModal: false };
    }
    if (!win.__keyboardKeys.has(active)) win.__keyboardKeys.set(active, win.__keyboardNext++);
    const style = getComputedStyle(active);
    const width = parseFloat(style.outlineWidth) || 0;
    const transparent = (/** @type {string} */ color) => color === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(color);
    const outlined = style.outlineStyle !== 'none' && width > 0 && !transparent(style.outlineColor);
    const shadowed = style.boxShadow !== 'none' && style.boxShadow !== '';
    const name = (active.getAttribute('aria-label') ?? active.textContent ?? active.getAttribute('name') ?? '').replace(/\s+/g, ' ').trim().slice(0, 60) || (active.getAttribute('name') ?? '');
    const tag = active.localName;
    const part = active.getAttribute('part') ?? '';
    return {
      ...base,
      none: false,
      key: win.__keyboardKeys.get(active),
      tag,
      part,
      name,
      describe: `${[...hosts, tag].join(' › ')}${part ? `[part="${part}"]` : ''}${active.getAttribute('name') ? `[name="${active.getAttribute('name')}"]` : ''} "${name}"`,
      rendered: active.getClientRects().length > 0,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      boxShadow: style.boxShadow,
      indicator: outlined || shadowed,
      inModal: top ? contains(top, active) : false,
    };
  });
}

/**
 * Fails unless the focused element is rendered and draws a focus indicator, and, while a modal is open, sits in
 * it. Focus on nothing (the body, or the browser's UI between the document's last and first stops) passes while
 * no modal is open: that is where Tab leaves a page.
 * @param {FocusInfo} info
 * @param {string} where - names the step in the message.
 */
export function assertFocusShown(info, where) {
  if (info.modal) assert.ok(info.inModal, `${where}: focus left the open modal "${info.modal}" for ${info.describe}`);
  if (info.none) return;
  assert.ok(info.rendered, `${where}: focus is on an element without a box: ${info.describe}`);
  assert.ok(info.indicator, `${where}: no visible focus indicator on ${info.describe} (outline ${info.outline}, box-shadow ${info.boxShadow})`);
}

/**
 * Tells whether the focused element is the one looked for.
 * @typedef {object} FocusTarget
 * @property {string} [host] - the innermost shadow host focus went through (`loyalty-panel`); '' for the light DOM.
 * @property {string} [part] - a part name it carries (`~=`).
 * @property {string} [tag]
 * @property {RegExp} [name] - matches its name.
 */

/**
 * @param {FocusInfo} info
 * @param {FocusTarget} target
 */
export function isFocusTarget(info, target) {
  if (info.none) return false;
  if (target.host !== undefined && (info.hosts.at(-1) ?? '') !== target.host) return false;
  if (target.part !== undefined && !info.part.split(/\s+/).includes(target.part)) return false;
  if (target.tag !== undefined && info.tag !== target.tag) return false;
  if (target.name !== undefined && !target.name.test(info.name)) return false;
  return true;
}

/**
 * Creates the keyboard driver of one page: every key it presses is followed by the focus check, and it counts
 * the checks.
 * @param {import('playwright-core').Page} page
 */
export function keyboardDriver(page) {
  let checks = 0;

  /**
   * Presses a key and checks focus afterwards.
   * @param {string} key
   * @param {string} where
   */
  async function press(key, where) {
    await page.keyboard.press(key);
    return check(`${where} (after ${key})`);
  }

  /** @param {string} where */
  async function check(where) {
    const info = await focusInfo(page);
    assertFocusShown(info, where);
    checks += 1;
    return info;
  }

  /**
   * Presses Tab (or Shift+Tab) until the target has focus, checking every stop.
   * @param {FocusTarget} target
   * @param {{ back?: boolean, max?: number }} [options]
   */
  async function tabTo(target, { back = false, max = 60 } = {}) {
    const seen = [];
    const current = await focusInfo(page);
    if (isFocusTarget(current, target)) return current;
    for (let step = 0; step < max; step += 1) {
      const info = await press(back ? 'Shift+Tab' : 'Tab', `Tab to ${JSON.stringify(target, regexpJson)}`);
      if (isFocusTarget(info, target)) return info;
      seen.push(info.describe);
    }
    throw new assert.AssertionError({ message: `Tab never reached ${JSON.stringify(target, regexpJson)}; stops:\n  ${seen.join('\n  ')}` });
  }

  /**
   * Walks a whole Tab cycle from the focused element, forwards and then backwards, and checks it for traps.
   * With a modal open, every stop is inside it and the walk comes back to where it started (Tab neither
   * escapes the modal nor sticks on one part of it). With none open, the walk leaves the element it started in
   * for the page and the browser's UI and comes back: Tab is trapped nowhere.
   * @param {string} where
   * @returns {Promise<number>} the number of stops in the cycle.
   */
  async function assertTabCycle(where) {
    await check(`${where}: before the cycle`);
    // The cycle starts at a Tab stop: focus may be on a heading that script focused, which Tab never revisits.
    const start = await press('Tab', `${where}: cycle start`);
    assert.ok(!start.none, `${where}: a Tab cycle starts from a focused element`);
    let stops = 0;
    for (const back of [false, true]) {
      const key = back ? 'Shift+Tab' : 'Tab';
      const visited = new Set();
      let leftHost = false;
      let returned = false;
      let previous = start.key;
      for (let step = 0; step < 120; step += 1) {
        const info = await press(key, `${where}: ${key} cycle`);
        if (start.modal) assert.ok(info.inModal, `${where}: ${key} left the modal "${start.modal}" for ${info.describe}`);
        if (info.none || (info.hosts[0] ?? '') !== (start.hosts[0] ?? '')) leftHost = true;
        // A date input is several stops (its segments and calendar button) on one element.
        if (info.key === previous) continue;
        previous = info.key;
        if (info.key === start.key) {
          returned = true;
          break;
        }
        assert.ok(info.none || !visited.has(info.key), `${where}: ${key} is trapped in a loop that skips the start, at ${info.describe}`);
        if (!info.none) visited.add(info.key);
      }
      assert.ok(returned, `${where}: ${key} never came back to ${start.describe}`);
      if (!start.modal) assert.ok(leftHost, `${where}: ${key} never left ${start.hosts[0] ?? 'the page'}: focus is trapped outside a modal`);
      stops = Math.max(stops, visited.size + 1);
    }
    return stops;
  }

  return {
    page,
    press,
    check,
    tabTo,
    assertTabCycle,
    /**
     * Types text into the focused control (key by key, as a guest does).
     * @param {string} text
     * @param {string} where
     */
    async type(text, where) {
      await page.keyboard.type(text);
      return check(`${where} (typed)`);
    },
    get checks() {
      return checks;
    },
  };
}

/** JSON.stringify replacer that shows regular expressions. */
function regexpJson(/** @type {string} */ _key, /** @type {unknown} */ value) {
  return value instanceof RegExp ? String(value) : value;
}

/**
 * Runs axe with the WCAG 2.0/2.1/2.2 A and AA tags on the whole document (axe looks into open shadow roots),
 * once running transitions ended (endless spinners are not waited for), and returns the violations in short.
 * @param {import('playwright-core').Page} page
 */
export async function wcagViolations(page) {
  await page.waitForFunction(() => {
    /** @type {Array<Document | ShadowRoot>} */
    const roots = [document];
    for (let index = 0; index < roots.length; index += 1) {
      for (const element of /** @type {Document | ShadowRoot} */ (roots[index]).querySelectorAll('*')) {
        if (element.shadowRoot) roots.push(element.shadowRoot);
      }
    }
    return roots.every((root) =>
      root.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    );
  });
  // Injected and run the way support.mjs does, so the strict-CSP pass of `npm test` works too.
  await injectAxe(page);
  return page.evaluate(async ({ tags, cspOptions }) => {
    // @ts-expect-error axe is the injected global
    const results = await window.axe.run(document, { ...cspOptions, runOnly: { type: 'tag', values: tags } });
    return results.violations.map((/** @type {any} */ violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((/** @type {any} */ node) => ({ target: node.target, html: node.html, summary: node.failureSummary })),
    }));
  }, { tags: AXE_TAGS, cspOptions: AXE_CSP_OPTIONS });
}

/**
 * Collects axe findings state by state across a suite, so every flow runs to its end and the report lists all.
 */
export function wcagAudit() {
  /** @type {Array<{ state: string, violations: Awaited<ReturnType<typeof wcagViolations>> }>} */
  const findings = [];
  const states = new Set();
  return {
    findings,
    /** How many states were checked. */
    get states() {
      return states.size;
    },
    /** How many violations (rule × state) were found. */
    get violations() {
      return findings.reduce((sum, finding) => sum + finding.violations.length, 0);
    },
    /**
     * @param {import('playwright-core').Page} page
     * @param {string} state - names the state (brand included) in the report.
     */
    async check(page, state) {
      states.add(state);
      const violations = await wcagViolations(page);
      if (violations.length > 0) findings.push({ state, violations });
    },
  };
}
