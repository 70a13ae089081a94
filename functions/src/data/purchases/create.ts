import { randomUUID } from 'node:crypto';
import type { NewPurchaseOrderBody, PurchaseOrder } from '@bo/shared';
import type { Actor } from '../../domain';
import { buildPurchaseLines } from './catalog';
import type { PurchaseHeaderItem } from './entity';
import { headerChanges, purchaseLineChanges } from './history';
import { takePurchaseOrderNumber } from './numbers';
import { lineFigures, toPurchaseOrder } from './records';
import { commitPurchaseWrite, purchaseTransaction } from './transactions';

/**
 * Creates a purchase order (POST /db/purchases/new) in ONE transaction: the header (DRAFT or PENDING, the
 * payment status the same unless given), its line groups, the number guard and the change-log entry. The
 * number comes from the atomic counter; units and total are recomputed from the lines in cents.
 */
export async function createPurchaseOrder(body: NewPurchaseOrderBody, by: Actor): Promise<PurchaseOrder> {
  const { brand, lines } = await buildPurchaseLines(body.brandID, body.purchaseOrderItems);
  const purchaseOrderNum = await takePurchaseOrderNumber();
  const now = new Date().toISOString();
  const header: PurchaseHeaderItem = {
    purchaseOrderId: randomUUID(),
    purchaseOrderNum,
    brandID: brand.brandId,
    brandName: brand.name,
    orderPlacedOn: now,
    ...(body.expectedDeliveryOn ? { expectedDeliveryOn: body.expectedDeliveryOn } : {}),
    orderStatus: body.orderStatus,
    paymentStatus: body.paymentStatus ?? body.orderStatus,
    statusModifiedOn: now,
    paymentModifiedOn: now,
    ...(body.notes ? { notes: body.notes } : {}),
    ...lineFigures(lines),
    createdBy: by.userId,
    modifiedOn: now,
    version: 1,
  };
  const tx = purchaseTransaction({
    after: header,
    lines,
    receivedSkus: new Set(),
    batches: [],
    ledger: [],
    writeLines: true,
    change: {
      caller: by,
      action: 'create',
      changes: [...headerChanges(undefined, header), ...purchaseLineChanges([], lines)],
      at: now,
    },
  });
  await commitPurchaseWrite(tx, purchaseOrderNum);
  return toPurchaseOrder(header, lines);
}
