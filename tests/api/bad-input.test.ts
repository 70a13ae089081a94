import { buildPath, pathParamNames, routeList, type RouteDef } from '@bo/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXTREME_NUMBERS,
  leavesOf,
  OVERSIZED_STRING,
  sparseBody,
  type Leaf,
} from '../../shared/test/support/schema-leaves';
import { call, tokenFor } from '../support/stack';

/** Bad input gets a 4xx with a message, never a 500 — for every route in the table, as an admin. */
const BAD_BODIES: Array<[string, { rawBody?: string; body?: unknown }]> = [
  ['malformed JSON', { rawBody: '{"name": ' }],
  ['a JSON array', { body: [1, 2, 3] }],
  ['a JSON string', { body: 'hello' }],
  ['wrong types', { body: { name: 42, email: false, role: 'ADMIN', password: 7, title: { a: 1 } } }],
  ['unknown fields', { body: { nonsense: true } }],
  [
    'huge strings',
    { body: { name: 'x'.repeat(100_000), email: `${'y'.repeat(300)}@example.com`, password: 'z'.repeat(10_000) } },
  ],
];
const BAD_PARAMS = ['%00', 'x'.repeat(300), '..%2F..%2Fetc'];

interface Refusal {
  message?: string;
  issues?: Array<{ path: string; message: string }>;
}

const adminToken = () => tokenFor('ADMIN');

describe.each(routeList().filter((r) => r.body))('$method $path body', (row) => {
  it.each(BAD_BODIES)('%s → 400 with a message', async (_label, input) => {
    const params = Object.fromEntries(pathParamNames(row.path).map((n) => [n, 'does-not-exist']));
    const result = await call<{ message?: string }>(row.method, buildPath(row.path, params), {
      token: await adminToken(),
      ...input,
    });
    expect(result.status).toBe(400);
    expect(typeof result.body?.message).toBe('string');
  });
});

describe.each(routeList().filter((r) => pathParamNames(r.path).length > 0))('$method $path params', (row) => {
  it.each(BAD_PARAMS)('%s → 4xx with a message', async (value) => {
    const path = row.path.replace(/\{(\w+)\}/g, value);
    const result = await call<{ message?: string }>(row.method, path, {
      token: await adminToken(),
      ...(row.body ? { body: {} } : {}),
    });
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
    expect(typeof result.body?.message).toBe('string');
  });
});

it('names the offending field in the message', async () => {
  const result = await call<{ message: string; issues: Array<{ path: string }> }>('POST', '/api/db/users/addNew', {
    token: await adminToken(),
    body: { name: 'Someone', email: 'not-an-email', role: ['SALES'] },
  });
  expect(result.status).toBe(400);
  expect(result.body.message).toBe('Enter a valid email address (body.email)');
  expect(result.body.issues[0]?.path).toBe('body.email');
});

/*
 * Issue 11 section 4: the variants below are generated from each route's own schemas (every number and string
 * its path, query and body take), so a new route or field is covered without editing this file.
 */

let adminId = '';
beforeAll(async () => {
  const token = await adminToken();
  adminId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
});

/** Path values every route's params accept, so a refusal is about the one value a case changes. */
const PARAM_SAMPLES: Record<string, () => string> = {
  bucket: () => 'images',
  folder: () => 'invoices',
  fileName: () => 'x.pdf',
  entityType: () => 'user',
  entityId: () => adminId,
  fromISO: () => '2026-01-01',
  toISO: () => '2026-01-31',
  weight: () => '3.5',
  year: () => '2026',
  payPeriod: () => 'A',
  period: () => 'A',
};
const sampleParams = (row: RouteDef) =>
  Object.fromEntries(pathParamNames(row.path).map((n) => [n, PARAM_SAMPLES[n]?.() ?? '1']));

const leafName = (path: ReadonlyArray<string | number>) => path.join('.') || '(the body)';

/** 400, with a message, and an issue at `where` (or at a union around it, which reports at its own path). */
const expectRefusedAt = (result: { status: number; body: Refusal }, where: string) => {
  expect(result.status).toBe(400);
  expect(typeof result.body.message).toBe('string');
  const paths = (result.body.issues ?? []).map((i) => i.path);
  expect(paths.some((p) => where === p || where.startsWith(`${p}.`))).toBe(true);
};

/** The body as JSON text with the number written as the probe wrote it (2^53 + 1 would not survive a JS number). */
const withNumberText = (leaf: Leaf, text: string) =>
  JSON.stringify(sparseBody(leaf, '\u0000n')).replace('"\\u0000n"', text);

describe('the sample path values are valid for every route', () => {
  it.each(routeList().filter((r) => r.params))('$method $path', (row) => {
    expect(row.params!.safeParse(sampleParams(row)).success).toBe(true);
  });
});

const bodyRoutes = routeList().filter((r) => r.body);

