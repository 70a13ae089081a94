import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  allocateBatches,
  normalizeDiscount,
  orderTotals,
  packingLocationFor,
  priceAdjustmentOf,
  switchDeliveryType,
  type BatchMode,
  type Cents,
  type Customer,
  type OrderItem,
  type OrderStatus,
  type OrderTotals,
  type Product,
  type CartLine,
} from '@bo/shared';
import {
  addProduct,
  batchesForEdit,
  cartBrandKey,
  priceFor,
  viewItem,
  type CartItem,
  type ItemView,
} from './cart-model';
import type { CartItemActions } from './CartItemCard';
import type { DeliveryValue } from './DeliveryBlock';
import type { DiscountState } from './OrderPreview';
import { useCartBatches, type OrderData } from './use-order-data';

/** What the builder edits, for a new order and an existing one alike. */
export interface OrderFormState {
  customerId: string | null;
  notes: string;
  pickupOrder: boolean;
  deliveryDate: string;
  driverId: string | null;
  /** A packing location chosen by hand; null follows the brands in the cart (spec section 4). */
  packingOverride: string | null;
  items: CartItem[];
  discount: DiscountState;
}

export interface OrderFormOptions {
  /** Edit: the order as loaded (its status and lines give back the batch units it already took). */
  loaded?: { status: OrderStatus; lines: readonly OrderItem[] };
}

export interface OrderForm {
  state: OrderFormState;
  setState: (update: (s: OrderFormState) => OrderFormState) => void;
  views: ItemView[];
  lines: CartLine[];
  totals: OrderTotals;
  /** The discount as normalized (cents), null when off or empty. */
  discountCents: Cents | null;
  packingLocationId: string | null;
  delivery: DeliveryValue;
  customer: Customer | undefined;
  actions: CartItemActions;
  setCustomer: (customerId: string | null) => void;
  setPickup: (pickup: boolean) => void;
  changeDelivery: (next: Partial<DeliveryValue>) => void;
  add: (product: Product) => void;
  setDiscount: (next: Partial<DiscountState>) => void;
  normalizeDiscountText: () => void;
}

const withItems = (s: OrderFormState, items: CartItem[]): OrderFormState => ({
  ...s,
  items,
  // When the brands in the cart change, the packing location follows them again.
  packingOverride: cartBrandKey(items) === cartBrandKey(s.items) ? s.packingOverride : null,
});

const touch = (item: CartItem, mode: BatchMode, patch: Partial<CartItem>): CartItem => ({
  ...item,
  mode,
  touched: true,
  ...patch,
});

