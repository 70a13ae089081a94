import { describe, expect, it } from 'vitest';
import {
  CANCEL_RECEIVED_MESSAGE,
  canSubmitPurchaseOrder,
  creationStatuses,
  hasPurchaseOrderChanges,
  linesToReceive,
  onOrderUnits,
  purchaseLineSubtotalCents,
  purchaseOrderProblems,
  purchaseOrderTotals,
  purchaseReceiveRefusal,
  purchaseStatusChangeRefusal,
  purchaseTotalsToWire,
  receivedUnits,
  statusChangeReceives,
  updateButtonState,
  type PurchaseOrderEditState,
} from '../src/index';

describe('brand and at least one item (spec section 5)', () => {
  it('needs both', () => {
    expect(purchaseOrderProblems({ brandID: '', items: [] })).toEqual([
      'Brand is required',
      'Add at least one product',
    ]);
    expect(purchaseOrderProblems({ brandID: 'b1', items: [{ orderQuantity: null }, { orderQuantity: 0 }] })).toEqual([
      'Add at least one product',
    ]);
    expect(canSubmitPurchaseOrder({ brandID: 'b1', items: [{ orderQuantity: 3 }] })).toBe(true);
    expect(canSubmitPurchaseOrder({ brandID: '  ', items: [{ orderQuantity: 3 }] })).toBe(false);
  });
});

describe('statuses at creation (spec section 4)', () => {
  it('Submit gives PENDING and Save as draft DRAFT, payment status the same', () => {
    expect(creationStatuses('submit')).toEqual({ orderStatus: 'PENDING', paymentStatus: 'PENDING' });
    expect(creationStatuses('draft')).toEqual({ orderStatus: 'DRAFT', paymentStatus: 'DRAFT' });
  });
});

describe('totals in integer cents', () => {
  const lines = [
    { orderQuantity: 24, unitCost: 12.35 },
    { orderQuantity: 3, unitCost: 0.1 },
    { orderQuantity: null, unitCost: 50 },
    { orderQuantity: 5 },
  ];
  it('line subtotal = quantity × unit cost; unitQuantity and total are the sums', () => {
    expect(purchaseLineSubtotalCents(lines[0]!)).toBe(29_640);
    expect(purchaseLineSubtotalCents(lines[1]!)).toBe(30);
    expect(purchaseOrderTotals(lines)).toEqual({ unitQuantity: 32, total: 29_670 });
    expect(purchaseTotalsToWire(purchaseOrderTotals(lines))).toEqual({ unitQuantity: 32, total: 296.7 });
  });
  it('does not drift on many small costs', () => {
    const many = Array.from({ length: 300 }, () => ({ orderQuantity: 7, unitCost: 0.07 }));
    expect(purchaseOrderTotals(many).total).toBe(300 * 49);
  });
});

describe('Update is enabled only on a change (spec sections 2 and 4)', () => {
  const loaded: PurchaseOrderEditState = {
    orderStatus: 'PENDING',
    paymentStatus: 'PENDING',
    expectedDeliveryOn: '2026-12-01',
    notes: 'Call before delivery',
    items: [
      { productSku: 'A', orderQuantity: 10 },
      { productSku: 'B', orderQuantity: 4 },
    ],
  };
  const changed = (patch: Partial<PurchaseOrderEditState>) => hasPurchaseOrderChanges(loaded, { ...loaded, ...patch });

  it('sees no change in the same values (line order, a date-time of the same day, surrounding spaces)', () => {
    expect(changed({})).toBe(false);
    expect(changed({ items: [...loaded.items].reverse() })).toBe(false);
    expect(changed({ expectedDeliveryOn: '2026-12-01T00:00:00.000Z' })).toBe(false);
    expect(changed({ notes: ' Call before delivery ' })).toBe(false);
  });
  it('sees a change of items, quantities, statuses, delivery date or notes', () => {
    expect(changed({ orderStatus: 'ORDERED' })).toBe(true);
    expect(changed({ paymentStatus: 'PAID' })).toBe(true);
    expect(changed({ expectedDeliveryOn: null })).toBe(true);
    expect(changed({ notes: '' })).toBe(true);
    expect(changed({ items: [{ productSku: 'A', orderQuantity: 10 }] })).toBe(true);
    expect(changed({ items: [...loaded.items, { productSku: 'C', orderQuantity: 1 }] })).toBe(true);
    expect(changed({ items: [{ productSku: 'A', orderQuantity: 11 }, loaded.items[1]!] })).toBe(true);
  });
  it('disables Update while saving or unchanged, with the spec tooltips', () => {
    expect(updateButtonState(false, false)).toEqual({ disabled: true, tooltip: 'No changes made' });
    expect(updateButtonState(true, false)).toEqual({ disabled: false, tooltip: 'Save changes & close' });
    expect(updateButtonState(true, true).disabled).toBe(true);
  });
});

