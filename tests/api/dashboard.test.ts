import { beforeAll, describe, expect, it } from 'vitest';
import {
  COST_FIELDS,
  DASHBOARD_SECTIONS,
  type Customer,
  type Dashboard,
  type DashboardSection,
  type Role,
} from '@bo/shared';
import { call, tokenFor } from '../support/stack';

/**
 * The role dashboards over HTTP (issue 25, section 2): each role gets its sections and no other, ADMIN every
 * one; SALES never sees cost, profit or margin and sees only their own customers' orders.
 */

const EXPECTED: Record<Role, DashboardSection[]> = {
  ADMIN: [...DASHBOARD_SECTIONS],
  SALES: ['sales'],
  DRIVER: ['deliveries'],
  INVENTORY: ['inventory'],
  PURCHASING: ['purchasing'],
  PAYROLL: ['payroll'],
};

const subOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

const dashboards = new Map<Role, Dashboard>();
const tokens = new Map<Role, string>();

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      keysOf(v, into);
    }
  return into;
}

beforeAll(async () => {
  for (const role of Object.keys(EXPECTED) as Role[]) {
    const token = await tokenFor(role);
    tokens.set(role, token);
    const res = await call<Dashboard>('GET', '/api/db/reports/dashboard', { token });
    expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(200);
    dashboards.set(role, res.body);
  }
});

