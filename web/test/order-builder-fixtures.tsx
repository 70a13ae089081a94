import type { Batch, Customer, CustomPrice, Location, Order, OrderItem, PendingOrderItem } from '@bo/shared';
import type { Session } from '../src/auth/session';
import { useModals } from '../src/modals/context';
import { makeBrand, makeProduct } from './brands-fixtures';
import { fakeApi, renderInShell } from './helpers';

export const STAMP = '2025-03-04T05:06:07.000Z';

export const makeCustomer = (overrides: Partial<Customer> = {}): Customer => ({
  id: 'c-1',
  customerName: 'Green Leaf',
  contactName: 'Maria Lopez',
  commpref: 'EMAIL',
  type: 'WHOLESALE',
  orderType: 'DELIVERY',
  accountOwnerID: 'u-driver',
  priceAdjustment: 0,
  creditAvailable: 0,
  autoRefreshPricing: false,
  customPricingCount: 1,
  createdAt: STAMP,
  modifiedOn: STAMP,
  ...overrides,
});

export const GREEN = makeCustomer();
export const HARBOR = makeCustomer({
  id: 'c-2',
  customerName: 'Harbor View',
  orderType: 'PICKUP',
  customPricingCount: 0,
});

/** Blue Dream: no unitQuantity (adds 1), custom price 18 for Green Leaf, two batches. */
export const BLUE = makeProduct({
  id: 'p-1',
  sku: 'ACM-FLO-0001',
  name: 'Blue Dream',
  stock: 30,
  basePrice: 20,
  cost: 8,
});
/** Gelato: adds 6 at a time, LOW stock. */
export const GELATO = makeProduct({
  id: 'p-2',
  sku: 'ACM-FLO-0002',
  name: 'Gelato',
  stock: 5,
  basePrice: 30,
  cost: 12,
  unitQuantity: 6,
  hasBatch: false,
});
export const ZAP = makeProduct({
  id: 'p-3',
  sku: 'BOL-VAP-0001',
  name: 'Zap Cart',
  brandID: 'b-2',
  brand: { name: 'Bolt' },
  typeID: 't-vape',
  type: { name: 'Vape' },
  stock: 0,
  basePrice: 10,
});
export const HIDDEN = makeProduct({ id: 'p-4', sku: 'ACM-FLO-0004', name: 'Secret Kush', status: 'HIDDEN' });

export const batch = (overrides: Partial<Batch>): Batch => ({
  id: 'bt-1',
  productId: 'p-1',
  batchNumber: 'B-001',
  receivedOn: '2025-01-01',
  isCheckedIn: true,
  initialQuantity: 10,
  remainingQuantity: 3,
  ...overrides,
});
export const BATCHES = [
  batch({ id: 'bt-2', batchNumber: 'B-002', receivedOn: '2025-02-01', remainingQuantity: 10 }),
  batch({ id: 'bt-1', batchNumber: 'B-001', receivedOn: '2025-01-01', remainingQuantity: 3 }),
  batch({ id: 'bt-3', batchNumber: 'B-003', receivedOn: '2024-12-01', remainingQuantity: 50, isCheckedIn: false }),
];
/** Another open order holds 4 untagged units of B-002: 6 are left for us. */
export const PENDING: PendingOrderItem[] = [
  {
    orderID: 'o-other',
    orderNum: '1001',
    productSku: 'ACM-FLO-0001',
    productBatchId: 'bt-2',
    quantity: 4,
    tagsPulled: false,
  },
];

export const LOCATIONS: Location[] = [
  { id: '1', name: 'Main Warehouse', color: '#4e79a7', isDefault: true },
  { id: '2', name: 'North Dock', color: '#f28e2b', isDefault: false },
];

const price = (productId: string, customPrice: number): CustomPrice => ({
  productId,
  customPrice,
  source: 'fixed',
  dateUpdated: STAMP,
});

export const orderItem = (overrides: Partial<OrderItem>): OrderItem => ({
  id: 'li-1',
  orderID: 'o-1',
  quantity: 2,
  unitPrice: 18,
  priceAdjustment: -2,
  subtotal: 36,
  productName: 'Blue Dream',
  productId: 'p-1',
  productSku: 'ACM-FLO-0001',
  productBrand: 'Acme',
  productType: 'Flower',
  productBatchId: 'bt-1',
  shouldHaveTag: true,
  tagsPulled: false,
  ...overrides,
});

export const makeOrder = (overrides: Partial<Order> = {}): Order => ({
  id: 'o-1',
  orderNum: 'DRAFT_abc',
  orderStatus: 'DRAFT',
  paymentStatus: 'DRAFT',
  statusModifiedOn: '2025-03-05T12:00:00.000Z',
  paymentModifiedOn: '2025-03-06T12:00:00.000Z',
  createdAt: STAMP,
  modifiedOn: '2025-03-06T12:00:00.000Z',
  customerID: 'c-1',
  customer: { customerName: 'Green Leaf', accountOwnerID: 'u-driver' },
  pickupOrder: false,
  deliveryDate: '2025-03-10',
  driverId: 'u-driver',
  packingLocationId: '1',
  notes: 'Back door',
  dollarAdjustment: 0,
  unitQuantity: 2,
  subtotal: 36,
  total: 36,
  balanceDue: 36,
  orderedItems: [orderItem({})],
  ...overrides,
});

/** The fake API the builder reads. */
export function orderApi() {
  return fakeApi()
    .on('GET', '/api/db/products/getAll', { body: [BLUE, GELATO, ZAP, HIDDEN] })
    .on('GET', '/api/db/brands/getAll', {
      body: {
        res: [
          makeBrand({ defaultLocationId: '2' }),
          makeBrand({ id: 'b-2', name: 'Bolt', skucode: 'BOL' }),
          makeBrand({ id: 'b-3', name: 'Empty Co' }),
        ],
      },
    })
    .on('GET', '/api/db/products/getProductTypes', {
      body: [
        { id: 't-flower', name: 'Flower' },
        { id: 't-vape', name: 'Vape' },
      ],
    })
    .on('GET', '/api/db/customers/getAll', { body: [GREEN, HARBOR] })
    .on('GET', '/api/db/customers/getCustomPricing/c-1', { body: [price('p-1', 18)] })
    .on('GET', '/api/db/customers/getCustomPricing/c-2', { body: [] })
    .on('GET', '/api/db/orders/getLocations', { body: LOCATIONS })
    .on('GET', '/api/db/users/getDrivers', { body: [{ id: 'u-driver', name: 'Dora Driver' }] })
    .on('GET', '/api/db/orders/getPendingOrderItemsForTags', { body: PENDING })
    .on('GET', '/api/db/products/getByID/p-1', { body: { ...BLUE, orderBatches: BATCHES } })
    .on('GET', '/api/db/products/getByID/p-3', { body: { ...ZAP, orderBatches: [] } })
    .on('GET', '/api/storage/list/documents', { body: [] })
    .on('GET', '/api/db/changelog/getAll/order/o-1', { body: { entries: [], cursor: null } });
}

function Harness() {
  const { openModal } = useModals();
  return (
    <div>
      <button type="button" onClick={() => openModal('NewOrder', {})}>
        Open new order
      </button>
      <button type="button" onClick={() => openModal('NewOrder', { customerId: 'c-1' })}>
        Open new order for Green Leaf
      </button>
      <button type="button" onClick={() => openModal('EditOrder', { orderId: 'o-1' })}>
        Open edit order
      </button>
    </div>
  );
}

/** The app shell with a page that opens the order dialogs. */
export const renderHarness = (session: Session) => renderInShell(<Harness />, session);
