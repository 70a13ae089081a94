import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_SECTIONS,
  ROLES,
  byExpectedDate,
  dashboardScope,
  dashboardSections,
  lastAndThisMonth,
  limitsOfBrand,
  overdueCustomers,
  payPeriodsAround,
  purchaseDue,
} from '../src/index';

describe('the role dashboards (issue 25, section 2)', () => {
  it('gives each role its section, ADMIN every section, and business (costs) to ADMIN only', () => {
    expect(dashboardSections(['SALES'])).toEqual(['sales']);
    expect(dashboardSections(['DRIVER'])).toEqual(['deliveries']);
    expect(dashboardSections(['INVENTORY'])).toEqual(['inventory']);
    expect(dashboardSections(['PURCHASING'])).toEqual(['purchasing']);
    expect(dashboardSections(['PAYROLL'])).toEqual(['payroll']);
    expect(dashboardSections(['ADMIN'])).toEqual([...DASHBOARD_SECTIONS]);
    expect(dashboardSections(['ADMIN', 'DRIVER'])).toEqual([...DASHBOARD_SECTIONS]);
    // Two roles, two sections, in display order whatever the roles' order.
    expect(dashboardSections(['DRIVER', 'SALES'])).toEqual(['sales', 'deliveries']);
    expect(dashboardSections([])).toEqual([]);
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) expect(dashboardSections([role])).not.toContain('business');
  });

  it('covers the caller’s own records, and everyone’s for ADMIN', () => {
    expect(dashboardScope(['SALES'])).toBe('own');
    expect(dashboardScope(['DRIVER', 'SALES'])).toBe('own');
    expect(dashboardScope(['ADMIN'])).toBe('all');
  });

  it('compares this month with the whole of last month, across a year end', () => {
    expect(lastAndThisMonth('2026-05-17')).toEqual({ from: '2026-04-01', to: '2026-05-17' });
    expect(lastAndThisMonth('2026-01-01')).toEqual({ from: '2025-12-01', to: '2026-01-01' });
    expect(lastAndThisMonth('2026-12-31')).toEqual({ from: '2026-11-01', to: '2026-12-31' });
  });

  it('calls an ordered purchase order late before its expected day and due within a week of it', () => {
    expect(purchaseDue('2026-05-16', '2026-05-17')).toBe('late');
    expect(purchaseDue('2026-05-17', '2026-05-17')).toBe('soon');
    expect(purchaseDue('2026-05-24T00:00:00.000Z', '2026-05-17')).toBe('soon');
    expect(purchaseDue('2026-05-25', '2026-05-17')).toBeUndefined();
    expect(purchaseDue(null, '2026-05-17')).toBeUndefined();
    expect(purchaseDue('2026-05-20', '2026-05-17', 2)).toBeUndefined();
    const rows = [
      { purchaseOrderNum: '1010', expectedDeliveryOn: null },
      { purchaseOrderNum: '1002', expectedDeliveryOn: '2026-05-20' },
      { purchaseOrderNum: '1009', expectedDeliveryOn: '2026-05-18' },
      { purchaseOrderNum: '999', expectedDeliveryOn: null },
    ];
    expect([...rows].sort(byExpectedDate).map((r) => r.purchaseOrderNum)).toEqual(['1009', '1002', '999', '1010']);
  });

  it('lists customers with orders unpaid past their terms, most days late first', () => {
    const customers = new Map([
      ['c1', { customerName: 'Alpha', paymentTermsDays: 15 }],
      ['c2', { customerName: 'Beta' }],
      ['c3', { customerName: 'Gamma', paymentTermsDays: 60 }],
    ]);
    const orders = [
      // Alpha: 20 and 10 days old on 15-day terms; only the first is past them, by 5 days.
      { orderNum: '11', customerId: 'c1', createdAt: '2026-04-27T10:00:00.000Z', balanceDue: 10_000 },
      { orderNum: '12', customerId: 'c1', createdAt: '2026-05-07T10:00:00.000Z', balanceDue: 5_000 },
      // Beta, default 30 days: 41 and 31 days old, both past (by 11 and 1).
      { orderNum: '21', customerId: 'c2', createdAt: '2026-04-06T10:00:00.000Z', balanceDue: 2_500 },
      { orderNum: '22', customerId: 'c2', createdAt: '2026-04-16T10:00:00.000Z', balanceDue: 1_500 },
      // Gamma: 50 days on 60-day terms, not yet.
      { orderNum: '31', customerId: 'c3', createdAt: '2026-03-28T10:00:00.000Z', balanceDue: 99_000 },
      // Not one of the given customers (another rep's): left out.
      { orderNum: '41', customerId: 'c4', createdAt: '2026-01-01T10:00:00.000Z', balanceDue: 1_000 },
      // Exactly on its terms (30 days): not late.
      { orderNum: '23', customerId: 'c2', createdAt: '2026-04-17T10:00:00.000Z', balanceDue: 700 },
    ];
    expect(overdueCustomers(orders, customers, '2026-05-17')).toEqual([
      {
        customerId: 'c2',
        customerName: 'Beta',
        amount: 4_000,
        days: 11,
        orders: 2,
        oldestOrderNum: '21',
        paymentTermsDays: 30,
      },
      {
        customerId: 'c1',
        customerName: 'Alpha',
        amount: 10_000,
        days: 5,
        orders: 1,
        oldestOrderNum: '11',
        paymentTermsDays: 15,
      },
    ]);
    expect(overdueCustomers(orders, new Map(), '2026-05-17')).toEqual([]);
  });

  it('finds the open pay period and the one before it', () => {
    expect(payPeriodsAround('2026-05-17')).toEqual({
      current: { year: 2026, month: 5, payPeriod: 'B' },
      previous: { year: 2026, month: 5, payPeriod: 'A' },
    });
    expect(payPeriodsAround('2026-01-03')).toEqual({
      current: { year: 2026, month: 1, payPeriod: 'A' },
      previous: { year: 2025, month: 12, payPeriod: 'B' },
    });
  });

  it('lists the limit lines under their limits with the room left, as the Inventory overview compares them', () => {
    const brand = {
      id: 'b1',
      name: 'Acme',
      maxBrandStock: 100,
      MaxProductStock: [
        { typeId: 't1', maxStock: 30 },
        { typeId: 't1', weight: 7, maxStock: 10 },
        { typeId: 't2', maxStock: 5 },
      ],
    };
    const products = [
      { typeID: 't1', weight: 7, stock: 4, status: 'ACTIVE' as const, type: { name: 'Flower' } },
      { typeID: 't1', weight: 14, stock: 20, status: 'ACTIVE' as const, type: { name: 'Flower' } },
      { typeID: 't2', stock: 9, status: 'ACTIVE' as const, type: { name: 'Vape' } },
      // Hidden from the menus: not counted.
      { typeID: 't2', stock: 50, status: 'HIDDEN' as const, type: { name: 'Vape' } },
    ];
    const { under, over } = limitsOfBrand(brand, products);
    expect(over).toBe(1);
    expect(under.map((l) => [l.level, l.label, l.stock, l.limit, l.room])).toEqual([
      ['brand', 'Brand', 33, 100, 67],
      ['type', 'Flower', 24, 30, 6],
      ['weight', 'Flower 7 g', 4, 10, 6],
    ]);
  });
});
