/**
 * The tooltip and the notification sit in the same place under the icon, so the notification waits while a
 * tooltip is due (docs/loyalty-widget.md "Tooltip and notification": each shows at most once per session). The tooltip's code loads after the icon has
 * painted: the notification must not take the place before that code arrives, or both show, one over the other.
 * A file of its own: the tooltip's module must not have loaded on this page before (a browser keeps a module it
 * loaded), and the dev server delays it as a slow network would.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until';
import '../../elements/index';
import { takeSessionFlag } from '../../src/lib/session-flags';
import { injectFault, pendingFaults, resetServer } from '../api/dev-server';

function tooltipOf(root: ParentNode): HTMLElement | null {
  return root.querySelector('loyalty-tooltip')?.shadowRoot?.querySelector<HTMLElement>('[part~="tooltip"]') ?? null;
}

function notificationOf(root: ParentNode): HTMLElement | null {
  return root.querySelector('loyalty-icon')?.shadowRoot?.querySelector<HTMLElement>('[part~="notification"]') ?? null;
}

describe('the tooltip before the notification', () => {
  before(async () => {
    await resetServer();
    takeSessionFlag('dont_show_tooltip');
    takeSessionFlag('dont_show_notification');
  });

  it('the notification waits for a tooltip whose code is still loading, then for the tooltip to close', async () => {
    await injectFault({ path: '/src/core/tooltip.ts', delayMs: 1500, times: 1 });
    const root = await fixture<HTMLElement>(html`<div><loyalty-icon class="loyalty-icon"></loyalty-icon><loyalty-tooltip></loyalty-tooltip></div>`);
    let notificationBeforeTooltip = false;
    await waitUntil(() => {
      if (!tooltipOf(root) && notificationOf(root)) notificationBeforeTooltip = true;
      return tooltipOf(root);
    }, 'tooltip shown', { interval: 20 });
    expect(await pendingFaults(), 'the tooltip code was slow to come').to.deep.equal([]);
    expect(notificationBeforeTooltip, 'the notification showed while the tooltip code loaded').to.equal(false);
    expect(notificationOf(root), 'the notification over the tooltip').to.equal(null);
    tooltipOf(root)!.querySelector<HTMLButtonElement>('[part~="tooltip-close"]')!.click();
    await waitUntil(() => notificationOf(root), 'the notification once the tooltip closed');
  });
});
