import { useState } from 'react';
import { imageSrc } from './safe-links';

/** The neutral picture shown when a product, brand or type has no image (or it fails to load). */
export const PLACEHOLDER_IMAGE = '/placeholder-image.svg';

export interface ProductImageProps {
  src?: string;
  alt: string;
  /** Width and height in px (square, the picture is contained). Default 48. */
  size?: number;
}

/** An image of the catalogue: `src`, else (not an image address, or on a load error) the placeholder. */
export default function ProductImage({ src, alt, size = 48 }: ProductImageProps) {
  // Remember which address failed, so a new `src` gets its own chance to load.
  const [failed, setFailed] = useState<string | null>(null);
  const wanted = imageSrc(src) ?? '';
  const shown = wanted && failed !== wanted ? wanted : PLACEHOLDER_IMAGE;
  return (
    <img
      src={shown}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      data-placeholder={shown === PLACEHOLDER_IMAGE ? 'true' : undefined}
      style={{ objectFit: 'contain', borderRadius: 4, background: '#fff', display: 'block' }}
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(wanted);
      }}
    />
  );
}

export { ProductImage };
