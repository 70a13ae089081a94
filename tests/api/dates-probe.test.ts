import { beforeAll, describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

/** Issue 21 section 1: the probe's date cases, each a 500 (some after seconds of a stalled server) before. */

let admin = '';
let customerId = '';

beforeAll(async () => {
  admin = await tokenFor('ADMIN');
  const made = await call<{ id: string }>('POST', '/api/db/customers/addNew', {
    token: admin,
    body: { customerName: `Dates probe ${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(made.status).toBe(200);
  customerId = made.body.id;
});

const PROBE_CASES = (): Array<[string, string]> => [
  ['payments getAll to=9999-12-31', '/api/db/payments/getAll?to=9999-12-31'],
  ['payments getAll from=9999-12-31', '/api/db/payments/getAll?from=9999-12-31'],
  ['payments getAll one day in 9999', '/api/db/payments/getAll?from=9999-12-01&to=9999-12-01'],
  ['orders getByWeek in 9999', '/api/db/orders/getByWeek/9999-12-01T00:00:00Z/9999-12-31T00:00:00Z'],
  [
    'orders getByCustomer to year 275760',
    `/api/db/orders/getByCustomer/${customerId}?from=2026-01-01&to=%2B275760-09-13`,
  ],
  [
    'customers getAllOrders to year 275760',
    `/api/db/customers/getAllOrders/${customerId}?from=2026-01-01&to=%2B275760-09-13`,
  ],
  ['orders getByWeek in year 275760', '/api/db/orders/getByWeek/%2B275760-09-13T00:00:00Z/%2B275760-09-13T00:00:00Z'],
];

describe('the probe cases', () => {
  it.each(PROBE_CASES().map(([label], i) => ({ label, i })))('$label → 400 naming the window', async ({ i }) => {
    const [, path] = PROBE_CASES()[i]!;
    const result = await call<{ message: string }>('GET', path, { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.message).toMatch(/2000-01-01.*2099-12-31/);
  });
});
