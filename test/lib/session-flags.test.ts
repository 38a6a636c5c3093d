import { expect } from '@open-wc/testing';
import { hasSessionFlag, setSessionFlag, takeSessionFlag } from '../../src/lib/session-flags';

describe('session flags', () => {
  beforeEach(() => sessionStorage.clear());

  it('stores a flag in sessionStorage under its name (docs/loyalty-widget.md "Tooltip and notification") with no personal data', () => {
    setSessionFlag('dont_show_tooltip');
    expect(sessionStorage.getItem('dont_show_tooltip')).to.equal('1');
    expect(hasSessionFlag('dont_show_tooltip')).to.equal(true);
  });

  it('takes a flag once', () => {
    setSessionFlag('loyalty_dropped_cart');
    expect(takeSessionFlag('loyalty_dropped_cart')).to.equal(true);
    expect(takeSessionFlag('loyalty_dropped_cart')).to.equal(false);
    expect(sessionStorage.getItem('loyalty_dropped_cart')).to.equal(null);
  });

  it('keeps working in memory when sessionStorage throws', () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', { configurable: true, get: () => { throw new DOMException('blocked', 'SecurityError'); } });
    try {
      expect(hasSessionFlag('dont_show_notification')).to.equal(false);
      setSessionFlag('dont_show_notification');
      expect(hasSessionFlag('dont_show_notification')).to.equal(true);
      expect(takeSessionFlag('dont_show_notification')).to.equal(true);
      expect(hasSessionFlag('dont_show_notification')).to.equal(false);
    } finally {
      Object.defineProperty(window, 'sessionStorage', descriptor);
    }
  });
});
