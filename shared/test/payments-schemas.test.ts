import { describe, expect, it } from 'vitest';
import {
  addPaymentBody,
  bodyCustomerId,
  MAX_PAYMENT_ORDERS,
  PAYMENT_METHODS,
  paymentDollars,
  paymentSchema,
  receivablesRowSchema,
  updatePaymentBody,
} from '../src/index';
import { EXTREME_NUMBERS, leavesOf, OVERSIZED_STRING } from './support/schema-leaves';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

/** The body a client written from spec section 7 sends to POST /db/payments/add/{customerId}. */
const specBody = {
  customerId: 'cust-1',
  amount: 500,
  paymentDate: '2026-11-24',
  appliedPayments: [
    { orderId: 'order-1', amount: 320.5 },
    { orderId: 'order-2', amount: 150 },
  ],
  customerCreditDeducted: 20,
  customerCreditAdded: 49.5,
  paymentMethod: 'CHECK',
  notes: 'Check #1042',
};

describe('POST /db/payments/add/{customerId}', () => {
  it("accepts the spec's body as sent", () => {
    const parsed = addPaymentBody.parse(specBody);
    expect(parsed).toEqual(specBody);
    expect(bodyCustomerId(parsed)).toBe('cust-1');
    expect(bodyCustomerId(addPaymentBody.parse({ ...specBody, customerId: undefined, customerID: 'c2' }))).toBe('c2');
  });
  it('defaults the method to CASH, the amounts to 0 and the orders to none', () => {
    const parsed = addPaymentBody.parse({ paymentDate: '2026-11-24T15:30:00.000Z' });
    expect(parsed).toEqual({
      paymentDate: '2026-11-24',
      paymentMethod: 'CASH',
      amount: 0,
      customerCreditDeducted: 0,
      appliedPayments: [],
    });
    expect(PAYMENT_METHODS).toEqual(['CASH', 'CHECK', 'CARD']);
  });
  it('takes amounts typed as decimal strings, and empty or null as 0', () => {
    const parsed = addPaymentBody.parse({
      ...specBody,
      amount: ' 125.5 ',
      customerCreditDeducted: '',
      customerCreditAdded: null,
      appliedPayments: [{ orderId: 'o1', amount: '.75' }, { orderId: 'o2' }],
    });
    expect(parsed.amount).toBe(125.5);
    expect(parsed.customerCreditDeducted).toBe(0);
    expect(parsed.customerCreditAdded).toBeNull();
    expect(parsed.appliedPayments).toEqual([
      { orderId: 'o1', amount: 0.75 },
      { orderId: 'o2', amount: 0 },
    ]);
  });
  it('refuses bad amounts with a message', () => {
    const amount = (value: unknown) => issues(addPaymentBody.safeParse({ ...specBody, amount: value }));
    expect(amount(-5)).toEqual([['amount', 'Must not be negative']]);
    expect(amount(1.005)).toEqual([['amount', 'At most two decimals']]);
    expect(amount('12.345')).toEqual([['amount', 'At most two decimals']]);
    expect(amount('ten')).toEqual([['amount', 'Must be a number of dollars']]);
    expect(amount('-5')).toEqual([['amount', 'Must be a number of dollars']]);
    expect(amount(true)).toEqual([['amount', 'Must be a number of dollars']]);
    expect(amount(20_000_000)).toEqual([['amount', 'Too large']]);
  });
  it('refuses what DynamoDB cannot store and oversized text', () => {
    for (const [label, value] of EXTREME_NUMBERS) {
      expect(paymentDollars.safeParse(value).success, label).toBe(false);
    }
    expect(paymentDollars.safeParse(OVERSIZED_STRING).success).toBe(false);
    expect(addPaymentBody.safeParse({ ...specBody, notes: OVERSIZED_STRING }).success).toBe(false);
    expect(addPaymentBody.safeParse({ ...specBody, paymentDate: OVERSIZED_STRING }).success).toBe(false);
    const longId = { ...specBody, appliedPayments: [{ orderId: OVERSIZED_STRING, amount: 1 }] };
    expect(addPaymentBody.safeParse(longId).success).toBe(false);
  });
  it('bounds every number and string of both bodies on its own (as request-bounds.test.ts will probe them)', () => {
    const leaves = [addPaymentBody, updatePaymentBody].flatMap((body) => leavesOf(body));
    expect(leaves.map((l) => l.path.join('.'))).toContain('appliedPayments.0.amount');
    expect(leaves.filter((l) => l.kind === 'number').length).toBeGreaterThanOrEqual(8);
    const loose = leaves.flatMap((leaf) => [
      ...EXTREME_NUMBERS.filter(([, value]) => leaf.kind === 'number' && leaf.schema.safeParse(value).success).map(
        ([label]) => `${leaf.path.join('.')} took ${label}`,
      ),
      ...(leaf.schema.safeParse(OVERSIZED_STRING).success ? [`${leaf.path.join('.')} took a long string`] : []),
    ]);
    expect(loose).toEqual([]);
    const typedAmount = leaves.find((l) => l.path.join('.') === 'amount' && l.kind === 'string')!;
    for (const [label, value] of EXTREME_NUMBERS)
      expect(typedAmount.schema.safeParse(String(value)).success, label).toBe(false);
  });
  it('needs a payment date, a known method, an order per row, each order once, and at most the limit', () => {
    const { paymentDate, ...noDate } = specBody;
    void paymentDate;
    expect(issues(addPaymentBody.safeParse(noDate))).toEqual([['paymentDate', 'Payment date is required']]);
    expect(issues(addPaymentBody.safeParse({ ...specBody, paymentDate: '2026-02-30x' }))).toEqual([
      [
        'paymentDate',
        'Payment date must be a date (YYYY-MM-DD) or a date-time with Z or an offset between 2000-01-01 and 2099-12-31 (UTC)',
      ],
    ]);
    expect(issues(addPaymentBody.safeParse({ ...specBody, paymentMethod: 'BITCOIN' }))).toEqual([
      ['paymentMethod', 'Payment method must be one of CASH, CHECK, CARD'],
    ]);
    expect(issues(addPaymentBody.safeParse({ ...specBody, appliedPayments: [{ orderId: ' ', amount: 1 }] }))).toEqual([
      ['appliedPayments.0.orderId', 'Each applied payment needs an order'],
    ]);
    const twice = [
      { orderId: 'o1', amount: 1 },
      { orderId: 'o1', amount: 2 },
    ];
    expect(issues(addPaymentBody.safeParse({ ...specBody, appliedPayments: twice }))).toEqual([
      ['appliedPayments', 'Each order may appear once in a payment'],
    ]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ orderId: `o${i}`, amount: 1 }));
    expect(addPaymentBody.safeParse({ ...specBody, appliedPayments: many(MAX_PAYMENT_ORDERS) }).success).toBe(true);
    expect(issues(addPaymentBody.safeParse({ ...specBody, appliedPayments: many(MAX_PAYMENT_ORDERS + 1) }))).toEqual([
      ['appliedPayments', `A payment can cover at most ${MAX_PAYMENT_ORDERS} orders`],
    ]);
  });
  it('refuses a day that does not exist, and two customer ids that differ', () => {
    expect(issues(addPaymentBody.safeParse({ ...specBody, paymentDate: '2026-02-30' }))).toEqual([
      ['paymentDate', 'Payment date must be a real date between 2000-01-01 and 2099-12-31 (UTC)'],
    ]);
    expect(addPaymentBody.safeParse({ ...specBody, paymentDate: '2028-02-29' }).success).toBe(true);
    expect(issues(addPaymentBody.safeParse({ ...specBody, customerID: 'cust-2' }))).toEqual([
      ['customerID', 'customerId and customerID name different customers'],
    ]);
    expect(updatePaymentBody.safeParse({ ...specBody, customerID: 'cust-2' }).success).toBe(false);
    expect(addPaymentBody.safeParse({ ...specBody, customerID: 'cust-1' }).success).toBe(true);
  });
  it('names a field nobody should send', () => {
    expect(issues(addPaymentBody.safeParse({ ...specBody, id: 'p1' }))?.[0]?.[0]).toBe('');
    expect(addPaymentBody.safeParse({ ...specBody, modifiedOn: '2026-11-24T00:00:00Z' }).success).toBe(false);
  });
});

