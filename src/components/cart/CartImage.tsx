import { responsiveImage } from '../../lib/cdn-images';

/** A hotel or room picture through the image CDN (availability rooms preset), decorative: the name is beside it. */
export function CartImage({ image, part }: { image: string | undefined; part: string }) {
  if (!image) return null;
  const { src, srcset, sizes } = responsiveImage(image, 'availabilityRoom');
  return <img part={part} src={src} srcSet={srcset} sizes={sizes} alt="" width={420} height={250} loading="lazy" decoding="async" />;
}
