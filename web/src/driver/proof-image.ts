import { proofImageProblem, type ProofImageType } from '@bo/shared';

/**
 * Proof images as the phone queues them: a photo scaled down to at most 1600 px on its long side and saved as a
 * JPEG (a 12-megapixel photo becomes a few hundred KB), a signature as a PNG; each checked with the shared rule
 * that reads the type from the bytes, the check the server makes again.
 */

export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.7;

export interface ProofImage {
  contentType: ProofImageType;
  /** A `data:` URL: shown as the preview, and sent as it is (the API drops the prefix). */
  data: string;
}

/** The bytes of a base64 `data:` URL. */
export function bytesOfDataUrl(dataUrl: string): Uint8Array {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A `data:` URL as proof of the given type, or the reason it cannot be. */
export function proofOf(dataUrl: string, contentType: ProofImageType): ProofImage | { problem: string } {
  const problem = proofImageProblem(bytesOfDataUrl(dataUrl), contentType);
  return problem ? { problem } : { contentType, data: dataUrl };
}

/** The size a picture is drawn at so its long side is at most `max`. */
export function scaledSize(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height };
  }
  // Older browsers: through a data: URL (the site's policy lets images load from data:, not blob:).
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The photo could not be read'));
    reader.readAsDataURL(file);
  });
  const image = new Image();
  image.src = url;
  await image.decode();
  return { source: image, width: image.naturalWidth, height: image.naturalHeight };
}

/** A photo from the camera (or the phone's gallery) as a scaled-down JPEG proof, or the reason it cannot be used. */
export async function photoProof(file: File): Promise<ProofImage | { problem: string }> {
  let decoded: Awaited<ReturnType<typeof decode>>;
  try {
    decoded = await decode(file);
  } catch {
    return { problem: 'This file is not a photo the phone can read. Take the photo again.' };
  }
  const { width, height } = scaledSize(decoded.width, decoded.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return { problem: 'This phone cannot prepare the photo.' };
  context.drawImage(decoded.source, 0, 0, width, height);
  if ('close' in decoded.source && typeof decoded.source.close === 'function') decoded.source.close();
  return proofOf(canvas.toDataURL('image/jpeg', PHOTO_QUALITY), 'image/jpeg');
}
