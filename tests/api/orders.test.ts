import { describe, expect, it } from 'vitest';
import { call, tokenFor } from '../support/stack';

describe('order numbers', () => {
  it('hands out unique, increasing numbers from the counter, also to 50 simultaneous callers', async () => {
    const token = await tokenFor('SALES');
    const first = await call<{ orderNum: string }>('GET', '/api/db/orders/createOrderNumber', { token });
    expect(first.status).toBe(200);
    expect(first.body.orderNum).toMatch(/^\d+$/);
    expect(Number(first.body.orderNum)).toBeGreaterThanOrEqual(1001);

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call<{ orderNum: string }>('GET', '/api/db/orders/createOrderNumber', { token }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => Number(r.body.orderNum));
    expect(new Set(numbers).size).toBe(50);
    expect(Math.min(...numbers)).toBeGreaterThan(Number(first.body.orderNum));
  });

  it('is for those who write orders', async () => {
    for (const role of ['PURCHASING', 'INVENTORY', 'PAYROLL', 'DRIVER'] as const) {
      const res = await call('GET', '/api/db/orders/createOrderNumber', { token: await tokenFor(role) });
      expect(res.status, role).toBe(403);
    }
    const admin = await call('GET', '/api/db/orders/createOrderNumber', { token: await tokenFor('ADMIN') });
    expect(admin.status).toBe(200);
  });
});
