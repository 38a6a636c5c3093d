import { expect } from '@open-wc/testing';
import { ANALYTICS_ACTIONS, ANALYTICS_CATEGORIES, ANALYTICS_LABELS } from '../../src/lib/analytics/catalogues';
import { createAnalyticsTracker, trackAction, trackLoyaltyEvent, trackVirtual3dVisit } from '../../src/lib/analytics/data-layer';
import type { AnalyticsScope } from '../../src/lib/analytics/data-layer';
import type { ExtraProduct, HotelProduct, PackageProduct, RoomProduct, UpgradeRoomProduct } from '../../src/lib/analytics/products';

function warningsDuring(run: () => void): string[] {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (message: unknown) => void warnings.push(String(message));
  try {
    run();
  } finally {
    console.warn = original;
  }
  return warnings;
}

const ROOM: RoomProduct = {
  roomCode: 'DBL',
  roomName: 'Double room',
  rateCode: 'FLEX',
  hotelCode: 'H1',
  availabilityPosition: 1,
  price: 180,
  promoCode: 'SUMMER',
  productType: 'room',
  quantity: 1,
  occupancyCode: '2A',
  checkInDate: '2025-07-01',
  boardCode: 'BB',
  userId: '42',
  userType: 'member',
  cityName: 'Madrid',
  cityCode: 'MAD',
  daysUntilCheckin: 30,
  nights: 2,
};
const UPGRADE: UpgradeRoomProduct = { ...ROOM, roomCode: 'SUI', upgradedFromRoomCode: 'DBL', upgradedFromBoardCode: 'RO' };
const HOTEL: HotelProduct = { hotelCode: 'H1', hotelName: 'Hotel Uno', destinationName: 'Madrid', destinationCode: 'MAD' };
const EXTRA: ExtraProduct = { extraId: 'E1', extraName: 'Parking', roomCode: 'DBL' };
const PACKAGE: PackageProduct = { packageId: 'P1', packageName: 'Spa', optionId: 'O1', optionName: 'Two nights' };

describe('analytics catalogues (docs/commerce.md "Analytics")', () => {
  it('lists every label verbatim, the virtual 3D item visit included', () => {
    expect(ANALYTICS_LABELS).to.include.members([
      'open_loyalty_modal', 'navigate_to_loyalty_page', 'view_ok_message', 'validate_form', 'view_email_message',
      'view_welcome_message', 'view_form_recovery_password', 'view_loyalty_message', 'click_loyalty_message',
      'close_loyalty_message', 'interested_in_loyalty', 'signin_sucess', 'signin_error', 'signout', 'signup_error',
      'signup_success', 'signup_validation_success', 'pass_recovery_email', 'pass_recovery_change', 'pass_recovery_sucesss',
      'visit_virtual_3d_item',
    ]);
    expect(ANALYTICS_LABELS).to.have.length(21);
  });

  it('lists the categories and actions', () => {
    expect(ANALYTICS_CATEGORIES).to.deep.equal(['scroll', 'Availability search', 'Package search', 'Shopping Cart', 'Confirmation-form', 'Loyalty', 'Gallery']);
    expect(ANALYTICS_ACTIONS).to.deep.equal([
      'add_room', 'remove_room', 'add_pack', 'remove_pack', 'add_supplements', 'book_supplements', 'remove_supplements',
      'rooms_tab', 'packages_tab', 'view_gallery_room', 'see_more_link', 'change_rate', 'best_price', 'validate_form',
      'book_now', 'confirm_booking',
    ]);
  });
});

