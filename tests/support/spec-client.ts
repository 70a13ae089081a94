/**
 * What the spec's client (tests/api/spec-client.test.ts) shares: its one call, the ids earlier calls returned, the
 * run's unique suffix and a small PNG to upload.
 */
import { expect } from 'vitest';
import { call, signIn, stackInfo, tokenFor, userFor } from './stack';

export const unique = Math.random().toString(36).slice(2, 8);
export const subOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export interface Tokens {
  admin: string;
  sales: string;
  inventory: string;
}
/** What the calls build on: the ids and numbers earlier calls returned. */
export const state: Record<string, string> = {};

/** Signs in as the roles the client calls as, and notes the driver's and the SALES user's ids in `state`. */
export async function signInClient(): Promise<Tokens> {
  const t = { admin: await tokenFor('ADMIN'), sales: await tokenFor('SALES'), inventory: await tokenFor('INVENTORY') };
  state.driverId = subOf((await signIn(userFor('DRIVER').email)).idToken);
  state.salesId = subOf(t.sales);
  return t;
}

/** One call of the spec's client; fails with the API's message when the status is not the expected one. */
export async function spec<T = Record<string, unknown>>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  expected: number[] = [200, 201, 204],
) {
  const result = await call<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(expected, `${method} ${path} answered ${result.status}: ${JSON.stringify(result.body)}`).toContain(
    result.status,
  );
  return result.body;
}

/** A file PUT to a presigned upload URL, as a browser sends it; the status the bucket answered. */
export async function putFile(uploadUrl: string, body: BodyInit, contentType: string): Promise<number> {
  return (await fetch(uploadUrl, { method: 'PUT', body, headers: { 'content-type': contentType } })).status;
}

/** A POST of the spec's client to a route that answers a binary document: its status, content type and bytes. */
export async function specDocument(path: string, token: string, body: unknown) {
  const response = await fetch(`${stackInfo().webUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** A delivered order (one unit at $30) of a new customer of the SALES user: what payroll pays commission on. */
export async function deliveredOrder(sales: string) {
  const customer = await spec<{ id: string }>('POST', '/api/db/customers/addNew', sales, {
    customerName: `Spec Payroll Customer ${unique}`,
    accountOwnerID: state.salesId,
  });
  const order = await spec<{ id: string; orderNum: string }>('POST', '/api/db/orders/new', sales, {
    customerID: customer.id,
    pickupOrder: true,
    products: [{ productSku: state.sku, productBatchId: null, quantity: 1, unitPrice: 30 }],
  });
  await spec('PUT', `/api/db/orders/setStatus/${order.id}`, sales, { orderStatus: 'DELIVERED' });
  return order;
}
