import { randomUUID } from 'node:crypto';
import {
  type AddPaymentBody,
  type OrderBalance,
  type Payment,
  type PaymentEffect,
  type PaymentMode,
  type UpdatePaymentBody,
  type VoidPaymentBody,
  MAX_PAYMENT_ORDERS,
  NOT_PAYABLE_STATUSES,
  PAYMENT_MESSAGES,
  bodyCustomerId,
  checkPaymentBody,
  editBaseline,
  formatUsd,
  paymentEffects,
  reversePayment,
  toCents,
} from '@bo/shared';
import { BUSINESS_METRICS, countBusinessEvent } from '#metrics';
import { type Actor, BadRequestError, ConflictError } from '../../domain';
import { RaceLost, type TransactionPart, batchGet, get, retryLostRaces } from '../core';
import { customerNotFound } from '../customers';
import { type CustomerItem, customerEntity } from '../customers/entity';
import { checkReplay, idempotentOrderId, requestHashOf } from '../orders/idempotency';
import { owedDelta } from '../orders/credit-hold';
import { type OrderHeaderItem, balanceDueOf, isFullyReturned, netTotalOf, orderEntity } from '../orders/entity';
import type { PaymentItem } from './entity';
import { getPaymentItem } from './reads';
import { effectOf, paymentNotFound, toPayment } from './records';
import { CUSTOMER, PAYMENT, isOrderItem, paymentTransaction } from './transactions';

/**
 * Recording and editing payments. Each try reads the customer and the orders, checks the body with the
 * shared rules (the spec's messages) and writes one transaction conditioned on what it read. A try that
 * loses a race to another write of the same orders or credit is tried again from fresh reads, a few times;
 * then the caller gets a 409. A body the rules refuse on the first read is a 400; refused only after a lost
 * race (someone else paid the order meanwhile), a 409 with the rule's message.
 */

export const PAYMENT_KEY_REUSED =
  'This Idempotency-Key was already used for a different payment; send a new key for a new payment';
export const PAYMENT_RACE_LOST =
  'Another payment changed these orders or this credit at the same time; reload and try again';
export const PAYMENT_CHANGED = 'This payment was changed since it was loaded; reload and try again';

const ATTEMPTS = 8;

class AlreadyRecorded extends Error {}

interface Loaded {
  customer: CustomerItem;
  orders: Map<string, OrderHeaderItem>;
}

/** The customer and those of the orders that are this customer's, strongly consistent. */
async function load(customerId: string, orderIds: readonly string[]): Promise<Loaded> {
  const [customer, orders] = await Promise.all([
    get(customerEntity, { customerId }, { consistent: true }),
    orderIds.length
      ? batchGet(
          orderEntity,
          orderIds.map((orderId) => ({ orderId })),
          { consistent: true },
        )
      : Promise.resolve([]),
  ]);
  if (!customer) throw customerNotFound();
  return { customer, orders: new Map(orders.filter((o) => o.customerID === customerId).map((o) => [o.orderId, o])) };
}

const balanceOf = (o: OrderHeaderItem): OrderBalance => ({
  orderId: o.orderId,
  total: netTotalOf(o),
  ...(isFullyReturned(o) ? { fullyReturned: true } : {}),
  balanceDue: balanceDueOf(o),
  orderStatus: o.orderStatus,
  paymentStatus: o.paymentStatus,
});

interface Plan {
  body: AddPaymentBody;
  mode: PaymentMode;
  before?: PaymentItem;
  paymentId: string;
  requestHash?: string;
  by: Actor;
  /** Items joined to the payment's transaction (a collected payment's confirmation). */
  part?: TransactionPart<PaymentItem>;
}

