import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../src/app/lazy-page';
import { PageLoading } from '../src/components/PageLoading';
import { fakeApi, holdRequests, makeSession, makeUser, preloadLazyModules, renderApp } from './helpers';
import { makeOrderSummary } from './order-list-fixtures';

beforeAll(async () => {
  await preloadLazyModules();
  await import('../src/pages/orders/OrdersPage');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ADMIN = makeSession({ userId: 'u-admin', roles: ['ADMIN'] });
const ORDERS = Array.from({ length: 25 }, (_, i) =>
  makeOrderSummary({ id: `o-${i}`, orderNum: String(1001 + i), createdAt: new Date().toISOString() }),
);

function ordersApi() {
  return fakeApi()
    .on('GET', '/api/db/users/getById/u-admin', { body: makeUser({ id: 'u-admin', name: 'Ada Admin' }) })
    .on('GET', '/api/db/users/getAll', { body: [] });
}
const answerOrders = () =>
  vi.stubGlobal(
    'fetch',
    ((answer: typeof fetch) => (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/orders/getByWeek/')
        ? Promise.resolve(new Response(JSON.stringify(ORDERS), { status: 200 }))
        : answer(input, init))(globalThis.fetch),
  );

/** Every row count the Orders table has shown, from now on (0 while it is not drawn). */
function watchRowCounts() {
  const seen: number[] = [];
  const note = () => {
    const rows = document.querySelectorAll('table[aria-label="Orders"] tbody tr').length;
    if (rows !== seen.at(-1)) seen.push(rows);
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

/** Opens /orders with its answer held until `release`: with the first-screen hold when given a deadline (ms from now). */
async function openOrdersHeld(holdFor?: number) {
  ordersApi();
  answerOrders();
  const orders = holdRequests('/orders/getByWeek/');
  renderApp('/orders', ADMIN, holdFor === undefined ? {} : { firstScreenBy: performance.now() + holdFor });
  await orders.untilAsked();
  return orders;
}

describe('a reload with a kept session', () => {
  it('draws nothing until the frame, the page and its data are here, then the whole list in one go', async () => {
    const rows = watchRowCounts();
    const orders = await openOrdersHeld(60_000);
    // Held: no frame, no page and no loading table flash by while the answer is on its way.
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Orders/ })).toBeNull();

    orders.release();
    await screen.findByRole('heading', { name: /Orders/ });
    await vi.waitFor(() => expect(rows.seen.at(-1)).toBe(25));
    rows.stop();
    // The first rows drawn were all of them: no first few and then the rest in steps.
    expect(rows.seen.filter((n) => n > 0)).toEqual([25]);
  });

  it('lays the drawn screen out once, from the top, before its components first measure it', async () => {
    const orders = await openOrdersHeld(60_000);
    const measure = Element.prototype.getBoundingClientRect;
    const measured: Element[] = [];
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      measured.push(this);
      return measure.call(this);
    });
    orders.release();
    await screen.findByRole('heading', { name: /Orders/ });
    // The frame's and the table's components measure themselves as they mount (Cloudscape's layout effects);
    // the whole screen was measured first, from the app's top, just after it was inserted.
    expect(measured.length).toBeGreaterThan(1);
    expect(measured[0]).toBe(document.body);
    expect(measured.filter((el) => el === document.body)).toHaveLength(1);
  });

  it('draws what it has by the deadline, with the list still loading', async () => {
    const orders = await openOrdersHeld(50);
    expect(await screen.findByText('Loading orders')).toBeTruthy();
    orders.release();
    expect(await screen.findByRole('link', { name: /1025/ })).toBeTruthy();
  });

  it('an app opened without the hold (signing in, the tests) draws the page and its loading state at once', async () => {
    const orders = await openOrdersHeld();
    expect(await screen.findByText('Loading orders')).toBeTruthy();
    orders.release();
  });
});

describe('lazily loaded pages', () => {
  it('render at once when their chunk is here, without a commit of the fallback first', async () => {
    const Page = lazyPage(async () => ({ default: () => <p>The page</p> }));
    await Page.preload();
    render(
      <Suspense fallback={<p>Fallback</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.queryByText('Fallback')).toBeNull();
  });

  it('show the fallback while their chunk loads, then the page', async () => {
    let arrive!: () => void;
    const chunk = new Promise<void>((resolve) => (arrive = resolve));
    const Page = lazyPage(async () => {
      await chunk;
      return { default: () => <p>The page</p> };
    });
    render(
      <Suspense fallback={<p>Fallback</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Fallback')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('The page')).toBeTruthy();
  });
});

describe('PageLoading', () => {
  it('shows its spinner only once the wait has lasted its delay', () => {
    vi.useFakeTimers();
    render(<PageLoading label="Checking your session" delayMs={1_000} />);
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByText('Checking your session')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Checking your session')).toBeTruthy();
  });
});
