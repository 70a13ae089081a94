/** Sales orders, as the handlers use them. The bulk seeding writer is `bulk.ts`, exported by `data/seed.ts`. */
export type { OrderHeaderItem, StoredLine } from './entity';
export { ORDER_FIELD_LABELS } from './history';
export { toOrder, toOrderSummary } from './records';
export { takeOrderNumber } from './numbers';
export {
  getOrder,
  getWhole,
  getOrderHeader,
  getWholeMany,
  listDeliveriesOf,
  openDeliveryHeaders,
  listOrdersBetween,
  listOrdersOfCustomer,
  listOrdersOfKnownCustomer,
  listPendingOrderItems,
  listPendingOrders,
  pendingOutboundOf,
} from './reads';
export { type CreateOptions, createOrder } from './create';
export { type JoinedOrderWrite, updateOrder } from './update';
export { NOT_ON_HOLD, releaseHold } from './release-hold';
export { getCreditStatus } from './credit-hold';
