import { beforeAll, describe, expect, it } from 'vitest';
import {
  allPricingUpdates,
  applyPricingUpdates,
  copyPrices,
  createBrand,
  createCustomer,
  createProductType,
  customerEntity,
  deletePrices,
  generateAccessCode,
  getCustomerWithPricing,
  listChangeLog,
  listCustomers,
  listPriceHistory,
  listProductsForCustomer,
  pricingSnapshotEntryEntity,
  queryAll,
  queryRaw,
  readPricingSnapshot,
  reRunPricing,
  setFixedPrice,
  setMargin,
  update,
  updateCustomer,
  updateProduct,
  type Actor,
} from '../src/data';
import { backfillProductTypeIndex, createProductsBulk } from '../src/data/seed';
import type { MarginRule } from '@bo/shared';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../src/domain';
import { useFreshTable } from './support/env';

const sales: Actor = { userId: 'sales-1', roles: ['SALES'], isAdmin: false, name: 'Sam' };
const admin: Actor = { userId: 'admin-1', roles: ['ADMIN'], isAdmin: true, name: 'Ada' };

let brandA: string;
let brandB: string;
let flower: string;
let vape: string;
let products: Array<{ id: string; brandID: string; typeID: string; basePrice: number; cost?: number }>;

beforeAll(async () => {
  await useFreshTable();
  brandA = (await createBrand({ name: 'Acme Farms', skucode: 'ACM' }, admin)).id;
  brandB = (await createBrand({ name: 'Blue River', skucode: 'BLU' }, admin)).id;
  flower = (await createProductType({ name: 'Flower' }, admin)).id;
  vape = (await createProductType({ name: 'Vape' }, admin)).id;
  // 130 products: more than one transaction's worth of prices (about 48 a chunk).
  const made = await createProductsBulk(
    Array.from({ length: 130 }, (_, i) => ({
      name: `Product ${String(i).padStart(3, '0')}`,
      brandID: i % 2 ? brandB : brandA,
      typeID: i % 3 ? flower : vape,
      status: 'ACTIVE' as const,
      basePrice: 20 + i,
      ...(i % 10 === 0 ? {} : { cost: 10 + i / 2 }),
      discountEligible: true,
      hasBatch: false,
      hideFromCatalog: false,
      stock: 10,
    })),
    admin,
  );
  products = made.sort((a, b) => a.name.localeCompare(b.name));
});

const newCustomer = (name: string, extra: Record<string, unknown> = {}) =>
  createCustomer(
    {
      customerName: name,
      commpref: 'EMAIL',
      type: 'RETAIL',
      orderType: 'DELIVERY',
      priceAdjustment: 0,
      autoRefreshPricing: false,
      ...extra,
    },
    sales,
  );

