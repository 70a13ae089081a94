import { randomUUID } from 'node:crypto';
import {
  DRAFT_NUMBER_PREFIX,
  diffChanges,
  draftOrderNumber,
  earnedPaymentStatus,
  holdStatusRefusal,
  isDraftNumber,
  stampStatusChanges,
  stockEffects,
  type NewOrderBody,
  type Order,
} from '@bo/shared';
import { BUSINESS_METRICS, countBusinessEvent } from '#metrics';
import { type Actor, BadRequestError, ConflictError } from '../../domain';
import { getCustomerItem } from '../customers';
import { listLocations } from '../locations';
import { ledgerChangesOf, ledgerUpdates, orderCause } from '../stock-ledger';
import { loadCatalog } from './catalog';
import { checkBatchesCheckedIn, checkDriver, packingLocation } from './checks';
import { type HoldPlan, lostRaceHold, planHold } from './credit-hold';
import { NO_DRIVER, type OrderHeaderItem, owedOf } from './entity';
import { ORDER_FIELD_LABELS, lineChanges, wireHeader } from './history';
import { checkReplay, idempotentOrderId, requestHashOf } from './idempotency';
import { buildLines } from './lines';
import { NUMERIC, takeOrderNumber } from './numbers';
import { getWhole } from './reads';
import { figures, groupsOf, monthOf, skuQuantitiesOf, brandsOf, stockLines, toOrder } from './records';
import { OwedCeilingLost, commitOrderWrite, createOrderTransaction } from './transactions';

export interface CreateOptions {
  idempotencyKey?: string;
}

/** The header item failed its absent condition: an order with this id exists (a replayed idempotency key). */
class OrderExists extends Error {}

/**
 * Creates an order (POST /db/orders/new) in ONE transaction: the header, its line groups, the number guard,
 * the change-log entry and the stock-ledger buckets its stock effects touch (rules/orders/stock-effects).
 * Batch units are re-checked inside that transaction by the ledger's conditions, so two orders never take
 * the same units: the loser gets a 409 and nothing is written.
 */
