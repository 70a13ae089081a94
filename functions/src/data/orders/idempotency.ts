import { createHash } from 'node:crypto';
import { UnprocessableError } from '../../domain';
import type { OrderHeaderItem } from './entity';

/**
 * `POST orders/new` with an `Idempotency-Key`: the key (per caller) fixes the order id, so a retry finds the
 * first order; the hash of the request body is stored on that order, so the key reused for a different body
 * is refused (422, as payment APIs answer) instead of silently returning an order the caller did not ask for.
 */

export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different order; send a new key for a new order';

/** A stable order id for an idempotency key (per caller), so a retried POST finds the first order. */
export const idempotentOrderId = (key: string, userId: string): string => {
  const h = createHash('sha256').update(`${userId}\n${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** JSON with object keys sorted at every depth (array order is kept: it is the cart's order). */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
};

/** The hash of a validated request body, the same for the same body whatever its key order. */
export const requestHashOf = (body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('base64url');

/** A replay must carry the body the key was first used with (orders made before hashes were kept pass). */
export function checkReplay(
  first: Pick<OrderHeaderItem, 'requestHash'>,
  requestHash: string | undefined,
  message: string = IDEMPOTENCY_KEY_REUSED,
): void {
  if (first.requestHash && requestHash && first.requestHash !== requestHash) throw new UnprocessableError(message);
}
