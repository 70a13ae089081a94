import { packingLocationFor, type Location, type StockEffects } from '@bo/shared';
import { BadRequestError, ConflictError } from '../../domain';
import { listBrandItems } from '../brands';
import { getUser } from '../users';
import type { BrandItem } from './catalog';
import type { BatchItem as BatchRef } from '../products/batch-entity';
import type { StoredLine } from './entity';

/** What an order write checks against other aggregates before it builds its transaction. */

/** Batches an order takes more units of must be checked in (they may have been checked out since). */
export function checkBatchesCheckedIn(
  effects: StockEffects,
  batches: ReadonlyMap<string, BatchRef>,
  lines: readonly StoredLine[],
) {
  for (const d of effects.batches) {
    if (d.remaining - d.reserved >= 0) continue;
    const batch = batches.get(d.batchId);
    if (batch && !batch.isCheckedIn) {
      const line = lines.find((l) => l.batchId === d.batchId);
      throw new ConflictError(
        `Batch ${batch.batchNumber} of ${line?.sku ?? d.sku} is not checked in; reload the batches`,
      );
    }
  }
}

/** The driver's name; 400 unless the id is a user with the DRIVER role. */
export async function checkDriver(driverId: string | null | undefined): Promise<string | undefined> {
  if (!driverId) return undefined;
  const user = await getUser(driverId);
  if (!user || !user.role.includes('DRIVER')) throw new BadRequestError('Driver not found');
  return user.name;
}

/** The packing location given (it must exist), else the cart brands' common default, else the system default. */
export async function packingLocation(
  given: string | null | undefined,
  lines: readonly StoredLine[],
  locations: readonly Location[],
  brandItems?: readonly BrandItem[],
) {
  if (given) {
    if (locations.length > 0 && !locations.some((l) => String(l.id) === given))
      throw new BadRequestError('Packing location not found');
    return given;
  }
  const brands = brandItems ?? (await listBrandItems());
  return packingLocationFor(
    lines.map((l) => l.brandId),
    brands.map((b) => ({ id: b.brandId, defaultLocationId: b.defaultLocationId ?? null })),
    locations,
  );
}