/** One try: read, check, write. Throws RaceLost when a condition on what it read failed. */
async function attempt(plan: Plan, customerId: string, attemptNo: number): Promise<PaymentItem> {
  const { body, before } = plan;
  const old: PaymentEffect = effectOf(before);
  const orderIds = [...new Set([...old.applied.map((a) => a.orderId), ...body.appliedPayments.map((a) => a.orderId)])];
  if (orderIds.length > MAX_PAYMENT_ORDERS) throw new BadRequestError(PAYMENT_MESSAGES.tooManyOrders);
  const { customer, orders } = await load(customerId, orderIds);
  const refuse = (message: string, issues?: unknown) =>
    attemptNo === 0 ? new BadRequestError(message, issues) : new ConflictError(message, issues);

  // A draft, cancelled or refunded order can't take a payment; an edit may keep one the payment already paid.
  const kept = new Set(old.applied.map((a) => a.orderId));
  const closed = body.appliedPayments
    .map((a) => orders.get(a.orderId))
    .find((o) => o && !kept.has(o.orderId) && NOT_PAYABLE_STATUSES.includes(o.orderStatus));
  if (closed) throw refuse(`Order ${closed.orderNum} is ${closed.orderStatus.toLowerCase()}; it can't take a payment`);

  const current = [...orders.values()].map(balanceOf);
  const baseline = editBaseline(current, customer.creditCents, old);
  const checked = checkPaymentBody(
    body,
    {
      balances: new Map(baseline.orders.map((o) => [o.orderId, o.balanceDue])),
      availableCredit: baseline.availableCredit,
    },
    plan.mode,
  );
  if (!checked.ok) throw refuse(checked.message, checked.issues);
  const effects = paymentEffects(current, customer.creditCents, old, checked.effect);
  if (!effects.ok) throw refuse(effects.message);

  const at = new Date().toISOString();
  const createdBy = before ? before.createdBy : (plan.by.name ?? plan.by.userId);
  const after: PaymentItem = {
    paymentId: plan.paymentId,
    customerId,
    customerName: customer.customerName,
    amountCents: toCents(body.amount),
    paymentDate: body.paymentDate,
    paymentMonth: body.paymentDate.slice(0, 7),
    paymentMethod: body.paymentMethod,
    ...(body.notes ? { notes: body.notes } : {}),
    applied: checked.effect.applied.map((a) => ({
      orderId: a.orderId,
      orderNum: orders.get(a.orderId)!.orderNum,
      amountCents: a.amount,
    })),
    creditDeductedCents: checked.effect.creditDeducted,
    creditAddedCents: checked.effect.creditAdded,
    createdOn: before?.createdOn ?? at,
    ...(createdBy ? { createdBy } : {}),
    modifiedOn: at,
    version: (before?.version ?? 0) + 1,
    ...(plan.requestHash ? { requestHash: plan.requestHash } : {}),
  };
  const touched = effects.orders.map((next) => {
    const header = orders.get(next.orderId)!;
    const paidCents = header.paidCents - (next.balanceDue - balanceDueOf(header));
    const statusChanged = next.paymentStatus !== header.paymentStatus;
    return {
      before: header,
      after: {
        ...header,
        paidCents,
        paymentStatus: next.paymentStatus,
        ...(statusChanged ? { paymentModifiedOn: at } : {}),
        modifiedOn: at,
        version: header.version + 1,
      },
    };
  });
  const stillPaid = new Set(after.applied.map((a) => a.orderId));
  const tx = paymentTransaction({
    ...(before ? { before } : {}),
    after,
    orders: touched,
    droppedOrderIds: old.applied.map((a) => a.orderId).filter((id) => !stillPaid.has(id)),
    credit: { customerId, before: customer.creditCents, after: effects.credit },
    owed: { customerId, delta: owedChange(touched) },
    caller: plan.by,
    at,
  });
  plan.part?.add(tx, after);
  await tx.commit((failed) => {
    const joined = plan.part?.explain?.(failed);
    if (joined) return joined;
    if (failed.has(PAYMENT)) return before ? new ConflictError(PAYMENT_CHANGED) : new AlreadyRecorded();
    if (failed.has(CUSTOMER) || [...failed].some(isOrderItem)) return new RaceLost();
    return undefined;
  });
  return after;
}

/** What the touched orders change in what their customer owes (kept on the customer, credit-hold.ts). */
const owedChange = (touched: ReadonlyArray<{ before: OrderHeaderItem; after: OrderHeaderItem }>): number =>
  touched.reduce((sum, t) => sum + owedDelta(t.before, t.after), 0);

/** Runs tries until one is not a lost race; between tries waits (jittered) and runs `beforeRetry`. */
const withRetries = <T>(run: (attemptNo: number) => Promise<T>, beforeRetry?: () => Promise<void>): Promise<T> =>
  retryLostRaces(run, {
    attempts: ATTEMPTS,
    exhausted: () => new ConflictError(PAYMENT_RACE_LOST),
    baseMs: 20,
    maxMs: 400,
    ...(beforeRetry ? { beforeRetry } : {}),
  });

/**
 * Records a payment for a customer. With an Idempotency-Key, a retry answers the first payment; a `part` joins
 * items of another record to the payment's transaction.
 */
export async function recordPayment(
  customerId: string,
  body: AddPaymentBody,
  by: Actor,
  options: { idempotencyKey?: string; part?: TransactionPart<PaymentItem> } = {},
): Promise<Payment> {
  const named = bodyCustomerId(body);
  if (named !== undefined && named !== customerId)
    throw new BadRequestError('The customer in the body is not the one in the path');
  const key = options.idempotencyKey;
  const paymentId = key ? idempotentOrderId(key, by.userId) : randomUUID();
  const requestHash = key ? requestHashOf({ ...body, customerId }) : undefined;
  const replay = async () => {
    const first = await getPaymentItem(paymentId);
    if (!first) throw new ConflictError(PAYMENT_RACE_LOST);
    checkReplay(first, requestHash, PAYMENT_KEY_REUSED);
    return toPayment(first);
  };
  if (key && (await getPaymentItem(paymentId))) return replay();
  try {
    const plan: Plan = {
      body,
      mode: 'new',
      paymentId,
      by,
      ...(requestHash ? { requestHash } : {}),
      ...(options.part ? { part: options.part } : {}),
    };
    const recorded = toPayment(await withRetries((n) => attempt(plan, customerId, n)));
    countBusinessEvent(BUSINESS_METRICS.paymentRecorded);
    return recorded;
  } catch (error) {
    if (error instanceof AlreadyRecorded) return replay();
    throw error;
  }
}