describe('createAnalyticsTracker', () => {
  it('pushes a loyalty event onto dataLayer', () => {
    const scope = { dataLayer: [] as unknown[] };
    expect(createAnalyticsTracker(scope).trackLoyalty('open_loyalty_modal')).to.equal(true);
    expect(scope.dataLayer).to.deep.equal([{ event: 'open_loyalty_modal', eventCategory: 'Loyalty', eventLabel: 'open_loyalty_modal' }]);
  });

  it('pushes booking-funnel events with their products', () => {
    const scope = { dataLayer: [] as unknown[] };
    const tracker = createAnalyticsTracker(scope);
    expect(tracker.trackAction({ category: 'Shopping Cart', action: 'add_room', products: [ROOM, UPGRADE] })).to.equal(true);
    tracker.trackAction({ category: 'Shopping Cart', action: 'add_pack', label: 'spa', products: [PACKAGE] });
    tracker.trackAction({ category: 'Shopping Cart', action: 'add_supplements', products: [EXTRA] });
    tracker.trackAction({ category: 'Availability search', action: 'rooms_tab', products: [HOTEL] });
    tracker.trackAction({ category: 'Confirmation-form', action: 'confirm_booking', products: [{ bookingId: 'B-1' }] });
    tracker.trackAction({ category: 'Confirmation-form', action: 'validate_form' });
    expect(scope.dataLayer).to.deep.equal([
      { event: 'add_room', eventCategory: 'Shopping Cart', eventAction: 'add_room', ecommerce: { products: [ROOM, UPGRADE] } },
      { event: 'add_pack', eventCategory: 'Shopping Cart', eventAction: 'add_pack', eventLabel: 'spa', ecommerce: { products: [PACKAGE] } },
      { event: 'add_supplements', eventCategory: 'Shopping Cart', eventAction: 'add_supplements', ecommerce: { products: [EXTRA] } },
      { event: 'rooms_tab', eventCategory: 'Availability search', eventAction: 'rooms_tab', ecommerce: { products: [HOTEL] } },
      { event: 'confirm_booking', eventCategory: 'Confirmation-form', eventAction: 'confirm_booking', ecommerce: { products: [{ bookingId: 'B-1' }] } },
      { event: 'validate_form', eventCategory: 'Confirmation-form', eventAction: 'validate_form' },
    ]);
  });

  it('tracks a virtual 3D item visit in the Gallery category', () => {
    const scope = { dataLayer: [] as unknown[] };
    expect(createAnalyticsTracker(scope).trackVirtual3dVisit('Suite terrace')).to.equal(true);
    expect(scope.dataLayer).to.deep.equal([{ event: 'visit_virtual_3d_item', eventCategory: 'Gallery', eventLabel: 'Suite terrace' }]);
  });

  it('warns that an unknown event is not defined, and pushes nothing', () => {
    const scope = { dataLayer: [] as unknown[] };
    const tracker = createAnalyticsTracker(scope);
    const warnings = warningsDuring(() => {
      expect(tracker.trackLoyalty('open_modal' as never)).to.equal(false);
      expect(tracker.trackAction({ category: 'Shopping Cart', action: 'add_rooms' } as never)).to.equal(false);
      expect(tracker.trackAction({ category: 'Cart', action: 'add_room' } as never)).to.equal(false);
    });
    expect(warnings).to.deep.equal([
      '[loyalty-elements] Analytics label "open_modal" is not defined.',
      '[loyalty-elements] Analytics action "add_rooms" is not defined.',
      '[loyalty-elements] Analytics category "Cart" is not defined.',
    ]);
    expect(scope.dataLayer).to.deep.equal([]);
  });

  it('warns once that no tag manager is installed, not per event, and sends once one appears', () => {
    const scope: AnalyticsScope = {};
    const tracker = createAnalyticsTracker(scope);
    const warnings = warningsDuring(() => {
      expect(tracker.trackLoyalty('signout')).to.equal(false);
      expect(tracker.trackAction({ category: 'Shopping Cart', action: 'remove_pack', products: [PACKAGE] })).to.equal(false);
      expect(tracker.trackVirtual3dVisit('Lobby')).to.equal(false);
    });
    expect(warnings).to.deep.equal(['[loyalty-elements] Analytics: the tag manager is not installed (no window.dataLayer); events are not sent.']);
    const dataLayer: unknown[] = [];
    scope.dataLayer = dataLayer;
    expect(tracker.trackLoyalty('signout')).to.equal(true);
    expect(dataLayer).to.have.length(1);
  });

  it('treats a dataLayer without push as not installed', () => {
    for (const dataLayer of [{}, 'dataLayer', null, 5]) {
      const warnings = warningsDuring(() => {
        expect(createAnalyticsTracker({ dataLayer }).trackLoyalty('signout')).to.equal(false);
      });
      expect(warnings, String(dataLayer)).to.have.length(1);
      expect(warnings[0]).to.include('not installed');
    }
  });

  it('rejects wrong product fields at type-check time', () => {
    const scope = { dataLayer: [] as unknown[] };
    const tracker = createAnalyticsTracker(scope);
    const warnings = warningsDuring(() => {
      // @ts-expect-error a misspelt room field
      tracker.trackAction({ category: 'Shopping Cart', action: 'add_room', products: [{ ...ROOM, roomCod: 'DBL' }] });
      // @ts-expect-error a package is not a room
      tracker.trackAction({ category: 'Shopping Cart', action: 'add_room', products: [PACKAGE] });
      // @ts-expect-error an extra needs the room it belongs to
      tracker.trackAction({ category: 'Shopping Cart', action: 'add_supplements', products: [{ extraId: 'E1', extraName: 'Parking' }] });
      // @ts-expect-error the price is a number
      tracker.trackAction({ category: 'Shopping Cart', action: 'remove_room', products: [{ ...ROOM, price: '180' }] });
      // @ts-expect-error validate_form carries no products
      tracker.trackAction({ category: 'Confirmation-form', action: 'validate_form', products: [HOTEL] });
      // @ts-expect-error not a category of the catalogue
      tracker.trackAction({ category: 'Cart', action: 'add_pack', products: [PACKAGE] });
      // @ts-expect-error not a label of the catalogue
      tracker.trackLoyalty('signin_success');
    });
    expect(warnings).to.have.length(2);
    // Runtime checks only the catalogues; the product shapes above are the type-checker's job.
    expect(scope.dataLayer).to.have.length(5);
  });
});

