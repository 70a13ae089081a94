import { previewMargin, toDollars, type AddCustomerBody, type MarginRule, type MarginScope } from '@bo/shared';
import {
  createCustomer,
  generateAccessCode,
  listBrandItems,
  listProductItems,
  listUsers,
  setFixedPrice,
  setMargin,
  updateCustomer,
  updateProduct,
  type Actor,
  type ProductItem,
} from '@bo/functions/data';

/**
 * Demo customers for a fresh local stack: twelve customers of every type, owned by the demo sales
 * people (Sam Sales, Dora Driver) and the driver (Dan Driver), a few with custom prices — fixed and by
 * margin — and then a supplier price increase on some products, so the Refresh Pricing screens have
 * pending updates on the first start. One customer refreshes its prices automatically.
 * Written through the same data layer as the API (transactions, change log, price history).
 */

interface DemoCustomer extends Omit<AddCustomerBody, 'accountOwnerID' | 'autoRefreshPricing'> {
  owner?: string;
  credit?: number;
  accessCode?: boolean;
  autoRefreshPricing?: boolean;
}

const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    customerName: 'Green Leaf Dispensary',
    type: 'WHOLESALE',
    commpref: 'EMAIL',
    orderType: 'DELIVERY',
    contactName: 'Maria Lopez',
    contactEmail: 'maria@greenleaf.example.com',
    contactPhone: '(555) 201-4410',
    address: '1200 Market St, San Francisco, CA 94102',
    website: 'https://greenleaf.example.com',
    priceAdjustment: 0,
    owner: 'sales@example.com',
    credit: 250,
    accessCode: true,
    notes: 'Receiving hours 9am–2pm. Ask for Maria.',
  },
  {
    customerName: 'Harborview Wellness',
    type: 'VIP',
    commpref: 'PHONE',
    orderType: 'DELIVERY',
    contactName: 'James Okafor',
    contactEmail: 'james@harborview.example.com',
    contactPhone: '(555) 318-2290',
    address: '85 Embarcadero, Oakland, CA 94607',
    priceAdjustment: -5,
    owner: 'sales@example.com',
    accessCode: true,
  },
  {
    customerName: 'Mile High Collective',
    type: 'WHOLESALE',
    commpref: 'TELEGRAM',
    orderType: 'PICKUP',
    contactName: 'Devon Hart',
    contactTelegram: '@milehighdevon',
    contactPhone: '(555) 442-7781',
    address: '400 Colfax Ave, Denver, CO 80204',
    priceAdjustment: 0,
    owner: 'driver2@example.com',
    autoRefreshPricing: true,
    notes: 'Prices follow our base prices automatically (margin on base price).',
  },
  {
    customerName: 'Sunset Cannabis Co.',
    type: 'RETAIL',
    commpref: 'TEXT',
    orderType: 'DELIVERY',
    contactName: 'Priya Shah',
    contactPhone: '(555) 730-1184',
    address: '9100 Sunset Blvd, West Hollywood, CA 90069',
    priceAdjustment: 0,
    owner: 'driver@example.com',
  },
  {
    customerName: 'Pacific Roots',
    type: 'RETAIL',
    commpref: 'EMAIL',
    orderType: 'DELIVERY',
    contactName: 'Ken Watanabe',
    contactEmail: 'orders@pacificroots.example.com',
    address: '22 Ocean Ave, Santa Cruz, CA 95060',
    website: 'https://pacificroots.example.com',
    priceAdjustment: 2.5,
    owner: 'sales@example.com',
    credit: 80.5,
  },
  {
    customerName: 'The Herbal Path',
    type: 'VIP',
    commpref: 'EMAIL',
    orderType: 'PICKUP',
    contactName: 'Alicia Brown',
    contactEmail: 'alicia@herbalpath.example.com',
    contactPhone: '(555) 615-0042',
    address: '310 Main St, Ashland, OR 97520',
    priceAdjustment: -10,
    owner: 'driver2@example.com',
  },
  {
    customerName: 'Canyon Apothecary',
    type: 'RETAIL',
    commpref: 'PHONE',
    orderType: 'DELIVERY',
    contactName: 'Luis Ortega',
    contactPhone: '(555) 927-3350',
    address: '77 Red Rock Rd, Sedona, AZ 86336',
    priceAdjustment: 0,
    owner: 'driver@example.com',
  },
  {
    customerName: 'Northside Provisions',
    type: 'WHOLESALE',
    commpref: 'EMAIL',
    orderType: 'DELIVERY',
    contactName: 'Hannah Berg',
    contactEmail: 'hannah@northside.example.com',
    address: '1450 N Broadway, Portland, OR 97227',
    priceAdjustment: 0,
    owner: 'sales@example.com',
    credit: 1200,
  },
  {
    customerName: 'Riverbend Remedies',
    type: 'RETAIL',
    commpref: 'TELEGRAM',
    orderType: 'PICKUP',
    contactName: 'Sam Whitaker',
    contactTelegram: '@riverbend_sam',
    address: '5 River Rd, Eugene, OR 97401',
    priceAdjustment: 0,
    accessCode: true,
  },
  {
    customerName: 'Golden State Greens',
    type: 'WHOLESALE',
    commpref: 'EMAIL',
    orderType: 'DELIVERY',
    contactName: 'Tina Nguyen',
    contactEmail: 'buying@goldenstate.example.com',
    contactPhone: '(555) 884-6120',
    address: '2600 J St, Sacramento, CA 95816',
    priceAdjustment: 0,
    owner: 'driver2@example.com',
  },
  {
    customerName: 'Evergreen Health Collective',
    type: 'RETAIL',
    commpref: 'EMAIL',
    orderType: 'DELIVERY',
    contactName: 'Owen Fischer',
    contactEmail: 'owen@evergreenhealth.example.com',
    address: '18 Pine St, Seattle, WA 98101',
    priceAdjustment: 0,
    owner: 'sales@example.com',
  },
  {
    customerName: 'Blue Sky Botanicals',
    type: 'VIP',
    commpref: 'TEXT',
    orderType: 'PICKUP',
    contactName: 'Rosa Delgado',
    contactPhone: '(555) 503-7719',
    address: '640 Central Ave, Albuquerque, NM 87102',
    priceAdjustment: -7.5,
    owner: 'driver@example.com',
    credit: 45,
  },
];

