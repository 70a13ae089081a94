import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';
import * as bodies from '../support/spec-bodies';
import {
  deliveredOrder,
  PNG,
  putFile,
  spec,
  specDocument,
  state,
  signInClient,
  type Tokens,
  unique,
} from '../support/spec-client';

/**
 * A client written from spec section 7 and nothing else: every route it lists, called with exactly the body
 * names and shapes the spec gives (ARCHITECTURE.md, "The spec's client is a client"). Paths are the spec's
 * own, trailing slashes included. Each call expects a 2xx, or the 4xx the spec itself documents (getBySku's
 * 404 "means no batch"). Payments and payroll arrive with issues 13-14, which add their rows.
 *
 * The calls run in the spec's order and build on each other (a product needs a brand and a type, an order
 * a customer and a product).
 */

let t: Tokens;

beforeAll(async () => {
  t = await signInClient();
});

describe('spec section 7 — Users', () => {
  it('GET /db/users/getById/{id}, GET /db/users/getAll (res), GET /db/users/getDrivers', async () => {
    const me = await spec<{ id: string; name: string }>('GET', `/api/db/users/getById/${state.salesId}`, t.admin);
    expect(me.id).toBe(state.salesId);
    const all = await spec<{ res: Array<{ id: string }> }>('GET', '/api/db/users/getAll', t.admin);
    expect(all.res.map((u) => u.id)).toContain(state.salesId);
    const drivers = await spec<Array<{ id: string; name: string }>>('GET', '/api/db/users/getDrivers', t.admin);
    expect(drivers.map((d) => d.id)).toContain(state.driverId);
  });

  it('PUT /db/users/update/{id} body name, email, role, title, avatar; updatePassword body password; DELETE remove', async () => {
    // A colleague to change and remove (creating users is beyond section 7: users/addNew).
    const created = await spec<{ user: { id: string } }>('POST', '/api/db/users/addNew', t.admin, bodies.newUser());
    const id = created.user.id;
    const updated = await spec<{ name: string; title: string; role: string[] }>(
      'PUT',
      `/api/db/users/update/${id}`,
      t.admin,
      bodies.userUpdate(),
    );
    expect(updated).toMatchObject({ name: 'Spec Client Renamed', title: 'Account manager' });
    await spec('PUT', `/api/db/users/updatePassword/${id}`, t.admin, { password: 'Another!2345' });
    await spec('DELETE', `/api/db/users/remove/${id}`, t.admin);
  });
});