/** The builder's state with what derives from it: lines by the shared allocation rules, totals, location. */
export function useOrderForm(
  initial: () => OrderFormState,
  data: OrderData,
  options: OrderFormOptions = {},
): OrderForm {
  const [state, setRawState] = useState<OrderFormState>(initial);
  const setState = useCallback((update: (s: OrderFormState) => OrderFormState) => setRawState(update), []);

  const customer = useMemo(
    () => data.customers.data?.find((c) => c.id === state.customerId),
    [data.customers.data, state.customerId],
  );

  // Items added from the menu know their product and brand. A loaded line knows its product id (older lines
  // learn it from the catalogue) and its brand's name: its brand id comes from the brands, which the editor
  // waits for, so the packing location is the same before the catalogue arrives as after.
  const brandIdByName = useMemo(() => new Map(data.brandList.map((b) => [b.name, b.id])), [data.brandList]);
  const items = useMemo(
    () =>
      state.items.map((item) => {
        if (item.productId && item.brandId) return item;
        const product = data.productsBySku.get(item.sku);
        const productId = item.productId ?? product?.id;
        const brandId = item.brandId ?? product?.brandID ?? brandIdByName.get(item.template.productBrand);
        return productId === item.productId && brandId === item.brandId ? item : { ...item, productId, brandId };
      }),
    [state.items, data.productsBySku, brandIdByName],
  );

  const productIds = useMemo(() => items.flatMap((i) => (i.productId && i.hasBatch ? [i.productId] : [])), [items]);
  const batches = useCartBatches(productIds);

  const loaded = options.loaded;
  const views = items.map((item) => {
    // Lines not saved yet take the customer's price (custom where set, else base).
    const product = item.productId ? data.productsBySku.get(item.sku) : undefined;
    const priced =
      item.loaded || !product
        ? item
        : (() => {
            const unitPrice = priceFor(product, data.prices);
            return {
              ...item,
              template: {
                ...item.template,
                unitPrice,
                priceAdjustment: priceAdjustmentOf(unitPrice, product.basePrice),
              },
            };
          })();
    const raw = item.productId ? batches.get(item.productId) : item.hasBatch ? undefined : [];
    const own = loaded ? batchesForEdit(raw, loaded.status, loaded.lines) : raw;
    return viewItem(priced, {
      batches: item.hasBatch ? own : [],
      pendingUntagged: data.pendingUntagged,
    });
  });
  const lines = views.flatMap((v) => v.lines);
  const subtotal = orderTotals(lines).subtotal;
  const discountCents = state.discount.on ? normalizeDiscount(state.discount.text, subtotal) : null;
  const totals = orderTotals(lines, { discount: discountCents });

  const brandIds = items.flatMap((i) => (i.brandId ? [i.brandId] : []));
  const packingLocationId =
    state.packingOverride ??
    (data.locations.data ? packingLocationFor(brandIds, data.brandList, data.locations.data) : null);

  // Handlers read the latest render's values through a ref, so they can stay stable.
  const latest = useRef({ views, data, customer });
  useLayoutEffect(() => {
    latest.current = { views, data, customer };
  });

  const actions = useMemo<CartItemActions>(
    () => ({
      onQuantity: (sku, quantity) => {
        // In manual mode the typed amounts follow a new quantity: what the batches now give for it.
        const view = latest.current.views.find((v) => v.item.sku === sku);
        const requested =
          view?.mode === 'manual'
            ? Object.fromEntries(
                allocateBatches({ ...view.input, quantity }).allocations.map((a) => [a.batchId, String(a.quantity)]),
              )
            : undefined;
        setRawState((s) => ({
          ...s,
          items: s.items.map((i) =>
            i.sku === sku ? { ...i, quantity, touched: true, mode: modeOf(i), ...(requested ? { requested } : {}) } : i,
          ),
        }));
      },
      onMode: (sku, mode) =>
        setRawState((s) => ({
          ...s,
          items: s.items.map((i) => {
            if (i.sku !== sku) return i;
            if (mode === 'manual') {
              // Manual starts from what auto mode gave, so nothing moves until the user changes it.
              const view = latest.current.views.find((v) => v.item.sku === sku);
              const requested = Object.fromEntries(
                (view?.result.allocations ?? []).map((a) => [a.batchId, String(a.quantity)]),
              );
              return touch(i, mode, { requested });
            }
            return touch(i, mode, {});
          }),
        })),
      onRequest: (sku, batchId, text) =>
        setRawState((s) => ({
          ...s,
          items: s.items.map((i) =>
            i.sku === sku ? touch(i, 'manual', { requested: { ...i.requested, [batchId]: text } }) : i,
          ),
        })),
      onRemove: (sku) =>
        setRawState((s) =>
          withItems(
            s,
            s.items.filter((i) => i.sku !== sku),
          ),
        ),
    }),
    [],
  );

  const modeOf = (item: CartItem): BatchMode =>
    item.mode ?? latest.current.views.find((v) => v.item.sku === item.sku)?.mode ?? 'manual';

  const add = useCallback((product: Product) => {
    const price = priceFor(product, latest.current.data.prices);
    setRawState((s) => {
      const at = s.items.find((i) => i.sku === product.sku);
      // Adding to a loaded item fixes its mode as it was shown.
      const items =
        at && at.mode === undefined ? s.items.map((i) => (i === at ? { ...i, mode: modeOf(i) } : i)) : s.items;
      return withItems(s, addProduct(items, product, price));
    });
  }, []);

  const setCustomer = useCallback((customerId: string | null) => {
    const { data: d } = latest.current;
    const next = d.customers.data?.find((c) => c.id === customerId);
    setRawState((s) => ({ ...s, customerId, ...customerDefaults(s, next, d.drivers.data ?? []) }));
  }, []);

  const setPickup = useCallback((pickup: boolean) => {
    const { data: d, customer: c } = latest.current;
    setRawState((s) => ({
      ...s,
      ...switchDeliveryType({ pickupOrder: s.pickupOrder, driverId: s.driverId }, pickup, {
        accountOwnerID: c?.accountOwnerID,
        candidates: d.drivers.data ?? [],
      }),
    }));
  }, []);

  const changeDelivery = useCallback((next: Partial<DeliveryValue>) => {
    setRawState((s) => ({
      ...s,
      ...(next.deliveryDate !== undefined ? { deliveryDate: next.deliveryDate } : {}),
      ...(next.driverId !== undefined ? { driverId: next.driverId } : {}),
      ...(next.packingLocationId !== undefined ? { packingOverride: next.packingLocationId } : {}),
    }));
  }, []);

  const setDiscount = useCallback(
    (next: Partial<DiscountState>) => setRawState((s) => ({ ...s, discount: { ...s.discount, ...next } })),
    [],
  );

  const normalizeDiscountText = () => {
    const cents = normalizeDiscount(state.discount.text, subtotal);
    setDiscount({ text: cents === null ? '' : (cents / 100).toFixed(2) });
  };

  return {
    state,
    setState,
    views,
    lines,
    totals,
    discountCents,
    packingLocationId,
    delivery: {
      pickupOrder: state.pickupOrder,
      deliveryDate: state.deliveryDate,
      driverId: state.pickupOrder ? null : state.driverId,
      packingLocationId,
    },
    customer,
    actions,
    setCustomer,
    setPickup,
    changeDelivery,
    add,
    setDiscount,
    normalizeDiscountText,
  };
}

/**
 * The delivery fields a chosen customer brings: their order type (pickup or delivery), and for a delivery
 * their account owner as driver when that user drives (spec section 4, Delivery).
 */
export function customerDefaults(
  s: Pick<OrderFormState, 'pickupOrder' | 'driverId'>,
  customer: Pick<Customer, 'orderType' | 'accountOwnerID'> | undefined,
  drivers: readonly { id: string }[],
): Pick<OrderFormState, 'pickupOrder' | 'driverId'> {
  const pickup = customer ? customer.orderType === 'PICKUP' : s.pickupOrder;
  return switchDeliveryType({ pickupOrder: s.pickupOrder, driverId: s.driverId }, pickup, {
    accountOwnerID: customer?.accountOwnerID,
    candidates: drivers,
  });
}
