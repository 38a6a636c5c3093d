import { expect, fixture } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
// The parts loaded before the first test: these tests wait on what the parts show, not on their loading.
import '../support/on-demand-parts';
import { setPageNavigator } from '../../src/components/auth/pageNavigator';
import { takeSessionFlag } from '../../src/lib/session-flags';
import { injectFault, primeCsrfCookie, resetServer } from '../api/dev-server';
import { createRuntime, providePageRuntime } from '../../src/core/runtime';

// The panel's one layout system (docs/theming.md "Layout"): one centred column of at most 400 px in every section,
// its actions of one width and one height, every control a fingertip (44 × 44 px) at 360 px, the logo in the
// header, and on a phone a full-screen sheet. Measured through the tags, in the three engines.

const SDKS = 'data-google-sdk-url="/sdk/google-gsi.js" data-facebook-sdk-url="/sdk/facebook-sdk.js"';
const FINGERTIP = 44;
/** Sub-pixel rounding of layout boxes. */
const EPSILON = 0.5;

// WebKit's WebDriver sets no viewport: the phone-sheet and desktop-modal cases, which need the viewport's width
// (the sheet is a media query), run in Chromium and Firefox; the column and target cases size the panel's
// container instead and run everywhere (docs/development.md "Browser engines").
const canSetViewport = await setViewport({ width: 800, height: 600 }).then(
  () => true,
  () => false,
);
const itWithViewport = canSetViewport ? it : it.skip;

let restoreNavigator: () => void = () => undefined;

beforeEach(async () => {
  await resetServer();
  await primeCsrfCookie();
  providePageRuntime(createRuntime());
  takeSessionFlag('dont_show_tooltip');
  takeSessionFlag('dont_show_notification');
  restoreNavigator = setPageNavigator({ assign: () => undefined, reload: () => undefined });
  document.body.classList.remove('open-modal');
});

afterEach(async () => {
  restoreNavigator();
  if (canSetViewport) await setViewport({ width: 800, height: 600 });
});

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

async function sectionShown(panel: HTMLElement, section: string): Promise<HTMLElement> {
  await waitUntil(() => panel.shadowRoot?.querySelector(`[data-section="${section}"] [data-section-heading]`), `${section} shown`, { timeout: 5000 });
  const shown = panel.shadowRoot!.querySelector<HTMLElement>(`[part~="auth-section"][data-section="${section}"]`)!;
  if (section === 'PRE_SIGNUP' || section === 'SIGNIN') {
    await waitUntil(() => shown.querySelector('[data-standin="google"]') && shown.querySelector('[part~="social-facebook"] button'), 'both social buttons', { timeout: 5000 });
  }
  await nextFrame();
  return shown;
}

/** An inline panel in a container of the given width (what WebKit can do without a viewport). */
async function inlinePanel(section: string, width: number): Promise<{ panel: HTMLElement; shown: HTMLElement }> {
  const container = await fixture<HTMLElement>(`<div style="width:${width}px"><loyalty-panel data-active-section="${section}" ${SDKS}></loyalty-panel></div>`);
  const panel = container.querySelector<HTMLElement>('loyalty-panel')!;
  return { panel, shown: await sectionShown(panel, section) };
}

/** The panel's modal, opened by the icon, at the current viewport. */
async function modalPanel(section: string): Promise<{ panel: HTMLElement; shown: HTMLElement; dialog: HTMLElement }> {
  const root = await fixture<HTMLElement>(`<div><loyalty-icon></loyalty-icon><loyalty-panel data-active-section="${section}" ${SDKS}></loyalty-panel></div>`);
  const icon = root.querySelector<HTMLElement>('loyalty-icon')!;
  const panel = root.querySelector<HTMLElement>('loyalty-panel')!;
  await waitUntil(() => icon.shadowRoot?.querySelector('[part~="button"]'), 'icon rendered', { timeout: 5000 });
  icon.shadowRoot!.querySelector<HTMLElement>('[part~="button"]')!.click();
  const shown = await sectionShown(panel, section);
  return { panel, shown, dialog: panel.shadowRoot!.querySelector<HTMLElement>('[role="dialog"]')! };
}

const INTERACTIVE = 'button, a[href], input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';

function label(element: Element): string {
  return `${element.tagName.toLowerCase()} ${element.getAttribute('part') ?? ''} "${(element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 30)}"`;
}

/**
 * The box a finger can press to use a control: its own, grown by its label's when a label for it activates it too
 * (a checkbox and the text beside it); for Google's button, the slot Google draws in (its button is Google's,
 * at most 40 px tall: the slot gives the row its 44 px).
 */
