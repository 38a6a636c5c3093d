import { expect } from '@open-wc/testing';
import { windowNavigator } from '../../src/components/auth/pageNavigator';
import { waitUntil } from '../support/wait-until';
import { primeCsrfCookie, recordedRequests, resetServer } from '../api/dev-server';

const CONFIRMATION = '/bookcore/booking/confirmation/';

/** A frame showing the booking confirmation as the answer to the booking form's POST. */
async function frameReachedByPost(token: string): Promise<HTMLIFrameElement> {
  const frame = Object.assign(document.createElement('iframe'), { name: 'booking-frame' });
  document.body.append(frame);
  const form = Object.assign(document.createElement('form'), { method: 'post', action: CONFIRMATION, target: 'booking-frame' });
  for (const [name, value] of [['csrfmiddlewaretoken', token], ['huesped', 'Ana García']] as const) {
    form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
  }
  document.body.append(form);
  form.submit();
  form.remove();
  await waitUntil(() => frame.contentDocument?.querySelector('main')?.getAttribute('data-booking') === 'confirmed', 'the confirmation rendered from the POST', { timeout: 5000 });
  return frame;
}

describe('the page navigator', () => {
  beforeEach(async () => {
    await resetServer();
  });

  it("loads the page's address again by GET, never sending again the form that rendered it (docs/loyalty-widget.md, \"After sign-in\")", async () => {
    const frame = await frameReachedByPost(await primeCsrfCookie());
    try {
      const confirmation = frame.contentDocument;
      windowNavigator(frame.contentWindow!).reload();
      await waitUntil(() => frame.contentDocument !== confirmation && frame.contentDocument?.readyState === 'complete', 'a new document in the frame', { timeout: 5000 });
      expect((await recordedRequests(CONFIRMATION)).map((request) => request.method)).to.deep.equal(['POST', 'GET']);
      expect(frame.contentWindow!.location.pathname).to.equal(CONFIRMATION);
      expect(frame.contentDocument!.querySelector('main')!.getAttribute('data-booking')).to.equal('form');
    } finally {
      frame.remove();
    }
  });

  it('leaves a fragment out, so the same address is loaded and not only scrolled to', async () => {
    const frame = await frameReachedByPost(await primeCsrfCookie());
    try {
      frame.contentWindow!.history.replaceState(null, '', `${CONFIRMATION}#resumen`);
      const confirmation = frame.contentDocument;
      windowNavigator(frame.contentWindow!).reload();
      await waitUntil(() => frame.contentDocument !== confirmation && frame.contentDocument?.readyState === 'complete', 'a new document in the frame', { timeout: 5000 });
      expect(frame.contentWindow!.location.href).to.equal(`${location.origin}${CONFIRMATION}`);
    } finally {
      frame.remove();
    }
  });
});
