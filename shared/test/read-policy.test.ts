import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ACCESS,
  ENTITY_READERS,
  ENTITY_TYPES,
  entityReadRefusal,
  mayAccessDocuments,
  needsRecordToDecide,
  pendingOutboundFor,
  redactChangeCosts,
  ROLES,
  routes,
  seesFullProfile,
  seesOrderCustomers,
  type ChangeLogEntry,
  type EntityType,
  type OrderViewer,
  type Role,
  type RouteId,
} from '../src/index';

const viewer = (...roles: Role[]): OrderViewer => ({ userId: 'me', roles, isAdmin: roles.includes('ADMIN') });

describe('who reads which record', () => {
  // The get route of each kind of record; the policy must admit exactly its roles.
  const GET_ROUTES: Record<EntityType, RouteId> = {
    user: 'users.getById',
    product: 'products.getByID',
    productType: 'products.getProductTypes',
    extractType: 'products.getExtractTypes',
    brand: 'brands.getByID',
    location: 'orders.getLocations',
    customer: 'customers.getByID',
    order: 'orders.getByID',
    purchaseOrder: 'purchases.getById',
    return: 'returns.getById',
    payment: 'payments.getById',
    payroll: 'payroll.get',
  };

  it.each(Object.entries(GET_ROUTES))('%s: the roles of its get route (%s)', (type, routeId) => {
    expect(ENTITY_READERS[type as EntityType]).toEqual(routes[routeId].roles);
  });

  it('has a rule for every kind of record the change log holds', () => {
    expect(Object.keys(ENTITY_READERS).sort()).toEqual([...ENTITY_TYPES].sort());
  });

  it('refuses a role that never reads the kind, with a message naming role and kind (403)', () => {
    expect(entityReadRefusal(viewer('DRIVER'), 'customer', 'c1')).toEqual({
      kind: 'forbidden',
      message: 'Your role (DRIVER) cannot read customers',
    });
    expect(entityReadRefusal(viewer('PAYROLL'), 'order', 'o1')?.kind).toBe('forbidden');
    expect(entityReadRefusal(viewer('INVENTORY'), 'payment', 'p1')?.kind).toBe('forbidden');
    expect(entityReadRefusal(viewer('SALES'), 'payroll', 'p1')?.kind).toBe('forbidden');
    expect(entityReadRefusal(viewer('SALES'), 'purchaseOrder', 'po1')?.kind).toBe('forbidden');
    expect(entityReadRefusal(viewer('SALES'), 'customer', 'c1')).toBeUndefined();
    expect(entityReadRefusal(viewer('ADMIN'), 'payroll', 'p1')).toBeUndefined();
  });

  it('the catalogue and locations are everyone’s', () => {
    for (const role of ROLES)
      for (const type of ['product', 'productType', 'extractType', 'brand', 'location'] as const)
        expect(entityReadRefusal(viewer(role), type, 'x')).toBeUndefined();
  });

  it("a user's history is for ADMIN and that user only", () => {
    expect(entityReadRefusal(viewer('SALES'), 'user', 'me')).toBeUndefined();
    expect(entityReadRefusal(viewer('SALES'), 'user', 'someone')).toEqual({
      kind: 'forbidden',
      message: "Only an admin can read another user's history",
    });
    expect(entityReadRefusal(viewer('ADMIN'), 'user', 'someone')).toBeUndefined();
    expect(seesFullProfile(viewer('DRIVER'), 'me')).toBe(true);
    expect(seesFullProfile(viewer('DRIVER', 'SALES'), 'someone')).toBe(false);
  });

  it('a driver-only viewer reads an order only once it is known to be theirs (404 otherwise)', () => {
    expect(needsRecordToDecide(viewer('DRIVER'), 'order')).toBe(true);
    expect(needsRecordToDecide(viewer('DRIVER', 'SALES'), 'order')).toBe(false);
    expect(needsRecordToDecide(viewer('INVENTORY'), 'order')).toBe(false);
    expect(needsRecordToDecide(viewer('DRIVER'), 'product')).toBe(false);
    expect(entityReadRefusal(viewer('DRIVER'), 'order', 'o1', { driverId: 'me' })).toBeUndefined();
    expect(entityReadRefusal(viewer('DRIVER'), 'order', 'o1', { driverId: 'other' })).toEqual({
      kind: 'not-found',
      message: 'Order not found',
    });
    expect(entityReadRefusal(viewer('DRIVER'), 'order', 'o1', undefined)?.kind).toBe('not-found');
    expect(entityReadRefusal(viewer('DRIVER', 'SALES'), 'order', 'o1')).toBeUndefined();
  });
});