export async function createOrder(body: NewOrderBody, by: Actor, options: CreateOptions = {}): Promise<Order> {
  const status = body.orderStatus;
  const draft = status === 'DRAFT';
  if (body.orderNum !== undefined) {
    if (draft && !isDraftNumber(body.orderNum))
      throw new BadRequestError(`A draft's number starts with ${DRAFT_NUMBER_PREFIX}`);
    if (!draft && !NUMERIC.test(body.orderNum))
      throw new BadRequestError('A submitted order takes a number from createOrderNumber');
  }
  const orderId = options.idempotencyKey ? idempotentOrderId(options.idempotencyKey, by.userId) : randomUUID();
  const requestHash = options.idempotencyKey ? requestHashOf(body) : undefined;
  if (options.idempotencyKey) {
    const replay = await getWhole(orderId);
    if (replay) {
      checkReplay(replay.header, requestHash);
      return toOrder(replay.header, replay.lines);
    }
  }
  // Everything the order needs is read at once (a number taken here and then not used is a gap).
  const [customer, catalog, locations, orderNum, driverName] = await Promise.all([
    getCustomerItem(body.customerID),
    loadCatalog(body.products),
    listLocations(),
    body.orderNum ?? (draft ? draftOrderNumber(randomUUID) : takeOrderNumber()),
    checkDriver(body.pickupOrder ? null : body.deliveryDriverId),
  ]);
  if (!customer) throw new BadRequestError('Customer not found');
  const lines = buildLines(body.products, catalog, []);
  if (lines.length === 0) throw new BadRequestError('The cart is empty');
  const effects = stockEffects(null, status, stockLines(lines));
  checkBatchesCheckedIn(effects, catalog.batches, lines);
  const packingLocationId = await packingLocation(body.packingLocationId, lines, locations, catalog.names?.brandItems);

  const now = new Date().toISOString();
  const groups = groupsOf(lines);
  const pickup = body.pickupOrder ?? false;
  const money = figures(lines, body.dollarAdjustment);
  // The body's paymentStatus is ignored: a new order has nothing paid (issue 23, earnedPaymentStatus).
  const paymentStatus = earnedPaymentStatus({
    orderStatus: status,
    total: money.subtotalCents - money.discountCents,
    paid: 0,
  });
  const driverId = pickup ? undefined : (body.deliveryDriverId ?? undefined);
  const header: OrderHeaderItem = {
    orderId,
    orderNum,
    orderStatus: status,
    paymentStatus,
    ...stampStatusChanges(null, { orderStatus: status, paymentStatus }, now),
    createdAt: now,
    createdMonth: monthOf(now),
    createdBy: by.userId,
    modifiedOn: now,
    version: 1,
    customerID: customer.customerId,
    customerName: customer.customerName,
    ...(customer.accountOwnerID ? { accountOwnerID: customer.accountOwnerID } : {}),
    pickupOrder: pickup,
    ...(body.deliveryDate ? { deliveryDate: body.deliveryDate } : {}),
    ...(driverId ? { driverId } : {}),
    driverKey: driverId ?? NO_DRIVER,
    packingLocationId,
    ...(body.notes ? { notes: body.notes } : {}),
    ...(body.discountNotes ? { discountNotes: body.discountNotes } : {}),
    ...money,
    paidCents: 0,
    lineCount: lines.length,
    lineGroups: groups.length,
    skuQuantities: skuQuantitiesOf(lines),
    brands: brandsOf(lines),
    ...(requestHash ? { requestHash } : {}),
  };
  const ledger = ledgerUpdates(
    ledgerChangesOf(effects, (sku) => catalog.productIdOf.get(sku)!),
    { cause: orderCause({ id: orderId, orderNum, status }, by, now) },
  );
  const owed = owedOf(header);
  const names = {
    locations,
    ...(driverId && driverName ? { drivers: new Map([[driverId, driverName]]) } : {}),
  };
  /** One write of the order, held or not; a lost race under the credit limit throws OwedCeilingLost. */
  const write = async (plan: HoldPlan): Promise<OrderHeaderItem> => {
    const refusal = holdStatusRefusal(plan.hold, status);
    if (refusal) throw new BadRequestError(refusal);
    const saved: OrderHeaderItem = { ...header, ...(plan.hold ? { creditHold: plan.hold } : {}) };
    const changes = [
      ...diffChanges<Record<string, unknown>>(undefined, wireHeader(saved, names), ORDER_FIELD_LABELS),
      ...lineChanges([], lines),
    ];
    const tx = createOrderTransaction(saved, {
      groups,
      ledger,
      owed: {
        customerId: customer.customerId,
        delta: owed,
        ...(plan.ceiling === undefined ? {} : { ceiling: plan.ceiling }),
      },
      change: {
        caller: by,
        action: 'create',
        changes,
        at: now,
        ...(plan.hold ? { notes: `On credit hold: ${plan.hold.reason}` } : {}),
      },
    });
    await commitOrderWrite(tx, { orderNum, lines, ledger, onOrder: () => new OrderExists() });
    return saved;
  };
  let saved: OrderHeaderItem;
  try {
    try {
      saved = await write(await planHold(customer, header, owed, now));
    } catch (error) {
      if (!(error instanceof OwedCeilingLost)) throw error;
      // Another order of this customer got under the limit first: this one is saved on hold.
      const fresh = (await getCustomerItem(customer.customerId, { consistent: true })) ?? customer;
      saved = await write({ hold: lostRaceHold(fresh, owed, now) });
    }
  } catch (error) {
    if (!(error instanceof OrderExists)) throw error;
    const existing = await getWhole(orderId);
    if (existing && options.idempotencyKey) {
      checkReplay(existing.header, requestHash);
      return toOrder(existing.header, existing.lines);
    }
    throw new ConflictError('An order with this id already exists');
  }
  if (!draft) countBusinessEvent(BUSINESS_METRICS.orderSubmitted);
  if (saved.creditHold) countBusinessEvent(BUSINESS_METRICS.orderHeld);
  return toOrder(saved, lines);
}
