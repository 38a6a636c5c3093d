import { defineElement } from './define';

/**
 * `<hotel-page>`: a hotel's mobile page for a CMS page, built from bookcore's mobile section (`/m2/ajax`) in the
 * page's language: the home (principal picture, description, how to get there), the rooms with a detail view, the
 * services ("see more" shows them all), a photo gallery, the map, the social networks, the offers and the contact
 * block (docs/hotel-page.md). Its code loads only when a page carries the tag; each section loads as the guest
 * comes near it, asks each of its calls once, and hides itself when its call fails, leaving the rest. Each shown
 * section with a schema.org document (home, rooms, services, photos, contact) writes it into the page's `<head>`
 * as `<script type="application/ld+json">`, once.
 *
 * Attributes are read when the element connects. The language follows `lang` on the element or an ancestor: one
 * of the widget's 8 languages (es, the default, en, fr, de, it, pt, ca, nl); bookcore is asked in it too.
 *
 * Theming: the `::part()` names below, the page's default and project stylesheets (as the loyalty elements take
 * them), and the `--loyalty-*` tokens (docs/theming.md).
 *
 * @summary A hotel's mobile page: home, rooms, services, gallery, map, social networks, offers and contact.
 * @attr {string} data-hotel-code - the hotel (`HSIE`); required: without it nothing shows.
 * @attr {string} data-services-quantity - how many services show before "see more"; default 4.
 * @attr {string} data-image-cdn - the image CDN's address template (`{url}`, `{path}`, `{origin}`, `{w}`, `{h}`,
 *   `{fit}`, `{q}`); default the original address with `w`, `h`, `fit` and `q` query parameters.
 * @attr {string} data-image-base - where relative image addresses are resolved (a CDN origin).
 * @csspart page - everything the element shows.
 * @csspart section - each section, a region named by its heading; `data-state` is waiting, loading, ready or failed.
 * @csspart section-home - the home section (also `section`).
 * @csspart section-rooms - the rooms section (also `section`).
 * @csspart section-services - the services section (also `section`).
 * @csspart section-gallery - the photo gallery section (also `section`).
 * @csspart section-map - the map section (also `section`).
 * @csspart section-social-networks - the social networks section (also `section`).
 * @csspart section-offers - the offers section (also `section`).
 * @csspart section-contact - the contact section (also `section`).
 * @csspart section-header - a section's heading and subtitle.
 * @csspart heading - a section's heading.
 * @csspart subtitle - a section's subtitle.
 * @csspart loading - the text shown while a section loads.
 * @csspart image - every picture.
 * @csspart image-home-principal - the home's principal picture (also `image`).
 * @csspart image-home-section - a service's or the gallery's picture (also `image`).
 * @csspart image-availability-room - a room's or offer's picture, the photo viewer's (also `image`).
 * @csspart description - the home description.
 * @csspart description-title - part of `description`.
 * @csspart description-text - part of `description`.
 * @csspart map-description - how to get there, on the home.
 * @csspart map-description-title - part of `map-description`.
 * @csspart map-description-text - part of `map-description`.
 * @csspart rooms - the list of rooms.
 * @csspart room - one room.
 * @csspart room-title - part of `room`.
 * @csspart room-facts - part of `room`.
 * @csspart room-details-button - the button opening a room's detail view.
 * @csspart room-dialog - the room detail view.
 * @csspart room-dialog-title - part of `room-dialog`.
 * @csspart room-dialog-body - part of `room-dialog`.
 * @csspart room-description - part of `room-dialog`.
 * @csspart room-amenities - part of `room-dialog`.
 * @csspart room-amenity - part of `room-dialog`.
 * @csspart room-dialog-error - part of `room-dialog`.
 * @csspart price - a "from" price.
 * @csspart price-label - part of `price`.
 * @csspart price-amount - part of `price`.
 * @csspart price-unit - part of `price`.
 * @csspart prices - a public price with its member price.
 * @csspart member-offer - a room's or offer's member price, drawn as `<loyalty-price>` draws one; `data-state` is loading, guest or member.
 * @csspart member-summary - part of `member-offer`: the line of prices.
 * @csspart sentence - part of `member-offer`: the offer read to a screen reader as one sentence (visually hidden).
 * @csspart public-price - part of `member-offer`: the public price, struck through, for a guest.
 * @csspart member-price - part of `member-offer`: the member price (`--loyalty-price-member-color`).
 * @csspart saving - part of `member-offer`: what a guest would save.
 * @csspart member-label - part of `member-offer`: "your member price", for a member.
 * @csspart actions - part of `member-offer`: the join and sign-in actions, on a page with a `<loyalty-panel>`.
 * @csspart join - part of `actions`: the button opening the panel at sign-up, headed with the member price.
 * @csspart member-prompt - part of `actions`: "already a member?".
 * @csspart sign-in - part of `actions`: the button opening the panel at sign-in.
 * @csspart services - the list of services.
 * @csspart service - part of `services`.
 * @csspart service-icon - part of `services`.
 * @csspart service-name - part of `services`.
 * @csspart see-more - the button showing every service.
 * @csspart service-images - the services' pictures.
 * @csspart service-image - part of `service-images`.
 * @csspart gallery - the photo thumbnails.
 * @csspart gallery-item - part of `gallery`.
 * @csspart gallery-thumbnail - part of `gallery`.
 * @csspart lightbox - the photo viewer.
 * @csspart lightbox-figure - part of `lightbox`.
 * @csspart lightbox-caption - part of `lightbox`.
 * @csspart lightbox-controls - part of `lightbox`.
 * @csspart lightbox-position - part of `lightbox`.
 * @csspart lightbox-previous - part of `lightbox`.
 * @csspart lightbox-next - part of `lightbox`.
 * @csspart lightbox-close - part of `lightbox`.
 * @csspart map-address - the hotel's address on the map section.
 * @csspart map-coordinates - its coordinates.
 * @csspart map-link - the link opening the map.
 * @csspart social-networks - the social network links.
 * @csspart social-network - part of `social-networks`.
 * @csspart social-link - part of `social-networks`.
 * @csspart offers - the list of offers.
 * @csspart offer - part of `offers`.
 * @csspart offer-title - part of `offers`.
 * @csspart offer-description - part of `offers`.
 * @csspart offer-nights - part of `offers`.
 * @csspart contact - the contact block.
 * @csspart contact-label - part of `contact`.
 * @csspart contact-value - part of `contact`.
 * @csspart contact-link - part of `contact`.
 * @csspart button - every button.
 * @csspart close - a dialog's close button.
 * @cssproperty --loyalty-hotel-page-gap - space between and inside sections.
 * @cssproperty --loyalty-hotel-page-max-width - the widest the page grows.
 * @cssproperty --loyalty-price-member-color - the member price's colour.
 */
export class HotelPageElement extends HTMLElement {
  connectedCallback(): void {
    // The page's code is a chunk of its own, fetched on the first connect: a page without the tag never asks for it.
    void import('../src/components/hotel-page/hotel-page').then(({ followHotelPage }) => followHotelPage(this));
  }

  disconnectedCallback(): void {
    this.connectedCallback();
  }
}

defineElement('hotel-page', HotelPageElement);

declare global {
  interface HTMLElementTagNameMap {
    'hotel-page': HTMLElement;
  }
}