describe('documents follow their order', () => {
  it('invoices are read by the roles that read every order, never by a driver', () => {
    expect(DOCUMENT_ACCESS.invoices.read).toEqual(['SALES', 'PURCHASING', 'INVENTORY']);
    expect(mayAccessDocuments('invoices', ['DRIVER'], 'read')).toBe(false);
    expect(mayAccessDocuments('invoices', ['DRIVER', 'SALES'], 'read')).toBe(true);
    expect(routes['storage.getDocumentURL'].roles).not.toContain('DRIVER');
  });
});

describe('customer names on pending outbound', () => {
  const rows = [{ orderID: 'o1', orderNum: '1042', customerName: 'Green Leaf', quantity: 3 }];

  it('go to the roles that read sales orders', () => {
    for (const roles of [['ADMIN'], ['SALES'], ['PURCHASING'], ['INVENTORY'], ['DRIVER', 'SALES']] as Role[][])
      expect(pendingOutboundFor(viewer(...roles), rows)).toEqual(rows);
  });

  it('drivers and payroll get order numbers and quantities only', () => {
    for (const role of ['DRIVER', 'PAYROLL'] as const) {
      expect(seesOrderCustomers(viewer(role))).toBe(false);
      expect(pendingOutboundFor(viewer(role), rows)).toEqual([{ orderID: 'o1', orderNum: '1042', quantity: 3 }]);
    }
  });
});

describe('change-log cost redaction', () => {
  const entry = (changes: ChangeLogEntry['changes']): ChangeLogEntry => ({
    id: 'e1',
    action: 'update',
    entityType: 'product',
    entityId: 'p1',
    userId: 'u1',
    createdAt: '2026-11-24T00:00:00.000Z',
    changes,
  });
  const price = { name: 'Base price', field: 'basePrice', action: 'update', previousValue: 9, newValue: 10 } as const;
  const cost = { name: 'Cost', field: 'cost', action: 'update', previousValue: 4, newValue: 4.25 } as const;
  const nested = { name: 'Line', field: 'orderedItems', subfield: 'productCost', action: 'add', newValue: 3 } as const;
  const json = {
    name: 'Lines',
    field: 'lines',
    action: 'add',
    newValue: JSON.stringify([{ sku: 'A', productCost: 3, unitPrice: 5, batch: { unitCost: 2, n: 1 } }]),
  } as const;

  it('drops the changes of cost fields (by field or subfield) and cost keys inside JSON values', () => {
    for (const role of ['SALES', 'INVENTORY', 'DRIVER'] as const) {
      const [out] = redactChangeCosts([entry([price, cost, nested, json])], [role]);
      expect(out!.changes.map((c) => c.field)).toEqual(['basePrice', 'lines']);
      expect(JSON.parse(out!.changes[1]!.newValue as string)).toEqual([{ sku: 'A', unitPrice: 5, batch: { n: 1 } }]);
      expect(JSON.stringify(out)).not.toMatch(/4\.25|[Cc]ost/);
    }
  });

  it('keeps everything for the roles that see costs, and leaves text that is not JSON alone', () => {
    for (const role of ['ADMIN', 'PURCHASING', 'PAYROLL'] as const)
      expect(redactChangeCosts([entry([price, cost, nested, json])], [role])).toEqual([
        entry([price, cost, nested, json]),
      ]);
    const note = { name: 'Notes', field: 'notes', action: 'add', newValue: '{not json' } as const;
    expect(redactChangeCosts([entry([note])], ['SALES'])[0]!.changes).toEqual([note]);
  });
});
