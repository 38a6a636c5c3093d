import { responsiveImage } from '../../lib/cdn-images';

/**
 * What the cart's pictures take of the page (the `sizes` the browser picks a rendition by): beside the text they are
 * `--loyalty-cart-image-width` wide (9rem) on a desktop, and alone on their line, as wide as the card, on a phone.
 * 420 px covers the picture beside the text, and a card in a narrow column that puts it on its own line; the preset's
 * own `sizes` (full width up to 840 px) had every desktop download the 840 px rendition for a 144 px picture.
 */
export const CART_IMAGE_SIZES = '(max-width: 480px) 100vw, 420px';

/** A hotel or room picture through the image CDN (availability rooms preset), decorative: the name is beside it. */
export function CartImage({ image, part }: { image: string | undefined; part: string }) {
  if (!image) return null;
  const { src, srcset } = responsiveImage(image, 'availabilityRoom');
  return <img part={part} src={src} srcSet={srcset} sizes={CART_IMAGE_SIZES} alt="" width={420} height={250} loading="lazy" decoding="async" />;
}