describe('receiving', () => {
  const lines = [
    { productSku: 'A', quantity: 10, hasBeenStocked: true },
    { productSku: 'B', quantity: 6, hasBeenStocked: false },
    { productSku: 'C', quantity: 0, hasBeenStocked: false },
    { productSku: 'D', quantity: 2, hasBeenStocked: false },
  ];
  it('adds to stock only the lines not yet stocked', () => {
    expect(linesToReceive(lines).map((l) => l.productSku)).toEqual(['B', 'D']);
    expect(linesToReceive(lines, ['A', 'D']).map((l) => l.productSku)).toEqual(['D']);
    expect(receivedUnits(lines)).toEqual([
      { sku: 'B', quantity: 6 },
      { sku: 'D', quantity: 2 },
    ]);
    expect(receivedUnits(lines.map((l) => ({ ...l, hasBeenStocked: true })))).toEqual([]);
  });
  it('receives when the status moves into RECEIVED or COMPLETED', () => {
    expect(statusChangeReceives('ORDERED', 'RECEIVED')).toBe(true);
    expect(statusChangeReceives('PENDING', 'COMPLETED')).toBe(true);
    expect(statusChangeReceives('RECEIVED', 'COMPLETED')).toBe(false);
    expect(statusChangeReceives('PENDING', 'ORDERED')).toBe(false);
  });
  it('refuses to cancel an order with stocked lines, with a message', () => {
    expect(purchaseStatusChangeRefusal('RECEIVED', 'CANCELLED', lines)).toBe(CANCEL_RECEIVED_MESSAGE);
    expect(purchaseStatusChangeRefusal('ORDERED', 'CANCELLED', lines.slice(1))).toBeNull();
    expect(purchaseStatusChangeRefusal('RECEIVED', 'COMPLETED', lines)).toBeNull();
  });
  it('receives no draft (never sent) and no cancelled order (will not arrive), with a message', () => {
    expect(purchaseReceiveRefusal('DRAFT')).toMatch(/draft/i);
    expect(purchaseReceiveRefusal('CANCELLED')).toMatch(/cancelled/i);
    for (const status of ['PENDING', 'ORDERED', 'RECEIVED', 'COMPLETED'] as const)
      expect(purchaseReceiveRefusal(status)).toBeNull();
  });
  it('counts unstocked lines of PENDING and ORDERED orders as on order', () => {
    const order = (orderStatus: 'DRAFT' | 'PENDING' | 'ORDERED' | 'CANCELLED') => ({
      orderStatus,
      purchaseOrderItems: [...lines, { productSku: 'B', quantity: 1, hasBeenStocked: false }],
    });
    expect(Object.fromEntries(onOrderUnits(order('ORDERED')))).toEqual({ B: 7, D: 2 });
    expect(Object.fromEntries(onOrderUnits(order('PENDING')))).toEqual({ B: 7, D: 2 });
    expect(onOrderUnits(order('DRAFT')).size).toBe(0);
    expect(onOrderUnits(order('CANCELLED')).size).toBe(0);
  });
});
