/**
 * Responsive image attributes for pictures served through the hotel's image CDN (docs/commerce.md "CDN images").
 *
 * Each preset has a small rendition, for viewports up to the small breakpoint (414 px, or 400 px on older
 * templates), and a large one for everything wider. A rendition is a box (width × height, cropped or fitted),
 * optionally with a maximum height: the home principal picture is a 480×480 crop "max height 400", which the CDN
 * is asked for as the capped box, 480×400 (any CDN understands a box; not every one has imgix's `max-h`). Each
 * rendition is offered at device pixel ratios 1, 2 and 3 with quality 60, 20 and 10: a 2× image at quality 20 is
 * smaller than a 1× image at quality 60 and looks sharper on a dense screen ("compressive images"). The srcset uses
 * width descriptors so the browser picks the file by `sizes` × its pixel ratio.
 *
 * ## sizes
 * `sizes` tells the browser, per viewport band, the widest the image is shown: up to the small breakpoint
 * (414 px), up to the large one (800 px), and wider. In the two bounded bands that is the band's rendition box
 * width, or `100vw` when the box is at least as wide as the band's widest viewport: a picture is never shown wider
 * than the viewport (it would overflow the page), so a 840 px room picture on a 600 px tablet is at most 600 px
 * wide and the browser may pick a smaller file. Above 800 px the large box width applies. Bands that give the same
 * size as the next are merged, so the room picture's sizes is `(max-width: 800px) 100vw, 840px` and the home
 * sections' `(max-width: 414px) 210px, 420px`. Every size is an upper bound, so the browser never picks a file
 * too small for what it shows (a logo fitted into its box is narrower than the box, as before).
 *
 * ## URL scheme
 * The CDN address is built by a {@link CdnUrlScheme}: a function of the original image URL and an
 * {@link ImageTransform} (`width`, `height`, `fit`, `quality`). Two are provided:
 *
 * - {@link queryParameterScheme} (the default): the original URL plus `w`, `h`, `fit` and `q` query parameters,
 *   `https://cdn.hotel.example/rooms/suite.jpg?w=420&h=250&fit=crop&q=60`. Existing query parameters are kept.
 *   This is the convention of imgix, Thumbor-style and most edge resizers placed in front of the origin.
 * - {@link cdnUrlTemplate}: a template with `{url}` (the original URL), `{path}` (its path without the leading
 *   slash), `{origin}`, `{w}`, `{h}`, `{fit}` and `{q}`, for CDNs that put the transform in the path, e.g.
 *   `cdnUrlTemplate('https://img.example/cdn-cgi/image/width={w},height={h},fit={fit},quality={q}/{path}')`.
 *   A template string can live in a data attribute, so a CMS page configures it without JavaScript.
 *
 * `fit` is `crop` (fill the box exactly, cropping the overflow) or `max` (fit inside the box, keep proportions).
 * Relative image paths are resolved against `base` when given, so `/media/logo.png` and a CDN origin combine.
 */

/** Viewport breakpoints of the hotel templates, in CSS pixels. */
export const IMAGE_BREAKPOINTS = {
  /** Phones: the small renditions apply up to this width. */
  small: 414,
  /** The small breakpoint of older templates. */
  legacySmall: 400,
  /** Tablets: up to this width a picture is at most viewport-wide; above it a large rendition shows at its box. */
  large: 800,
} as const;

/** Quality by device pixel ratio: denser screens get more pixels at lower quality. */
export const QUALITY_BY_PIXEL_RATIO = { 1: 60, 2: 20, 3: 10 } as const;

/** A device pixel ratio the srcset is built for. */
export type PixelRatio = keyof typeof QUALITY_BY_PIXEL_RATIO;

const PIXEL_RATIOS: readonly PixelRatio[] = [1, 2, 3];

/** How the CDN should resize one file. */
export interface ImageTransform {
  /** Box width in image pixels. */
  readonly width: number;
  /** Box height in image pixels. */
  readonly height: number;
  /** `crop`: fill the box, cropping; `max`: fit inside the box, keeping proportions. */
  readonly fit: 'crop' | 'max';
  /** JPEG/WebP quality, 1–100. */
  readonly quality: number;
}

/** Builds the CDN address of a resized image from the original image URL. */
export type CdnUrlScheme = (imageUrl: string, transform: ImageTransform) => string;

