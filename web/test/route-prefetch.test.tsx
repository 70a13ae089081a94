import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@bo/shared';
import { createMemoryRouter } from 'react-router-dom';
import { configureApiClient } from '../src/api/client';
import { apiQueryKey } from '../src/api/hooks';
import { preloadRoutes } from '../src/app/lazy-page';
import type { RouteHandle } from '../src/app/route-handle';
import { listQueries, orderPageQueries, prefetchRoute, ROUTE_PREFETCH, shellQueries } from '../src/app/route-prefetch';
import { appRoutes } from '../src/app/routes';
import { hasStoredSession } from '../src/auth/stored-session';
import { makeSession, renderApp, testQueryClient, TOKEN } from './helpers';

beforeAll(async () => {
  await Promise.all([
    import('../src/app/AppShell'),
    import('../src/pages/products/ProductsPage'),
    import('../src/pages/customers/CustomersPage'),
    import('../src/pages/orders/OrderPage'),
    import('../src/pages/orders/OrderReadOnlyView'),
    import('../src/pages/deliveries/DeliveriesPage'),
    import('../src/pages/orders/OrdersPage'),
    import('../src/pages/payments/PaymentsPage'),
    import('../src/pages/purchases/PurchaseOrdersPage'),
    import('../src/pages/payroll/PayrollPage'),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Records every GET and holds its answer: the screen mounts while its calls are in flight, as on a reload. */
function holdEveryAnswer() {
  const asked: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if ((init.method ?? 'GET') === 'GET') asked.push(`${url.pathname}${url.search}`);
    await held;
    return new Response(JSON.stringify({ message: 'Held' }), { status: 503 });
  });
  return { asked, release };
}

/**
 * A reload asks for the page's data as soon as the session is known. Each prefetched call must be the very call
 * the screen makes (the same query key): a call that differs would be fetched twice, or fetched for nothing.
 */
describe('prefetching a page on reload', () => {
  const cases: Array<{ path: string; roles: Role[]; expected: string[] }> = [
    {
      path: '/products',
      roles: ['ADMIN'],
      expected: ['/api/db/products/getAll', '/api/db/purchases/getOnOrder', '/api/db/preferences/getFilters'],
    },
    { path: '/products', roles: ['SALES'], expected: ['/api/db/products/getAll', '/api/db/preferences/getFilters'] },
    { path: '/customers', roles: ['SALES'], expected: ['/api/db/customers/getAll', '/api/db/users/getAll'] },
    {
      path: '/orders/1001',
      roles: ['ADMIN'],
      expected: ['/api/db/orders/getByID/1001', '/api/db/brands/getAll', '/api/db/users/getDrivers'],
    },
    { path: '/orders/1001', roles: ['DRIVER'], expected: ['/api/db/orders/getByID/1001'] },
    { path: '/deliveries', roles: ['DRIVER'], expected: ['/api/db/orders/getMyDeliveries'] },
    // The lists read by date ask for the range they open on.
    { path: '/orders', roles: ['SALES'], expected: ['/api/db/orders/getByWeek/'] },
    { path: '/payments', roles: ['PAYROLL'], expected: ['/api/db/payments/getAll?from='] },
    {
      path: '/purchases',
      roles: ['PURCHASING'],
      expected: ['/api/db/brands/getAll', '/api/db/purchases/getAll?from='],
    },
    { path: '/payroll', roles: ['PAYROLL'], expected: ['/api/db/payroll/get/'] },
  ];

  it.each(cases)(
    '$path as $roles: each asked once, by the same key as the screen',
    async ({ path, roles, expected }) => {
      const { asked, release } = holdEveryAnswer();
      const session = makeSession({ roles });
      const { queryClient, router } = renderApp(path, session);
      await waitFor(() => expect(expected.filter((e) => !asked.some((a) => a.startsWith(e)))).toEqual([]));
      await screen.findByRole('main');

      const before = [...asked];
      // The calls it asks for at once are the screen's own: an observer holds the very same key.
      const last = router.state.matches.at(-1)!;
      const handle = last.route.handle as RouteHandle;
      const calls = [
        ...shellQueries({}, session).calls,
        ...(handle.prefetch ? ROUTE_PREFETCH[handle.prefetch](last.params, session).calls : []),
      ];
      for (const [routeId, input] of calls) {
        const query = queryClient.getQueryCache().find({ queryKey: apiQueryKey(routeId, input as never), exact: true });
        if (!query || !expected.some((path) => path.includes(routeId.replace('.', '/')))) continue;
        await waitFor(() => expect(query.getObserversCount(), routeId).toBeGreaterThan(0));
      }
      // Once the screen holds every call, nothing was asked twice (a screen's key that differs asks again).
      expect(asked).toEqual(before);
      expect(asked).toHaveLength(new Set(asked).size);
      release();
    },
  );

  it('asks for the calls with no page drawn at all, as soon as the session is known', async () => {
    const { asked } = holdEveryAnswer();
    configureApiClient({ getIdToken: async () => TOKEN });
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/inventory'] });
    prefetchRoute(router, testQueryClient(), makeSession({ roles: ['INVENTORY'] }));
    await waitFor(() =>
      expect(asked).toEqual(['/api/db/users/getById/u-self', '/api/db/brands/getAll', '/api/db/products/getAll']),
    );
  });

  it('asks for nothing the roles may not open or call', async () => {
    const { asked, release } = holdEveryAnswer();
    renderApp('/customers', makeSession({ roles: ['DRIVER'] }));
    await screen.findByRole('heading', { name: 'Not authorised' });
    release();
    expect(asked.filter((p) => !p.includes('/users/getById/'))).toEqual([]);
  });

  it('the order page asks only the read-only view’s lists of a role that may not change orders', () => {
    const prefetch = orderPageQueries({ orderNum: '7' }, makeSession({ roles: ['DRIVER'] }));
    expect(prefetch.calls.map(([id]) => id)).toEqual(['orders.getByID', 'orders.getLocations', 'users.getDrivers']);
    expect(prefetch.next).toBeUndefined();
    expect(listQueries(['users.getAll', {}])({}, makeSession())).toEqual({ calls: [['users.getAll', {}]] });
  });

  it('the order page then asks for the customer’s prices and its lines’ batches, as the editor does, and not the catalogue', async () => {
    const order = {
      customerID: 'c-1',
      orderedItems: [
        { productSku: 'A-1', productId: 'p-a', shouldHaveTag: true },
        { productSku: 'B-2', productId: 'p-b', shouldHaveTag: false },
        // A line an older client wrote: its product is known once the editor has the catalogue.
        { productSku: 'OLD', shouldHaveTag: true },
      ],
    };
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      asked.push(path);
      const body = path.endsWith('/orders/getByID/1001') ? { res: order } : [];
      return new Response(JSON.stringify(body), { status: 200 });
    });
    configureApiClient({ getIdToken: async () => TOKEN });
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/orders/1001'] });
    // The first screen is held until this settles.
    await prefetchRoute(router, testQueryClient(), makeSession({ roles: ['SALES'] }));
    expect(asked).toEqual(
      expect.arrayContaining(['/api/db/customers/getCustomPricing/c-1', '/api/db/products/getByID/p-a']),
    );
    expect(asked.filter((p) => p.includes('/products/getByID/'))).toEqual(['/api/db/products/getByID/p-a']);
    // Thousands of products, for the folded product menu only: the editor asks once it is drawn.
    expect(asked).not.toContain('/api/db/products/getAll');
  });
});