describe('spec section 7 — Products, types, brands', () => {
  it('POST addNewProductType body name; POST addNewExtractType body name; POST brands/addNew', async () => {
    const type = await spec<{ id: string }>('POST', '/api/db/products/addNewProductType', t.inventory, {
      name: `Spec Flower ${unique}`,
    });
    const extract = await spec<{ id: string }>('POST', '/api/db/products/addNewExtractType', t.inventory, {
      name: `Spec Rosin ${unique}`,
    });
    const brand = await spec<{ id: string }>('POST', '/api/db/brands/addNew', t.inventory, bodies.brand());
    Object.assign(state, { typeId: type.id, extractId: extract.id, brandId: brand.id });
  });

  it('GET createSKU?brandID&typeID -> sku, then POST products/addNew with that sku', async () => {
    const { sku } = await spec<{ sku: string }>(
      'GET',
      `/api/db/products/createSKU?brandID=${state.brandId}&typeID=${state.typeId}`,
      t.inventory,
    );
    expect(sku).toMatch(/-\d{4}$/);
    const product = await spec<{ id: string; sku: string }>(
      'POST',
      '/api/db/products/addNew',
      t.admin,
      bodies.product(sku),
    );
    // The server assigns the SKU from its counter; with nobody else creating, the preview is what it assigns.
    expect(product.sku).toBe(sku);
    Object.assign(state, { productId: product.id, sku: product.sku });
  });

  it('PUT products/update/{id} (also hideFromCatalog alone); GET getByID; GET getAll/; GET getBySku/{sku}/', async () => {
    await spec('PUT', `/api/db/products/update/${state.productId}`, t.admin, { name: 'Spec Kush Reserve' });
    await spec('PUT', `/api/db/products/update/${state.productId}`, t.admin, { hideFromCatalog: true });
    await spec('PUT', `/api/db/products/update/${state.productId}`, t.admin, { hideFromCatalog: false });
    const product = await spec<{ name: string }>('GET', `/api/db/products/getByID/${state.productId}`, t.sales);
    expect(product.name).toBe('Spec Kush Reserve');
    const all = await spec<Array<{ id: string }>>('GET', '/api/db/products/getAll/', t.sales);
    expect(all.map((p) => p.id)).toContain(state.productId);
    // "-> hasBatch; 404 means no batch": this product is not batched, so the spec's answer is the 404 (the 200
    // with hasBatch is for a product that has batches); an unknown SKU is a 404 too.
    const bySku = await call<{ message: string }>('GET', `/api/db/products/getBySku/${state.sku}/`, { token: t.sales });
    expect(bySku).toMatchObject({ status: 404, body: { message: 'No batch for this SKU' } });
    await spec('GET', `/api/db/products/getBySku/NOPE-${unique}/`, t.sales, undefined, [404]);
  });

  it('GET getProductTypes, getExtractTypes, getProductTypesWithProductCount (id, name, image, count), getByBrandID (res)', async () => {
    const types = await spec<Array<{ id: string }>>('GET', '/api/db/products/getProductTypes', t.sales);
    expect(types.map((x) => x.id)).toContain(state.typeId);
    const extracts = await spec<Array<{ id: string }>>('GET', '/api/db/products/getExtractTypes', t.sales);
    expect(extracts.map((x) => x.id)).toContain(state.extractId);
    const counted = await spec<Array<{ id: string; name: string; count: number }>>(
      'GET',
      '/api/db/products/getProductTypesWithProductCount',
      t.sales,
    );
    expect(counted.find((x) => x.id === state.typeId)).toMatchObject({ count: 1 });
    const byBrand = await spec<{ res: Array<{ id: string }> }>(
      'GET',
      `/api/db/products/getByBrandID/${state.brandId}`,
      t.sales,
    );
    expect(byBrand.res.map((p) => p.id)).toEqual([state.productId]);
  });

  it('GET brands/getAll (res), getBrandsWithProductCount, getByID/{id}, getProductLines/{brandId}', async () => {
    const all = await spec<{ res: Array<{ id: string }> }>('GET', '/api/db/brands/getAll', t.sales);
    expect(all.res.map((b) => b.id)).toContain(state.brandId);
    await spec('GET', '/api/db/brands/getBrandsWithProductCount', t.sales);
    const brand = await spec<{ products: Array<{ id: string }> }>(
      'GET',
      `/api/db/brands/getByID/${state.brandId}`,
      t.sales,
    );
    expect(brand.products.map((p) => p.id)).toEqual([state.productId]);
    await spec('GET', `/api/db/brands/getProductLines/${state.brandId}`, t.sales);
  });

  it('PUT brands/update/{id} (or hideInInventoryOverview alone); stock limits; DELETE brands/remove/{id}', async () => {
    await spec('PUT', `/api/db/brands/update/${state.brandId}`, t.inventory, { brandRepName: 'Rita Renamed' });
    await spec('PUT', `/api/db/brands/update/${state.brandId}`, t.inventory, { hideInInventoryOverview: true });
    await spec('POST', `/api/db/brands/updateStockLimits/${state.brandId}`, t.inventory, { maxBrandStock: 500 });
    await spec('POST', `/api/db/brands/updateStockLimits/${state.brandId}/${state.typeId}`, t.inventory, {
      maxStock: 200,
    });
    await spec('POST', `/api/db/brands/updateStockLimits/${state.brandId}/${state.typeId}/3.5`, t.inventory, {
      maxStock: 80,
    });
    const brand = await spec<{ maxBrandStock: number; hideInInventoryOverview: boolean }>(
      'GET',
      `/api/db/brands/getByID/${state.brandId}`,
      t.inventory,
    );
    expect(brand).toMatchObject({ maxBrandStock: 500, hideInInventoryOverview: true });
    const empty = await spec<{ id: string }>('POST', '/api/db/brands/addNew', t.inventory, {
      name: `Spec Empty ${unique}`,
    });
    await spec('DELETE', `/api/db/brands/remove/${empty.id}`, t.inventory);
  });
});

