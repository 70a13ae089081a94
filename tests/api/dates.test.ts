import {
  tooManyPointsMessage,
  buildPath,
  MAX_RANGE_DAYS,
  pathParamNames,
  routeList,
  wireDateOf,
  type RouteDef,
  type WireDateMeta,
} from '@bo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { leavesOf, sparseBody, type Leaf } from '../../shared/test/support/schema-leaves';
import { call, tokenFor } from '../support/stack';

/**
 * Issue 21 section 1: every date a route takes (found by the mark the shared date schemas carry, so a new date
 * field is covered without editing this file) refuses far-future, far-past, expanded-year, unreal and
 * malformed values with a 400 naming the field and the window; never a 5xx.
 */

interface Refusal {
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

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

const WINDOW = /between 2000-01-01 and 2099-12-31|from 2000 to 2099/;

describe("the probe's cases (each a 500 before, four after 5-6 s of a stalled server)", () => {
  const cases = (): Array<[string, string]> => [
    ['payments getAll to=9999-12-31', '/api/db/payments/getAll?to=9999-12-31'],
    ['payments getAll from=9999-12-31', '/api/db/payments/getAll?from=9999-12-31'],
    ['payments getAll one day in 9999', '/api/db/payments/getAll?from=9999-12-01&to=9999-12-01'],
    ['orders getByWeek in 9999', '/api/db/orders/getByWeek/9999-12-01T00:00:00Z/9999-12-31T00:00:00Z'],
    [
      'orders getByCustomer to year 275760',
      `/api/db/orders/getByCustomer/${customerId}?from=2026-01-01&to=%2B275760-09-13`,
    ],
    [
      'customers getAllOrders to 275760',
      `/api/db/customers/getAllOrders/${customerId}?from=2026-01-01&to=%2B275760-09-13`,
    ],
    ['orders getByWeek in year 275760', '/api/db/orders/getByWeek/%2B275760-09-13T00:00:00Z/%2B275760-09-13T00:00:00Z'],
  ];
  it.each(cases().map(([label], i) => ({ label, i })))(
    '$label → 400 naming the field and the window',
    async ({ i }) => {
      const result = await call<Refusal>('GET', cases()[i]![1], { token: admin });
      expect(result.status).toBe(400);
      expect(result.body.message).toMatch(WINDOW);
      expect(result.body.message).toMatch(/\((query|path)\.(from|to|fromISO|toISO)\)$/);
    },
  );
});

interface DateLeaf {
  row: RouteDef & { id: string };
  part: 'params' | 'query' | 'body';
  leaf: Leaf;
  date: WireDateMeta;
  /** Where the API reports it: `query.to`, `body.users.0.modifiedOn`. */
  where: string;
}

const dateLeaves: DateLeaf[] = routeList().flatMap((row) =>
  (['params', 'query', 'body'] as const).flatMap((part) =>
    row[part]
      ? leavesOf(row[part])
          .filter((leaf) => wireDateOf(leaf.schema))
          .map((leaf) => ({
            row,
            part,
            leaf,
            date: wireDateOf(leaf.schema)!,
            where: [part === 'params' ? 'path' : part, ...leaf.path].join('.'),
          }))
      : [],
  ),
);

/** Path values every route with a date accepts, so a refusal is about the one value a case changes. */
const PARAM_SAMPLES: Record<string, string> = {
  fromISO: '2026-01-01',
  toISO: '2026-01-31',
  year: '2026',
  month: '3',
  payPeriod: 'A',
  period: 'A',
};
const sampleParams = (row: RouteDef) =>
  Object.fromEntries(pathParamNames(row.path).map((n) => [n, PARAM_SAMPLES[n] ?? 'does-not-exist']));

const BAD_DATES: unknown[] = [
  '9999-12-31',
  '9999-12-31T23:59:59Z',
  '0001-01-01',
  '1969-12-31',
  '1969-12-31T23:59:59Z',
  '+010000-01-01',
  '+275760-09-13',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01',
  '2100-01-01T00:00:00Z',
  '2026-02-30',
  '2026-13-01',
  '2026-03-05T25:00:00Z',
  'yesterday',
  '',
  20260305,
];
const BAD_YEARS = ['9999', '0001', '1969', '+10000', '2100', '1999', '26'];

const casesOf = (d: DateLeaf) =>
  (d.date.kind === 'year' ? BAD_YEARS : BAD_DATES)
    .filter((value) => d.part === 'body' || (typeof value === 'string' && !(d.part === 'params' && value === '')))
    .map((value) => ({ value, label: JSON.stringify(value) }));

/** Query dates a route requires: sent (valid) beside the one under test, so the refusal is that one's. */
const REQUIRED_QUERY: Record<string, Record<string, string>> = {
  'reports.sales': { from: '2026-01-01', to: '2026-01-31' },
  'reports.purchases': { from: '2026-01-01', to: '2026-01-31' },
};

const send = (d: DateLeaf, value: unknown) => {
  const name = String(d.leaf.path[0]);
  const params = d.part === 'params' ? { ...sampleParams(d.row), [name]: String(value) } : sampleParams(d.row);
  const query =
    d.part === 'query'
      ? `?${new URLSearchParams({ ...REQUIRED_QUERY[d.row.id], [name]: String(value) }).toString()}`
      : '';
  const path = `${buildPath(d.row.path, params)}${query}`;
  return call<Refusal>(d.row.method, path, {
    token: admin,
    ...(d.part === 'body' ? { body: sparseBody(d.leaf, value) } : d.row.body ? { body: {} } : {}),
  });
};

describe('every date the route table takes', () => {
  it('is found by its mark: path, query and body dates of orders, payments, purchasing, batches, payroll', () => {
    const routes = new Set(dateLeaves.map((d) => d.row.id));
    for (const id of [
      'orders.getByWeek',
      'orders.getByCustomer',
      'customers.getAllOrders',
      'orders.new',
      'orders.update',
      'orders.setStatus',
      'payments.getAll',
      'payments.receivables',
      'payments.add',
      'payments.update',
      'purchases.getAll',
      'purchases.new',
      'purchases.update',
      'products.addBatch',
      'products.updateBatch',
      'payroll.get',
      'payroll.update',
      'payroll.submit',
    ])
      expect(routes).toContain(id);
    expect(new Set(dateLeaves.map((d) => d.part))).toEqual(new Set(['params', 'query', 'body']));
  });

  describe.each(dateLeaves.map((d) => ({ ...d, name: `${d.row.method} ${d.row.path} ${d.where}` })))('$name', (d) => {
    it.each(casesOf(d))('$label → 400 naming the field and the window', async ({ value }) => {
      const result = await send(d, value);
      expect(result.status).toBe(400);
      expect(typeof result.body.message).toBe('string');
      const issue = result.body.issues?.find((i) => i.path === d.where);
      expect(issue?.message).toMatch(WINDOW);
      expect(issue?.message.startsWith(d.date.label)).toBe(true);
      if (d.part !== 'body') expect(result.body.message).toBe(`${issue!.message} (${d.where})`);
    });
  });
});

/** Every from/to pair of date leaves on one route (path, query, or a POST's body). */
const ranges = routeList().flatMap((row) =>
  [
    { from: 'fromISO', to: 'toISO', where: 'path' as const, part: 'params' },
    { from: 'from', to: 'to', where: 'query' as const, part: 'query' },
    { from: 'from', to: 'to', where: 'body' as const, part: 'body' },
  ]
    .filter((r) =>
      [r.from, r.to].every((key) =>
        dateLeaves.some((d) => d.row.id === row.id && d.part === r.part && d.leaf.path[0] === key),
      ),
    )
    .map((r) => ({ ...r, row, name: `${row.method} ${row.path}` })),
);
const rangePath = (r: (typeof ranges)[number], from: string, to: string) =>
  r.where === 'path'
    ? buildPath(r.row.path, { ...sampleParams(r.row), [r.from]: from, [r.to]: to })
    : r.where === 'body'
      ? buildPath(r.row.path, sampleParams(r.row))
      : `${buildPath(r.row.path, { ...sampleParams(r.row), customerId })}?${r.from}=${from}&${r.to}=${to}`;
/** Asks a range route for a range: GET with it in the path or query, or POST with it in the body. */
const askRange = (r: (typeof ranges)[number], from: string, to: string) =>
  r.where === 'body'
    ? call<Refusal>(r.row.method, rangePath(r, from, to), {
        token: admin,
        body: { ...RANGE_BODIES[r.row.id], [r.from]: from, [r.to]: to },
      })
    : call<Refusal>('GET', rangePath(r, from, to), { token: admin });
/** The rest of a body that carries a range. */
const RANGE_BODIES: Record<string, Record<string, unknown>> = { 'accounting.exportsNew': { format: 'xero' } };
/** The routes that read month by month, and so take at most MAX_RANGE_DAYS. */
const MONTHLY = new Set(['orders.getByWeek', 'payments.getAll', 'returns.getAll', 'accounting.exportsNew']);
/** A statement reads its window up to today: at most MAX_RANGE_DAYS back, ending today at the latest. */
const WINDOWED = new Set(['customers.getStatement']);
/** Reports are bounded by their points (MAX_REPORT_POINTS), not by days: a century by month is too many. */
const POINTS = new Set(['reports.sales', 'reports.purchases']);
/** Reports of months up to this one, at most 120 months back: a range ending in 2099 ends after this month. */
const UP_TO_NOW = new Set(['reports.receivables']);

describe('ranges', () => {
  it('finds every route that takes a range', () => {
    expect(ranges.map((r) => r.row.id).sort()).toEqual([
      'accounting.exportsNew',
      'customers.getAllOrders',
      'customers.getStatement',
      'orders.getByCustomer',
      'orders.getByWeek',
      'payments.getAll',
      'purchases.getAll',
      'reports.purchases',
      'reports.receivables',
      'reports.sales',
      'returns.getAll',
    ]);
  });

  it.each(ranges)('$name: reversed across the whole window → 400 naming from', async (r) => {
    const result = await askRange(r, '2099-12-31', '2000-01-01');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(`${r.from} must not be after ${r.to} (${r.where}.${r.from})`);
  });

  it.each(ranges)(
    '$name: the whole window → 200, or 400 naming the maximum where it reads month by month',
    async (r) => {
      const result = await askRange(r, '2000-01-01', '2099-12-31');
      if (POINTS.has(r.row.id)) {
        expect(result.status).toBe(400);
        expect(result.body.message).toBe(`${tooManyPointsMessage(1200, 'month')} (query.interval)`);
      } else if (UP_TO_NOW.has(r.row.id)) {
        expect(result.status).toBe(400);
        expect(result.body.message).toMatch(/^to must be this month \(\d{4}-\d{2}\) or earlier$/);
      } else if (!MONTHLY.has(r.row.id) && !WINDOWED.has(r.row.id)) expect(result.status).toBe(200);
      else {
        expect(result.status).toBe(400);
        expect(result.body.message).toBe(
          `The range from ${r.from} to ${r.to} can be at most ${MAX_RANGE_DAYS} days (${r.where}.${r.to})`,
        );
      }
    },
  );

  it.each(ranges.filter((r) => MONTHLY.has(r.row.id)))('$name: the widest range it takes → 200', async (r) => {
    const result = await askRange(r, '2098-11-27', '2099-12-31');
    expect(result.status).toBe(200);
  });

  it('customers getStatement: the widest window it takes (400 days to today) → 200; beyond it → 400', async () => {
    const r = ranges.find((x) => WINDOWED.has(x.row.id))!;
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    // The 400 days count both ends: from 399 days back to today.
    expect((await call('GET', rangePath(r, day(MAX_RANGE_DAYS - 1), day(0)), { token: admin })).status).toBe(200);
    const tooFar = await call<Refusal>('GET', rangePath(r, day(MAX_RANGE_DAYS), day(10)), { token: admin });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toContain(`at most ${MAX_RANGE_DAYS} days up to today`);
    const future = await call<Refusal>('GET', rangePath(r, day(1), day(-1)), { token: admin });
    expect(future).toMatchObject({ status: 400, body: { message: 'A statement ends today at the latest' } });
  });

  it('payments getAll: a lone from that makes the default range too wide → 400 naming the maximum', async () => {
    const result = await call<Refusal>('GET', '/api/db/payments/getAll?from=2000-01-01', { token: admin });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(`The range from from to to can be at most ${MAX_RANGE_DAYS} days`);
  });
});
