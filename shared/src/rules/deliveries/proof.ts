import { DELIVERY_MESSAGES, PROOF_IMAGE_MAX_BYTES, type ProofImageType } from '../../schemas/deliveries';

/**
 * Proof images are raster images only, whatever a client says they are: the type is read from the bytes'
 * signature (JPEG, PNG, WebP), so an SVG or HTML file named as an image is refused before it is stored.
 */
export function imageTypeOf(bytes: Uint8Array): ProofImageType | undefined {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b))
    return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Why these bytes may not be stored as proof declared as `declared`, or undefined. */
export function proofImageProblem(bytes: Uint8Array, declared: ProofImageType): string | undefined {
  if (bytes.length === 0) return DELIVERY_MESSAGES.notAnImage;
  if (bytes.length > PROOF_IMAGE_MAX_BYTES) return DELIVERY_MESSAGES.imageTooLarge;
  const actual = imageTypeOf(bytes);
  if (!actual || actual !== declared) return DELIVERY_MESSAGES.notAnImage;
  return undefined;
}

export const PROOF_EXTENSIONS: Readonly<Record<ProofImageType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