describe('loading the page chunks ahead', () => {
  it('asks for the frame and the page an address matches, and nothing else', () => {
    type Preloadable = { type: { preload: () => Promise<unknown> } };
    const preloadOf = (path: string) => {
      const route = router.routes[0]!.children!.find((r) => r.path === path)!;
      return (route.element as unknown as Preloadable).type;
    };
    const router = createMemoryRouter(appRoutes);
    const shell = vi.spyOn((appRoutes[0]!.element as unknown as Preloadable).type, 'preload');
    const customers = vi.spyOn(preloadOf('customers'), 'preload');
    const users = vi.spyOn(preloadOf('users'), 'preload');
    preloadRoutes(appRoutes, '/customers');
    expect(shell).toHaveBeenCalledTimes(1);
    expect(customers).toHaveBeenCalledTimes(1);
    expect(users).not.toHaveBeenCalled();
  });

  it('only when Amplify kept a signed-in user in storage', () => {
    const storage = (keys: string[]) => ({ length: keys.length, key: (i: number) => keys[i] ?? null });
    expect(hasStoredSession(storage(['CognitoIdentityServiceProvider.abc.LastAuthUser']))).toBe(true);
    expect(hasStoredSession(storage(['CognitoIdentityServiceProvider.abc.someone.idToken', 'other']))).toBe(false);
    expect(hasStoredSession(storage([]))).toBe(false);
    const refusing = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(hasStoredSession(refusing)).toBe(false);
  });
});
