import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderTotals } from '@bo/shared';
import { sameCard } from '../src/pages/orders/builder/CartItemCard';
import { productLine, viewItem, type CartItem, type ItemView } from '../src/pages/orders/builder/cart-model';
import OrderPreview from '../src/pages/orders/builder/OrderPreview';
import { SALES } from './brands-fixtures';
import { holdRequests } from './helpers';
import { BATCHES, BLUE, GELATO, ZAP, makeOrder, orderApi, orderItem, renderHarness } from './order-builder-fixtures';

// Issue 22: opening an order draws it once with everything it shows, then its lines one per frame.

beforeAll(async () => {
  await Promise.all([import('../src/app/AppShell'), import('../src/pages/orders/EditOrderModal')]);
});
afterEach(() => vi.unstubAllGlobals());

const cartItem = (product: typeof BLUE, quantity = 2): CartItem => ({
  sku: product.sku,
  productId: product.id,
  brandId: product.brandID,
  template: productLine(product, product.basePrice),
  quantity,
  mode: 'auto',
  requested: {},
  hasBatch: product.hasBatch !== false,
  touched: true,
});
const view = (item: CartItem): ItemView =>
  viewItem(item, { batches: item.hasBatch ? BATCHES : [], pendingUntagged: {} });
const noop = { onQuantity: vi.fn(), onMode: vi.fn(), onRemove: vi.fn(), onRequest: vi.fn() };

describe('Edit Order: first draw', () => {
  it('waits for the lines’ batches with the order, not for the catalogue: asked for and waited on by the product menu only', async () => {
    const user = userEvent.setup();
    orderApi().on('GET', '/api/db/orders/getByID/o-1', {
      body: { res: makeOrder({ orderedItems: [orderItem({})] }) },
    });
    const catalogue = holdRequests('/products/getAll');
    const batches = holdRequests('/products/getByID/p-1');
    renderHarness(SALES);
    await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
    // The order is here and its line's batches were asked for from it, but they are not here: still loading.
    await batches.untilAsked();
    expect(within(dialog).getByText('Loading order')).toBeInTheDocument();
    expect(within(dialog).queryByText('Green Leaf')).toBeNull();

    // The batches are enough: the order is drawn whole while the catalogue is still on its way.
    await batches.release();
    const table = await within(dialog).findByRole('table', { name: 'Batches of Blue Dream' });
    expect(within(table).getByText(BATCHES[0]!.batchNumber)).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading batches')).toBeNull();
    expect(within(dialog).queryByText('Loading order')).toBeNull();

    // Not even asked for until the user goes to the product menu.
    expect(catalogue.asked()).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: '+ Add Products to Order' }));
    expect(within(dialog).getByText('Loading...')).toBeInTheDocument();
    await catalogue.untilAsked();
    await catalogue.release();
    expect(await within(dialog).findByRole('list', { name: 'Brands' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading...')).toBeNull();
  });

  it('a line an older client saved without its product id learns it, and its batches, from the catalogue', async () => {
    const user = userEvent.setup();
    orderApi().on('GET', '/api/db/orders/getByID/o-1', {
      body: { res: makeOrder({ orderedItems: [orderItem({ productId: undefined })] }) },
    });
    const catalogue = holdRequests('/products/getAll');
    renderHarness(SALES);
    await user.click(await screen.findByRole('button', { name: 'Open edit order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Order' });
    await catalogue.untilAsked();
    expect(await within(dialog).findByText('Loading batches')).toBeInTheDocument();
    await catalogue.release();
    const table = await within(dialog).findByRole('table', { name: 'Batches of Blue Dream' });
    expect(within(table).getByText(BATCHES[0]!.batchNumber)).toBeInTheDocument();
  });
});

const preview = (views: ItemView[]) => (
  <OrderPreview
    views={views}
    actions={noop}
    totals={orderTotals(views.flatMap((v) => v.lines))}
    discount={{ on: false, text: '', notes: '' }}
    onDiscount={vi.fn()}
    onDiscountBlur={vi.fn()}
    showCost={false}
  />
);

describe('Order Preview: lines drawn one per frame', () => {
  it('draws the first line at once, keeps the others’ estimated height, then draws them all', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const views = [view(cartItem(BLUE)), view(cartItem(GELATO)), view(cartItem(ZAP))];
    render(preview(views));
    const region = screen.getByRole('region', { name: 'Order Preview' });
    expect(within(region).getAllByTestId('cart-line')).toHaveLength(1);
    // Not yet drawn: Gelato (not batched, 84 px) and Zap Cart (batched, two batches: 122 + 2 × 28 px).
    const kept = region.querySelector<HTMLElement>('[aria-busy="true"]')!;
    expect(kept.style.minBlockSize).toBe(`${84 + 122 + 2 * 28}px`);
    // The totals are there from the start, below the kept height.
    expect(within(region).getByTestId('order-total')).toBeInTheDocument();

    const paint = async () => {
      await act(async () => {
        frames.shift()?.(0);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    };
    await paint();
    expect(within(region).getAllByTestId('cart-line')).toHaveLength(2);
    await paint();
    expect(within(region).getAllByTestId('cart-line')).toHaveLength(3);
    expect(region.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('draws lines added to a cart at once: only an order opened with its lines steps', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const first = [view(cartItem(ZAP))];
    const { rerender } = render(preview(first));
    const more = [view(cartItem(BLUE)), view(cartItem(GELATO)), ...first];
    rerender(preview(more));
    const region = screen.getByRole('region', { name: 'Order Preview' });
    expect(within(region).getAllByTestId('cart-line')).toHaveLength(3);
    expect(region.querySelector('[aria-busy="true"]')).toBeNull();
  });
});

describe('cart line card', () => {
  it('is drawn again only when its view holds other values', () => {
    const item = cartItem(BLUE);
    const props = { view: view(item), actions: noop };
    // The form makes a new view on every render: the same values are the same card.
    expect(sameCard(props, { view: view(item), actions: noop })).toBe(true);
    expect(sameCard(props, { view: view({ ...item, quantity: 3 }), actions: noop })).toBe(false);
    expect(sameCard(props, { view: view({ ...item, mode: 'manual' }), actions: noop })).toBe(false);
    expect(sameCard(props, { ...props, readOnly: true })).toBe(false);
    expect(sameCard(props, { ...props, actions: { ...noop } })).toBe(false);
  });
});