describe.each(bodyRoutes.filter((r) => leavesOf(r.body!).some((l) => l.kind === 'number')))(
  '$method $path numbers',
  (row) => {
    const leaves = leavesOf(row.body!);
    const numbers = leaves.filter((l) => l.kind === 'number');
    const cases = numbers.flatMap((leaf) => EXTREME_NUMBERS.map(([label, value]) => ({ leaf, label, value })));
    it.each(cases)('$leaf.path: $label → 400 naming the field', async ({ leaf, label, value }) => {
      const where = ['body', ...leaf.path].join('.');
      const takesText = leaves.some((l) => l.kind === 'string' && leafName(l.path) === leafName(leaf.path));
      const result = await call<Refusal>(row.method, buildPath(row.path, sampleParams(row)), {
        token: await adminToken(),
        rawBody: typeof value === 'number' ? withNumberText(leaf, label) : JSON.stringify(sparseBody(leaf, value)),
      });
      // The discount box also takes typed text ('$1,250.00'); text that is no number becomes no discount.
      if (typeof value === 'string' && takesText) expect(result.status).toBeLessThan(500);
      else expectRefusedAt(result, where);
    });

    it.each(numbers)('$path: -1 → never a 500', async (leaf) => {
      const result = await call<Refusal>(row.method, buildPath(row.path, sampleParams(row)), {
        token: await adminToken(),
        body: sparseBody(leaf, -1),
      });
      expect(result.status).toBeLessThan(500);
      if (result.status >= 400) expect(typeof result.body.message).toBe('string');
    });
  },
);

describe.each(bodyRoutes.filter((r) => leavesOf(r.body!).some((l) => l.kind === 'string')))(
  '$method $path strings',
  (row) => {
    it.each(leavesOf(row.body!).filter((l) => l.kind === 'string'))('$path: 100,000 characters → 400', async (leaf) => {
      const result = await call<Refusal>(row.method, buildPath(row.path, sampleParams(row)), {
        token: await adminToken(),
        body: sparseBody(leaf, OVERSIZED_STRING),
      });
      expectRefusedAt(result, ['body', ...leaf.path].join('.'));
    });
  },
);

/** Every string and number path value, too long, and the numeric ones as extremes. */
const pathValueCases = (row: RouteDef) => {
  const leaves = row.params ? leavesOf(row.params) : [];
  return [
    ...leaves.map((leaf) => ({ leaf, label: '2,000 characters', value: 'x'.repeat(2000) })),
    ...leaves
      .filter((l) => l.kind === 'number')
      .flatMap((leaf) =>
        ['1e-131', '1e126', '9007199254740993', 'NaN', '-1'].map((value) => ({ leaf, label: value, value })),
      ),
  ];
};

describe.each(routeList().filter((r) => pathValueCases(r).length > 0))('$method $path path values', (row) => {
  it.each(pathValueCases(row))('$leaf.path: $label → 400 naming it', async ({ leaf, value }) => {
    const name = String(leaf.path[0]);
    const result = await call<Refusal>(row.method, buildPath(row.path, { ...sampleParams(row), [name]: value }), {
      token: await adminToken(),
      ...(row.body ? { body: {} } : {}),
    });
    expectRefusedAt(result, `path.${name}`);
  });
});

describe.each(routeList().filter((r) => r.query && leavesOf(r.query).some((l) => l.kind === 'string')))(
  '$method $path query',
  (row) => {
    it.each(leavesOf(row.query!).filter((l) => l.kind === 'string'))('$path: 3,000 characters → 400', async (leaf) => {
      const name = String(leaf.path[0]);
      const path = `${buildPath(row.path, sampleParams(row))}?${name}=${'x'.repeat(3000)}`;
      const result = await call<Refusal>(row.method, path, { token: await adminToken() });
      expectRefusedAt(result, `query.${name}`);
    });
  },
);

/** Every range a route takes, as path values or query: from after to is refused with a message. */
const RANGES: Array<{ from: string; to: string; where: 'path' | 'query' }> = [
  { from: 'fromISO', to: 'toISO', where: 'path' },
  { from: 'from', to: 'to', where: 'query' },
];
const rangeCases = routeList().flatMap((row) =>
  RANGES.filter(({ from, to, where }) => {
    const schema = where === 'path' ? row.params : row.query;
    const names = schema ? leavesOf(schema).map((l) => l.path[0]) : [];
    return names.includes(from) && names.includes(to);
  }).map((range) => ({ ...range, row, name: `${row.method} ${row.path}` })),
);

describe('reversed ranges', () => {
  it('finds the routes that take a range', () => {
    expect(rangeCases.map((c) => c.row.id).sort()).toEqual([
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

  it.each(rangeCases)('$name: from after to → 400 with a message', async ({ row, from, to, where }) => {
    const [later, earlier] = ['2026-03-01', '2026-02-01'];
    const path =
      where === 'path'
        ? buildPath(row.path, { ...sampleParams(row), [from]: later, [to]: earlier })
        : `${buildPath(row.path, sampleParams(row))}?${from}=${later}&${to}=${earlier}`;
    const result = await call<Refusal>(row.method, path, { token: await adminToken() });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(`${from} must not be after ${to} (${where}.${from})`);
  });
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const GARBAGE_CURSORS: Array<[string, string]> = [
  ['not base64url JSON', 'abc'],
  ['characters outside base64url', '!!!'],
  ['a JSON list', b64([1, 2])],
  ['other attributes', b64({ a: 1 })],
  ['a key with an object value', b64({ pk: { S: 'x' }, sk: 'y' })],
  ['a key of another partition', b64({ pk: 'product#1', sk: '2026-01-01T00:00:00.000Z' })],
  ['2,000 characters', 'A'.repeat(2000)],
];

describe.each(routeList().filter((r) => r.query && leavesOf(r.query).some((l) => l.path[0] === 'cursor')))(
  '$method $path cursor',
  (row) => {
    it.each(GARBAGE_CURSORS)('%s → 400 Invalid cursor', async (_label, cursor) => {
      const path = `${buildPath(row.path, sampleParams(row))}?cursor=${encodeURIComponent(cursor)}`;
      const result = await call<Refusal>(row.method, path, { token: await adminToken() });
      expect(result.status).toBe(400);
      expect(result.body.message).toMatch(/^Invalid cursor/);
    });
  },
);
