/**
 * Which stream records move the sales figures: every write of an order's header (each order write puts its
 * header whole, with a new version, beside any change of its lines or returns). Orders are never deleted.
 */
export const SALES_SOURCE = { pk: undefined, eventNames: ['INSERT', 'MODIFY'], entity: 'order' } as const;

/** The order ids of a batch's records, once each. */
export const orderIdsOf = (records: ReadonlyArray<{ dynamodb?: { NewImage?: Record<string, { S?: string }> } }>) => [
  ...new Set(records.flatMap((r) => (r.dynamodb?.NewImage?.orderId?.S ? [r.dynamodb.NewImage.orderId.S] : []))),
];