describe('the dashboard', () => {
  it.each(Object.keys(EXPECTED) as Role[])('gives %s its sections and no other', (role) => {
    const body = dashboards.get(role)!;
    expect(body.sections).toEqual(EXPECTED[role]);
    for (const section of DASHBOARD_SECTIONS) {
      if (EXPECTED[role].includes(section)) expect(body[section], `${role} ${section}`).toBeDefined();
      else expect(body[section], `${role} ${section}`).toBeUndefined();
    }
    expect(body.today).toBe(new Date().toISOString().slice(0, 10));
  });

  it('refuses a caller without a token', async () => {
    expect((await call('GET', '/api/db/reports/dashboard')).status).toBe(401);
  });

  it('never gives SALES a cost, profit or margin, anywhere in the body', () => {
    const keys = keysOf(dashboards.get('SALES'));
    for (const field of COST_FIELDS) expect(keys.has(field), field).toBe(false);
    expect(keys.has('revenue')).toBe(true);
  });

  it('gives ADMIN the month with cost, profit and margin, every rep, and the same figures as the sales report', async () => {
    const admin = dashboards.get('ADMIN')!;
    const { current, previous } = admin.business!.month;
    for (const figures of [current.figures, previous.figures]) {
      expect(figures.cost).toEqual(expect.any(Number));
      expect(figures.profit).toEqual(expect.any(Number));
    }
    expect(admin.sales!.scope).toBe('all');
    // The rep-free figures of the sales section are the business section's without costs.
    expect(admin.sales!.month.current.figures).toEqual({
      revenue: current.figures.revenue,
      units: current.figures.units,
      orders: current.figures.orders,
    });
    // Other files write this month's orders meanwhile: the dashboard and the report are read together until a
    // pair agrees (the last pair is the one asserted, with its difference).
    const token = tokens.get('ADMIN')!;
    let pair = { dashboard: [previous.figures.revenue, current.figures.revenue], report: [] as number[] };
    for (let attempt = 0; attempt < 10; attempt++) {
      const [dashboard, report] = await Promise.all([
        call<Dashboard>('GET', '/api/db/reports/dashboard', { token }),
        call<{ points: Array<{ revenue: number }> }>(
          'GET',
          `/api/db/reports/sales?from=${previous.from}&to=${current.to}&interval=month`,
          { token },
        ),
      ]);
      expect(dashboard.status).toBe(200);
      expect(report.status).toBe(200);
      const month = dashboard.body.business!.month;
      pair = {
        dashboard: [month.previous.figures.revenue, month.current.figures.revenue],
        report: report.body.points.map((p) => p.revenue),
      };
      if (JSON.stringify(pair.dashboard) === JSON.stringify(pair.report)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(pair.report).toEqual(pair.dashboard);
  });

  it('shows SALES only their own customers: open orders and overdue customers they own, their own month', async () => {
    const sales = dashboards.get('SALES')!.sales!;
    expect(sales.scope).toBe('own');
    const salesId = subOf(tokens.get('SALES')!);
    const customers = await call<Customer[]>('GET', '/api/db/customers/getAll', { token: tokens.get('ADMIN')! });
    expect(customers.status).toBe(200);
    const owner = new Map(customers.body.map((c) => [c.id, c.accountOwnerID]));
    const listed = [
      ...sales.openOrders.oldest.map((o) => o.customerId),
      ...sales.overdue.customers.map((c) => c.customerId),
    ];
    for (const id of listed) expect(owner.get(id), id).toBe(salesId);
    // Everyone's open orders (ADMIN's) hold the rep's and others'.
    const all = dashboards.get('ADMIN')!.sales!;
    expect(all.openOrders.count).toBeGreaterThanOrEqual(sales.openOrders.count);
    expect(all.overdue.count).toBeGreaterThanOrEqual(sales.overdue.count);
    // The rep's month is the sales report of their customers.
    const { current, previous } = sales.month;
    const report = await call<{ points: Array<{ revenue: number }> }>(
      'GET',
      `/api/db/reports/sales?from=${previous.from}&to=${current.to}&interval=month`,
      { token: tokens.get('SALES')! },
    );
    expect(report.body.points.map((p) => p.revenue)).toEqual([previous.figures.revenue, current.figures.revenue]);
    expect(current.figures.revenue).toBeLessThanOrEqual(all.month.current.figures.revenue);
  });

  it('gives DRIVER their own deliveries due today, with the customer and address', () => {
    const body = dashboards.get('DRIVER')!.deliveries!;
    expect(body.scope).toBe('own');
    expect(body.date).toBe(dashboards.get('DRIVER')!.today);
    // The demo seeds an open delivery for Dan Driver today.
    expect(body.count).toBeGreaterThan(0);
    for (const o of body.orders) {
      expect(o.pickup).toBe(false);
      expect(o.deliveryDate! <= body.date).toBe(true);
      expect(['RECEIVED', 'FULFILLMENT', 'PACKED']).toContain(o.status);
      expect(o.driverName).toBeUndefined();
    }
    const everyone = dashboards.get('ADMIN')!.deliveries!;
    expect(everyone.scope).toBe('all');
    expect(everyone.count).toBeGreaterThanOrEqual(body.count);
  });

  it('gives INVENTORY orders to pack and ordered purchase orders to receive', () => {
    const { toPack, toReceive } = dashboards.get('INVENTORY')!.inventory!;
    expect(toPack.count).toBeGreaterThan(0);
    for (const o of toPack.oldest) expect(['RECEIVED', 'FULFILLMENT']).toContain(o.status);
    const placed = toPack.oldest.map((o) => o.createdAt);
    expect(placed).toEqual([...placed].sort());
    // The demo's purchase order 1002 is ORDERED.
    expect(toReceive.count).toBeGreaterThan(0);
    expect(toReceive.next.map((p) => p.purchaseOrderNum)).toContain('1002');
  });

  it('gives PURCHASING stock under its limits and the purchase orders due', () => {
    const { underLimits, due } = dashboards.get('PURCHASING')!.purchasing!;
    for (const line of underLimits.lines) {
      expect(line.stock).toBeLessThan(line.limit);
      expect(line.room).toBe(line.limit - line.stock);
    }
    for (const p of due.orders) expect(['late', 'soon']).toContain(p.due);
    expect(due.late).toBeLessThanOrEqual(due.count);
  });

  it('gives PAYROLL the open pay period with what its rows add up to', () => {
    const { period } = dashboards.get('PAYROLL')!.payroll!;
    const today = dashboards.get('PAYROLL')!.today;
    expect(period.first <= today && today <= period.last).toBe(true);
    expect(period.payPeriod).toBe(Number(today.slice(8, 10)) <= 15 ? 'A' : 'B');
    expect(period.commission).toEqual(expect.any(Number));
  });
});
