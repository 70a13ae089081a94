import { PROOF_EXTENSIONS, type ProofImageInput, proofImageProblem } from '@bo/shared';
import { BadRequestError } from '../../domain';
import { DOCUMENT_URL_SECONDS, downloadUrl, writeFile } from '../storage';
import type { DeliveryRecordItem } from './entity';

/**
 * Proof of delivery: the phone's photo and the drawn signature, stored in the documents bucket under
 * `proofs/<orderId>/<recordId>-photo.<ext>` and `-signature.<ext>` with the raster type their bytes prove
 * (ARCHITECTURE.md, Files: no SVG or HTML), read back through 60 s presigned GETs.
 */

export interface CheckedProof {
  bytes: Uint8Array;
  contentType: ProofImageInput['contentType'];
}

/** The decoded bytes of a proof image, or a 400 with the shared rule's message. */
export function checkedProof(input: ProofImageInput): CheckedProof {
  const bytes = new Uint8Array(Buffer.from(input.data, 'base64'));
  const problem = proofImageProblem(bytes, input.contentType);
  if (problem) throw new BadRequestError(problem);
  return { bytes, contentType: input.contentType };
}

const keyOf = (orderId: string, recordId: string, kind: 'photo' | 'signature', proof: CheckedProof) =>
  `proofs/${orderId}/${recordId}-${kind}.${PROOF_EXTENSIONS[proof.contentType]}`;

/**
 * Stores the proofs before the record that names them is written: a record never points at a missing object,
 * and the keys come from the record's id, so a retried request overwrites the same objects.
 */
export async function storeProofs(
  orderId: string,
  recordId: string,
  proofs: { photo?: CheckedProof | undefined; signature?: CheckedProof | undefined },
): Promise<Pick<DeliveryRecordItem, 'photoKey' | 'signatureKey'>> {
  const { photo, signature } = proofs;
  const photoKey = photo ? keyOf(orderId, recordId, 'photo', photo) : undefined;
  const signatureKey = signature ? keyOf(orderId, recordId, 'signature', signature) : undefined;
  await Promise.all([
    photo && photoKey ? writeFile('documents', photoKey, photo.bytes, photo.contentType) : undefined,
    signature && signatureKey
      ? writeFile('documents', signatureKey, signature.bytes, signature.contentType)
      : undefined,
  ]);
  return { ...(photoKey ? { photoKey } : {}), ...(signatureKey ? { signatureKey } : {}) };
}

const typeOfKey = (key: string) =>
  (Object.entries(PROOF_EXTENSIONS).find(([, ext]) => key.endsWith(`.${ext}`))?.[0] as string | undefined) ??
  'application/octet-stream';

/** 60 s links to a record's proof images. */
export async function proofUrls(r: DeliveryRecordItem): Promise<{ photoUrl?: string; signatureUrl?: string }> {
  const [photoUrl, signatureUrl] = await Promise.all([
    r.photoKey ? downloadUrl('documents', r.photoKey, DOCUMENT_URL_SECONDS, typeOfKey(r.photoKey)) : undefined,
    r.signatureKey
      ? downloadUrl('documents', r.signatureKey, DOCUMENT_URL_SECONDS, typeOfKey(r.signatureKey))
      : undefined,
  ]);
  return { ...(photoUrl ? { photoUrl } : {}), ...(signatureUrl ? { signatureUrl } : {}) };
}
