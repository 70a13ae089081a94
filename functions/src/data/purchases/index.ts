/** Purchase orders to brands (issue 12), as the handlers use them. */
export type { PurchaseHeaderItem, StoredPurchaseLine } from './entity';
export { previewPurchaseOrderNumber } from './numbers';
export { getPurchaseOrder, listOnOrder, listPurchaseOrders } from './reads';
export { createPurchaseOrder } from './create';
export { updatePurchaseOrder } from './update';
export { ALREADY_RECEIVED, receivePurchaseOrder } from './receive';
export { purchaseBatchNumber } from './receiving';
