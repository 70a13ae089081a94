import {
  totalBelowPaidRefusal,
  diffChanges,
  earnedPaymentStatus,
  holdStatusRefusal,
  returnedOrderRefusal,
  stampStatusChanges,
  stockEffects,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type UpdateOrderBody,
} from '@bo/shared';
import { BUSINESS_METRICS, countBusinessEvent } from '#metrics';
import { type Actor, BadRequestError, ConflictError, NotFoundError } from '../../domain';
import { listLocations } from '../locations';
import { ledgerChangesOf, ledgerUpdates, orderCause } from '../stock-ledger';
import { getUser } from '../users';
import { getBatches, loadCatalog } from './catalog';
import { checkBatchesCheckedIn, checkDriver, packingLocation } from './checks';
import { NO_DRIVER, type OrderHeaderItem, isFullyReturned, netTotalOf } from './entity';
import { type DisplayNames, ORDER_FIELD_LABELS, lineChanges, wireHeader } from './history';
import { buildLines } from './lines';
import { numberFor } from './numbers';
import { getWhole } from './reads';
import { figures, groupsOf, skuQuantitiesOf, brandsOf, stockLines, toOrder } from './records';
import { OwedCeilingLost, commitOrderWrite, updateOrderTransaction } from './transactions';
import { type HoldPlan, lostRaceHold, owedDelta, planHold } from './credit-hold';
import { getCustomerItem } from '../customers';
import type { TransactionPart } from '../core';

const STALE = 'This order was changed by someone else since you opened it; reload it and try again';

/** What a write that joins an order change brings (a driver's delivery record): items, its 409, a note. */
export interface JoinedOrderWrite {
  part?: TransactionPart<OrderHeaderItem>;
  /** The error of an order changed since `modifiedOn` was read (default: STALE's 409). */
  stale?: () => Error;
  /** The change-log entry's note. */
  note?: string;
}

/**
 * Changes an order (PUT /db/orders/update/{id}, and setStatus) in ONE transaction, conditioned on the
 * version read: stock moves by what the order holds after minus before.
 */