/** One rendition of a preset at pixel ratio 1. */
export interface ImageRendition {
  /** Box width, CSS pixels; also the widest the picture is shown, for `sizes`. */
  readonly width: number;
  /** Box height, CSS pixels. */
  readonly height: number;
  /** How the box is filled. */
  readonly fit: 'crop' | 'max';
  /** The tallest the output may be, CSS pixels: the box is asked for with its height capped to this. */
  readonly maxHeight?: number;
}

/** A named image size: a small and a large rendition. */
export interface ImagePreset {
  /** For viewports up to the small breakpoint. */
  readonly small: ImageRendition;
  /** For wider viewports. */
  readonly large: ImageRendition;
}

/**
 * The presets of docs/commerce.md "CDN images". The logo keeps its proportions inside a box of its height and the maximum width
 * docs/commerce.md "CDN images" gives (400 or 800); the home principal picture is a square crop capped at that page's maximum height
 * (400 or 800); the others are fixed boxes, cropped where that page says so.
 */
export const IMAGE_PRESETS = {
  /** Hotel or loyalty logo: height 50 (max width 400), or height 100 (max width 800). */
  logo: { small: { width: 400, height: 50, fit: 'max' }, large: { width: 800, height: 100, fit: 'max' } },
  /** Home page main picture: 480×480 cropped, max height 400; or 920×920 cropped, max height 800. */
  homePrincipal: {
    small: { width: 480, height: 480, fit: 'crop', maxHeight: 400 },
    large: { width: 920, height: 920, fit: 'crop', maxHeight: 800 },
  },
  /** Home page section pictures: 210×210 or 420×420. */
  homeSection: { small: { width: 210, height: 210, fit: 'max' }, large: { width: 420, height: 420, fit: 'max' } },
  /** Room pictures in availability results: 420×250 or 840×500, cropped. */
  availabilityRoom: { small: { width: 420, height: 250, fit: 'crop' }, large: { width: 840, height: 500, fit: 'crop' } },
} as const satisfies Record<string, ImagePreset>;

/** A preset name of {@link IMAGE_PRESETS}. */
export type ImagePresetName = keyof typeof IMAGE_PRESETS;

/** Options for {@link responsiveImage}. */
export interface ResponsiveImageOptions {
  /** How CDN URLs are built; {@link queryParameterScheme} by default. */
  readonly scheme?: CdnUrlScheme;
  /** Origin or base URL that relative image paths are resolved against, e.g. `https://cdn.hotel.example/`. */
  readonly base?: string;
  /** Use the older 400 px small breakpoint instead of 414 px. */
  readonly legacyBreakpoints?: boolean;
}

/** The attributes of an `<img>`: spread them onto the element. */
export interface ResponsiveImage {
  /** The large rendition at 1× quality 60: what a browser without srcset support shows. */
  readonly src: string;
  /** Every rendition at 1×, 2× and 3×, with width descriptors. */
  readonly srcset: string;
  /** The widest the picture is shown per viewport band (see the module's "sizes"). */
  readonly sizes: string;
}