describe('spec section 7 — Customers and pricing', () => {
  it('POST customers/addNew; PUT update/{id}; GET getByID/{id} with and without the slash; getAll', async () => {
    const customer = await spec<{ id: string }>('POST', '/api/db/customers/addNew', t.sales, bodies.customer());
    const other = await spec<{ id: string }>('POST', '/api/db/customers/addNew', t.sales, {
      customerName: `Spec Copy Target ${unique}`,
    });
    Object.assign(state, { customerId: customer.id, otherCustomerId: other.id });
    await spec('PUT', `/api/db/customers/update/${customer.id}`, t.sales, { contactName: 'Carla C.' });
    await spec('GET', `/api/db/customers/getByID/${customer.id}`, t.sales);
    await spec('GET', `/api/db/customers/getByID/${customer.id}/`, t.sales);
    const all = await spec<Array<{ id: string }>>('GET', '/api/db/customers/getAll', t.sales);
    expect(all.map((c) => c.id)).toContain(customer.id);
  });

  it('GET generateAccessCode/{customerId} -> accessCode; GET getAvailableCredit/{customerId}', async () => {
    const { accessCode } = await spec<{ accessCode: string }>(
      'GET',
      `/api/db/customers/generateAccessCode/${state.customerId}`,
      t.sales,
    );
    expect(accessCode).toBeTruthy();
    await spec('GET', `/api/db/customers/getAvailableCredit/${state.customerId}`, t.sales);
  });

  it('PUT updateCustomPricing body productIds, customPrice; GET getCustomPricing/{id}/ -> productId, customPrice; getAllWithCustomPricing/ (res)', async () => {
    await spec('PUT', `/api/db/customers/updateCustomPricing/${state.customerId}`, t.sales, {
      productIds: [state.productId],
      customPrice: 22.5,
    });
    const prices = await spec<Array<{ productId: string; customPrice: number }>>(
      'GET',
      `/api/db/customers/getCustomPricing/${state.customerId}/`,
      t.sales,
    );
    expect(prices).toEqual([expect.objectContaining({ productId: state.productId, customPrice: 22.5 })]);
    const priced = await spec<{ res: Array<{ id: string }> }>(
      'GET',
      '/api/db/customers/getAllWithCustomPricing/',
      t.sales,
    );
    expect(priced.res.map((c) => c.id)).toContain(state.customerId);
  });

  it('PUT copyCustomPricing/{fromId}/to/{toId}; PUT setMargin body a list mapping productId to the new price', async () => {
    await spec('PUT', `/api/db/customers/copyCustomPricing/${state.customerId}/to/${state.otherCustomerId}`, t.sales);
    await spec('PUT', `/api/db/customers/setMargin/${state.otherCustomerId}`, t.sales, [{ [state.productId!]: 27.75 }]);
    const prices = await spec<Array<{ productId: string; customPrice: number }>>(
      'GET',
      `/api/db/customers/getCustomPricing/${state.otherCustomerId}/`,
      t.sales,
    );
    expect(prices.find((p) => p.productId === state.productId)?.customPrice).toBe(27.75);
  });

  it('GET reRunPricing/{customerId} and reRunPricing/; PUT updateBulkCustomPricing in both body forms', async () => {
    const one = await spec<{ personalizedPricingList: Array<Record<string, unknown>> }>(
      'GET',
      `/api/db/customers/reRunPricing/${state.customerId}`,
      t.sales,
    );
    await spec('GET', '/api/db/customers/reRunPricing/', t.sales);
    // The single-customer screen sends its pricing entries whole; the all-customers screen productId/newCustomPrice.
    const entries = one.personalizedPricingList.length
      ? one.personalizedPricingList
      : [{ productId: state.productId, newCustomPrice: 23 }];
    await spec('PUT', `/api/db/customers/updateBulkCustomPricing/${state.customerId}`, t.sales, entries);
    await spec('PUT', `/api/db/customers/updateBulkCustomPricing/${state.customerId}`, t.sales, [
      { productId: state.productId, newCustomPrice: 24 },
    ]);
  });

  it('GET products/getByBrandID/{brandId}/{customerId}/ and getByTypeID/{typeId}/{customerId}/ (customer prices)', async () => {
    await spec('GET', `/api/db/products/getByBrandID/${state.brandId}/${state.customerId}/`, t.sales);
    await spec('GET', `/api/db/products/getByTypeID/${state.typeId}/${state.customerId}/`, t.sales);
  });

  it('DELETE deleteCustomPricing body productId, or productIds', async () => {
    await spec('DELETE', `/api/db/customers/deleteCustomPricing/${state.otherCustomerId}`, t.sales, {
      productId: state.productId,
    });
    await spec('DELETE', `/api/db/customers/deleteCustomPricing/${state.customerId}`, t.sales, {
      productIds: [state.productId],
    });
  });
});