export async function updateOrder(
  orderId: string,
  body: UpdateOrderBody,
  by: Actor,
  joined: JoinedOrderWrite = {},
): Promise<Order> {
  const found = await getWhole(orderId);
  if (!found) throw new NotFoundError('Order not found');
  const { header: before, lines: beforeLines } = found;
  const stale = joined.stale ?? (() => new ConflictError(STALE));
  if (body.modifiedOn !== undefined && body.modifiedOn !== before.modifiedOn) throw stale();

  const nextStatus: OrderStatus = body.orderStatus ?? before.orderStatus;
  const pickup = body.deliveryType === undefined ? before.pickupOrder : body.deliveryType === 'pickup';
  const driverId = pickup ? undefined : body.driverId === undefined ? before.driverId : (body.driverId ?? undefined);
  const locationChanged = body.packingLocationId !== undefined && body.packingLocationId !== before.packingLocationId;
  const driverChanged = driverId !== before.driverId;
  const [catalog, locations, driverName, previousDriver] = await Promise.all([
    body.orderItems ? loadCatalog(body.orderItems, beforeLines) : undefined,
    locationChanged ? listLocations() : [],
    driverChanged ? checkDriver(driverId) : undefined,
    driverChanged && before.driverId ? getUser(before.driverId) : undefined,
  ]);
  const names: DisplayNames = {
    locations,
    drivers: new Map([
      ...(driverId && driverName ? [[driverId, driverName] as const] : []),
      ...(before.driverId && previousDriver ? [[before.driverId, previousDriver.name] as const] : []),
    ]),
  };
  const lines = body.orderItems && catalog ? buildLines(body.orderItems, catalog, beforeLines) : beforeLines;
  if (lines.length === 0) throw new BadRequestError('The cart is empty');
  const productIdOf = (sku: string) =>
    catalog?.productIdOf.get(sku) ??
    beforeLines.find((l) => l.sku === sku)?.productId ??
    lines.find((l) => l.sku === sku)!.productId;

  const effects = stockEffects(before.orderStatus, nextStatus, {
    prev: stockLines(beforeLines),
    next: stockLines(lines),
  });
  // Batches the change takes more units of: from the catalogue read for new lines, else read now.
  const needing = effects.batches.filter((d) => d.remaining - d.reserved < 0);
  if (catalog) checkBatchesCheckedIn(effects, catalog.batches, lines);
  else if (needing.length)
    checkBatchesCheckedIn(
      effects,
      await getBatches(needing.map((d) => ({ productId: productIdOf(d.sku), batchId: d.batchId }))),
      lines,
    );
  let packingLocationId = before.packingLocationId;
  if (locationChanged)
    packingLocationId = await packingLocation(body.packingLocationId, lines, locations, catalog?.names?.brandItems);

  const number = await numberFor(before, nextStatus, body.orderNum);
  const now = new Date().toISOString();
  const groups = groupsOf(lines);
  const money = figures(lines, body.dollarAdjustment, before.discountCents);
  // Earned from the new status and total and what is paid; a body's paymentStatus is ignored (issue 23).
  const linesChanged = body.orderItems !== undefined && lineChanges(beforeLines, lines).length > 0;
  const returned = returnedOrderRefusal(before, {
    orderStatus: nextStatus,
    linesOrDiscountChanged: linesChanged || money.discountCents !== before.discountCents,
  });
  if (returned) throw new BadRequestError(returned);
  const nextPayment: PaymentStatus = earnedPaymentStatus({
    orderStatus: nextStatus,
    total: netTotalOf({ ...money, creditedCents: before.creditedCents }),
    paid: before.paidCents,
    fullyReturned: isFullyReturned(before),
  });
  const {
    draftOrderNum: _d,
    driverId: _dr,
    deliveryDate: _dd,
    notes: _n,
    discountNotes: _dn,
    packingLocationId: _p,
    ...kept
  } = before;
  const deliveryDate = body.deliveryDate === undefined ? before.deliveryDate : (body.deliveryDate ?? undefined);
  const notes = body.notes === undefined ? before.notes : body.notes;
  const discountNotes = body.discountNotes === undefined ? before.discountNotes : body.discountNotes;
  const after: OrderHeaderItem = {
    ...kept,
    ...number,
    orderStatus: nextStatus,
    paymentStatus: nextPayment,
    ...stampStatusChanges(before, { orderStatus: nextStatus, paymentStatus: nextPayment }, now),
    modifiedOn: now,
    version: before.version + 1,
    pickupOrder: pickup,
    ...(deliveryDate ? { deliveryDate } : {}),
    ...(driverId ? { driverId } : {}),
    driverKey: driverId ?? NO_DRIVER,
    ...(packingLocationId ? { packingLocationId } : {}),
    ...(notes ? { notes } : {}),
    ...(discountNotes ? { discountNotes } : {}),
    ...money,
    lineCount: lines.length,
    lineGroups: groups.length,
    skuQuantities: skuQuantitiesOf(lines),
    brands: brandsOf(lines),
  };
  const belowPaid = totalBelowPaidRefusal(after.subtotalCents - after.discountCents, after.paidCents);
  if (belowPaid) throw new BadRequestError(belowPaid);
  const changes = [
    ...diffChanges<Record<string, unknown>>(
      wireHeader(before, names),
      wireHeader({ ...after, ...(after.driverId ? {} : { driverId: undefined }) }, names),
      ORDER_FIELD_LABELS,
    ),
    ...(body.orderItems ? lineChanges(beforeLines, lines) : []),
  ];
  if (changes.length === 0 && !body.orderItems) return toOrder(before, beforeLines);

  const ledger = ledgerUpdates(ledgerChangesOf(effects, productIdOf), {
    cause: orderCause({ id: orderId, orderNum: after.orderNum, status: nextStatus }, by, now),
  });
  // What the customer owes moves with the order; a write that raises it may put the order on credit hold.
  const owed = owedDelta(before, after);
  const customer =
    owed > 0 && nextStatus !== 'DRAFT' && !before.creditHold ? await getCustomerItem(before.customerID) : undefined;
  const plan: HoldPlan = customer
    ? await planHold(customer, after, owed, now)
    : before.creditHold
      ? { hold: before.creditHold }
      : {};
  const write = async (p: HoldPlan): Promise<OrderHeaderItem> => {
    const refusal = holdStatusRefusal(p.hold, nextStatus);
    if (refusal) throw new BadRequestError(refusal);
    const saved: OrderHeaderItem = { ...after, ...(p.hold ? { creditHold: p.hold } : {}) };
    const held = p.hold && !before.creditHold;
    const tx = updateOrderTransaction(before, saved, {
      groups,
      ledger,
      writeLines: Boolean(body.orderItems),
      owed: { customerId: before.customerID, delta: owed, ...(p.ceiling === undefined ? {} : { ceiling: p.ceiling }) },
      change: {
        caller: by,
        action: 'update',
        changes,
        at: now,
        ...(held || joined.note
          ? { notes: [joined.note, held ? `On credit hold: ${p.hold!.reason}` : ''].filter(Boolean).join('; ') }
          : {}),
      },
    });
    joined.part?.add(tx, saved);
    await commitOrderWrite(tx, {
      orderNum: after.orderNum,
      lines,
      ledger,
      onOrder: stale,
      ...(joined.part?.explain ? { explain: joined.part.explain } : {}),
    });
    return saved;
  };
  let saved: OrderHeaderItem;
  try {
    saved = await write(plan);
  } catch (error) {
    if (!(error instanceof OwedCeilingLost)) throw error;
    const fresh = (await getCustomerItem(before.customerID, { consistent: true })) ?? customer!;
    saved = await write({ hold: lostRaceHold(fresh, owed, now) });
  }
  if (saved.creditHold && !before.creditHold) countBusinessEvent(BUSINESS_METRICS.orderHeld);
  if (before.orderStatus === 'DRAFT' && nextStatus !== 'DRAFT') countBusinessEvent(BUSINESS_METRICS.orderSubmitted);
  return toOrder(saved, lines);
}
