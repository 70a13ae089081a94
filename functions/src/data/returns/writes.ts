import { randomUUID } from 'node:crypto';
import {
  type NewReturnBody,
  type Return,
  type ReturnLine,
  type SoldLine,
  allocateReturn,
  earnedPaymentStatus,
  returnAmount,
  returnLineValue,
  returnRefusal,
  returnSettlement,
  returnedLinesBySku,
  settlementOf,
} from '@bo/shared';
import { BUSINESS_METRICS, countBusinessEvent } from '#metrics';
import { type Actor, ConflictError, NotFoundError, BadRequestError } from '../../domain';
import { RaceLost, get, retryLostRaces, update } from '../core';
import { customerEntity } from '../customers/entity';
import {
  type OrderHeaderItem,
  type StoredLine,
  balanceDueOf,
  isFullyReturned,
  netTotalOf,
  owedOf,
} from '../orders/entity';
import { checkReplay, idempotentOrderId, requestHashOf } from '../orders/idempotency';
import { orderCounterEntity } from '../orders/number-entities';
import { resolveOrderId } from '../orders/numbers';
import { getWhole } from '../orders/reads';
import { type LedgerChange, ledgerUpdates, orderCause } from '../stock-ledger';
import { type ReturnItem, type StoredReturnLine, returnEntity } from './entity';
import { toReturn } from './records';
import { ORDER, RETURN, returnTransaction } from './transactions';

/**
 * Making a return (POST /db/returns/new, issue 23): each try reads the order whole, checks the lines with the
 * shared rules (never more than sold less already returned), prices them as sold with the discount shared pro
 * rata, and writes one transaction conditioned on the order's version. A try that loses the order to another
 * write (another return, a payment) is tried again from fresh reads; refused on a first read it is a 400, on a
 * later one (another return took the units meanwhile) a 409 with the rule's message.
 */

export const RETURN_KEY_REUSED =
  'This Idempotency-Key was already used for a different return; send a new key for a new return';
export const RETURN_RACE_LOST = 'Other changes to this order kept this return from saving; reload and try again';

/** Enough tries for 20 returns of one order at once: each round one of them wins. */
const ATTEMPTS = 30;

class AlreadyRecorded extends Error {}

const COUNTER = { name: 'creditNotes' };

/** `CN-00012`: the credit-note counter (its own item of the order counters), never reused. */
async function takeCreditNoteNum(): Promise<string> {
  const counter = await update(orderCounterEntity, COUNTER, { add: { seq: 1 } }, { mustExist: false });
  return `CN-${String(counter.seq ?? 1).padStart(5, '0')}`;
}

interface Plan {
  orderId: string;
  body: NewReturnBody;
  returnId: string;
  requestHash?: string;
  by: Actor;
  /** Taken on the first try that gets as far as writing, kept for the retries (a lost number is a gap). */
  creditNoteNum?: string;
}

const soldOf = (lines: readonly StoredLine[]): SoldLine[] =>
  lines.map((l) => ({ sku: l.sku, quantity: l.quantity, priceCents: l.priceCents }));

