/**
 * `loyalty-elements/commerce`: the widget's price, currency, image and analytics functions for host pages, so a
 * page formats a price exactly as the widget does. Side-effect free: importing it defines no element, reads no
 * global and needs no DOM (it runs in Node too); analytics looks up `dataLayer` only when an event is tracked.
 *
 * @packageDocumentation
 */
export {
  DEFAULT_CURRENCY,
  DEFAULT_PRICE_LOCALE,
  currencySymbol,
  formatAmount,
  formatPrice,
  formatPriceWith,
  localeNumberFormat,
  priceFormat,
  resolveCurrency,
  resolvePriceLocale,
  tryFormatPrice,
} from './lib/price/format-price';
export type { FormattedPrice, PriceFormat, PriceFormatOptions } from './lib/price/format-price';
export { parsePriceAmount } from './lib/price/price-amount';
export type { InvalidAmountReason, PriceAmountResult } from './lib/price/price-amount';
export { DEFAULT_DECIMALS, ZERO_DECIMAL_CURRENCIES, currencyDecimals } from './lib/price/currency-decimals';
export { LOCALE_FORMATS, LOCALE_FORMATS_CLDR_VERSION, SYMBOL_CURRENCIES } from './lib/price/locale-formats';
export type { LocaleNumberFormat, SymbolCurrency } from './lib/price/locale-formats';
export { CurrencyRateError, convertAmount, findCurrencyRate, roundToCurrency } from './lib/currency-conversion';
export type { CurrencyRate, CurrencyRateProblem } from './lib/currency-conversion';
export {
  IMAGE_BREAKPOINTS,
  IMAGE_PRESETS,
  QUALITY_BY_PIXEL_RATIO,
  cdnImageUrl,
  cdnUrlTemplate,
  queryParameterScheme,
  responsiveImage,
} from './lib/cdn-images';
export type {
  CdnUrlScheme,
  ImagePreset,
  ImagePresetName,
  ImageRendition,
  ImageTransform,
  PixelRatio,
  ResponsiveImage,
  ResponsiveImageOptions,
} from './lib/cdn-images';
export { ANALYTICS_ACTIONS, ANALYTICS_CATEGORIES, ANALYTICS_LABELS } from './lib/analytics/catalogues';
export type { AnalyticsAction, AnalyticsCategory, AnalyticsLabel } from './lib/analytics/catalogues';
export type {
  ActionProducts,
  AnalyticsProduct,
  BookingProduct,
  ExtraProduct,
  HotelProduct,
  PackageProduct,
  RoomProduct,
  UpgradeRoomProduct,
} from './lib/analytics/products';
export { createAnalyticsTracker, trackAction, trackLoyaltyEvent, trackVirtual3dVisit } from './lib/analytics/data-layer';
export type { AnalyticsScope, AnalyticsTracker, DataLayerEvent, TrackedAction } from './lib/analytics/data-layer';
