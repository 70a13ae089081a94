import { describe, expect, it } from 'vitest';
import {
  newPurchaseOrderBody,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_PAYMENT_STATUSES,
  purchaseOrderStatusSchema,
  updatePurchaseOrderBody,
} from '../src/index';
import { EXTREME_NUMBERS, leavesOf, OVERSIZED_STRING } from './support/schema-leaves';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

/** The body a client written from spec section 7 sends to POST /db/purchases/new. */
const specBody = {
  brandID: 'brand-1',
  expectedDeliveryOn: null,
  orderStatus: 'PENDING',
  paymentStatus: 'PENDING',
  unitQuantity: 30,
  total: 370.5,
  notes: null,
  purchaseOrderItems: [
    {
      productSku: 'ACM-FLO-0007',
      productName: 'Kush',
      productBrand: 'Acme',
      productType: 'Flower',
      productGenetics: 'INDICA',
      productExtractType: null,
      productWeight: 3.5,
      orderQuantity: 30,
      unitCost: 12.35,
    },
  ],
};

describe('purchase-order statuses (spec section 4)', () => {
  it('are the six of the spec, in display order', () => {
    expect(PURCHASE_ORDER_STATUSES).toEqual(['DRAFT', 'PENDING', 'ORDERED', 'RECEIVED', 'COMPLETED', 'CANCELLED']);
    expect(PURCHASE_PAYMENT_STATUSES).toContain('DRAFT');
    expect(PURCHASE_PAYMENT_STATUSES).toContain('PENDING');
    expect(issues(purchaseOrderStatusSchema.safeParse('SHIPPED'))?.[0]?.[1]).toMatch(/^Order status must be one of/);
  });
});

describe('POST /db/purchases/new', () => {
  it("accepts the spec's body as sent", () => {
    const parsed = newPurchaseOrderBody.parse(specBody);
    expect(parsed.purchaseOrderItems[0]!.orderQuantity).toBe(30);
    expect(parsed.expectedDeliveryOn).toBeNull();
  });
  it('reads a delivery date-time as its day, and defaults the status to PENDING', () => {
    const { orderStatus, paymentStatus, ...rest } = specBody;
    void orderStatus;
    void paymentStatus;
    const parsed = newPurchaseOrderBody.parse({ ...rest, expectedDeliveryOn: '2026-12-01T08:00:00.000Z' });
    expect(parsed.expectedDeliveryOn).toBe('2026-12-01');
    expect(parsed.orderStatus).toBe('PENDING');
  });
  it('refuses a delivery day that does not exist instead of rolling it into the next month', () => {
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, expectedDeliveryOn: '2026-02-30' }))).toEqual([
      ['expectedDeliveryOn', 'Expected delivery must be a real date between 2000-01-01 and 2099-12-31 (UTC)'],
    ]);
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, expectedDeliveryOn: '2026-04-31T10:00:00Z' }))).toEqual(
      [['expectedDeliveryOn', 'Expected delivery must be a real date between 2000-01-01 and 2099-12-31 (UTC)']],
    );
    expect(newPurchaseOrderBody.safeParse({ ...specBody, expectedDeliveryOn: '2028-02-29' }).success).toBe(true);
  });
  it('requires a brand and at least one item', () => {
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, brandID: ' ' }))).toEqual([
      ['brandID', 'Brand is required'],
    ]);
    const { brandID, ...noBrand } = specBody;
    void brandID;
    expect(issues(newPurchaseOrderBody.safeParse(noBrand))).toEqual([['brandID', 'Brand is required']]);
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, purchaseOrderItems: [] }))).toEqual([
      ['purchaseOrderItems', 'Add at least one product'],
    ]);
    const zero = { ...specBody.purchaseOrderItems[0]!, orderQuantity: 0 };
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, purchaseOrderItems: [zero] }))).toEqual([
      ['purchaseOrderItems', 'Add at least one product'],
    ]);
    const line = specBody.purchaseOrderItems[0]!;
    const both = [line, { ...zero, productSku: 'ACM-FLO-0008' }];
    expect(newPurchaseOrderBody.safeParse({ ...specBody, purchaseOrderItems: both }).success).toBe(true);
  });
  it('refuses negative and fractional quantities with a message', () => {
    const withQuantity = (orderQuantity: unknown) => ({
      ...specBody,
      purchaseOrderItems: [{ ...specBody.purchaseOrderItems[0], orderQuantity }],
    });
    expect(issues(newPurchaseOrderBody.safeParse(withQuantity(-1)))).toEqual([
      ['purchaseOrderItems.0.orderQuantity', 'Quantity cannot be negative'],
    ]);
    expect(issues(newPurchaseOrderBody.safeParse(withQuantity(1.5)))).toEqual([
      ['purchaseOrderItems.0.orderQuantity', 'Quantity must be a whole number'],
    ]);
    expect(issues(newPurchaseOrderBody.safeParse(withQuantity('3')))).toEqual([
      ['purchaseOrderItems.0.orderQuantity', 'Quantity must be a whole number'],
    ]);
  });
  it('refuses a SKU twice, a unit cost with three decimals, and creating in a later status', () => {
    const line = specBody.purchaseOrderItems[0]!;
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, purchaseOrderItems: [line, line] }))).toEqual([
      ['purchaseOrderItems', 'Each product may appear on one line only'],
    ]);
    expect(
      issues(newPurchaseOrderBody.safeParse({ ...specBody, purchaseOrderItems: [{ ...line, unitCost: 1.005 }] })),
    ).toEqual([['purchaseOrderItems.0.unitCost', 'At most two decimals']]);
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, orderStatus: 'RECEIVED' }))?.[0]).toEqual([
      'orderStatus',
      'A new purchase order is DRAFT (Save as draft) or PENDING (Submit)',
    ]);
  });
  it('refuses unknown body fields by name', () => {
    expect(issues(newPurchaseOrderBody.safeParse({ ...specBody, id: 'x' }))?.[0]?.[1]).toMatch(/"id"/);
  });
});

describe('PUT /db/purchases/update/{id}', () => {
  it('takes the create body plus purchaseOrderNum, in any status', () => {
    const parsed = updatePurchaseOrderBody.parse({ ...specBody, purchaseOrderNum: 'PO-1042', orderStatus: 'RECEIVED' });
    expect(parsed.purchaseOrderNum).toBe('PO-1042');
    expect(parsed.orderStatus).toBe('RECEIVED');
    expect(issues(updatePurchaseOrderBody.safeParse(specBody))).toEqual([
      ['purchaseOrderNum', 'Purchase order number is required'],
    ]);
  });
});

describe('bounds (issue 11: no 500 on bad input), before the routes exist', () => {
  const leaves = [newPurchaseOrderBody, updatePurchaseOrderBody].flatMap((body) => leavesOf(body));
  it('every number refuses what DynamoDB cannot store, every string is bounded', () => {
    expect(leaves.filter((l) => l.kind === 'number').length).toBeGreaterThanOrEqual(4);
    const took = leaves.flatMap((leaf) =>
      leaf.kind === 'number'
        ? EXTREME_NUMBERS.filter(([, v]) => leaf.schema.safeParse(v).success).map(
            ([label]) => `${leaf.path.join('.')} ${label}`,
          )
        : leaf.schema.safeParse(OVERSIZED_STRING).success
          ? [leaf.path.join('.')]
          : [],
    );
    expect(took).toEqual([]);
  });
});