async function attempt(plan: Plan, attemptNo: number): Promise<ReturnItem> {
  const { body } = plan;
  const found = await getWhole(plan.orderId);
  if (!found) throw new NotFoundError('Order not found');
  const { header: before, lines: sold } = found;
  const refuse = (message: string) => (attemptNo === 0 ? new BadRequestError(message) : new ConflictError(message));

  const asked: ReturnLine[] = body.lines.map((l) => ({ sku: l.productSku, quantity: l.quantity }));
  const refs = sold.map((l) => ({ id: l.id, sku: l.sku, batchId: l.batchId, quantity: l.quantity }));
  const returnedByLine = before.returnedLines ?? {};
  const earlier = returnedLinesBySku(refs, returnedByLine);
  const refusal = returnRefusal(before.orderStatus, soldOf(sold), earlier, asked);
  if (refusal) throw refuse(refusal);

  const amountCents = returnAmount(soldOf(sold), before.discountCents, earlier, asked);
  const { appliedToOrder, excess } = returnSettlement(amountCents, balanceDueOf(before));
  const allocations = allocateReturn(refs, returnedByLine, asked);
  const lineById = new Map(sold.map((l) => [l.id, l]));
  const { settlement, method } = settlementOf(body);

  plan.creditNoteNum ??= await takeCreditNoteNum();
  const at = new Date().toISOString();
  const lines: StoredReturnLine[] = body.lines.map((l) => {
    const first = sold.find((s) => s.sku === l.productSku)!;
    return {
      productId: first.productId,
      sku: l.productSku,
      name: first.name,
      ...(first.brand ? { brand: first.brand } : {}),
      quantity: l.quantity,
      disposition: l.disposition,
      valueCents: returnLineValue(soldOf(sold), { sku: l.productSku, quantity: l.quantity }),
      from: allocations
        .filter((a) => a.sku === l.productSku)
        .map((a) => {
          const batchNumber = lineById.get(a.lineId)?.batchNumber;
          return {
            lineId: a.lineId,
            batchId: a.batchId,
            ...(batchNumber ? { batchNumber } : {}),
            quantity: a.quantity,
          };
        }),
    };
  });
  const item: ReturnItem = {
    returnId: plan.returnId,
    creditNoteNum: plan.creditNoteNum,
    orderId: before.orderId,
    orderNum: before.orderNum,
    customerId: before.customerID,
    customerName: before.customerName,
    reason: body.reason,
    ...(body.notes ? { notes: body.notes } : {}),
    settlement,
    ...(method ? { method } : {}),
    lines,
    amountCents,
    appliedToOrderCents: appliedToOrder,
    excessCents: excess,
    createdAt: at,
    createdMonth: at.slice(0, 7),
    ...(plan.by.name ? { createdBy: plan.by.name } : {}),
    createdById: plan.by.userId,
    ...(plan.requestHash ? { requestHash: plan.requestHash } : {}),
  };

  const returnedLines = { ...returnedByLine };
  for (const a of allocations) returnedLines[a.lineId] = (returnedLines[a.lineId] ?? 0) + a.quantity;
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const counted: OrderHeaderItem = {
    ...before,
    returnCount: (before.returnCount ?? 0) + 1,
    returnedLines,
    returnedUnits: (before.returnedUnits ?? 0) + units,
    returnedCents: (before.returnedCents ?? 0) + amountCents,
    creditedCents: (before.creditedCents ?? 0) + appliedToOrder,
    returnedValueCents: (before.returnedValueCents ?? 0) + lines.reduce((sum, l) => sum + l.valueCents, 0),
    returnedCostCents:
      (before.returnedCostCents ?? 0) +
      allocations.reduce((sum, a) => sum + a.quantity * (lineById.get(a.lineId)?.costCents ?? 0), 0),
  };
  const paymentStatus = earnedPaymentStatus({
    orderStatus: before.orderStatus,
    total: netTotalOf(counted),
    paid: before.paidCents,
    fullyReturned: isFullyReturned(counted),
  });
  const after: OrderHeaderItem = {
    ...counted,
    paymentStatus,
    ...(paymentStatus !== before.paymentStatus ? { paymentModifiedOn: at } : {}),
    modifiedOn: at,
    version: before.version + 1,
  };

  const ledger = ledgerUpdates(ledgerChangesOfReturn(lines), {
    cause: {
      ...orderCause(
        {
          id: before.orderId,
          orderNum: before.orderNum,
          status: lines.some((l) => l.disposition === 'RESTOCK') ? 'RETURNED' : 'WRITTEN_OFF',
          kind: 'return',
          creditNoteNum: plan.creditNoteNum,
        },
        plan.by,
        at,
      ),
      ...writeOffsOf(lines),
    },
  });
  const customer = settlement === 'CREDIT' && excess > 0 ? await customerCredit(before.customerID) : 0;
  const tx = returnTransaction({
    item,
    order: { before, after },
    ledger,
    credit: { customerId: before.customerID, add: settlement === 'CREDIT' ? excess : 0, creditBefore: customer },
    owedDelta: owedOf(after) - owedOf(before),
    caller: plan.by,
  });
  await tx.commit((failed) => {
    if (failed.has(RETURN)) return new AlreadyRecorded();
    if (failed.has(ORDER)) return new RaceLost();
    return undefined;
  });
  return item;
}

/** The customer's credit as read (for the change-log entry's before and after; the write is an ADD). */
const customerCredit = async (customerId: string): Promise<number> =>
  (await get(customerEntity, { customerId }, { consistent: true }))?.creditCents ?? 0;

/**
 * Restocked units: back on the product's stock and into the batches they left (remaining and free). Written-off
 * units move nothing, but their product's bucket is written with the cause, so its history records them.
 */
export function ledgerChangesOfReturn(lines: readonly StoredReturnLine[]): LedgerChange[] {
  const changes: LedgerChange[] = [];
  for (const l of lines) {
    const restock = l.disposition === 'RESTOCK';
    changes.push({ kind: 'add', productId: l.productId, counter: 'stock', amount: restock ? l.quantity : 0 });
    if (!restock) continue;
    for (const f of l.from)
      if (f.batchId)
        changes.push({
          kind: 'addBatch',
          productId: l.productId,
          batchId: f.batchId,
          remaining: f.quantity,
          free: f.quantity,
        });
  }
  return changes;
}

const writeOffsOf = (lines: readonly StoredReturnLine[]) => {
  const off = lines.filter((l) => l.disposition === 'WRITE_OFF');
  return off.length ? { writeOffs: Object.fromEntries(off.map((l) => [l.productId, l.quantity])) } : {};
};

/** Makes a return. With an Idempotency-Key (per caller), a retry answers the first return. */
export async function createReturn(
  body: NewReturnBody,
  by: Actor,
  options: { idempotencyKey?: string; withPrices: boolean },
): Promise<Return> {
  const key = options.idempotencyKey;
  const returnId = key ? idempotentOrderId(key, `return\n${by.userId}`) : randomUUID();
  const requestHash = key ? requestHashOf(body) : undefined;
  const replay = async () => {
    const first = await get(returnEntity, { returnId }, { consistent: true });
    if (!first) throw new ConflictError(RETURN_RACE_LOST);
    checkReplay(first, requestHash, RETURN_KEY_REUSED);
    return toReturn(first, options.withPrices);
  };
  if (key && (await get(returnEntity, { returnId }, { consistent: true }))) return replay();
  const orderId = await resolveOrderId(body.orderId);
  if (!orderId) throw new NotFoundError('Order not found');
  const plan: Plan = { orderId, body, returnId, by, ...(requestHash ? { requestHash } : {}) };
  try {
    const item = await retryLostRaces((n) => attempt(plan, n), {
      attempts: ATTEMPTS,
      exhausted: () => new ConflictError(RETURN_RACE_LOST),
      baseMs: 15,
      maxMs: 300,
    });
    countBusinessEvent(BUSINESS_METRICS.returnMade);
    return toReturn(item, options.withPrices);
  } catch (error) {
    if (error instanceof AlreadyRecorded) return replay();
    throw error;
  }
}
