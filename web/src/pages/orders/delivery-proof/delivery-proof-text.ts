import type { Order } from '@bo/shared';

/** An order's Delivery section (issue 26): its words, and which orders have one. */

export const DELIVERY_PROOF_TEXT = {
  title: 'Delivery',
  loading: 'Loading the delivery',
  error: 'The delivery records could not be loaded.',
  retry: 'Retry',
  nothingYet: 'Nothing recorded yet: the driver records the delivery, with proof, from their phone.',
  receiver: 'Receiver',
  time: 'Time',
  driver: 'Driver',
  position: 'Position',
  showOnMap: 'Show on a map',
  note: 'Note',
  reason: 'Reason',
  notDelivered: 'Not delivered',
  returnLabel: 'Return',
  seeReturn: 'Taken back into stock: see the return',
  photo: 'Photo',
  signature: 'Signature',
  noProof: 'No photo or signature',
  imageFailed: 'The image could not be loaded.',
  reload: 'Load again',
  money: 'Money collected',
  noMoney: 'No money collected at the door',
  recorded: (at: string) => `Recorded ${at}`,
} as const;

/** Delivery orders past their draft have a Delivery section; pickups never do. */
export const showsDelivery = (order: Pick<Order, 'pickupOrder' | 'orderStatus'>): boolean =>
  !order.pickupOrder && order.orderStatus !== 'DRAFT';

/** The id of the order's Returns section, which a partial delivery's record links to. */
export const ORDER_RETURNS_ANCHOR = 'order-returns';
