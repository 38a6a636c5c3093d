import { expect } from '@open-wc/testing';
import { availabilityForTomorrow, destinationAfterAuth, isAllowedDestination } from '../../src/lib/navigation';
import { returnAddress } from '../../src/lib/return-address';

const addresses = { resetAvailability: '/bookcore/availability/reset/', login: '/acceso/' };

describe('navigation after sign-in or sign-out', () => {
  it('sends availability and cart pages to the reset address, or the root', () => {
    expect(destinationAfterAuth('/es/bookcore/availability/hotel/', addresses)).to.deep.equal({ kind: 'assign', url: '/bookcore/availability/reset/' });
    expect(destinationAfterAuth('/bookcore/shopping-cart/', addresses)).to.deep.equal({ kind: 'assign', url: '/bookcore/availability/reset/' });
    expect(destinationAfterAuth('/bookcore/shopping-cart/', { ...addresses, resetAvailability: '' })).to.deep.equal({ kind: 'assign', url: '/' });
  });

  it('sends the password-change page to the login address, or the root', () => {
    expect(destinationAfterAuth('/bookcore/password/cambiar/abc/def/', addresses)).to.deep.equal({ kind: 'assign', url: '/acceso/' });
    expect(destinationAfterAuth('/bookcore/password/cambiar/abc/def/', { ...addresses, login: '' })).to.deep.equal({ kind: 'assign', url: '/' });
  });

  it('reloads any other page', () => {
    expect(destinationAfterAuth('/hotel/rooms/', addresses)).to.deep.equal({ kind: 'reload' });
    expect(destinationAfterAuth('/', addresses)).to.deep.equal({ kind: 'reload' });
  });

  it('builds the availability page for tomorrow with the project code', () => {
    expect(availabilityForTomorrow('demo-brand', new Date(2026, 11, 31))).to.equal('/bookcore/availability/?entrada=2027-01-01&project=demo-brand');
  });
});

describe('isAllowedDestination', () => {
  const origin = 'https://hotel.example';

  it('allows this site and configured addresses only', () => {
    expect(isAllowedDestination('/', origin)).to.equal(true);
    expect(isAllowedDestination('https://hotel.example/es/', origin)).to.equal(true);
    expect(isAllowedDestination('https://booking.example/after/', origin, ['https://booking.example/after/'])).to.equal(true);
  });

  it('refuses scripts, other sites and protocol-relative addresses', () => {
    expect(isAllowedDestination('javascript:alert(1)', origin)).to.equal(false);
    expect(isAllowedDestination('//evil.example/', origin)).to.equal(false);
    expect(isAllowedDestination('https://evil.example/', origin)).to.equal(false);
    expect(isAllowedDestination('https://evil.example/', origin, ['https://booking.example/'])).to.equal(false);
    expect(isAllowedDestination('data:text/html,hi', origin)).to.equal(false);
  });
});

describe('returnAddress (docs/bookcore-contract.md "Back where the guest started")', () => {
  it('is the page without its fragment or credentials, http(s) only', () => {
    expect(returnAddress('https://hotel.example/hoteles/?zona=sur#mapa')).to.equal('https://hotel.example/hoteles/?zona=sur');
    expect(returnAddress('https://user:secret@hotel.example/')).to.equal('https://hotel.example/');
    expect(returnAddress('file:///tmp/page.html')).to.equal(null);
    expect(returnAddress('not an address')).to.equal(null);
  });

  it("is nothing from bookcore's password-change and validation pages, or for an address too long to carry", () => {
    expect(returnAddress('https://hotel.example/bookcore/password/cambiar/MQ/abc-def/')).to.equal(null);
    expect(returnAddress('https://hotel.example/bookcore/password/cambiar/')).to.equal(null);
    expect(returnAddress('https://hotel.example/bookcore/loyalty/validado/')).to.equal(null);
    expect(returnAddress(`https://hotel.example/?q=${'x'.repeat(2000)}`)).to.equal(null);
  });
});