const marginPrices = (products: ProductItem[], rule: MarginRule, scope: MarginScope) =>
  previewMargin(
    products.map((p) => ({
      id: p.productId,
      brandID: p.brandID,
      typeID: p.typeID,
      basePrice: toDollars(p.basePriceCents),
      ...(p.costCents === undefined ? {} : { cost: toDollars(p.costCents) }),
    })),
    rule,
    scope,
  )
    .filter((row) => !row.skipped)
    .map((row) => ({ productId: row.productId, customPrice: row.newPrice }));

export interface SeededCustomers {
  customers: number;
  prices: number;
  ms: number;
}

export async function seedCustomers(actor: Actor): Promise<SeededCustomers> {
  const started = Date.now();
  const users = new Map((await listUsers()).map((u) => [u.email, u.id]));
  const ids = new Map<string, string>();
  for (const demo of DEMO_CUSTOMERS) {
    const { owner, credit, accessCode, autoRefreshPricing, ...fields } = demo;
    const ownerId = owner ? users.get(owner) : undefined;
    const created = await createCustomer(
      { ...fields, autoRefreshPricing: autoRefreshPricing ?? false, ...(ownerId ? { accountOwnerID: ownerId } : {}) },
      actor,
    );
    ids.set(demo.customerName, created.id);
    if (credit) await updateCustomer(created.id, { creditAvailable: credit, creditNote: 'Opening credit' }, actor);
    if (accessCode) await generateAccessCode(created.id, actor);
  }

  const products = (await listProductItems())
    .filter((p) => p.status !== 'INACTIVE')
    .sort((a, b) => a.sku.localeCompare(b.sku));
  const brands = await listBrandItems();
  if (products.length === 0 || brands.length < 2) return { customers: ids.size, prices: 0, ms: Date.now() - started };
  const [first, second, third] = brands;
  const ofBrand = (brandId: string | undefined) => products.filter((p) => p.brandID === brandId);
  const id = (name: string) => ids.get(name)!;
  let prices = 0;

  // Fixed prices: a wholesale discount of ~10% on one brand, a few hand-set prices on another.
  const greenLeaf = ofBrand(first?.brandId).slice(0, 10);
  for (const p of greenLeaf)
    prices += await setFixedPrice(
      id('Green Leaf Dispensary'),
      [p.productId],
      Math.round(p.basePriceCents * 0.9) / 100,
      actor,
    );
  for (const p of ofBrand(second?.brandId).slice(0, 4))
    prices += await setFixedPrice(
      id('Northside Provisions'),
      [p.productId],
      Math.round(p.basePriceCents * 0.92) / 100,
      actor,
    );
  prices += await setFixedPrice(
    id('Sunset Cannabis Co.'),
    ofBrand(first?.brandId)
      .slice(0, 3)
      .map((p) => p.productId),
    19.99,
    actor,
  );

  // Margins: 8% off base price on two brands (auto refresh), base + $1 on a brand, cost + 60% (admin only).
  const marginCustomers: Array<[string, MarginRule, MarginScope]> = [
    [
      'Mile High Collective',
      { direction: '-', kind: '%', basis: 'basePrice', value: 8 },
      { type: 'brands', brandIds: [first!.brandId, second!.brandId] },
    ],
    [
      'Harborview Wellness',
      { direction: '-', kind: '$', basis: 'basePrice', value: 1 },
      { type: 'brands', brandIds: [second!.brandId] },
    ],
    [
      'Golden State Greens',
      { direction: '+', kind: '%', basis: 'cost', value: 60 },
      { type: 'brands', brandIds: [third?.brandId ?? first!.brandId] },
    ],
  ];
  for (const [name, rule, scope] of marginCustomers) {
    const body = marginPrices(products, rule, scope);
    if (body.length) prices += await setMargin(id(name), { rule, scope, prices: body }, actor);
  }

  // A supplier price increase after those prices were set: the refresh screens have updates waiting.
  const raised = [...greenLeaf.slice(0, 4), ...ofBrand(second?.brandId).slice(0, 3)];
  for (const [i, p] of raised.entries())
    await updateProduct(p.productId, { basePrice: (p.basePriceCents + 100 + i * 50) / 100 }, actor);

  return { customers: ids.size, prices, ms: Date.now() - started };
}