describe('spec section 7 — Orders and locations', () => {
  it('GET getLocations; POST addLocation body name, color; PUT updateLocation body color or isDefault; DELETE removeLocation', async () => {
    const locations = await spec<Array<{ id: string; isDefault: boolean }>>(
      'GET',
      '/api/db/orders/getLocations',
      t.sales,
    );
    state.locationId = locations.find((l) => l.isDefault)?.id ?? locations[0]!.id;
    const added = await spec<{ id: string }>('POST', '/api/db/orders/addLocation', t.inventory, bodies.location());
    await spec('PUT', `/api/db/orders/updateLocation/${added.id}`, t.inventory, { color: '#ff7f0e' });
    await spec('PUT', `/api/db/orders/updateLocation/${added.id}`, t.inventory, { isDefault: true });
    await spec('PUT', `/api/db/orders/updateLocation/${state.locationId}`, t.inventory, { isDefault: true });
    await spec('DELETE', `/api/db/orders/removeLocation/${added.id}`, t.inventory);
  });

  it('GET createOrderNumber; POST orders/new with the spec body and cart lines; GET getByID/{id} (res)', async () => {
    const { orderNum } = await spec<{ orderNum: string }>('GET', '/api/db/orders/createOrderNumber', t.sales);
    const order = await spec<{ id: string; orderNum: string }>(
      'POST',
      '/api/db/orders/new',
      t.sales,
      bodies.newOrder(orderNum),
    );
    Object.assign(state, { orderId: order.id, orderNum: order.orderNum });
    const read = await spec<{ res: { id: string; subtotal: number; orderedItems: unknown[] } }>(
      'GET',
      `/api/db/orders/getByID/${order.id}`,
      t.sales,
    );
    expect(read.res).toMatchObject({ id: order.id, subtotal: 96 });
    expect(read.res.orderedItems).toHaveLength(1);
  });

  it('PUT orders/update/{id} with the spec body (numeric prices)', async () => {
    const { res: before } = await spec<{
      res: { modifiedOn: string; statusModifiedOn: string; paymentModifiedOn: string };
    }>('GET', `/api/db/orders/getByID/${state.orderId}`, t.sales);
    const updated = await spec<{ res?: unknown; notes?: string }>(
      'PUT',
      `/api/db/orders/update/${state.orderId}`,
      t.sales,
      bodies.orderUpdate(before),
    );
    expect(updated).toBeTruthy();
  });

  it('GET getPendingOrders/, getPendingOrderItemsForTags, getPendingOutboundStock/{sku}, getByCustomer, getByWeek', async () => {
    const pending = await spec<Array<{ id: string; orderedItems: unknown[] }>>(
      'GET',
      '/api/db/orders/getPendingOrders/',
      t.sales,
    );
    expect(pending.find((o) => o.id === state.orderId)?.orderedItems).toHaveLength(1);
    const tags = await spec<Array<{ orderID: string; productSku: string; quantity: number; tagsPulled: boolean }>>(
      'GET',
      '/api/db/orders/getPendingOrderItemsForTags',
      t.sales,
    );
    expect(tags.find((x) => x.orderID === state.orderId)).toMatchObject({ productSku: state.sku, quantity: 5 });
    const outbound = await spec<Array<{ orderNum: string; customerName: string; quantity: number }>>(
      'GET',
      `/api/db/orders/getPendingOutboundStock/${state.sku}`,
      t.sales,
    );
    expect(outbound).toEqual([expect.objectContaining({ orderNum: state.orderNum, quantity: 5 })]);
    await spec('GET', `/api/db/orders/getByCustomer/${state.customerId}`, t.sales);
    const from = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    await spec('GET', `/api/db/orders/getByWeek/${from}/${to}`, t.sales);
  });

  it('GET customers/getAllOrders/{customerId} (res)', async () => {
    const orders = await spec<{ res: Array<{ id: string }> }>(
      'GET',
      `/api/db/customers/getAllOrders/${state.customerId}`,
      t.sales,
    );
    expect(orders.res.map((o) => o.id)).toContain(state.orderId);
  });
});

