import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import { sendKeys } from '@web/test-runner-commands';
import { createRoot, type Root } from 'react-dom/client';
import { ElementRoot } from '../../src/components/ElementRoot';
import { Translated } from '../../src/components/Translated';
import { Form, forgetLegalDocuments, type FormProps, type FormSubmission } from '../../src/forms';
import formsCss from '../../styles/forms.css';
import hostCss from '../../styles/host.css';
import tokensCss from '../../styles/tokens.css';
import { injectFault, resetServer } from '../api/dev-server';
import { pageRuntime } from '../../src/core/runtime';

const roots: Root[] = [];
const TOKENS_KEY = Symbol.for('loyalty-elements.tokens');

/** The token defaults live in the document, as the elements put them there (src/core/stylesheets.ts). */
function adoptTokensOnce(): void {
  const page = document as Document & { [TOKENS_KEY]?: true };
  if (page[TOKENS_KEY]) return;
  page[TOKENS_KEY] = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(tokensCss);
  page.adoptedStyleSheets = [...page.adoptedStyleSheets, sheet];
}

/** Renders a Form into the open shadow root of a fresh div, the way the elements render features. */
async function renderForm(props: FormProps): Promise<ShadowRoot> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const shadow = host.attachShadow({ mode: 'open' });
  adoptTokensOnce();
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(hostCss + formsCss);
  shadow.adoptedStyleSheets = [sheet];
  const root = createRoot(shadow);
  roots.push(root);
  root.render(
    <ElementRoot runtime={pageRuntime()} host={host}>
      <Translated>
        <Form {...props} />
      </Translated>
    </ElementRoot>,
  );
  await waitUntil(() => shadow.querySelector('form'), 'form rendered');
  return shadow;
}

const TERMS = {
  conditionId: 'terms',
  name: 'politica',
  label: 'He leído y acepto',
  conditionsLinkLabel: 'las condiciones',
  andLabel: 'y',
  privacyLinkLabel: 'la política de privacidad',
  conditionsTitle: 'Condiciones del programa',
  privacyTitle: 'Privacidad',
  conditionsUrl: '/legal/conditions.html',
  privacyUrl: '/legal/privacy.html',
  required: true,
  errorText: 'Debes aceptar las condiciones.',
};

function conditionsLink(shadow: ShadowRoot): HTMLAnchorElement {
  return shadow.querySelector<HTMLAnchorElement>('a[href="/legal/conditions.html"]')!;
}

function privacyLink(shadow: ShadowRoot): HTMLAnchorElement {
  return shadow.querySelector<HTMLAnchorElement>('a[href="/legal/privacy.html"]')!;
}

function dialogOf(shadow: ShadowRoot): HTMLElement | null {
  return shadow.querySelector<HTMLElement>('[role="dialog"]');
}

async function openConditions(shadow: ShadowRoot): Promise<HTMLElement> {
  conditionsLink(shadow).focus();
  conditionsLink(shadow).click();
  await waitUntil(() => dialogOf(shadow)?.querySelector('[part~="legal-document"]')?.childNodes.length, 'modal open with its text', { timeout: 5000 });
  return dialogOf(shadow)!;
}

/** Counts the page's fetches per path: the dev server does not log its static area. */
function countFetches(): { count: (path: string) => number; requests: { path: string; init: RequestInit | undefined }[]; restore: () => void } {
  const original = window.fetch;
  const requests: { path: string; init: RequestInit | undefined }[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    requests.push({ path: url.pathname, init });
    return original.call(window, input, init);
  };
  return {
    requests,
    count: (path) => requests.filter((request) => request.path === path).length,
    restore: () => {
      window.fetch = original;
    },
  };
}

let fetches: ReturnType<typeof countFetches>;

beforeEach(async () => {
  await resetServer();
  forgetLegalDocuments();
  fetches = countFetches();
});

afterEach(() => {
  fetches.restore();
  for (const root of roots.splice(0)) root.unmount();
});