function targetBox(control: HTMLElement): { width: number; height: number } {
  const rects = [control.getBoundingClientRect()];
  if (control instanceof HTMLInputElement && control.type === 'checkbox') {
    for (const forLabel of control.labels ?? []) rects.push(forLabel.getBoundingClientRect());
  }
  const slot = control.closest('[part~="social-google"]');
  if (slot) rects.push(slot.getBoundingClientRect());
  const left = Math.min(...rects.map((rect) => rect.left));
  const right = Math.max(...rects.map((rect) => rect.right));
  const top = Math.min(...rects.map((rect) => rect.top));
  const bottom = Math.max(...rects.map((rect) => rect.bottom));
  return { width: right - left, height: bottom - top };
}

/** The section's actions: its buttons (primary, secondary, the providers', the e-mail one) and Google's slot. */
function actions(shown: HTMLElement): HTMLElement[] {
  return [
    ...shown.querySelectorAll<HTMLElement>('[part~="button"], [part~="social-google"]'),
  ].filter((element) => element.getClientRects().length > 0);
}

describe('one layout system', () => {
  for (const section of ['PRE_SIGNUP', 'SIGNIN', 'SIGNUP', 'PASS_RECOVERY']) {
    it(`${section} at 360 px: every control at least 44 × 44 px, the actions of one width and one height (44–48 px)`, async () => {
      const { panel, shown } = await inlinePanel(section, 360);
      const controls = [...panel.shadowRoot!.querySelectorAll<HTMLElement>(INTERACTIVE)].filter(
        (element) => element.getClientRects().length > 0 && !element.closest('[hidden]'),
      );
      expect(controls.length, 'controls found').to.be.at.least(2);
      const small = controls
        .map((control) => ({ control, box: targetBox(control) }))
        .filter(({ box }) => box.height < FINGERTIP - EPSILON || box.width < FINGERTIP - EPSILON)
        .map(({ control, box }) => `${label(control)} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
      expect(small, 'controls under 44 × 44 px').to.deep.equal([]);
      // A press at a control's centre reaches it: no neighbour's hit area (two links on adjacent lines) covers it.
      const shadow = panel.shadowRoot!;
      const covered = controls
        .filter((control) => !control.closest('[part~="social-google"]'))
        .filter((control) => {
          control.scrollIntoView({ block: 'center', inline: 'center' });
          const box = control.getBoundingClientRect();
          const hit = shadow.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          const ownLabels = control instanceof HTMLInputElement ? [...(control.labels ?? [])] : [];
          return !(hit && (control.contains(hit) || ownLabels.some((own) => own.contains(hit))));
        })
        .map((control) => label(control));
      expect(covered, 'controls whose centre another control covers').to.deep.equal([]);

      const found = actions(shown);
      expect(found.length, 'actions').to.be.at.least(1);
      const widths = found.map((element) => element.getBoundingClientRect().width);
      const heights = found.map((element) => element.getBoundingClientRect().height);
      expect(Math.max(...widths) - Math.min(...widths), `action widths ${widths.join(', ')}`).to.be.at.most(1);
      for (const height of heights) {
        expect(height, `action heights ${heights.join(', ')}`).to.be.within(FINGERTIP - EPSILON, 48 + EPSILON);
      }
      const column = shown.getBoundingClientRect().width;
      expect(Math.min(...widths), `actions as wide as the column (${column} px)`).to.be.at.least(column - 1);
      const divider = shown.querySelector<HTMLElement>('[part~="social-divider"]');
      if (divider) expect(Math.abs(divider.getBoundingClientRect().width - column), 'the divider the column’s width').to.be.at.most(1);
    });
  }

  for (const section of ['PRE_SIGNUP', 'SIGNIN']) {
    it(`${section} at 360 px: each social button itself, Google's drawn one included, as wide and as tall as the section's other actions`, async () => {
      const { shown } = await inlinePanel(section, 360);
      const google = shown.querySelector<HTMLElement>('[part~="social-google"] [data-standin="google"]')!;
      const facebook = shown.querySelector<HTMLElement>('[part~="social-facebook"] [part~="social-button"]')!;
      const others = [...shown.querySelectorAll<HTMLElement>('[part~="button"]')].filter(
        (element) => element.getClientRects().length > 0 && !element.closest('[part~="social"]'),
      );
      expect(others.length, 'the section’s own actions').to.be.at.least(1);
      const reference = others[0]!.getBoundingClientRect();
      for (const [name, button] of [['Google', google], ['Facebook', facebook]] as const) {
        // The box as drawn, transforms included: what the guest sees and presses.
        const box = button.getBoundingClientRect();
        expect(Math.abs(box.height - reference.height), `${name} ${box.width.toFixed(1)}×${box.height.toFixed(1)} vs ${reference.width.toFixed(1)}×${reference.height.toFixed(1)}`).to.be.at.most(1);
        expect(Math.abs(box.width - reference.width), `${name} ${box.width.toFixed(1)}×${box.height.toFixed(1)} vs ${reference.width.toFixed(1)}×${reference.height.toFixed(1)}`).to.be.at.most(1);
        expect(Math.abs(box.left - reference.left), `${name} lined up with the actions`).to.be.at.most(1);
      }
    });
  }

  for (const section of ['PRE_SIGNUP', 'SIGNIN', 'SIGNUP', 'PASS_RECOVERY']) {
    it(`${section} in a 1366 px container: one centred column of at most 400 px`, async () => {
      const { panel, shown } = await inlinePanel(section, 1366);
      const column = shown.getBoundingClientRect();
      const content = panel.shadowRoot!.querySelector<HTMLElement>('[part~="panel-content"]')!.getBoundingClientRect();
      expect(column.width, 'the column’s width').to.be.within(300, 400);
      expect(Math.abs(column.left - content.left - (content.right - column.right)), 'centred').to.be.at.most(1);
      for (const action of actions(shown)) {
        const box = action.getBoundingClientRect();
        expect(Math.abs(box.left - column.left) + Math.abs(box.right - column.right), `${label(action)} spans the column`).to.be.at.most(1);
      }
    });
  }

  itWithViewport('the modal at 1366 px: the column centred in the dialog, at most 400 px, and no empty third', async () => {
    await setViewport({ width: 1366, height: 900 });
    const { shown, dialog } = await modalPanel('PRE_SIGNUP');
    const column = shown.getBoundingClientRect();
    const box = dialog.getBoundingClientRect();
    expect(column.width).to.be.at.most(400);
    expect(Math.abs(column.left - box.left - (box.right - column.right)), 'centred in the dialog').to.be.at.most(1);
    expect(box.width - column.width, 'the dialog hugs its column').to.be.at.most(100);
  });

  itWithViewport('on a 360 px phone: a full-screen sheet, the close button in a header that stays while the body scrolls', async () => {
    await setViewport({ width: 360, height: 640 });
    const { shown, dialog } = await modalPanel('SIGNUP');
    const box = dialog.getBoundingClientRect();
    expect([box.left, box.top, box.width, box.height], 'the sheet covers the viewport').to.deep.equal([0, 0, 360, 640]);
    const header = dialog.querySelector<HTMLElement>('[part~="dialog-header"]')!;
    const close = dialog.querySelector<HTMLElement>('[part~="dialog-close"]')!;
    const body = dialog.querySelector<HTMLElement>('[part~="dialog-body"]')!;
    expect(header.contains(close)).to.equal(true);
    // The header is a bar of its own: the section starts below it, not under the close button.
    expect(shown.getBoundingClientRect().top, 'the section below the header').to.be.at.least(header.getBoundingClientRect().bottom - EPSILON);
    const submit = shown.querySelector<HTMLElement>('[part~="submit"]')!;
    // The primary action keeps to the sheet's bottom (the test below): the guest scrolls the form to its end.
    body.scrollTop = body.scrollHeight;
    await nextFrame();
    expect(body.scrollTop, 'the body scrolled').to.be.greaterThan(0);
    const closeBox = close.getBoundingClientRect();
    expect(closeBox.top, 'the close button still in view').to.be.at.least(0);
    const submitBox = submit.getBoundingClientRect();
    expect(submitBox.bottom, 'the primary action reachable').to.be.at.most(640 + EPSILON);
    expect(submitBox.top).to.be.at.least(header.getBoundingClientRect().bottom - EPSILON);
  });

  itWithViewport('on a 360 × 640 phone the primary action stays reachable: in view over the long SIGNUP form before any scroll, pressable at its centre, and still there at the end', async () => {
    await setViewport({ width: 360, height: 640 });
    const { shown, dialog } = await modalPanel('SIGNUP');
    const body = dialog.querySelector<HTMLElement>('[part~="dialog-body"]')!;
    const header = dialog.querySelector<HTMLElement>('[part~="dialog-header"]')!;
    const submit = shown.querySelector<HTMLElement>('[part~="submit"]')!;
    expect(body.scrollHeight, 'the form is longer than the screen').to.be.greaterThan(body.clientHeight);
    const reachable = (when: string) => {
      const box = submit.getBoundingClientRect();
      expect(box.bottom, `${when}: within the screen`).to.be.at.most(640 + EPSILON);
      expect(box.top, `${when}: below the header`).to.be.at.least(header.getBoundingClientRect().bottom - EPSILON);
      const hit = dialog.getRootNode() instanceof ShadowRoot ? (dialog.getRootNode() as ShadowRoot).elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null;
      expect(hit !== null && submit.contains(hit), `${when}: a press at its centre reaches it (${hit?.getAttribute('part') ?? hit?.tagName})`).to.equal(true);
    };
    body.scrollTop = 0;
    await nextFrame();
    reachable('before any scroll');
    body.scrollTop = body.scrollHeight;
    await nextFrame();
    reachable('scrolled to the end');
  });

  it('an even field rhythm: each field’s one line under its control (its reserved error line, or its hint) equally spaced, no empty slot taller than a line (SIGNUP, 360 px)', async () => {
    const { shown } = await inlinePanel('SIGNUP', 360);
    const fields = [...shown.querySelectorAll<HTMLElement>('[part~="field"]:not([part~="field-checkbox"])')];
    expect(fields.length).to.be.at.least(3);
    const above: number[] = [];
    const below: number[] = [];
    for (let index = 0; index < fields.length - 1; index += 1) {
      const field = fields[index]!;
      const control = field.querySelector<HTMLElement>('[part~="input"], [part~="select"]')!;
      const line = field.querySelector<HTMLElement>('[part~="field-hint"]') ?? field.querySelector<HTMLElement>('[part~="field-error"]')!;
      const nextLabel = fields[index + 1]!.querySelector<HTMLElement>('[part~="label"]')!;
      above.push(line.getBoundingClientRect().top - control.getBoundingClientRect().bottom);
      below.push(nextLabel.getBoundingClientRect().top - line.getBoundingClientRect().bottom);
      if (line.matches('[part~="field-error"]')) {
        expect(line.getBoundingClientRect().height, 'an empty error line is one line').to.be.at.most(24);
      }
    }
    const text = `control → line ${above.map((gap) => gap.toFixed(1)).join(', ')}; line → next label ${below.map((gap) => gap.toFixed(1)).join(', ')}`;
    expect(Math.max(...above) - Math.min(...above), text).to.be.at.most(1);
    expect(Math.max(...below) - Math.min(...below), text).to.be.at.most(1);
  });

  it('with no logo configured, no logo box: the modal’s header holds the close button alone and takes no row, and an inline panel has no header', async () => {
    const settings = (await (await fetch('/bookcore/partempresas/loyalty/settings/')).json()) as { settings: Record<string, unknown> };
    const withoutLogo = { ...settings, settings: { ...settings.settings, loyaltyLogo: undefined } };
    await injectFault({ path: '/bookcore/partempresas/loyalty/settings/', status: 200, body: withoutLogo, times: 1 });
    const { shown, dialog } = await modalPanel('SIGNIN');
    const header = dialog.querySelector<HTMLElement>('[part~="dialog-header"]')!;
    const close = header.querySelector<HTMLElement>('[part~="dialog-close"]')!;
    expect(dialog.querySelector('[part~="panel-logo"], [part~="panel-header"]'), 'no logo, no logo box').to.equal(null);
    expect(dialog.querySelectorAll('img').length, 'no image anywhere in the dialog').to.equal(0);
    expect([...header.children].filter((child) => child !== close && child.getClientRects().length > 0), 'nothing in the header but the close button').to.deep.equal([]);
    const headerBox = header.getBoundingClientRect();
    expect(headerBox.height, 'the header no taller than its close button').to.be.at.most(close.getBoundingClientRect().height + EPSILON);
    // No row of its own: the section's heading starts level with the close button, not under a logo row.
    expect(shown.getBoundingClientRect().top, 'the section not pushed below a logo row').to.be.below(close.getBoundingClientRect().bottom);

    providePageRuntime(createRuntime());
    await injectFault({ path: '/bookcore/partempresas/loyalty/settings/', status: 200, body: withoutLogo, times: 1 });
    const { panel } = await inlinePanel('SIGNIN', 360);
    expect(panel.shadowRoot!.querySelector('[part~="panel-header"], [part~="panel-logo"]'), 'inline: no header row').to.equal(null);
  });

  it('the logo shows in the modal’s header, not in the body', async () => {
    const { shown, dialog } = await modalPanel('SIGNIN');
    await waitUntil(() => dialog.querySelector('[part~="panel-logo"]'), 'the logo', { timeout: 5000 });
    const logo = dialog.querySelector<HTMLElement>('[part~="panel-logo"]')!;
    expect(logo.closest('[part~="dialog-header"]'), 'in the header').to.not.equal(null);
    expect(dialog.querySelector('[part~="dialog-body"] img'), 'no image in the body').to.equal(null);
    expect(shown.getBoundingClientRect().top).to.be.at.least(logo.getBoundingClientRect().bottom - EPSILON);
  });
});