describe('spec section 7 — Storage', () => {
  it('POST getUploadURL body fileName, bucket -> uploadUrl; PUT the file; the address is the URL without its query', async () => {
    const name = `spec-${unique}.png`;
    const { uploadUrl } = await spec<{ uploadUrl: string }>('POST', '/api/storage/getUploadURL', t.inventory, {
      fileName: name,
      bucket: 'images',
    });
    expect(await putFile(uploadUrl, PNG, 'image/png')).toBe(200);
    const listed = await spec<Array<{ name: string; url: string }>>('GET', '/api/storage/list/images', t.inventory);
    const file = listed.find((f) => f.name === name);
    expect(file).toBeTruthy();
    state.imageName = name;
  });

  it('DELETE storage/delete body fileName, bucket', async () => {
    await spec('DELETE', '/api/storage/delete', t.inventory, { fileName: state.imageName, bucket: 'images' });
  });

  it('POST saveDocument body fileName, folder, bucket -> uploadUrl; GET list/documents/?filter=invoices/{customer}_{orderNum}', async () => {
    const fileName = `Spec Dispensary ${unique}_${state.orderNum}_${unique}.pdf`;
    const body = bodies.saveDocument(fileName);
    const { uploadUrl } = await spec<{ uploadUrl: string }>('POST', '/api/storage/saveDocument', t.sales, body);
    expect(await putFile(uploadUrl, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf')).toBe(200);
    const filter = encodeURIComponent(`invoices/Spec Dispensary ${unique}_${state.orderNum}`);
    const files = await spec<Array<{ name: string; url: string }>>(
      'GET',
      `/api/storage/list/documents/?filter=${filter}`,
      t.sales,
    );
    expect(files.map((f) => f.name)).toEqual([`invoices/${fileName}`]);
  });

  it('POST createInvoice body content -> a binary document', async () => {
    const response = await specDocument('/api/storage/createInvoice', t.sales, { content: { orderId: state.orderId } });
    expect(response.status).toBe(200);
    expect(response.contentType).toBe('application/pdf');
    expect(response.bytes.subarray(0, 4).toString()).toBe('%PDF');
  });
});

describe('spec section 7 — Change log and preferences', () => {
  it('GET changelog/getAll/{entityType}/{entityId}, and for products getAll/product/{productId}/', async () => {
    const order = await spec<{ entries: unknown[] }>('GET', `/api/db/changelog/getAll/order/${state.orderId}`, t.sales);
    expect(order.entries.length).toBeGreaterThan(0);
    const product = await spec<{ entries: unknown[] }>(
      'GET',
      `/api/db/changelog/getAll/product/${state.productId}/`,
      t.admin,
    );
    expect(product.entries.length).toBeGreaterThan(0);
  });

  it('POST preferences/saveFilter/ body userId, filterData (filterName, filters) as the dialogs save it', async () => {
    const saved = await spec<{ id: string; settings: { filterName: string; filterData: Record<string, unknown> } }>(
      'POST',
      '/api/db/preferences/saveFilter/',
      t.sales,
      bodies.saveFilter(),
    );
    expect(saved.settings.filterData).toMatchObject({
      searchTerm: 'kush',
      types: [state.typeId],
      extractTypes: [state.extractId],
      genetics: ['HYBRID'],
      weights: [3.5],
      stock: ['in'],
    });
  });
});

describe('spec section 7 — Purchasing', () => {
  it('GET purchases/createOrderNumber/{brandId} -> purchaseOrderNum; POST purchases/new with the spec body', async () => {
    const preview = await spec<{ purchaseOrderNum: string }>(
      'GET',
      `/api/db/purchases/createOrderNumber/${state.brandId}`,
      t.admin,
    );
    expect(preview.purchaseOrderNum).toMatch(/^\d+$/);
    const created = await spec<{ id: string; purchaseOrderNum: string; total: number }>(
      'POST',
      '/api/db/purchases/new',
      t.admin,
      bodies.newPurchaseOrder(),
    );
    expect(created.purchaseOrderNum).toMatch(/^\d+$/);
    expect(created.total).toBe(120);
    Object.assign(state, { purchaseOrderId: created.id, purchaseOrderNum: created.purchaseOrderNum });
  });

  it('GET purchases/getById/{id} (res); PUT purchases/update/{id} body as create plus purchaseOrderNum', async () => {
    const { res } = await spec<{ res: { purchaseOrderNum: string; purchaseOrderItems: Array<{ quantity: number }> } }>(
      'GET',
      `/api/db/purchases/getById/${state.purchaseOrderId}`,
      t.inventory,
    );
    expect(res.purchaseOrderNum).toBe(state.purchaseOrderNum);
    expect(res.purchaseOrderItems[0]!.quantity).toBe(10);
    const updated = await spec<Record<string, unknown>>(
      'PUT',
      `/api/db/purchases/update/${state.purchaseOrderId}`,
      t.admin,
      bodies.purchaseOrderUpdate(),
    );
    expect(updated).toMatchObject({
      purchaseOrderNum: state.purchaseOrderNum,
      orderStatus: 'ORDERED',
      paymentStatus: 'PAID',
      unitQuantity: 12,
      total: 144,
    });
    expect(updated).not.toHaveProperty('brand');
  });
});

describe('spec section 7 — Payments', () => {
  it('POST payments/add/{customerId} with the spec body; GET getById/{id}; POST update/{id} with the same body', async () => {
    const { res: order } = await spec<{ res: { balanceDue: number } }>(
      'GET',
      `/api/db/orders/getByID/${state.orderId}`,
      t.sales,
    );
    expect(order.balanceDue).toBeGreaterThan(1);
    const body = bodies.payment();
    const created = await spec<{ id: string; amount: number }>(
      'POST',
      `/api/db/payments/add/${state.customerId}`,
      t.sales,
      body,
    );
    expect(created.amount).toBe(5);
    const read = await spec<{ orders: Array<{ orderId: string; amountApplied: number }>; customerID: string }>(
      'GET',
      `/api/db/payments/getById/${created.id}`,
      t.admin,
    );
    expect(read.orders).toEqual([expect.objectContaining({ orderId: state.orderId, amountApplied: 1 })]);
    expect(read.customerID).toBe(state.customerId);
    const updated = await spec<{ customerCreditAdded: number }>(
      'POST',
      `/api/db/payments/update/${created.id}`,
      t.sales,
      {
        ...body,
        amount: 6,
        customerCreditAdded: 5,
      },
    );
    expect(updated.customerCreditAdded).toBe(5);
  });
});

describe('spec section 7 — Payroll', () => {
  it('update (paidOrders, trailing slash; the user row), get/drafts/paidOrders, reimbursements, submit, delete', async () => {
    const payroll = await tokenFor('PAYROLL');
    const order = await deliveredOrder(t.sales);
    const period = `2028/1/A`;
    const listed = await spec<Array<{ orderId: string; subtotal: number; cost: number }>>(
      'GET',
      `/api/db/payroll/eligibleOrders/${period}/${state.salesId}`,
      payroll,
    );
    const o = listed.find((e) => e.orderId === order.id)!;
    const commission = Math.round(Math.max(0, o.subtotal - o.cost) * 10) / 100;
    const paidOrders = [{ orderId: order.id, orderNum: order.orderNum, adjustedCost: null, commission }];
    await spec('POST', `/api/db/payroll/update/${period}/${state.salesId}/`, payroll, { paidOrders });
    const drafts = await spec<{ paidOrders: unknown[] }>(
      'GET',
      `/api/db/payroll/get/drafts/paidOrders/${period}/${state.salesId}`,
      payroll,
    );
    expect(drafts.paidOrders).toEqual(paidOrders);
    const row = bodies.payrollRow(commission);
    await spec('POST', `/api/db/payroll/update/${period}/${state.salesId}`, payroll, row);
    const withReimbursements = await spec<{ users: Array<{ id: string; reimbursement: number; totalPay: number }> }>(
      'POST',
      `/api/db/payroll/submit/reimbursements/${period}/${state.salesId}`,
      payroll,
      [{ description: 'Mileage', amount: 15.5 }],
    );
    expect(withReimbursements.users.find((u) => u.id === state.salesId)).toMatchObject({
      reimbursement: 15.5,
      totalPay: 160 + commission + 15.5,
    });
    const submitted = await spec<{ status: string }>('POST', `/api/db/payroll/submit/${period}`, payroll, {
      users: [{ ...row, bonus: 25 }],
    });
    expect(submitted.status).toBe('SUBMITTED');
    await spec('POST', `/api/db/payroll/update/2028/1/B/${state.salesId}`, payroll, { ...row, hoursWorked: 4 });
    expect(await spec('DELETE', '/api/db/payroll/delete/2028/1/B', payroll)).toEqual({ deleted: true });
  });
});