describe('POST /db/payments/update/{id}', () => {
  it('takes the same body plus modifiedOn', () => {
    const parsed = updatePaymentBody.parse({ ...specBody, modifiedOn: '2026-11-24T10:00:00.000Z' });
    expect(parsed.modifiedOn).toBe('2026-11-24T10:00:00.000Z');
    expect(parsed.appliedPayments).toHaveLength(2);
  });
});

describe('responses', () => {
  it('a payment carries its orders with their numbers', () => {
    const payment = {
      id: 'p1',
      customerId: 'cust-1',
      customerID: 'cust-1',
      customerName: 'Mile High Collective',
      amount: 500,
      paymentDate: '2026-11-24',
      paymentMethod: 'CASH',
      appliedPayments: [{ orderId: 'order-1', orderNum: '1038', amount: 320.5 }],
      orders: [{ orderId: 'order-1', orderNum: '1038', amountApplied: 320.5 }],
      customerCreditDeducted: 0,
      customerCreditAdded: 179.5,
      createdOn: '2026-11-24T10:00:00.000Z',
      modifiedOn: '2026-11-24T10:00:00.000Z',
    };
    expect(paymentSchema.parse(payment)).toEqual(payment);
    expect(paymentSchema.safeParse({ ...payment, paymentMethod: 'IOU' }).success).toBe(false);
  });
  it('a receivables row has the four buckets', () => {
    const row = {
      customerId: 'c1',
      customerName: 'Mile High Collective',
      openOrders: 2,
      balanceDue: 300,
      days0to30: 100,
      days31to60: 0,
      days61to90: 0,
      over90: 200,
      oldestOrderDate: '2026-07-01',
    };
    expect(receivablesRowSchema.parse(row)).toEqual(row);
    expect(receivablesRowSchema.safeParse({ ...row, over90: undefined }).success).toBe(false);
  });
});