describe('product types are exclusive', () => {
  it('refuses a product carrying another type\'s fields, even where the action takes a union', () => {
    const scope = { dataLayer: [] as unknown[] };
    const tracker = createAnalyticsTracker(scope);
    const packageWithRoom = { ...PACKAGE, roomCode: 'DBL' };
    const roomWithHalfAnUpgrade = { ...ROOM, upgradedFromRoomCode: 'DBL' };
    // @ts-expect-error a package carrying a room field, for an action that takes rooms or packages
    tracker.trackAction({ category: 'Shopping Cart', action: 'book_now', products: [{ ...PACKAGE, roomCode: 'DBL' }] });
    // @ts-expect-error the same mix held in a variable, which no excess-property check looks at
    tracker.trackAction({ category: 'Shopping Cart', action: 'book_now', products: [packageWithRoom] });
    // @ts-expect-error the same mix where only a package is allowed
    tracker.trackAction({ category: 'Shopping Cart', action: 'add_pack', products: [packageWithRoom] });
    // @ts-expect-error a room with half an upgrade is neither a room nor an upgraded room
    tracker.trackAction({ category: 'Shopping Cart', action: 'add_room', products: [roomWithHalfAnUpgrade] });
    // @ts-expect-error a plain room may not carry what an upgrade replaced
    tracker.trackAction({ category: 'Shopping Cart', action: 'best_price', products: [{ ...UPGRADE }] });
    // @ts-expect-error an extra carrying its hotel's fields
    tracker.trackAction({ category: 'Shopping Cart', action: 'add_supplements', products: [{ ...EXTRA, hotelCode: 'H1' }] });
    // @ts-expect-error a hotel carrying a room's name
    tracker.trackAction({ category: 'Availability search', action: 'rooms_tab', products: [{ ...HOTEL, roomName: 'Double room' }] });
    // @ts-expect-error a booking carrying a package
    tracker.trackAction({ category: 'Confirmation-form', action: 'confirm_booking', products: [{ bookingId: 'B-1', packageId: 'P1' }] });
    // Unions still take each member, and a field of another type may be spelt out as absent.
    tracker.trackAction({ category: 'Shopping Cart', action: 'book_now', products: [ROOM, UPGRADE, PACKAGE, { ...PACKAGE, roomCode: undefined }] });
    // Runtime checks only the catalogues; every call above reached dataLayer.
    expect(scope.dataLayer).to.have.length(9);
  });
});

describe('page-level tracking functions', () => {
  const page = globalThis as AnalyticsScope;
  afterEach(() => {
    delete page.dataLayer;
  });

  it('push onto the window dataLayer', () => {
    const dataLayer: unknown[] = [];
    page.dataLayer = dataLayer;
    expect(trackLoyaltyEvent('signin_sucess')).to.equal(true);
    expect(trackAction({ category: 'Package search', action: 'book_now', products: [PACKAGE] })).to.equal(true);
    expect(trackVirtual3dVisit('Pool')).to.equal(true);
    expect(dataLayer.map((entry) => (entry as { event: string }).event)).to.deep.equal(['signin_sucess', 'book_now', 'visit_virtual_3d_item']);
  });
});
