import { beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceFileName,
  invoiceFilter,
  isAllowed,
  ORDER_READERS,
  randomDocumentId,
  ROLES,
  type Brand,
  type ChangeLogEntry,
  type Customer,
  type Order,
  type Product,
  type Role,
  type RouteAccess,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';

/**
 * Object-level reads (issue 11, section 2): every route that returns a record's data, or data derived from it
 * (its change log, its documents, the customers on pending orders), tried by every role. A role that may not
 * see the object gets 403 or 404 with a message, and nothing of the object in the body; a role that may see
 * only part of it (cost, another user's email, customer names) gets the rest without that part.
 */
const tag = Math.random().toString(36).slice(2, 8);
const SECRET = {
  customerName: `Hidden Buyer ${tag}`,
  contactEmail: `hidden-${tag}@example.com`,
  /** A cost no other figure of the test uses, so finding it in a body means a cost leaked. */
  cost: 4.37,
};

const tokens = new Map<Role, string>();
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
let customer: Customer;
let product: Product;
let mine: Order;
let theirs: Order;
let adminId: string;
let adminEmail: string;
let invoiceName: string;

async function ok<T>(result: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await result;
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

beforeAll(async () => {
  for (const role of ROLES) tokens.set(role, await tokenFor(role));
  const as = (role: Role) => tokens.get(role)!;
  const me = subOf(as('DRIVER'));
  adminId = subOf(as('ADMIN'));
  adminEmail = (await ok(call<{ email: string }>('GET', `/api/db/users/getById/${adminId}`, { token: as('ADMIN') })))
    .email;
  const drivers = await ok(call<Array<{ id: string }>>('GET', '/api/db/users/getDrivers', { token: as('SALES') }));
  const otherDriver = drivers.find((d) => d.id !== me)!.id;

  const type = await ok(
    call<{ id: string }>('POST', '/api/db/products/addNewProductType', {
      token: as('INVENTORY'),
      body: { name: `Object type ${tag}` },
    }),
  );
  const brand = await ok(
    call<Brand>('POST', '/api/db/brands/addNew', {
      token: as('INVENTORY'),
      body: { name: `Object Farms ${tag}`, skucode: `OB${tag.slice(0, 4)}` },
    }),
  );
  product = await ok(
    call<Product>('POST', '/api/db/products/addNew', {
      token: as('INVENTORY'),
      body: { name: `Object ${tag}`, brandID: brand.id, typeID: type.id, basePrice: 20, cost: 8, stock: 50 },
    }),
  );
  await ok(
    call('PUT', `/api/db/products/update/${product.id}`, { token: as('PURCHASING'), body: { cost: SECRET.cost } }),
  );
  customer = await ok(
    call<Customer>('POST', '/api/db/customers/addNew', {
      token: as('SALES'),
      body: { customerName: SECRET.customerName, contactEmail: SECRET.contactEmail },
    }),
  );
  const order = (driverId: string) =>
    ok(
      call<Order>('POST', '/api/db/orders/new', {
        token: as('SALES'),
        body: {
          customerID: customer.id,
          pickupOrder: false,
          deliveryDriverId: driverId,
          deliveryDate: '2026-11-25',
          products: [{ productSku: product.sku, productBatchId: null, quantity: 1, unitPrice: 20 }],
        },
      }),
    );
  [mine, theirs] = [await order(me), await order(otherDriver)];

  invoiceName = invoiceFileName(customer.customerName, theirs.orderNum, randomDocumentId());
  const saved = await ok(
    call<{ uploadUrl: string }>('POST', '/api/storage/saveDocument', {
      token: as('SALES'),
      body: { fileName: invoiceName, folder: 'invoices', bucket: 'documents' },
    }),
  );
  const put = await fetch(saved.uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: '%PDF-1.4\n%%EOF\n',
  });
  expect(put.status).toBe(200);
});

/** Who may see the object: the roles (ADMIN always), and a refused role's status. */
interface Probe {
  name: string;
  request: () => { method: string; path: string; body?: unknown };
  readers: RouteAccess;
  /** What a refused role gets: 404 where the route hides that the object exists (a driver's other orders). */
  refusal: (role: Role) => 403 | 404;
  /** Secrets a refused role must not find in the body. */
  secrets: () => string[];
}

const forbidden = () => 403 as const;
const driverNotFound = (role: Role) => (role === 'DRIVER' ? 404 : 403);
const customerSecrets = () => [SECRET.customerName, SECRET.contactEmail];

const PROBES: Probe[] = [
  {
    name: "deliveries/getByOrder of another driver's delivery (issue 26: proof and money collected)",
    request: () => ({ method: 'GET', path: `/api/db/deliveries/getByOrder/${theirs.id}` }),
    readers: ORDER_READERS,
    refusal: forbidden,
    secrets: customerSecrets,
  },
  {
    name: "orders/getByID of another driver's delivery",
    request: () => ({ method: 'GET', path: `/api/db/orders/getByID/${theirs.id}` }),
    readers: ORDER_READERS,
    refusal: driverNotFound,
    secrets: customerSecrets,
  },
  {
    name: "changelog of another driver's delivery",
    request: () => ({ method: 'GET', path: `/api/db/changelog/getAll/order/${theirs.id}` }),
    readers: ORDER_READERS,
    refusal: driverNotFound,
    secrets: customerSecrets,
  },
  {
    name: "storage/createInvoice of another driver's delivery",
    request: () => ({ method: 'POST', path: '/api/storage/createInvoice', body: { content: { orderId: theirs.id } } }),
    readers: ORDER_READERS,
    refusal: driverNotFound,
    secrets: () => ['%PDF'],
  },
  {
    name: 'customers/getByID',
    request: () => ({ method: 'GET', path: `/api/db/customers/getByID/${customer.id}` }),
    readers: ['SALES'],
    refusal: forbidden,
    secrets: customerSecrets,
  },
  {
    name: 'customers/getAllOrders',
    request: () => ({ method: 'GET', path: `/api/db/customers/getAllOrders/${customer.id}` }),
    readers: ['SALES'],
    refusal: forbidden,
    secrets: () => [theirs.orderNum, mine.orderNum],
  },
  {
    name: 'orders/getByCustomer',
    request: () => ({ method: 'GET', path: `/api/db/orders/getByCustomer/${customer.id}` }),
    readers: ORDER_READERS,
    refusal: forbidden,
    secrets: () => [theirs.orderNum, mine.orderNum],
  },
  {
    name: "a customer's changelog",
    request: () => ({ method: 'GET', path: `/api/db/changelog/getAll/customer/${customer.id}` }),
    readers: ['SALES'],
    refusal: forbidden,
    secrets: customerSecrets,
  },
  {
    name: "another user's changelog",
    request: () => ({ method: 'GET', path: `/api/db/changelog/getAll/user/${adminId}` }),
    readers: ['ADMIN'],
    refusal: forbidden,
    secrets: () => [adminEmail],
  },
  {
    name: 'the invoices of an order (storage/list)',
    request: () => ({
      method: 'GET',
      path: `/api/storage/list/documents?filter=${encodeURIComponent(invoiceFilter(customer.customerName, theirs.orderNum))}`,
    }),
    readers: ORDER_READERS,
    refusal: forbidden,
    secrets: () => [invoiceName],
  },
  {
    name: 'every invoice (storage/list ?filter=invoices/)',
    request: () => ({ method: 'GET', path: '/api/storage/list/documents?filter=invoices/' }),
    readers: ORDER_READERS,
    refusal: forbidden,
    secrets: () => [invoiceName],
  },
  {
    name: 'an invoice link (storage/getDocumentURL)',
    request: () => ({ method: 'GET', path: `/api/storage/getDocumentURL/invoices/${encodeURIComponent(invoiceName)}` }),
    readers: ORDER_READERS,
    refusal: forbidden,
    secrets: () => ['X-Amz-Signature'],
  },
  ...(
    [
      ['purchaseOrder', ['PURCHASING', 'INVENTORY']],
      ['payment', ['SALES', 'PAYROLL']],
      ['payroll', ['PAYROLL']],
    ] as const
  ).map(([type, readers]): Probe => ({
    name: `a ${type}'s changelog`,
    request: () => ({ method: 'GET', path: `/api/db/changelog/getAll/${type}/${tag}` }),
    readers,
    refusal: forbidden,
    secrets: () => ['entries'],
  })),
];

describe.each(PROBES)('$name', (probe) => {
  it.each([...ROLES])('%s', async (role) => {
    const { method, path, body } = probe.request();
    const result = await call<{ message?: string }>(method, path, {
      token: tokens.get(role)!,
      ...(body ? { body } : {}),
    });
    if (isAllowed(probe.readers, [role])) {
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return;
    }
    expect(result.status, JSON.stringify(result.body)).toBe(probe.refusal(role));
    expect(result.body?.message).toEqual(expect.any(String));
    const text = JSON.stringify(result.body);
    for (const secret of probe.secrets()) expect(text).not.toContain(secret);
  });
});

describe('reads that answer every role, each with what it may see', () => {
  const get = <T>(role: Role, path: string) => ok(call<T>('GET', path, { token: tokens.get(role)! }));

  it('a driver reads their own delivery and its history', async () => {
    expect((await get<{ res: Order }>('DRIVER', `/api/db/orders/getByID/${mine.id}`)).res.id).toBe(mine.id);
    const log = await get<{ entries: ChangeLogEntry[] }>('DRIVER', `/api/db/changelog/getAll/order/${mine.id}`);
    expect(log.entries.length).toBeGreaterThan(0);
  });

  it.each([...ROLES])('%s: product history shows cost changes only to the roles that see costs', async (role) => {
    const log = await get<{ entries: ChangeLogEntry[] }>(role, `/api/db/changelog/getAll/product/${product.id}`);
    const fields = log.entries.flatMap((e) => e.changes.map((c) => c.field));
    expect(fields).toContain('name');
    const seesCost = ['ADMIN', 'PURCHASING', 'PAYROLL'].includes(role);
    expect(fields.includes('cost')).toBe(seesCost);
    // As a value of its own: an entry's time stamp can hold the digits (…T19:54:04.376Z).
    expect(
      new RegExp(`(^|[^0-9.])${String(SECRET.cost).replace('.', '\\.')}($|[^0-9])`).test(JSON.stringify(log)),
    ).toBe(seesCost);
  });

  it.each([...ROLES])("%s: another user's profile carries their email for ADMIN only", async (role) => {
    const one = await get<Record<string, unknown>>(role, `/api/db/users/getById/${adminId}`);
    const all = await get<{ res: Array<Record<string, unknown>> }>(role, '/api/db/users/getAll');
    const listed = all.res.find((u) => u.id === adminId)!;
    expect(JSON.stringify([one, listed]).includes(adminEmail)).toBe(role === 'ADMIN');
    // One's own history stays readable.
    const own = subOf(tokens.get(role)!);
    expect((await call('GET', `/api/db/changelog/getAll/user/${own}`, { token: tokens.get(role)! })).status).toBe(200);
  });

  it.each([...ROLES])('%s: pending outbound names customers only to the roles that read orders', async (role) => {
    const rows = await get<Array<{ orderNum: string; customerName?: string; quantity: number }>>(
      role,
      `/api/db/orders/getPendingOutboundStock/${encodeURIComponent(product.sku)}`,
    );
    expect(rows.map((r) => r.orderNum).sort()).toEqual([mine.orderNum, theirs.orderNum].sort());
    const readsOrders = role === 'ADMIN' || (ORDER_READERS as readonly Role[]).includes(role);
    expect(rows.every((r) => (r.customerName === SECRET.customerName) === readsOrders)).toBe(true);
    if (!readsOrders) expect(JSON.stringify(rows)).not.toContain(SECRET.customerName);
  });
});
