import { createContext, useEffect, useState } from 'react';
import { warnOnce } from '../../lib/warn';
import { useHost } from '../ElementRoot';

/** What `<package-cart>` reads from its attributes (see elements/package-cart.ts). */
export interface CartAttributes {
  /** `data-package-id`: the package whose availability is searched; empty hides the search. */
  packageId: string;
  /** `data-locale`, else the nearest `lang`, else es_ES: how prices and dates are written. */
  locale: string;
  /** `data-currency`, upper case; empty means the cart's own currency. */
  currency: string;
  /** `data-book-url`: where "Book now" goes; empty hides the button. */
  bookUrl: string;
  /** `data-add-package`: this cart's add-package address; empty means the panel's, else the default. */
  addPackage: string;
  /** `data-delete-package`: this cart's delete-package address; empty means the panel's, else the default. */
  deletePackage: string;
  /** `data-package-availability`: this cart's availability template; empty means the panel's, else the default. */
  packageAvailability: string;
}

/** The cart's own addresses (a cart-only page has no `<loyalty-panel>` to configure them). */
type AddressAttribute = 'data-add-package' | 'data-delete-package' | 'data-package-availability';

const OBSERVED = [
  'data-package-id',
  'data-locale',
  'data-currency',
  'data-book-url',
  'data-add-package',
  'data-delete-package',
  'data-package-availability',
  'lang',
];

function readAttributes(host: HTMLElement): CartAttributes {
  const lang = host.closest('[lang]')?.getAttribute('lang')?.trim() ?? '';
  return {
    packageId: host.getAttribute('data-package-id')?.trim() ?? '',
    locale: readLocale(host.getAttribute('data-locale')?.trim() ?? '', lang || 'es_ES'),
    currency: readCurrency((host.getAttribute('data-currency')?.trim() ?? '').toUpperCase()),
    bookUrl: safeUrl(host.getAttribute('data-book-url')?.trim() ?? ''),
    addPackage: readAddress(host, 'data-add-package'),
    deletePackage: readAddress(host, 'data-delete-package'),
    packageAvailability: readAddress(host, 'data-package-availability'),
  };
}

// The panel's rule (docs/configuration.md): a path on this site or an http(s) URL; anything else is refused with a
// warning and the panel's address, else the default, is used.
function readAddress(host: HTMLElement, name: AddressAttribute): string {
  const value = host.getAttribute(name)?.trim() ?? '';
  if (value === '') return '';
  if (isSitePath(value) || /^https?:\/\/[^/]/i.test(value)) return value;
  warnOnce(`ignoring ${name}=${JSON.stringify(value)}: expected a path starting with "/" or an http(s) URL; using the panel's address or the default.`);
  return '';
}

function isSitePath(value: string): boolean {
  if (!value.startsWith('/')) return false;
  try {
    return new URL(value, 'https://site.invalid').origin === 'https://site.invalid';
  } catch {
    return false;
  }
}

// A page address or an http(s) URL only: a `javascript:` link in a CMS field must never become a button.
function safeUrl(value: string): string {
  if (value === '') return '';
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (/^https?:\/\//i.test(value)) return value;
  warnOnce(`ignoring data-book-url=${JSON.stringify(value)}: expected a path starting with "/" or an http(s) URL; no "Book now" link.`);
  return '';
}

// "es_ES", "en-GB", "es_ES.UTF-8", "ca_ES@euro": a BCP 47 tag once the POSIX spelling is undone.
function readLocale(value: string, fallback: string): string {
  if (value === '') return fallback;
  try {
    Intl.getCanonicalLocales(value.replace(/_/g, '-').split(/[.@]/)[0]);
    return value;
  } catch {
    warnOnce(`ignoring data-locale=${JSON.stringify(value)}: expected a locale such as es_ES or en-GB; using ${fallback}.`);
    return fallback;
  }
}

function readCurrency(value: string): string {
  if (value === '' || /^[A-Z]{3}$/.test(value)) return value;
  warnOnce(`ignoring data-currency=${JSON.stringify(value)}: expected an ISO 4217 code such as EUR; using the cart's currency.`);
  return '';
}

function sameAttributes(a: CartAttributes, b: CartAttributes): boolean {
  return (
    a.packageId === b.packageId &&
    a.locale === b.locale &&
    a.currency === b.currency &&
    a.bookUrl === b.bookUrl &&
    a.addPackage === b.addPackage &&
    a.deletePackage === b.deletePackage &&
    a.packageAvailability === b.packageAvailability
  );
}

/**
 * The cart element's attributes, read afresh whenever one of them (or a `lang` above it) changes: the element
 * observes no attributes of its own, so a page switching currency or language is followed here.
 */
export function useCartAttributes(): CartAttributes {
  const host = useHost();
  const [attributes, setAttributes] = useState(() => readAttributes(host));
  useEffect(() => {
    const update = () => setAttributes((current) => {
      const next = readAttributes(host);
      return sameAttributes(current, next) ? current : next;
    });
    const observer = new MutationObserver(update);
    observer.observe(host, { attributes: true, attributeFilter: OBSERVED });
    observer.observe(host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
    update();
    return () => observer.disconnect();
  }, [host]);
  return attributes;
}

/** The addresses a cart calls: its own attributes, else the panel's (the widget's configuration), else the defaults. */
export interface CartEndpoints {
  addPackage?: string | undefined;
  deletePackage?: string | undefined;
  packageAvailability?: string | undefined;
}

/** This element's own addresses; an absent one is left to the widget's configuration (the panel's, else the default). */
export const CartEndpointsContext = createContext<CartEndpoints>({});

/** The element's own addresses from its attributes, for {@link CartEndpointsContext}. */
export function ownEndpoints(attributes: CartAttributes): CartEndpoints {
  return {
    addPackage: attributes.addPackage || undefined,
    deletePackage: attributes.deletePackage || undefined,
    packageAvailability: attributes.packageAvailability || undefined,
  };
}