describe('legal-document modal', () => {
  it('shows a loader while fetching, then a labelled modal dialog with the document, focus inside', async () => {
    await injectFault({ path: '/legal/conditions.html', delayMs: 400, times: 1 });
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    conditionsLink(shadow).focus();
    conditionsLink(shadow).click();
    await waitUntil(() => shadow.querySelector('[part~="loader"]'), 'loader shown');
    expect(shadow.querySelector('[part~="loader"]')!.getAttribute('role')).to.equal('status');
    expect(dialogOf(shadow)).to.equal(null);

    await waitUntil(() => dialogOf(shadow), 'modal open', { timeout: 5000 });
    expect(shadow.querySelector('[part~="loader"]')).to.equal(null);
    const dialog = dialogOf(shadow)!;
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    const title = shadow.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).to.equal('Condiciones del programa');
    await waitUntil(() => dialog.querySelector('[part~="legal-document"] h3'), 'document shown');
    expect(dialog.querySelector('[part~="legal-document"] h3')!.textContent).to.equal('Condiciones del programa de fidelización');
    expect(dialog.querySelector('[part~="legal-document"]')!.closest('[lang]')!.getAttribute('lang')).to.equal('es');
    expect(dialog.contains(shadow.activeElement)).to.equal(true);
    // Clicking the link inside the label did not tick the box.
    expect(shadow.querySelector<HTMLInputElement>('[name="politica"]')!.checked).to.equal(false);
  });

  it('labels the modal in the documents\' language (the consent\'s language), not the page\'s; its close button stays in the widget\'s', async () => {
    const shadow = await renderForm({ fields: [], consents: [{ ...TERMS, language: 'en' }], onSubmit: async () => {} });
    const dialog = await openConditions(shadow);
    const title = shadow.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(title.closest('[lang]')!.getAttribute('lang')).to.equal('en');
    await waitUntil(() => dialog.querySelector('[part~="legal-document"]'), 'document shown');
    expect(dialog.querySelector('[part~="legal-document"]')!.closest('[lang]')!.getAttribute('lang')).to.equal('en');
    expect(dialog.querySelector('[part~="dialog-close"]')!.closest('[lang]')?.getAttribute('lang')).to.not.equal('en');
  });

  it("puts the document's own headings under the dialog's title: one h2 per view, the document's from h3 on, smaller than the title", async () => {
    await injectFault({
      path: '/legal/conditions.html',
      body: '<h1 id="top" class="doc">Condiciones</h1><p>Texto.</p><h2>1. Alta</h2><p>Más.</p><h4>1.1 Edad</h4><h6>Nota</h6>',
      contentType: 'text/html',
    });
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    const dialog = await openConditions(shadow);
    const content = dialog.querySelector('[part~="legal-document"]')!;
    // One h2 in the dialog (its title); the document's levels keep their order, shifted under it, h6 the floor.
    expect(Array.from(dialog.querySelectorAll('h1, h2')).map((heading) => heading.textContent)).to.deep.equal(['Condiciones del programa']);
    expect(Array.from(content.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => `${heading.localName} ${heading.textContent}`)).to.deep.equal([
      'h3 Condiciones',
      'h4 1. Alta',
      'h6 1.1 Edad',
      'h6 Nota',
    ]);
    // What sanitising let through stays on the heading (its id, prefixed against clobbering).
    expect(content.querySelector('h3')!.id).to.equal('user-content-top');
    const size = (element: Element) => parseFloat(getComputedStyle(element).fontSize);
    const title = shadow.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    for (const heading of content.querySelectorAll('h3, h4, h5, h6')) expect(size(heading)).to.be.at.most(size(title));
  });

  it('fetches each document once, with credentials and Content-Type text/html, then uses the cached text', async () => {
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    await openConditions(shadow);
    shadow.querySelector<HTMLButtonElement>('[part~="dialog-close"]')!.click();
    await waitUntil(() => !dialogOf(shadow), 'closed');
    await openConditions(shadow);
    expect(shadow.querySelector('[part~="loader"]')).to.equal(null);
    shadow.querySelector<HTMLButtonElement>('[part~="dialog-close"]')!.click();
    await waitUntil(() => !dialogOf(shadow), 'closed again');
    expect(fetches.count('/legal/conditions.html')).to.equal(1);
    const request = fetches.requests.find((entry) => entry.path === '/legal/conditions.html')!;
    expect(request.init?.credentials).to.equal('include');
    expect(new Headers(request.init?.headers).get('content-type')).to.equal('text/html');

    privacyLink(shadow).click();
    await waitUntil(() => dialogOf(shadow)?.querySelector('[part~="legal-document"] h3'), 'privacy open', { timeout: 5000 });
    expect(shadow.getElementById(dialogOf(shadow)!.getAttribute('aria-labelledby')!)!.textContent).to.equal('Privacidad');
    expect(fetches.count('/legal/privacy.html')).to.equal(1);
    expect(fetches.count('/legal/conditions.html')).to.equal(1);
  });

  it('shares the cache between forms, and a double click makes one request', async () => {
    await injectFault({ path: '/legal/conditions.html', delayMs: 200, times: 1 });
    const first = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    conditionsLink(first).click();
    conditionsLink(first).click();
    await waitUntil(() => dialogOf(first), 'modal open', { timeout: 5000 });
    const second = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    await openConditions(second);
    expect(fetches.count('/legal/conditions.html')).to.equal(1);
  });

  // Firefox's driver (puppeteer over BiDi) knows no 'Shift+Tab' combo, so there Shift is held around Tab in
  // three commands; WebKit's (WebDriver) knows only press and type, so there it is the combo.
  const firefox = /Firefox\//.test(navigator.userAgent);
  async function pressShiftTab(): Promise<void> {
    if (!firefox) {
      await sendKeys({ press: 'Shift+Tab' });
      return;
    }
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
  }

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    const dialog = await openConditions(shadow);
    const close = dialog.querySelector<HTMLElement>('[part~="dialog-close"]')!;
    expect(shadow.activeElement).to.equal(close);
    const visited: Element[] = [];
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      visited.push(shadow.activeElement!);
      expect(dialog.contains(shadow.activeElement), `Tab ${i + 1} stays inside`).to.equal(true);
    }
    // Forwards it cycles: close button → document → its mail link → close button…
    expect(visited).to.include(close);
    await pressShiftTab();
    expect(dialog.contains(shadow.activeElement)).to.equal(true);
    close.focus();
    await pressShiftTab();
    expect(dialog.contains(shadow.activeElement), 'Shift+Tab from the first element wraps to the last').to.equal(true);
    expect(shadow.activeElement).to.not.equal(close);
  });

  it('closes on Escape without letting it reach the page, and gives focus back to the link', async () => {
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    let escapesHeardOutside = 0;
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Escape') escapesHeardOutside++;
    };
    document.addEventListener('keydown', listener);
    try {
      await openConditions(shadow);
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialogOf(shadow), 'closed by Escape');
    } finally {
      document.removeEventListener('keydown', listener);
    }
    expect(escapesHeardOutside).to.equal(0);
    expect(shadow.activeElement).to.equal(conditionsLink(shadow));
  });

  it('closes on the legacy key code 27 too', async () => {
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    const dialog = await openConditions(shadow);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { keyCode: 27, bubbles: true, composed: true } as KeyboardEventInit));
    await waitUntil(() => !dialogOf(shadow), 'closed by key code 27');
  });

  it('closes with the close button and gives focus back to the link that opened it', async () => {
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    privacyLink(shadow).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialogOf(shadow)?.querySelector('[part~="legal-document"] h3'), 'privacy open', { timeout: 5000 });
    const close = dialogOf(shadow)!.querySelector<HTMLButtonElement>('[part~="dialog-close"]')!;
    expect(close.getAttribute('aria-label')).to.equal('Cerrar');
    expect(shadow.activeElement).to.equal(close);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialogOf(shadow), 'closed');
    expect(shadow.activeElement).to.equal(privacyLink(shadow));
  });

  it('sanitises a hostile document: nothing runs and its links open safely', async () => {
    const win = window as Window & { __xss?: number };
    delete win.__xss;
    await injectFault({
      path: '/legal/conditions.html',
      body: '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="https://example.org">x</a><a href="javascript:window.__xss=3">y</a><style>form{display:none}</style>',
      contentType: 'text/html',
    });
    const shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async () => {} });
    conditionsLink(shadow).click();
    await waitUntil(() => dialogOf(shadow)?.querySelector('[part~="legal-document"] a'), 'modal open', { timeout: 5000 });
    const content = dialogOf(shadow)!.querySelector('[part~="legal-document"]')!;
    const image = content.querySelector('img')!;
    // Give the broken image time to fail, which would have fired its handler.
    await waitUntil(() => image.complete, 'image settled');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(win.__xss).to.equal(undefined);
    expect(image.hasAttribute('onerror')).to.equal(false);
    expect(content.querySelector('script, style')).to.equal(null);
    const [safe, scripted] = Array.from(content.querySelectorAll('a'));
    expect(safe!.getAttribute('href')).to.equal('https://example.org');
    expect(safe!.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(safe!.getAttribute('target')).to.equal('_blank');
    expect(scripted!.hasAttribute('href') && scripted!.getAttribute('href')!.startsWith('javascript:')).to.equal(false);
    scripted!.click();
    expect(win.__xss).to.equal(undefined);
  });

  it('hides the loader and shows nothing when the fetch fails, and the form stays usable', async () => {
    await injectFault({ path: '/legal/conditions.html', status: 500, body: 'boom', contentType: 'text/html', times: 1 });
    const submitted: FormSubmission[] = [];
    const original = console.warn;
    const warnings: string[] = [];
    console.warn = (message: unknown) => void warnings.push(String(message));
    let shadow: ShadowRoot;
    try {
      shadow = await renderForm({ fields: [], consents: [TERMS], onSubmit: async (payload) => void submitted.push(payload) });
      conditionsLink(shadow).click();
      await waitUntil(() => warnings.length > 0, 'failure logged', { timeout: 5000 });
    } finally {
      console.warn = original;
    }
    await waitUntil(() => !shadow.querySelector('[part~="loader"]'), 'loader hidden');
    expect(dialogOf(shadow)).to.equal(null);
    expect(shadow.querySelector('[role="alert"]')!.textContent).to.equal('');

    shadow.querySelector<HTMLInputElement>('[name="politica"]')!.click();
    shadow.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitUntil(() => submitted.length === 1, 'form still submits');
    expect(submitted[0]).to.deep.equal({ politica: 'true' });

    // The failure was not cached: the next click fetches again and opens.
    await openConditions(shadow);
    expect(fetches.count('/legal/conditions.html')).to.equal(2);
  });

  it('is accessible with the modal open', async () => {
    const shadow = await renderForm({ fields: [{ name: 'email', label: 'Correo', type: 'email', required: true, order: 1 }], consents: [TERMS], onSubmit: async () => {} });
    await openConditions(shadow);
    await expect(shadow.host).to.be.accessible();
  });
});
