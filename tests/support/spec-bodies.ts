/**
 * The request bodies of tests/api/spec-client.test.ts: exactly the names and shapes spec section 7 gives, built when
 * the call is made from what the earlier calls returned (`state`).
 */
import { state, unique } from './spec-client';

/** users/addNew: a colleague to change and remove. */
export const newUser = () => ({
  name: 'Spec Client',
  email: `spec-${unique}@example.com`,
  role: ['SALES'],
});

/** users/update/{id}: name, email, role, title, avatar. */
export const userUpdate = () => ({
  name: 'Spec Client Renamed',
  email: `spec-${unique}-2@example.com`,
  role: ['SALES', 'DRIVER'],
  title: 'Account manager',
  avatar: 'https://example.com/a.png',
});

/** brands/addNew, every field the spec lists. */
export const brand = () => ({
  name: `Spec Brand ${unique}`,
  image: '',
  brandRepName: 'Rita Rep',
  brandRepPhone: '555-0100',
  brandRepEmail: 'rita@spec.test',
  website: 'https://spec.test',
  skucode: `S${unique.slice(0, 4).toUpperCase()}`,
  excludeFromReporting: false,
});

/** products/addNew with the SKU createSKU previewed. */
export const product = (sku: string) => ({
  sku,
  brandID: state.brandId,
  name: 'Spec Kush',
  description: 'From the spec client',
  image: '',
  typeID: state.typeId,
  genetics: 'HYBRID',
  extractTypeID: state.extractId,
  productLineIDs: [],
  status: 'ACTIVE',
  weight: 3.5,
  unitQuantity: 6,
  stock: 40,
  cost: 12,
  basePrice: 25,
  msrp: 40,
  discountEligible: true,
  hasBatch: false,
  hideFromCatalog: false,
});

/** customers/addNew, every field the spec lists. */
export const customer = () => ({
  customerName: `Spec Dispensary ${unique}`,
  contactName: 'Carla Contact',
  contactEmail: 'carla@spec.test',
  contactPhone: '555-0101',
  contactTelegram: '@carla',
  address: '1 Spec Street',
  website: 'https://dispensary.spec.test',
  commpref: 'EMAIL',
  type: 'WHOLESALE',
  accountOwnerID: state.driverId,
  notes: 'Opened by the spec client',
  priceAdjustment: 0,
});

/** orders/addLocation: name, color. */
export const location = () => ({
  name: `Spec Dock ${unique}`,
  color: '#1f77b4',
});

/** A cart line of orders/new as the spec writes it. */
const orderLine = () => ({
  id: `line-${unique}`,
  quantity: 4,
  unitPrice: 24,
  priceAdjustment: 0,
  subtotal: 96,
  productName: 'Spec Kush Reserve',
  productSku: state.sku,
  productBrand: `Spec Brand ${unique}`,
  productType: `Spec Flower ${unique}`,
  productGenetics: 'HYBRID',
  productExtractType: `Spec Rosin ${unique}`,
  productWeight: 3.5,
  productCost: 12,
  productBatchId: null,
  shouldHaveTag: false,
  tagsPulled: false,
});

/** orders/new: the spec body with its cart lines. */
export const newOrder = (orderNum: string) => ({
  orderNum,
  customerID: state.customerId,
  pickupOrder: false,
  deliveryDate: new Date().toISOString(),
  deliveryDriverId: state.driverId,
  packingLocationId: state.locationId,
  orderStatus: 'RECEIVED',
  paymentStatus: 'AWAITING',
  notes: 'Leave at the back door',
  unitQuantity: 4,
  cost: 48,
  subtotal: 96,
  dollarAdjustment: 6,
  discountNotes: 'Spec discount',
  products: [orderLine()],
});

/** orders/update/{id}: the spec body (numeric prices), with the times the order was read at. */
export const orderUpdate = (before: { modifiedOn: string; statusModifiedOn: string; paymentModifiedOn: string }) => ({
  orderNum: state.orderNum,
  deliveryType: 'delivery',
  deliveryDate: new Date().toISOString().slice(0, 10),
  driverId: state.driverId,
  packingLocationId: state.locationId,
  modifiedOn: before.modifiedOn,
  orderStatus: 'FULFILLMENT',
  statusModifiedOn: before.statusModifiedOn,
  paymentStatus: 'AWAITING',
  paymentModifiedOn: before.paymentModifiedOn,
  unitQuantity: 5,
  cost: 60,
  subtotal: 120,
  dollarAdjustment: 0,
  discountNotes: '',
  notes: 'Call on arrival',
  orderItems: [{ productSku: state.sku, quantity: 5, unitPrice: 24, productBatchId: null, tagsPulled: false }],
});

/** storage/saveDocument: fileName, folder, bucket. */
export const saveDocument = (fileName: string) => ({
  fileName,
  folder: 'invoices',
  bucket: 'documents',
});

/** preferences/saveFilter/: userId and filterData (filterName, filters) as the dialogs save it. */
export const saveFilter = () => ({
  userId: state.salesId,
  filterData: {
    filterName: `Spec dialog filter ${unique}`,
    filters: {
      search: 'kush',
      type: [state.typeId],
      'extract type': [state.extractId],
      genetics: ['HYBRID'],
      weights: [3.5],
      stock: 'in',
    },
  },
});

/** purchases/new: the spec body. */
export const newPurchaseOrder = () => ({
  brandID: state.brandId,
  expectedDeliveryOn: null,
  orderStatus: 'PENDING',
  paymentStatus: 'PENDING',
  unitQuantity: 10,
  total: 120,
  notes: null,
  purchaseOrderItems: [
    {
      productSku: state.sku,
      productName: 'Spec Kush Reserve',
      productBrand: `Spec Brand ${unique}`,
      productType: `Spec Flower ${unique}`,
      productGenetics: 'HYBRID',
      productExtractType: `Spec Rosin ${unique}`,
      productWeight: 3.5,
      orderQuantity: 10,
      unitCost: 12,
    },
  ],
});

/** purchases/update/{id}: the body of purchases/new plus purchaseOrderNum. */
export const purchaseOrderUpdate = () => ({
  brandID: state.brandId,
  expectedDeliveryOn: '2026-12-15',
  orderStatus: 'ORDERED',
  paymentStatus: 'PAID',
  unitQuantity: 12,
  total: 144,
  notes: 'Rep confirmed',
  purchaseOrderNum: state.purchaseOrderNum,
  purchaseOrderItems: [
    {
      productSku: state.sku,
      productName: 'Spec Kush Reserve',
      productBrand: `Spec Brand ${unique}`,
      productType: `Spec Flower ${unique}`,
      productGenetics: 'HYBRID',
      productExtractType: `Spec Rosin ${unique}`,
      productWeight: 3.5,
      orderQuantity: 12,
      unitCost: 12,
    },
  ],
});

/** payments/add/{customerId}: the spec body (update/{id} takes the same). */
export const payment = () => ({
  customerId: state.customerId,
  amount: 5,
  paymentDate: new Date().toISOString().slice(0, 10),
  appliedPayments: [{ orderId: state.orderId, amount: 1 }],
  customerCreditDeducted: 0,
  customerCreditAdded: 4,
  paymentMethod: 'CHECK',
  notes: 'Spec client',
});

/** payroll/update: the user row of a pay period. */
export const payrollRow = (commission: number) => ({
  id: state.salesId,
  name: 'Sam Sales',
  payType: 'HOURLY',
  baseRate: 20,
  hoursWorked: 8,
  totalBasePay: 160,
  commission,
  bonus: 0,
  reimbursement: 0,
  reimbursementsDetails: [],
  ordersPaid: 1,
});