describe('customers', () => {
  it('creates with defaults, lists by name, renames (the name index follows) and audits', async () => {
    const zed = await newCustomer('Zed Market');
    const alpha = await newCustomer('alpha Goods');
    expect(zed).toMatchObject({ creditAvailable: 0, customPricingCount: 0, autoRefreshPricing: false });
    // Credit typed in by hand: an ADMIN's, with a why (issue 23); a repeated figure is no change.
    await expect(updateCustomer(zed.id, { creditAvailable: 12.5 }, sales)).rejects.toThrow(
      new ForbiddenError("Only an administrator can change a customer's available credit by hand"),
    );
    await expect(updateCustomer(zed.id, { creditAvailable: 12.5 }, admin)).rejects.toThrow(
      new BadRequestError('Say why the available credit changes'),
    );
    await expect(updateCustomer(zed.id, { creditAvailable: 0, creditNote: 'no change' }, admin)).rejects.toThrow(
      new BadRequestError('A credit note goes with a change of the available credit'),
    );
    expect(await updateCustomer(zed.id, { creditAvailable: 0, notes: 'whole form' }, sales)).toMatchObject({
      creditAvailable: 0,
      notes: 'whole form',
    });
    const renamed = await updateCustomer(
      zed.id,
      { customerName: 'Aardvark Market', creditAvailable: 12.5, creditNote: 'Goodwill for a late delivery' },
      admin,
    );
    expect(renamed).toMatchObject({ customerName: 'Aardvark Market', creditAvailable: 12.5 });
    const names = (await listCustomers()).map((c) => c.customerName);
    expect(names.indexOf('Aardvark Market')).toBeLessThan(names.indexOf('alpha Goods'));
    expect(names).not.toContain('Zed Market');
    // The name index follows the rename (its sort key is the name, lower-cased by ElectroDB).
    const { items: keyed } = await queryRaw(customerEntity.keyCondition('all', {}));
    expect((keyed.find((c) => c.customerId === zed.id) as { gsi1sk?: string }).gsi1sk).toContain('aardvark market');
    const entries = (await listChangeLog('customer', zed.id, {})).entries;
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(entries[0]!.notes).toBe('Goodwill for a late delivery');
    expect(entries[0]!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'customerName', previousValue: 'Zed Market', newValue: 'Aardvark Market' }),
        expect.objectContaining({ field: 'creditAvailable', previousValue: 0, newValue: 12.5 }),
      ]),
    );
    await expect(updateCustomer('nope', { notes: 'x' }, sales)).rejects.toBeInstanceOf(NotFoundError);
    await expect(newCustomer('Owned', { accountOwnerID: 'no-such-user' })).rejects.toBeInstanceOf(BadRequestError);
    expect(alpha.customerName).toBe('alpha Goods');
  });

  it('gives a fresh access code each time, audited without the code', async () => {
    const c = await newCustomer('Code Shop');
    const first = await generateAccessCode(c.id, sales);
    const second = await generateAccessCode(c.id, sales);
    expect(first).toMatch(/^[A-Z2-9]{8}$/);
    expect(second).not.toBe(first);
    expect((await getCustomerWithPricing(c.id)).tgAccessCode).toBe(second);
    const [entry] = (await listChangeLog('customer', c.id, {})).entries;
    expect(entry!.changes).toEqual([{ name: 'Access code', field: 'tgAccessCode', action: 'update' }]);
    await expect(generateAccessCode('missing', sales)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('custom prices', () => {
  it('writes 130 prices in chunks, keeps the count, history and audit, and skips what is in place', async () => {
    const c = await newCustomer('Bulk Buyer');
    const ids = products.map((p) => p.id);
    expect(await setFixedPrice(c.id, ids, 12.34, sales)).toBe(130);
    const read = await getCustomerWithPricing(c.id);
    expect(read.customPricingCount).toBe(130);
    expect(read.customPricings).toHaveLength(130);
    expect(read.customPricings[0]).toMatchObject({ customPrice: 12.34, source: 'fixed' });
    const p0 = products[0]!;
    expect(read.customPricings.find((p) => p.productId === p0.id)?.referencePrice).toBe(p0.basePrice);
    // Same request again: nothing to write.
    expect(await setFixedPrice(c.id, ids, 12.34, sales)).toBe(0);
    expect(await setFixedPrice(c.id, ids.slice(0, 3), 15, sales)).toBe(3);
    expect((await listPriceHistory(c.id, p0.id)).map((h) => h.price)).toEqual([15, 12.34]);
    const entries = (await listChangeLog('customer', c.id, {})).entries;
    expect(entries.length).toBe(5); // create + 3 chunks of at most 49 + 1
    expect(entries.flatMap((e) => e.changes).filter((ch) => ch.field === 'customPrice')).toHaveLength(133);

    expect(await deletePrices(c.id, [...ids.slice(0, 100), 'never-priced'], sales)).toBe(100);
    expect((await getCustomerWithPricing(c.id)).customPricingCount).toBe(30);
  });

  it('refuses unknown products and a missing customer before writing anything', async () => {
    const c = await newCustomer('Careful Buyer');
    const error = await setFixedPrice(c.id, [products[0]!.id, 'ghost-1', 'ghost-2'], 9, sales).catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toBe('Products not found: ghost-1, ghost-2');
    expect((await getCustomerWithPricing(c.id)).customPricings).toEqual([]);
    await expect(setFixedPrice('ghost', [products[0]!.id], 9, sales)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('copies prices with how they were set, merging into the target', async () => {
    const from = await newCustomer('Copy From');
    const to = await newCustomer('Copy To');
    await setFixedPrice(from.id, [products[0]!.id, products[1]!.id], 10, sales);
    await setFixedPrice(to.id, [products[1]!.id, products[2]!.id], 30, sales);
    expect(await copyPrices(from.id, to.id, sales)).toBe(2);
    const target = await getCustomerWithPricing(to.id);
    expect(Object.fromEntries(target.customPricings.map((p) => [p.productId, p.customPrice]))).toEqual({
      [products[0]!.id]: 10,
      [products[1]!.id]: 10,
      [products[2]!.id]: 30,
    });
    expect(target.customPricingCount).toBe(3);
    await expect(copyPrices(from.id, from.id, sales)).rejects.toBeInstanceOf(BadRequestError);
    await expect(copyPrices('ghost', to.id, sales)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('merges a customer’s prices into a brand’s and a type’s products', async () => {
    const c = await newCustomer('Merge Shop');
    const vapeA = products.find((p) => p.brandID === brandA && p.typeID === vape)!;
    await setFixedPrice(c.id, [vapeA.id], 7.5, sales);
    const byBrand = await listProductsForCustomer({ brandId: brandA }, c.id);
    expect(byBrand).toHaveLength(65);
    expect(byBrand.find((p) => p.id === vapeA.id)?.customPrice).toBe(7.5);
    expect(byBrand.filter((p) => p.customPrice !== undefined)).toHaveLength(1);
    const byType = await listProductsForCustomer({ typeId: vape }, c.id);
    expect(byType.every((p) => p.typeID === vape)).toBe(true);
    expect(byType).toHaveLength(products.filter((p) => p.typeID === vape).length);
    expect(byType.find((p) => p.id === vapeA.id)?.customPrice).toBe(7.5);
    await expect(listProductsForCustomer({ typeId: 'ghost' }, c.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(listProductsForCustomer({ brandId: brandA }, 'ghost')).rejects.toBeInstanceOf(NotFoundError);
    expect(await backfillProductTypeIndex()).toBe(0);
  });
});

describe('margins', () => {
  const rule = { direction: '+' as const, kind: '%' as const, basis: 'basePrice' as const, value: 10 };
  const preview = (scopeProducts: typeof products, r: MarginRule = rule) =>
    scopeProducts.map((p) => ({
      productId: p.id,
      customPrice: Math.round((r.basis === 'cost' ? p.cost! : p.basePrice) * (1 + r.value / 100) * 100) / 100,
    }));

  it('applies a previewed margin, and refuses a stale preview, out-of-scope and skipped products', async () => {
    const c = await newCustomer('Margin Shop');
    const scope = { type: 'brands' as const, brandIds: [brandA], typeIds: [flower] };
    const inScope = products.filter((p) => p.brandID === brandA && p.typeID === flower);
    const prices = preview(inScope);
    const stale = prices.map((p, i) => (i === 3 ? { ...p, customPrice: p.customPrice + 0.01 } : p));
    const conflict = await setMargin(c.id, { rule, scope, prices: stale }, sales).catch((e) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect((conflict as Error).message).toBe('Prices changed since the preview. Preview the margin again.');
    expect((await getCustomerWithPricing(c.id)).customPricings).toEqual([]);

    const outside = products.find((p) => p.brandID === brandB)!;
    await expect(
      setMargin(c.id, { rule, scope, prices: [...prices, { productId: outside.id, customPrice: 1 }] }, sales),
    ).rejects.toBeInstanceOf(BadRequestError);

    expect(await setMargin(c.id, { rule, scope, prices }, sales)).toBe(inScope.length);
    const saved = (await getCustomerWithPricing(c.id)).customPricings[0]!;
    expect(saved).toMatchObject({ source: 'margin', rule, referencePrice: expect.any(Number) });
    expect(saved).not.toHaveProperty('rule.scope');

    // Cost basis: SALES refused; ADMIN allowed, but a product without cost is skipped and refused if sent.
    const costRule = { ...rule, basis: 'cost' as const, value: 50 };
    await expect(
      setMargin(
        c.id,
        { rule: costRule, scope: { type: 'all' }, prices: [{ productId: products[1]!.id, customPrice: 1 }] },
        sales,
      ),
    ).rejects.toBeInstanceOf(ForbiddenError);
    const noCost = products[0]!; // i = 0: no cost
    await expect(
      setMargin(
        c.id,
        { rule: costRule, scope: { type: 'all' }, prices: [{ productId: noCost.id, customPrice: 0 }] },
        admin,
      ),
    ).rejects.toThrow(/No cost to price from/);
    const withCost = products[1]!;
    expect(
      await setMargin(c.id, { rule: costRule, scope: { type: 'all' }, prices: preview([withCost], costRule) }, admin),
    ).toBe(1);
    const history = (await listChangeLog('customer', c.id, {})).entries[0]!;
    expect(history.notes).toBe('Margin on cost');
    // As a value of its own: the entry's time stamp can hold the digits (…T21:04:10.512Z).
    const costAlone = new RegExp(`(^|[^0-9.])${String(withCost.cost).replace('.', '\\.')}($|[^0-9])`);
    expect(JSON.stringify(history)).not.toMatch(costAlone);
  });
});

describe('refresh', () => {
  it('proposes fixed prices moved by the base price change and margins recomputed; applying clears them', async () => {
    const c = await newCustomer('Refresh Shop');
    const [fixed, margin, untouched] = [products[20]!, products[21]!, products[22]!];
    await setFixedPrice(c.id, [fixed.id, untouched.id], 18, sales);
    const rule = { direction: '-' as const, kind: '$' as const, basis: 'basePrice' as const, value: 2 };
    await setMargin(
      c.id,
      { rule, scope: { type: 'all' }, prices: [{ productId: margin.id, customPrice: margin.basePrice - 2 }] },
      sales,
    );
    expect((await reRunPricing(c.id)).personalizedPricingList).toEqual([]);

    await updateProduct(fixed.id, { basePrice: fixed.basePrice + 3 }, admin);
    await updateProduct(margin.id, { basePrice: margin.basePrice + 5 }, admin);
    const pending = await reRunPricing(c.id);
    expect(pending.pricedCount).toBe(3);
    expect(
      pending.personalizedPricingList.map((u) => [u.productId, u.currentPrice, u.newCustomPrice, u.source]),
    ).toEqual(
      expect.arrayContaining([
        [fixed.id, 18, 21, 'fixed'],
        [margin.id, margin.basePrice - 2, margin.basePrice + 3, 'margin'],
      ]),
    );
    expect(pending.personalizedPricingList).toHaveLength(2);
    const first = pending.personalizedPricingList.find((u) => u.productId === fixed.id)!;
    expect(first).toMatchObject({ priceCustomized: true, productData: { basePrice: fixed.basePrice + 3 } });
    expect(first.priceHistory).toEqual([{ price: 18, date: first.dateUpdated }]);

    // The stored snapshot lists the customer until the updates are applied.
    const all = await allPricingUpdates(true, sales);
    expect(all.customers.find((x) => x.customerId === c.id)?.personalizedPricingList).toHaveLength(2);
    expect((await readPricingSnapshot())?.customers.find((x) => x.customerId === c.id)).toBeDefined();

    await expect(
      applyPricingUpdates(c.id, [{ productId: products[50]!.id, newCustomPrice: 1 }], sales),
    ).rejects.toThrow(/No custom price to update/);
    expect(await applyPricingUpdates(c.id, pending.personalizedPricingList, sales)).toBe(2);
    expect((await reRunPricing(c.id)).personalizedPricingList).toEqual([]);
    expect((await readPricingSnapshot())?.customers.find((x) => x.customerId === c.id)).toBeUndefined();
    const after = await getCustomerWithPricing(c.id);
    expect(after.customPricings.find((p) => p.productId === fixed.id)).toMatchObject({
      customPrice: 21,
      source: 'fixed',
      referencePrice: fixed.basePrice + 3,
    });
    expect(after.customPricings.find((p) => p.productId === margin.id)).toMatchObject({ source: 'margin', rule });
    expect((await listPriceHistory(c.id, fixed.id)).map((h) => h.price)).toEqual([21, 18]);
    // Applying the same again is a no-op.
    expect(await applyPricingUpdates(c.id, pending.personalizedPricingList, sales)).toBe(0);
  });

  it('never lets an older computation overwrite a newer snapshot entry', async () => {
    const c = await newCustomer('Guarded Shop');
    const p = products[40]!;
    await setFixedPrice(c.id, [p.id], 11, sales);
    await updateProduct(p.id, { basePrice: p.basePrice + 1 }, admin);
    await allPricingUpdates(true, sales);
    expect((await readPricingSnapshot())?.customers.find((x) => x.customerId === c.id)).toBeDefined();
    // A newer computation (here: one from the future) says nothing is pending; a run that read before it loses.
    await update(
      pricingSnapshotEntryEntity,
      { customerId: c.id, chunk: 0 },
      { set: { computedAt: '2999-01-01T00:00:00.000Z', payload: '[]' } },
    );
    await allPricingUpdates(true, sales);
    expect((await readPricingSnapshot())?.customers.find((x) => x.customerId === c.id)).toBeUndefined();
    expect((await reRunPricing(c.id)).personalizedPricingList).toHaveLength(1);
  });

  it('stores snapshot chunks per customer and replaces them whole', async () => {
    const data = await queryAll(pricingSnapshotEntryEntity, 'primary', {});
    const snapshot = await readPricingSnapshot();
    expect(snapshot?.generatedAt).toEqual(expect.any(String));
    const pending = data.filter((d) => JSON.parse(d.payload).length > 0);
    expect(new Set(pending.map((d) => d.customerId)).size).toBe(snapshot?.customers.length);
    expect(data.filter((d) => d.chunk === 0).length).toBeGreaterThan(pending.length);
  });
});