function appendQuery(url: string, query: string): string {
  const hash = url.indexOf('#');
  const [beforeHash, afterHash] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}${query}${afterHash}`;
}

/**
 * The default {@link CdnUrlScheme}: `w`, `h`, `fit` and `q` query parameters on the original URL.
 *
 * @example queryParameterScheme('https://cdn.example/a.jpg', { width: 420, height: 250, fit: 'crop', quality: 60 })
 * // 'https://cdn.example/a.jpg?w=420&h=250&fit=crop&q=60'
 */
export const queryParameterScheme: CdnUrlScheme = (imageUrl, { width, height, fit, quality }) =>
  appendQuery(imageUrl, `w=${width}&h=${height}&fit=${fit}&q=${quality}`);

/**
 * A {@link CdnUrlScheme} from a template with `{url}`, `{origin}`, `{path}`, `{w}`, `{h}`, `{fit}` and `{q}`.
 * `{path}` is the original URL's path and query without the leading slash; `{url}` is the whole URL, encoded
 * as one URI component so it can sit inside a path or a query parameter.
 *
 * @example cdnUrlTemplate('https://img.example/{w}x{h}/{fit}/q{q}/{path}')
 */
export function cdnUrlTemplate(template: string): CdnUrlScheme {
  return (imageUrl, { width, height, fit, quality }) => {
    const match = /^([a-z][a-z\d+.-]*:\/\/[^/?#]*)?\/?([^#]*)/i.exec(imageUrl);
    const values: Record<string, string> = {
      url: encodeURIComponent(imageUrl),
      origin: match?.[1] ?? '',
      path: match?.[2] ?? imageUrl,
      w: String(width),
      h: String(height),
      fit,
      q: String(quality),
    };
    return template.replace(/\{(url|origin|path|w|h|fit|q)\}/g, (_, name: string) => values[name] ?? '');
  };
}

function resolveImageUrl(image: string, base: string | undefined): string {
  if (base === undefined || /^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(image)) return image;
  return `${base.replace(/\/+$/, '')}/${image.replace(/^\/+/, '')}`;
}

/**
 * The CDN URL of one rendition at one pixel ratio: the box (its height capped at `maxHeight`) scaled by the
 * ratio, the ratio's quality.
 *
 * @example cdnImageUrl('https://cdn.example/home.jpg', IMAGE_PRESETS.homePrincipal.small, 2)
 * // 'https://cdn.example/home.jpg?w=960&h=800&fit=crop&q=20'
 */
export function cdnImageUrl(image: string, rendition: ImageRendition, pixelRatio: PixelRatio = 1, options: ResponsiveImageOptions = {}): string {
  const scheme = options.scheme ?? queryParameterScheme;
  return scheme(resolveImageUrl(image, options.base), {
    width: rendition.width * pixelRatio,
    height: Math.min(rendition.height, rendition.maxHeight ?? rendition.height) * pixelRatio,
    fit: rendition.fit,
    quality: QUALITY_BY_PIXEL_RATIO[pixelRatio],
  });
}

/**
 * The `sizes` of a preset: per band, the box width or `100vw` when the box is at least as wide as the band's widest
 * viewport; a band giving the same size as the next one is left out.
 */
function sourceSizes(small: ImageRendition, large: ImageRendition, smallBreakpoint: number): string {
  const widest = `${large.width}px`;
  const bands = [
    { upTo: smallBreakpoint, width: small.width },
    { upTo: IMAGE_BREAKPOINTS.large, width: large.width },
  ];
  const entries: string[] = [];
  let next = widest;
  for (const { upTo, width } of bands.reverse()) {
    const size = width >= upTo ? '100vw' : `${width}px`;
    if (size === next) continue;
    entries.unshift(`(max-width: ${upTo}px) ${size}`);
    next = size;
  }
  return [...entries, widest].join(', ');
}

/**
 * `src`, `srcset` and `sizes` for an image in one of the docs/commerce.md "CDN images" presets (or a custom {@link ImagePreset}).
 *
 * @example
 * const room = responsiveImage('https://cdn.hotel.example/rooms/suite.jpg', 'availabilityRoom');
 * // room.src    'https://cdn.hotel.example/rooms/suite.jpg?w=840&h=500&fit=crop&q=60'
 * // room.srcset '…?w=420&h=250&fit=crop&q=60 420w, …?w=840&h=500&fit=crop&q=60 840w, …?w=1260&h=750&fit=crop&q=10 1260w, …'
 * // room.sizes  '(max-width: 800px) 100vw, 840px'
 */
export function responsiveImage(image: string, preset: ImagePresetName | ImagePreset, options: ResponsiveImageOptions = {}): ResponsiveImage {
  const { small, large } = typeof preset === 'string' ? IMAGE_PRESETS[preset] : preset;
  const candidates = new Map<number, string>();
  for (const ratio of PIXEL_RATIOS) {
    for (const rendition of [small, large]) {
      const width = rendition.width * ratio;
      // The small 2× often has the large 1× width (420×2 = 840): one width may appear once, and the lower pixel
      // ratio's higher quality wins, since a 1× desktop screen shows quality artefacts at full size.
      if (!candidates.has(width)) candidates.set(width, `${cdnImageUrl(image, rendition, ratio, options)} ${width}w`);
    }
  }
  const breakpoint = options.legacyBreakpoints ? IMAGE_BREAKPOINTS.legacySmall : IMAGE_BREAKPOINTS.small;
  return {
    src: cdnImageUrl(image, large, 1, options),
    srcset: [...candidates].sort(([a], [b]) => a - b).map(([, candidate]) => candidate).join(', '),
    sizes: sourceSizes(small, large, breakpoint),
  };
}