/**
 * Edits a payment: its old effects undone and the new ones applied in one transaction. The customer can't
 * change; a `modifiedOn` other than the stored one is a 409.
 */
export async function updatePayment(paymentId: string, body: UpdatePaymentBody, by: Actor): Promise<Payment> {
  const before = await getPaymentItem(paymentId);
  if (!before) throw paymentNotFound();
  if (before.voidedOn) throw new ConflictError(PAYMENT_MESSAGES.alreadyVoid);
  const named = bodyCustomerId(body);
  if (named !== undefined && named !== before.customerId)
    throw new BadRequestError("A payment's customer can't be changed; record a new payment instead");
  if (body.modifiedOn !== undefined && body.modifiedOn !== before.modifiedOn) throw new ConflictError(PAYMENT_CHANGED);
  const { modifiedOn: _m, ...fields } = body;
  let latest = before;
  const item = await withRetries(
    (n) => attempt({ body: fields, mode: 'edit', before: latest, paymentId, by }, before.customerId, n),
    async () => {
      const reread = await getPaymentItem(paymentId);
      if (!reread || reread.version !== latest.version) throw new ConflictError(PAYMENT_CHANGED);
      latest = reread;
    },
  );
  return toPayment(item);
}

/** One try of a void: the payment's effects reversed, the record kept and marked. */
async function voidAttempt(before: PaymentItem, reason: string, by: Actor): Promise<PaymentItem> {
  const old = effectOf(before);
  const { customer, orders } = await load(
    before.customerId,
    old.applied.map((a) => a.orderId),
  );
  const reversed = reversePayment([...orders.values()].map(balanceOf), customer.creditCents, old);
  if (!reversed.ok) {
    if (reversed.orderId === undefined) {
      throw new ConflictError(
        `This payment added ${formatUsd(old.creditAdded)} of credit and only ${formatUsd(customer.creditCents)} is left; edit or void the payments that used it first`,
      );
    }
    throw new ConflictError(reversed.message);
  }
  const at = new Date().toISOString();
  const after: PaymentItem = {
    ...before,
    voidedOn: at,
    voidedBy: by.name ?? by.userId,
    voidReason: reason,
    modifiedOn: at,
    version: before.version + 1,
  };
  const touched = reversed.orders.map((next) => {
    const header = orders.get(next.orderId)!;
    return {
      before: header,
      after: {
        ...header,
        paidCents: header.paidCents - (next.balanceDue - balanceDueOf(header)),
        paymentStatus: next.paymentStatus,
        ...(next.paymentStatus !== header.paymentStatus ? { paymentModifiedOn: at } : {}),
        modifiedOn: at,
        version: header.version + 1,
      },
    };
  });
  const tx = paymentTransaction({
    before,
    after,
    orders: touched,
    droppedOrderIds: old.applied.map((a) => a.orderId),
    credit: { customerId: before.customerId, before: customer.creditCents, after: reversed.credit },
    owed: { customerId: before.customerId, delta: owedChange(touched) },
    caller: by,
    at,
  });
  await tx.commit((failed) => {
    if (failed.has(PAYMENT)) return new ConflictError(PAYMENT_CHANGED);
    if (failed.has(CUSTOMER) || [...failed].some(isOrderItem)) return new RaceLost();
    return undefined;
  });
  return after;
}

/**
 * Voids a wrong payment (DELETE /db/payments/remove/{id}, ADMIN, issue 23): every order it paid owes again,
 * the credit it used comes back and the credit it added is taken back, in one transaction conditioned on
 * what it read; the record stays, marked void with the reason. A void payment answers as it is.
 */
export async function voidPayment(paymentId: string, body: VoidPaymentBody, by: Actor): Promise<Payment> {
  let latest = await getPaymentItem(paymentId);
  if (!latest) throw paymentNotFound();
  if (latest.voidedOn) return toPayment(latest);
  if (body.modifiedOn !== undefined && body.modifiedOn !== latest.modifiedOn) throw new ConflictError(PAYMENT_CHANGED);
  const item = await withRetries(
    () => voidAttempt(latest!, body.reason, by),
    async () => {
      const reread = await getPaymentItem(paymentId);
      if (!reread || reread.version !== latest!.version) throw new ConflictError(PAYMENT_CHANGED);
      latest = reread;
    },
  );
  countBusinessEvent(BUSINESS_METRICS.paymentVoided);
  return toPayment(item);
}
